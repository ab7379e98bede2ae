/**
 * Who may call each moderation endpoint (docs/moderation.md), on the engine the run names: every path ×
 * {signed out, member, the record's author, moderator, official account}. A member never learns that the
 * queue, the log or a hidden record exists beyond a 403 or 404; only the official account changes roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationMessages, moderatorDeletableEntities } from '@schema/contracts/moderation';
import { createTestApp, type TestApp } from '../../test/harness';
import { official, signedIn, type TestClient } from '../../sync/test-fixtures';

type Role = 'signedOut' | 'member' | 'author' | 'moderator' | 'official';
const ROLES: Role[] = ['signedOut', 'member', 'author', 'moderator', 'official'];

let t: TestApp;
let clients: Record<Role, TestClient>;
let postId: number;
let targetId: number;

beforeAll(async () => {
  t = await createTestApp();
  const author = await signedIn(t, 'matrix_author');
  const member = await signedIn(t, 'matrix_member');
  const moderator = await signedIn(t, 'matrix_moderator');
  const target = await signedIn(t, 'matrix_target');
  targetId = target.user.id;
  const boss = await official(t);
  expect((await boss.put(`/api/users/${moderator.user.id}/role`, { role: 'moderator' })).status).toBe(200);
  clients = {
    signedOut: t.client(),
    member: member.client,
    author: author.client,
    moderator: moderator.client,
    official: boss,
  };
  const post = await author.client.post('/api/posts', {
    title: 'Which coil for heavy clay',
    content: 'Looking for advice on coils for clay soil.',
    categoryId: 1,
    imageUrl: null,
  });
  expect(post.status).toBe(201);
  postId = (post.json as { id: number }).id;
});
afterAll(() => t.close());

/** Each role's answer to one request, in ROLES order. */
async function statuses(call: (client: TestClient) => Promise<{ status: number }>): Promise<number[]> {
  const out: number[] = [];
  for (const role of ROLES) out.push((await call(clients[role])).status);
  return out;
}

describe('moderation endpoints × who asks', () => {
  it('GET /api/moderation/reports, /log and /members/{name}: moderators and the official account only', async () => {
    expect(await statuses((c) => c.get('/api/moderation/reports'))).toEqual([401, 403, 403, 200, 200]);
    expect(await statuses((c) => c.get('/api/moderation/log'))).toEqual([401, 403, 403, 200, 200]);
    expect(await statuses((c) => c.get('/api/moderation/members/matrix_target'))).toEqual([
      401, 403, 403, 200, 200,
    ]);
  });

  it('POST /api/moderation/actions: moderators and the official account only', async () => {
    const warn = (c: TestClient) =>
      c.post('/api/moderation/actions', { action: 'warn', userId: targetId, reason: 'Please keep it civil' });
    expect(await statuses(warn)).toEqual([401, 403, 403, 201, 201]);
  });

  it('PUT /api/users/{id}/role: the official account only', async () => {
    const promote = (c: TestClient) => c.put(`/api/users/${targetId}/role`, { role: 'member' });
    expect(await statuses(promote)).toEqual([401, 403, 403, 403, 200]);
  });

  it('POST /api/reports: any member but the record’s author', async () => {
    const report = (c: TestClient) => c.post('/api/reports', { entity: 'posts', id: postId, reason: 'spam' });
    expect(await statuses(report)).toEqual([401, 201, 403, 201, 201]);
  });

  it('POST /api/moderation/review: its author only (400 while the record is not hidden); 404 for everyone else', async () => {
    const review = (c: TestClient) => c.post('/api/moderation/review', { entity: 'posts', id: postId });
    expect(await statuses(review)).toEqual([401, 404, 400, 404, 404]);
  });

  it('GET /api/me/moderation: every signed-in member, each their own standing', async () => {
    expect(await statuses((c) => c.get('/api/me/moderation'))).toEqual([401, 200, 200, 200, 200]);
    const moderator = await clients.moderator.get('/api/me/moderation');
    expect(moderator.json).toMatchObject({ role: 'moderator', moderator: true });
    const member = await clients.member.get('/api/me/moderation');
    expect(member.json).toMatchObject({ role: 'member', moderator: false });
  });
});

describe('what a moderator may delete (moderatorDeletableEntities)', () => {
  it('a shared spot is not deletable by a moderator (hide it instead); a post is', async () => {
    const spot = await clients.author.post('/api/locations', {
      name: 'Shared stubble field',
      latitude: 52.6,
      longitude: 1.28,
      type: 'Field',
      isShared: true,
    });
    expect(spot.status, spot.text).toBe(201);
    const spotId = (spot.json as { id: number }).id;
    expect(moderatorDeletableEntities).not.toContain('locations');
    const refused = await clients.moderator.post('/api/moderation/actions', {
      action: 'delete',
      entity: 'locations',
      id: spotId,
      reason: 'Reveals a site',
    });
    expect([refused.status, refused.json?.message]).toEqual([400, moderationMessages.notDeletable]);

    expect(moderatorDeletableEntities).toContain('posts');
    const deleted = await clients.moderator.post('/api/moderation/actions', {
      action: 'delete',
      entity: 'posts',
      id: postId,
      reason: 'Spam',
    });
    expect(deleted.status, deleted.text).toBe(201);
  });
});
