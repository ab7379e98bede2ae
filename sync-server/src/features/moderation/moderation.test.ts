/**
 * Moderation (docs/moderation.md) through the real app, on the engine the run names: who may call each
 * endpoint, the report rules, hide and restore on REST and pull, suspension on REST and sync push, the
 * reported message shown to moderators, warnings, and roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  createFind,
  mutation,
  newUid,
  official,
  pullAll,
  push,
  signedIn,
  type ScopeCursors,
  type TestClient,
} from '../../sync/test-fixtures';

type Member = { client: TestClient; user: { id: number } };
let t: TestApp;
let author: Member;
let reporter: Member;
let other: Member;
let mod: Member;
let boss: TestClient;
let anon: TestClient;

beforeAll(async () => {
  // The report limit at its default, so the 21st report in an hour is refused.
  t = await createTestApp({ REPORT_RATE_LIMIT: '20' });
  author = await signedIn(t, 'author');
  reporter = await signedIn(t, 'reporter');
  other = await signedIn(t, 'other');
  mod = await signedIn(t, 'modmember');
  boss = await official(t);
  anon = t.client();
  expect((await boss.put(`/api/users/${mod.user.id}/role`, { role: 'moderator' })).status).toBe(200);
});
afterAll(() => t.close());

const newPost = async (client: TestClient, content = 'A cut half of an Edward I penny.') => {
  const res = await client.post('/api/posts', {
    title: 'Hammered penny',
    content,
    categoryId: 1,
    imageUrl: null,
  });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: number; uid: string };
};
const act = (client: TestClient, body: Record<string, unknown>) =>
  client.post('/api/moderation/actions', body);

describe('who may call what', () => {
  it('signed out 401, members 403, moderators and the official account 200', async () => {
    for (const path of ['/api/moderation/reports', '/api/moderation/log']) {
      expect((await anon.get(path)).status).toBe(401);
      expect((await other.client.get(path)).status).toBe(403);
      expect((await mod.client.get(path)).status).toBe(200);
      expect((await boss.get(path)).status).toBe(200);
    }
    const action = { action: 'warn', userId: other.user.id, reason: 'Be kind' };
    expect((await act(anon, action)).status).toBe(401);
    expect((await act(author.client, action)).status).toBe(403);
    expect((await anon.post('/api/reports', { entity: 'users', id: 1, reason: 'spam' })).status).toBe(401);
    expect((await anon.get('/api/me/moderation')).status).toBe(401);
  });

  it('only the official account changes roles, never its own', async () => {
    expect((await anon.put(`/api/users/${other.user.id}/role`, { role: 'moderator' })).status).toBe(401);
    expect((await other.client.put(`/api/users/${other.user.id}/role`, { role: 'moderator' })).status).toBe(
      403,
    );
    const byModerator = await mod.client.put(`/api/users/${other.user.id}/role`, { role: 'moderator' });
    expect([byModerator.status, byModerator.json.message]).toEqual([
      403,
      'Only the official DigQuest account can change roles',
    ]);
    expect((await boss.put('/api/users/1/role', { role: 'member' })).status).toBe(403);
    expect((await boss.put(`/api/users/${other.user.id}/role`, { role: 'admin' })).json.code).toBe(
      'role-invalid',
    );
    expect((await mod.client.get('/api/me/moderation')).json).toMatchObject({
      role: 'moderator',
      moderator: true,
    });
    expect((await other.client.get('/api/me/moderation')).json).toMatchObject({
      role: 'member',
      moderator: false,
    });
  });
});

describe('reports', () => {
  it('one open report per member and record; a repeat updates it', async () => {
    const post = await newPost(author.client);
    const first = await reporter.client.post('/api/reports', {
      entity: 'posts',
      id: post.id,
      reason: 'spam',
    });
    expect(first.status).toBe(201);
    const again = await reporter.client.post('/api/reports', {
      entity: 'posts',
      id: post.id,
      reason: 'abuse',
      note: 'Insults in the last line',
    });
    expect([again.status, again.json.id]).toEqual([200, first.json.id]);
    const queue = (await mod.client.get('/api/moderation/reports')).json as Array<Record<string, unknown>>;
    const item = queue.find((i) => i.entity === 'posts' && i.id === post.id);
    expect(item).toMatchObject({
      reports: 1,
      reasons: { abuse: 1 },
      author: { id: author.user.id, username: 'author' },
      notes: [{ note: 'Insults in the last line', reason: 'abuse' }],
      record: { title: 'Hammered penny' },
    });
  });

  it('refuses one’s own record, an unknown record, one the member cannot see, and bad input', async () => {
    const post = await newPost(author.client);
    const own = await author.client.post('/api/reports', { entity: 'posts', id: post.id, reason: 'spam' });
    expect([own.status, own.json.message]).toEqual([
      403,
      'You cannot report your own post, comment or record',
    ]);
    expect(
      (await reporter.client.post('/api/reports', { entity: 'posts', id: 999999, reason: 'spam' })).status,
    ).toBe(404);
    const message = await author.client.post('/api/social/messages', {
      receiverId: reporter.user.id,
      content: 'hi',
    });
    expect(message.status).toBe(201);
    // A third member cannot probe a message between two others: 404, as if it did not exist.
    const probe = await other.client.post('/api/reports', {
      entity: 'messages',
      id: message.json.id,
      reason: 'abuse',
    });
    expect(probe.status).toBe(404);
    const bad = await reporter.client.post('/api/reports', { entity: 'posts', id: post.id, reason: 'rude' });
    expect([bad.status, bad.json.code]).toEqual([400, 'reason-invalid']);
  });

  it('is rate-limited per member', async () => {
    const spammer = await signedIn(t, 'eager');
    let last = 0;
    for (let i = 0; i < 21; i += 1)
      last = (
        await spammer.client.post('/api/reports', { entity: 'users', id: author.user.id, reason: 'spam' })
      ).status;
    expect(last).toBe(429);
  });

  it('a reported message is shown to moderators, and only that one', async () => {
    const kept = await author.client.post('/api/social/messages', {
      receiverId: reporter.user.id,
      content: 'private chat',
    });
    const nasty = await author.client.post('/api/social/messages', {
      receiverId: reporter.user.id,
      content: 'you idiot',
    });
    expect(
      (await reporter.client.post('/api/reports', { entity: 'messages', id: nasty.json.id, reason: 'abuse' }))
        .status,
    ).toBe(201);
    const queue = JSON.stringify((await mod.client.get('/api/moderation/reports?limit=200')).json);
    expect(queue).toContain('you idiot');
    expect(queue).not.toContain('private chat');
    expect(kept.status).toBe(201);
  });
});

describe('hide and restore', () => {
  it('a hidden find is gone for others on REST and pull, kept with its notice by its finder; restore undoes it', async () => {
    const find = await createFind(author.client, { title: 'Roman brooch' });
    const othersStart = await pullAll(other.client);
    const authorStart = await pullAll(author.client);
    expect(othersStart.changes.some((c) => c.uid === find.uid)).toBe(true);

    const hide = await act(mod.client, {
      action: 'hide',
      entity: 'finds',
      id: find.id,
      reason: 'Shows a scheduled monument',
    });
    expect(hide.status, hide.text).toBe(201);

    expect((await other.client.get(`/api/finds/${find.id}`)).status).toBe(404);
    expect((await anon.get(`/api/finds/${find.id}`)).status).toBe(404);
    const own = await author.client.get(`/api/finds/${find.id}`);
    expect(own.json.hiddenByModerator).toEqual({ reason: 'Shows a scheduled monument' });
    expect((await mod.client.get(`/api/finds/${find.id}`)).status).toBe(200);
    const listed = async (client: TestClient, q = '') =>
      ((await client.get(`/api/finds?limit=200${q}`)).json as { id: number }[]).some((f) => f.id === find.id);
    expect(await listed(other.client)).toBe(false);
    expect(await listed(anon)).toBe(false);
    expect(await listed(other.client, '&q=brooch')).toBe(false);
    expect(await listed(author.client)).toBe(true);

    const othersPull = await pullAll(other.client, { cursors: othersStart.cursors as ScopeCursors });
    expect(othersPull.changes.find((c) => c.uid === find.uid)?.op).toBe('delete');
    const authorPull = await pullAll(author.client, { cursors: authorStart.cursors as ScopeCursors });
    const kept = authorPull.changes.find((c) => c.uid === find.uid);
    expect(kept).toMatchObject({
      op: 'upsert',
      data: { hiddenByModerator: { reason: 'Shows a scheduled monument' } },
    });

    // The finder is told, through notifications.
    const notes = (await author.client.get('/api/notifications')).json as { items?: unknown[] } | unknown[];
    expect(JSON.stringify(notes)).toContain('A moderator hid your find');

    expect(
      (await act(mod.client, { action: 'restore', entity: 'finds', id: find.id, reason: 'Location removed' }))
        .status,
    ).toBe(201);
    expect((await other.client.get(`/api/finds/${find.id}`)).status).toBe(200);
    expect(await listed(other.client)).toBe(true);
    const back = await pullAll(other.client, { cursors: othersPull.cursors as ScopeCursors });
    expect(back.changes.find((c) => c.uid === find.uid)?.op).toBe('upsert');

    const log = (await boss.get('/api/moderation/log')).json as { action: string; recordId: number }[];
    expect(log.slice(0, 2).map((e) => [e.action, e.recordId])).toEqual([
      ['restore', find.id],
      ['hide', find.id],
    ]);
  });

  it('hidden posts and stories are 404 to others and shown to their author', async () => {
    const post = await newPost(author.client);
    await act(mod.client, { action: 'hide', entity: 'posts', id: post.id, reason: 'Spam' });
    expect((await other.client.get(`/api/posts/${post.id}`)).status).toBe(404);
    expect((await author.client.get(`/api/posts/${post.id}`)).json.hiddenByModerator).toEqual({
      reason: 'Spam',
    });
  });

  it('delete goes through the record’s own delete and closes its reports', async () => {
    const post = await newPost(author.client);
    await reporter.client.post('/api/reports', { entity: 'posts', id: post.id, reason: 'spam' });
    const res = await act(mod.client, { action: 'delete', entity: 'posts', id: post.id, reason: 'Spam' });
    expect(res.status, res.text).toBe(201);
    expect((await author.client.get(`/api/posts/${post.id}`)).status).toBe(404);
    const queue = (await mod.client.get('/api/moderation/reports?limit=200')).json as {
      entity: string;
      id: number;
    }[];
    expect(queue.some((i) => i.entity === 'posts' && i.id === post.id)).toBe(false);
  });
});

describe('warnings and suspension', () => {
  it('a warning is shown once', async () => {
    const warned = await signedIn(t, 'warned');
    expect(
      (await act(mod.client, { action: 'warn', userId: warned.user.id, reason: 'Mind your language' }))
        .status,
    ).toBe(201);
    const standing = (await warned.client.get('/api/me/moderation')).json as {
      warnings: { id: number; reason: string }[];
    };
    expect(standing.warnings.map((w) => w.reason)).toEqual(['Mind your language']);
    const id = standing.warnings[0]?.id ?? 0;
    expect((await other.client.post(`/api/me/warnings/${id}/seen`)).status).toBe(404);
    expect((await warned.client.post(`/api/me/warnings/${id}/seen`)).status).toBe(200);
    expect((await warned.client.get('/api/me/moderation')).json.warnings).toEqual([]);
    expect((await act(mod.client, { action: 'warn', userId: 1, reason: 'x' })).status).toBe(400);
  });

  it('a suspended member reads, but REST writes and pushed mutations are refused with the reason', async () => {
    const bad = await signedIn(t, 'suspendee');
    const post = await newPost(bad.client);
    const res = await act(mod.client, {
      action: 'suspend',
      userId: bad.user.id,
      reason: 'Selling fakes',
      days: 7,
    });
    expect(res.status, res.text).toBe(201);
    const standing = (await bad.client.get('/api/me/moderation')).json;
    expect(standing.suspension.message).toMatch(
      /^Your account is suspended until \d{1,2} \w{3} \d{4}: Selling fakes$/,
    );

    const write = await bad.client.post('/api/posts', {
      title: 'Again',
      content: 'x',
      categoryId: 1,
      imageUrl: null,
    });
    expect([write.status, write.json.code, write.json.message]).toEqual([
      403,
      'suspended',
      standing.suspension.message,
    ]);
    expect((await bad.client.post('/api/comments', { postId: post.id, content: 'hi' })).status).toBe(403);
    expect(
      (await bad.client.post('/api/social/messages', { receiverId: author.user.id, content: 'hi' })).status,
    ).toBe(403);
    expect((await bad.client.get(`/api/posts/${post.id}`)).status).toBe(200);

    const postUid = newUid();
    const pushed = await push(bad.client, [
      mutation('posts', 'create', postUid, {
        title: 'Offline post',
        content: 'A long enough post about a find.',
        categoryId: 1,
      }),
      mutation('comments', 'create', newUid(), { postUid: post.uid, content: 'hi' }),
    ]);
    expect(pushed.status).toBe(200);
    expect(pushed.results.map((r) => [r.status, r.code, r.message])).toEqual([
      ['rejected', 'suspended', standing.suspension.message],
      ['rejected', 'suspended', standing.suspension.message],
    ]);
    // Other members' pushes are untouched.
    const fine = await push(other.client, [
      mutation('comments', 'create', newUid(), { postUid: post.uid, content: 'Nice' }),
    ]);
    expect(fine.results[0]?.status).toBe('applied');

    expect(
      (await act(mod.client, { action: 'unsuspend', userId: bad.user.id, reason: 'Appeal accepted' })).status,
    ).toBe(201);
    expect((await bad.client.post('/api/comments', { postId: post.id, content: 'thanks' })).status).toBe(201);
  });

  it('a suspension until lifted says so, and ends by itself when its time has passed', async () => {
    const member = await signedIn(t, 'longsuspended');
    await act(boss, { action: 'suspend', userId: member.user.id, reason: 'Threats' });
    const refused = await member.client.post('/api/posts', {
      title: 'x',
      content: 'x',
      categoryId: 1,
      imageUrl: null,
    });
    expect(refused.json.message).toBe('Your account is suspended until a moderator lifts it: Threats');
    await t.sql(
      'UPDATE users SET suspended_until = ? WHERE id = ?',
      new Date(Date.now() - 1000).toISOString(),
      member.user.id,
    );
    expect(
      (
        await member.client.post('/api/posts', {
          title: 'Another find',
          content: 'A long enough post about a find.',
          categoryId: 1,
          imageUrl: null,
        })
      ).status,
    ).toBe(201);
  });
});
