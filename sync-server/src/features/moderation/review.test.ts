/**
 * An author asking for a review of their hidden record (docs/moderation.md "Hidden records"), through the
 * real app on the engine the run names: every edit of a hidden record — REST or sync push, a find, a story,
 * a comment — puts it back in the moderators' queue with a system report; `POST /api/moderation/review`
 * asks without an edit, for its author only; asking again while a review is open adds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_AFTER_EDIT, REVIEW_ASKED, type QueueItem } from '@schema/contracts/moderation';
import { createTestApp, type TestApp } from '../../test/harness';
import { createFind, mutation, official, push, signedIn, type TestClient } from '../../sync/test-fixtures';

type Member = { client: TestClient; user: { id: number } };
let t: TestApp;
let author: Member;
let other: Member;
let boss: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  author = await signedIn(t, 'review_author');
  other = await signedIn(t, 'review_other');
  boss = await official(t);
});
afterAll(() => t.close());

const hide = async (entity: string, id: number) => {
  const res = await boss.post('/api/moderation/actions', {
    action: 'hide',
    entity,
    id,
    reason: 'Names a farm',
  });
  expect(res.status, res.text).toBe(201);
};

/** The queue's item for a record, or undefined when nothing about it is open. */
async function queued(entity: string, id: number): Promise<QueueItem | undefined> {
  const res = await boss.get('/api/moderation/reports?limit=100');
  expect(res.status).toBe(200);
  return (res.json as QueueItem[]).find((item) => item.entity === entity && item.id === id);
}

const newStory = async () => {
  const res = await author.client.post('/api/stories', { content: 'Out at dawn on the stubble field.' });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: number; uid: string };
};

describe('editing a hidden record asks for a review', () => {
  it('a REST edit of a hidden story puts it back in the queue, once however often it is edited', async () => {
    const story = await newStory();
    await hide('stories', story.id);
    expect(await queued('stories', story.id)).toBeUndefined();

    const edit = await author.client.put(`/api/stories/${story.id}`, { content: 'Out at dawn, somewhere.' });
    expect(edit.status, edit.text).toBe(200);
    const item = await queued('stories', story.id);
    expect(item).toMatchObject({
      reports: 1,
      reasons: { other: 1 },
      hiddenByModerator: { reason: 'Names a farm' },
    });
    expect(item?.notes).toEqual([expect.objectContaining({ reporterId: null, note: REVIEW_AFTER_EDIT })]);

    await author.client.put(`/api/stories/${story.id}`, { content: 'Out at dawn, nowhere in particular.' });
    expect((await queued('stories', story.id))?.reports).toBe(1);

    // A restore settles it; a later edit of a visible record asks nothing.
    await boss.post('/api/moderation/actions', {
      action: 'restore',
      entity: 'stories',
      id: story.id,
      reason: 'Fixed',
    });
    await author.client.put(`/api/stories/${story.id}`, { content: 'Out at dawn again.' });
    expect(await queued('stories', story.id)).toBeUndefined();
  });

  it('a sync push editing a hidden find, and a REST edit of a hidden comment, ask too', async () => {
    const find = await createFind(author.client, { title: 'Buckle' });
    await hide('finds', find.id);
    const answer = await push(author.client, [
      mutation('finds', 'update', find.uid, { title: 'Buckle, spot removed' }),
    ]);
    expect(answer.results[0]?.status).toBe('applied');
    expect((await queued('finds', find.id))?.notes[0]?.note).toBe(REVIEW_AFTER_EDIT);

    const open = await createFind(other.client, { title: 'Token' });
    const comment = await author.client.post(`/api/finds/${open.id}/comments`, {
      content: 'Found one at the ford',
    });
    expect(comment.status, comment.text).toBe(201);
    const commentId = (comment.json as { id: number }).id;
    await hide('find_comments', commentId);
    const edit = await author.client.put(`/api/find-comments/${commentId}`, { content: 'Found one nearby' });
    expect(edit.status, edit.text).toBe(200);
    expect((await queued('find_comments', commentId))?.notes[0]?.note).toBe(REVIEW_AFTER_EDIT);
  });
});

describe('POST /api/moderation/review', () => {
  it('its author asks once (a repeat adds nothing); others get 404, signed out 401', async () => {
    const story = await newStory();
    const body = { entity: 'stories', id: story.id };
    // Not hidden: nothing to review, and only its author is told so.
    expect((await author.client.post('/api/moderation/review', body)).status).toBe(400);
    expect((await other.client.post('/api/moderation/review', body)).status).toBe(404);

    await hide('stories', story.id);
    expect((await t.client().post('/api/moderation/review', body)).status).toBe(401);
    expect((await other.client.post('/api/moderation/review', body)).status).toBe(404);
    expect((await boss.post('/api/moderation/review', body)).status).toBe(404);
    expect(await queued('stories', story.id)).toBeUndefined();

    expect((await author.client.post('/api/moderation/review', body)).status).toBe(201);
    expect((await author.client.post('/api/moderation/review', body)).status).toBe(200);
    const item = await queued('stories', story.id);
    expect(item?.reports).toBe(1);
    expect(item?.notes).toEqual([expect.objectContaining({ reporterId: null, note: REVIEW_ASKED })]);

    // An edit while the review is open does not add another.
    await author.client.put(`/api/stories/${story.id}`, { content: 'Changed.' });
    expect((await queued('stories', story.id))?.reports).toBe(1);
  });

  it('a suspended author can still ask for a review of their hidden record', async () => {
    const story = await newStory();
    await hide('stories', story.id);
    const suspended = await boss.post('/api/moderation/actions', {
      action: 'suspend',
      userId: author.user.id,
      reason: 'Cooling off',
      days: 1,
    });
    expect(suspended.status, suspended.text).toBe(201);
    const res = await author.client.post('/api/moderation/review', { entity: 'stories', id: story.id });
    expect(res.status, res.text).toBe(201);
    expect(
      (
        await boss.post('/api/moderation/actions', {
          action: 'unsuspend',
          userId: author.user.id,
          reason: 'Done',
        })
      ).status,
    ).toBe(201);
  });

  it('refuses what cannot be hidden, and a record that does not exist', async () => {
    expect((await author.client.post('/api/moderation/review', { entity: 'users', id: 1 })).status).toBe(400);
    expect((await author.client.post('/api/moderation/review', { entity: 'finds', id: 999999 })).status).toBe(
      404,
    );
  });
});
