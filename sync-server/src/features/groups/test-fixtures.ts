/** Helpers for the groups tests (never imported by the app). */
import type { Group } from '@schema/contracts/groups';
import { OFFICIAL_PASSWORD, type TestApp } from '../../test/harness';
import type { TestClient } from '../../sync/test-fixtures';

export async function createGroupAs(client: TestClient, body: Record<string, unknown>): Promise<Group> {
  const res = await client.post('/api/groups', body);
  if (res.status !== 201) throw new Error(`create group: ${res.status} ${res.text}`);
  return res.json as Group;
}

export const statusOf = (res: { status: number }) => res.status;

export const errorOf = (res: { status: number; json: { message?: string } | undefined }) => [
  res.status,
  res.json?.message,
];

/** The ids of the groups a list answer holds. */
export const idsIn = (res: { json: unknown }) =>
  (Array.isArray(res.json) ? res.json : []).map((g: Group) => g.id);

/** The official account (id 1), signed in: the moderator, and no member of any group it did not join. */
export async function official(t: TestApp): Promise<TestClient> {
  const client = t.client();
  const res = await client.post('/api/users/login', { username: 'DigQuestor', password: OFFICIAL_PASSWORD });
  if (res.status !== 200) throw new Error(`official login: ${res.status} ${res.text}`);
  return client;
}
