/**
 * Reports through sync push and pull (PROTOCOL.md `reports`; docs/moderation.md "Reports"), on the engine
 * the run names: a queued report is filed with the REST route's rules and answers, reaches the moderators'
 * queue, a repeat updates it, and only its reporter ever pulls it — open, then closed once settled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationMessages, type QueueItem } from '@schema/contracts/moderation';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  mutation,
  newUid,
  official,
  pullAll,
  push,
  signedIn,
  type TestClient,
} from '../../sync/test-fixtures';

type Member = { client: TestClient; user: { id: number } };
let t: TestApp;
let author: Member;
let reporter: Member;
let other: Member;
let boss: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  author = await signedIn(t, 'author');
  reporter = await signedIn(t, 'reporter');
  other = await signedIn(t, 'other');
  boss = await official(t);
});
afterAll(() => t.close());

const newPost = async (client: TestClient) => {
  const res = await client.post('/api/posts', {
    title: 'Hammered penny',
    content: 'A cut half of an Edward I penny.',
    categoryId: 1,
    imageUrl: null,
  });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: number; uid: string };
};
const report = (id: number, extra: Record<string, unknown> = {}) =>
  mutation('reports', 'create', newUid(), { entity: 'posts', id, reason: 'spam', ...extra });
const queueItem = async (id: number) => {
  const res = await boss.get('/api/moderation/reports?limit=200');
  expect(res.status).toBe(200);
  return (res.json as QueueItem[]).find((item) => item.entity === 'posts' && item.id === id);
};
const reportsPulled = async (client: TestClient) =>
  (await pullAll(client)).changes.filter((c) => c.entity === 'reports');

describe('a report pushed from a device', () => {
  it('is filed for a suspended member too, whose other pushed writes are refused', async () => {
    const post = await newPost(author.client);
    const suspended = await signedIn(t, 'suspended_reporter');
    const res = await boss.post('/api/moderation/actions', {
      action: 'suspend',
      userId: suspended.user.id,
      reason: 'Spamming the forum',
      days: 7,
    });
    expect(res.status, res.text).toBe(201);
    const comment = mutation('comments', 'create', newUid(), { postId: post.id, content: 'Still here' });
    const { results } = await push(suspended.client, [report(post.id), comment]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'rejected']);
    expect(await queueItem(post.id)).toMatchObject({ reports: 1 });
  });

  it('is filed: the moderators’ queue shows it with its reason and note', async () => {
    const post = await newPost(author.client);
    const { results } = await push(reporter.client, [report(post.id, { note: 'Copied from an auction' })]);
    expect(results[0]).toMatchObject({ status: 'applied', id: expect.any(Number) });
    expect(await queueItem(post.id)).toMatchObject({
      reports: 1,
      reasons: { spam: 1 },
      notes: [expect.objectContaining({ reporterId: reporter.user.id, note: 'Copied from an auction' })],
    });
  });

  it('a repeat (another uid) updates the open report and answers its id; the same uid again is a duplicate', async () => {
    const post = await newPost(author.client);
    const first = report(post.id);
    const [filed] = (await push(reporter.client, [first])).results;
    const repeat = report(post.id, { reason: 'stolen_or_fake', note: 'Museum photo' });
    const resent = { ...first, mutationId: newUid() };
    const { results } = await push(reporter.client, [repeat, resent]);
    expect(results).toEqual([
      expect.objectContaining({ status: 'applied', id: filed?.id }),
      expect.objectContaining({ status: 'duplicate', id: filed?.id }),
    ]);
    expect(await queueItem(post.id)).toMatchObject({ reports: 1, reasons: { stolen_or_fake: 1 } });
  });

  it('of one’s own record is refused per mutation with the message; the rest of the batch goes through', async () => {
    const mine = await newPost(author.client);
    const theirs = await newPost(other.client);
    const { results } = await push(author.client, [report(mine.id), report(theirs.id)]);
    expect(results).toEqual([
      expect.objectContaining({
        status: 'rejected',
        code: 'forbidden',
        message: moderationMessages.ownRecord,
      }),
      expect.objectContaining({ status: 'applied' }),
    ]);
    expect(await queueItem(mine.id)).toBeUndefined();
  });

  it('of a record that is gone answers parent-missing with the REST message', async () => {
    const { results } = await push(reporter.client, [report(99_999_999)]);
    expect(results[0]).toMatchObject({
      status: 'rejected',
      code: 'parent-missing',
      message: moderationMessages.notFound,
    });
  });

  it('filed over REST with a uid, then pushed with it: one report, a duplicate', async () => {
    const post = await newPost(author.client);
    const uid = newUid();
    const rest = await reporter.client.post('/api/reports', {
      entity: 'posts',
      id: post.id,
      reason: 'spam',
      uid,
    });
    expect(rest.status, rest.text).toBe(201);
    const { results } = await push(reporter.client, [
      mutation('reports', 'create', uid, { entity: 'posts', id: post.id, reason: 'spam' }),
    ]);
    expect(results[0]).toMatchObject({ status: 'duplicate', id: (rest.json as { id: number }).id });
    const bad = await reporter.client.post('/api/reports', {
      entity: 'posts',
      id: post.id,
      reason: 'spam',
      uid: 'x',
    });
    expect([bad.status, bad.json?.message]).toEqual([400, moderationMessages.uidInvalid]);
  });
});

describe('pulling reports', () => {
  it('the reporter pulls their own, open and then closed once a moderator settles it; nobody else does', async () => {
    const post = await newPost(author.client);
    const create = report(post.id, { note: 'Scam sale' });
    expect((await push(reporter.client, [create])).results[0]?.status).toBe('applied');

    const mine = (await reportsPulled(reporter.client)).filter((c) => c.uid === create.uid);
    expect(mine).toEqual([
      expect.objectContaining({
        op: 'upsert',
        data: expect.objectContaining({
          uid: create.uid,
          userId: reporter.user.id,
          entity: 'posts',
          recordId: post.id,
          reason: 'spam',
          note: 'Scam sale',
          status: 'open',
        }),
      }),
    ]);
    for (const client of [author.client, other.client, boss, t.client()])
      expect((await reportsPulled(client)).filter((c) => c.uid === create.uid)).toEqual([]);

    const dismissed = await boss.post('/api/moderation/actions', {
      action: 'dismiss',
      entity: 'posts',
      id: post.id,
      reason: 'Not a scam',
    });
    expect(dismissed.status, dismissed.text).toBe(201);
    expect((await reportsPulled(reporter.client)).find((c) => c.uid === create.uid)?.data).toMatchObject({
      status: 'closed',
    });
    expect((await reportsPulled(author.client)).filter((c) => c.uid === create.uid)).toEqual([]);
  });
});
