/**
 * An author asking the moderators to look again at their hidden record (docs/moderation.md "Hidden
 * records"): `POST /api/moderation/review { entity, id }`. Editing the record asks too (the server re-opens
 * the review on every edit); this is for an author who changed nothing, or whose edit is still queued. It
 * needs signal: asking twice is harmless, so nothing is queued.
 */
import type { HideableEntity } from '@schema/contracts/moderation';
import { api, ApiError } from '@web/lib/api';

export const reviewTexts = {
  hint: 'You can edit it and ask a moderator for a review.',
  button: 'Ask for a review',
  asking: 'Asking…',
  asked: 'A moderator will review it.',
  offline: 'You are offline. Try again when you have signal.',
  failed: 'The review could not be asked for. Please try again.',
} as const;

export type ReviewOutcome = { state: 'asked' | 'offline' | 'refused'; message: string };

/** Never throws: what to tell the author. */
export async function askForReview(entity: HideableEntity, id: number): Promise<ReviewOutcome> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false)
    return { state: 'offline', message: reviewTexts.offline };
  try {
    await api<{ ok: true }>('/api/moderation/review', { method: 'POST', json: { entity, id } });
    return { state: 'asked', message: reviewTexts.asked };
  } catch (err) {
    if (err instanceof ApiError && !err.isNetwork)
      return { state: 'refused', message: err.body?.message ?? reviewTexts.failed };
    return { state: 'offline', message: reviewTexts.offline };
  }
}
