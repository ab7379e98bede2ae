/** Helpers for the notifications tests (never imported by the app). */
import { and, asc, eq } from 'drizzle-orm';
import { notifications } from '@schema/db/tables';
import type { NotificationKind } from '@schema/contracts/notifications';
import type { TestApp } from '../test/harness';
import { signedIn, type TestClient } from '../sync/test-fixtures';

export interface Member {
  client: TestClient;
  user: { id: number; username: string };
}

let made = 0;
/** A new signed-in member with a unique name. */
export const someone = (t: TestApp, name: string): Promise<Member> => signedIn(t, `${name}${++made}`);

/** What the server holds for a member, of one kind, oldest first. */
export async function held(t: TestApp, member: Member, kind: NotificationKind) {
  return t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, member.user.id), eq(notifications.kind, kind)))
    .orderBy(asc(notifications.id));
}

export async function blocks(blocker: Member, blocked: Member): Promise<void> {
  const res = await blocker.client.post(`/api/users/${blocked.user.id}/block`);
  if (res.status >= 300) throw new Error(`block: ${res.status} ${res.text}`);
}

/** POST and expect a 2xx answer; its JSON. */
export async function ok(client: TestClient, url: string, body?: unknown) {
  const res = await client.post(url, body);
  if (res.status >= 300) throw new Error(`${url}: ${res.status} ${res.text}`);
  return res.json;
}
