/** Helpers for the groups tests (never imported by the app). */
import type { Group } from '@schema/contracts/groups';
import type { TestClient } from '../../sync/test-fixtures';

export { errorOf, official } from '../../sync/test-fixtures';

export async function createGroupAs(client: TestClient, body: Record<string, unknown>): Promise<Group> {
  const res = await client.post('/api/groups', body);
  if (res.status !== 201) throw new Error(`create group: ${res.status} ${res.text}`);
  return res.json as Group;
}

export const statusOf = (res: { status: number }) => res.status;

/** The ids of the groups a list answer holds. */
export const idsIn = (res: { json: unknown }) =>
  (Array.isArray(res.json) ? res.json : []).map((g: Group) => g.id);
