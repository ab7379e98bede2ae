/**
 * Stories through sync (PROTOCOL.md S4, S5, S8, S13, S17, S27, S30): a story shared offline arrives late,
 * replays stay one story, and what other devices learn. The shared rules are the contract suite's
 * (sync/contract.test.ts); these are the stories' own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storyMessages } from '@schema/contracts/stories';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  deleteOwnAccount,
  mutation,
  newUid,
  pullScopes,
  push,
  signedIn,
  type TestClient,
} from '../../sync/test-fixtures';
import { official, shareStory, storyBody } from './test-fixtures';

let t: TestApp;
let alice: { client: TestClient; user: { id: number; username: string } };
let bob: { client: TestClient; user: { id: number } };

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedIn(t, 'alice');
  bob = await signedIn(t, 'bob');
});
afterAll(() => t.close());

describe('offline story writes arriving late', () => {
  it('S4 S5: a story shared offline is applied once; its replay is a duplicate; a short one is refused with the dialog’s message', async () => {
    const create = mutation('stories', 'create', newUid(), storyBody({ userId: 999 }));
    const first = (await push(alice.client, [create])).results[0];
    expect(first).toMatchObject({ status: 'applied' });
    const again = await push(alice.client, [{ ...create, mutationId: newUid() }]);
    expect(again.results[0]).toMatchObject({ status: 'duplicate', id: first?.id });
    expect((await t.client().get(`/api/stories/${create.uid}`)).json).toMatchObject({
      userId: alice.user.id,
      username: alice.user.username,
    });

    const short = mutation('stories', 'create', newUid(), storyBody({ content: 'Too short' }));
    expect((await push(alice.client, [short])).results[0]).toMatchObject({
      status: 'rejected',
      code: 'validation-failed',
      message: storyMessages.contentTooShort,
    });
    const negative = mutation('stories', 'create', newUid(), storyBody({ yearsDetecting: -2 }));
    expect((await push(alice.client, [negative])).results[0]).toMatchObject({
      status: 'rejected',
      message: storyMessages.yearsTooLow,
    });
  });

  it('S17 S8: edits are the author’s; a delete wins over a later update; the moderator may delete', async () => {
    const story = await shareStory(alice.client);
    expect(
      (await push(bob.client, [mutation('stories', 'update', story.uid, { yearsDetecting: 9 })])).results[0],
    ).toMatchObject({ status: 'rejected', code: 'forbidden', message: storyMessages.notOwner });
    expect((await push(bob.client, [mutation('stories', 'delete', story.uid)])).results[0]).toMatchObject({
      status: 'rejected',
      code: 'forbidden',
      message: storyMessages.notOwnerDelete,
    });
    expect(
      (await push(alice.client, [mutation('stories', 'update', story.uid, { yearsDetecting: 9 })]))
        .results[0],
    ).toMatchObject({ status: 'applied' });
    expect((await t.client().get(`/api/stories/${story.id}`)).json).toMatchObject({
      yearsDetecting: 9,
      content: story.content,
    });
    const moderator = await official(t);
    expect((await push(moderator, [mutation('stories', 'delete', story.uid)])).results[0]).toMatchObject({
      status: 'applied',
    });
    const late = await push(alice.client, [
      mutation('stories', 'update', story.uid, { content: 'Edited after it was removed, too late.' }),
      mutation('stories', 'delete', story.uid),
    ]);
    expect(late.results.map((r) => [r.status, r.status === 'rejected' ? r.code : null])).toEqual([
      ['rejected', 'not-found'],
      ['applied', null],
    ]);
    const like = await push(bob.client, [mutation('story_likes', 'create', story.uid)]);
    expect(like.results[0]).toMatchObject({ status: 'rejected', message: storyMessages.notFound });
  });
});

describe('pulls', () => {
  it('S27 S30: every caller holds new stories in recent:stories; a like travels as story_counts, the like to its member only', async () => {
    const anon = t.client();
    const start = await pullScopes(anon, { 'recent:stories': '' });
    const story = await shareStory(alice.client);
    const afterShare = await pullScopes(anon, { 'recent:stories': start.cursors['recent:stories'] ?? '' });
    expect(afterShare.changes.filter((c) => c.entity === 'stories' && c.uid === story.uid)).toEqual([
      expect.objectContaining({
        op: 'upsert',
        data: expect.objectContaining({ likeCount: 0, content: story.content }),
      }),
    ]);
    expect(JSON.stringify(afterShare.changes)).not.toContain('@example.com');

    await push(bob.client, [mutation('story_likes', 'create', story.uid)]);
    const afterLike = await pullScopes(anon, {
      'recent:stories': afterShare.cursors['recent:stories'] ?? '',
    });
    expect(afterLike.changes.map((c) => [c.entity, c.op, c.data])).toEqual([
      ['story_counts', 'upsert', { uid: story.uid, id: story.id, likeCount: 1, commentCount: 0 }],
    ]);
    const bobs = await pullScopes(bob.client, { own: '' });
    expect(bobs.changes.filter((c) => c.entity === 'story_likes').map((c) => c.uid)).toContain(story.uid);
    const alices = await pullScopes(alice.client, { own: '' });
    expect(alices.changes.filter((c) => c.entity === 'story_likes')).toEqual([]);
  });

  it('S13: deleting a story tombstones it and its comments for every device', async () => {
    const story = await shareStory(alice.client);
    const comment = mutation('story_comments', 'create', newUid(), {
      storyUid: story.uid,
      content: 'Thank you for sharing',
    });
    await push(bob.client, [comment]);
    const anon = t.client();
    const pins = [{ entity: 'stories' as const, uid: story.uid }];
    const before = await pullScopes(anon, { pinned: '' }, { pins });
    expect(before.changes.filter((c) => c.entity === 'story_comments').map((c) => c.uid)).toEqual([
      comment.uid,
    ]);
    await alice.client.del(`/api/stories/${story.id}`);
    const after = await pullScopes(anon, { pinned: before.cursors.pinned ?? '' }, { pins });
    expect(after.changes.map((c) => [c.entity, c.op, c.uid]).sort()).toEqual(
      [
        ['story_comments', 'delete', comment.uid],
        ['stories', 'delete', story.uid],
      ].sort(),
    );
  });

  it('S13 S30: an author’s account deletion tombstones their stories and recounts the ones they liked', async () => {
    const carol = await signedIn(t, 'carol');
    const carols = await shareStory(carol.client);
    const alices = await shareStory(alice.client);
    await carol.client.post(`/api/stories/${alices.id}/like`);
    const anon = t.client();
    const pins = [carols, alices].map((s) => ({ entity: 'stories' as const, uid: s.uid }));
    const before = await pullScopes(anon, { pinned: '' }, { pins });
    expect((await deleteOwnAccount(carol.client, carol.user.id)).status).toBe(200);
    expect((await anon.get(`/api/stories/${carols.id}`)).status).toBe(404);
    expect((await anon.get(`/api/stories/${alices.id}`)).json.likeCount).toBe(0);
    const after = await pullScopes(anon, { pinned: before.cursors.pinned ?? '' }, { pins });
    expect(after.changes.filter((c) => c.uid === carols.uid).map((c) => [c.entity, c.op])).toEqual([
      ['stories', 'delete'],
    ]);
    expect(after.changes.filter((c) => c.uid === alices.uid).map((c) => [c.entity, c.data])).toEqual([
      ['story_counts', { uid: alices.uid, id: alices.id, likeCount: 0, commentCount: 0 }],
    ]);
  });
});
