/**
 * Masked names (docs/product/accounts.md; docs/privacy.md): a username that looks like an e-mail address
 * reaches everyone but its member masked — member list, one member, the feed, connections, conversations
 * and pulls — and so does the generated avatar's address made from it. On the engine the run names.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PublicUser } from '@schema/contracts/users';
import { createTestApp, type TestApp } from '../../test/harness';
import { pullAll, signedIn, type TestClient } from '../../sync/test-fixtures';
import { followAs } from './test-fixtures';

let t: TestApp;
let shown: { client: TestClient; user: { id: number } };
let other: { client: TestClient; user: { id: number } };
let anon: TestClient;
const NAME = 'jo.digger@example.org';
const MASKED = 'jo.***@e***.org';

beforeAll(async () => {
  t = await createTestApp();
  shown = await signedIn(t, NAME);
  other = await signedIn(t, 'other');
  anon = t.client();
  await shown.client.post('/api/stories', { content: 'A story long enough to be shared with everyone.' });
  await followAs(other.client, shown.user.id);
  await shown.client.post('/api/social/messages', { receiverId: other.user.id, content: 'Hi' });
});
afterAll(() => t.close());

const leaks = (value: unknown) => JSON.stringify(value).includes('digger');

it('GET /api/users and /api/users/{id}: masked for others and anonymous, the member sees their own', async () => {
  for (const client of [anon, other.client]) {
    const list = (await client.get('/api/users')).json as PublicUser[];
    expect(list.find((u) => u.id === shown.user.id)?.username).toBe(MASKED);
    expect(leaks(list)).toBe(false);
    const one = (await client.get(`/api/users/${shown.user.id}`)).json as PublicUser;
    expect(one.username).toBe(MASKED);
    expect(one.avatarUrl).toBe(`/avatars/${encodeURIComponent(MASKED)}.svg`);
  }
  expect(((await shown.client.get(`/api/users/${shown.user.id}`)).json as PublicUser).username).toBe(NAME);
});

it('the feed, connections, profile and conversations show others masked', async () => {
  for (const path of [
    '/api/social/feed',
    '/api/social/connections',
    `/api/users/${shown.user.id}/profile`,
    '/api/social/messages',
  ]) {
    const res = await other.client.get(path);
    expect(res.status, path).toBe(200);
    expect(leaks(res.json), path).toBe(false);
  }
  const own = await shown.client.get('/api/social/feed');
  expect(JSON.stringify(own.json)).toContain(NAME);
});

it('pulls carry the member masked to others, plain to themselves', async () => {
  const theirs = await pullAll(other.client, { limit: 2000 });
  const user = theirs.changes.find((c) => c.entity === 'users' && c.id === shown.user.id);
  expect(user?.data).toMatchObject({ username: MASKED });
  expect(leaks(theirs.changes.filter((c) => c.entity === 'users'))).toBe(false);
  const mine = await pullAll(shown.client, { limit: 2000 });
  expect(mine.changes.find((c) => c.entity === 'users' && c.id === shown.user.id)?.data).toMatchObject({
    username: NAME,
  });
});
