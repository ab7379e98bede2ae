/**
 * The member's own standing (GET /api/me/moderation, docs/moderation.md): whether they moderate, a
 * suspension in force, warnings not yet shown. Read once per session and member, after the first page —
 * by the warnings and suspension notices and by the account menu (its Moderation item) — never on the
 * first paint's path: callers import this module dynamically.
 */
import type { MyModeration } from '@schema/contracts/moderation';
import { api } from '@web/lib/api';

let cached: { userId: number; answer: Promise<MyModeration> } | null = null;

/** The member's standing, read once per session; a failed read is tried again by the next caller. */
export function loadMyModeration(userId: number): Promise<MyModeration> {
  if (cached?.userId === userId) return cached.answer;
  const answer = api<MyModeration>('/api/me/moderation');
  const entry = { userId, answer };
  cached = entry;
  answer.catch(() => {
    if (cached === entry) cached = null;
  });
  return answer;
}

/** Forget the answer (a moderator's action changed it, or a test starts over). */
export function forgetMyModeration(): void {
  cached = null;
}

/** The warning has been shown: the server will not send it again. */
export async function markWarningSeen(id: number): Promise<void> {
  await api(`/api/me/warnings/${id}/seen`, { method: 'POST' });
}
