/**
 * Editing and deleting a private group's comments (docs/product/social.md "Groups"; docs/privacy.md): for
 * anyone who may not read the discussion — a stranger, a member who left, the official account outside
 * the group — a comment there does not exist. `PUT` and `DELETE /api/group-comments/{id}` answer exactly
 * as for a missing comment (404 'Comment not found', by id and by uid), so neither probes the group, and
 * the moderator cannot delete what it cannot read. Inside, the writer edits and deletes; on the engine the
 * run names (DB_ENGINE).
 */
import { beforeEach, afterEach, describe, expect, it } from 'vitest';
import { groupMessages, type Group } from '@schema/contracts/groups';
import { createTestApp, type TestApp } from '../../test/harness';
import { mutation, push, signedIn, type TestClient } from '../../sync/test-fixtures';
import { createGroupAs, errorOf, official } from './test-fixtures';

type Member = { client: TestClient; user: { id: number } };
let t: TestApp;
let creator: Member;
let member: Member;
let stranger: Member;
let moderator: TestClient;
let group: Group;
let comment: { id: number; uid: string };

beforeEach(async () => {
  t = await createTestApp();
  creator = await signedIn(t, 'creator');
  member = await signedIn(t, 'member');
  stranger = await signedIn(t, 'stranger');
  moderator = await official(t);
  group = await createGroupAs(creator.client, { name: 'Night Owls', isPrivate: true });
  await creator.client.post(`/api/groups/${group.id}/invite`, { userId: member.user.id });
  await member.client.post(`/api/groups/${group.id}/join`, {});
  const res = await member.client.post(`/api/groups/${group.uid}/comments`, {
    content: 'Meet at the lay-by.',
  });
  expect(res.status).toBe(201);
  comment = res.json as { id: number; uid: string };
});
afterEach(() => t.close());

const missing = [404, groupMessages.commentNotFound];
const discussion = async () =>
  ((await member.client.get(`/api/groups/${group.uid}/comments`)).json as { content: string }[]).map(
    (c) => c.content,
  );

describe('a private group’s comment, edited or deleted from outside', () => {
  it('PUT and DELETE answer a stranger and the moderator as for a missing comment, by id and by uid', async () => {
    for (const client of [stranger.client, moderator]) {
      for (const ref of [comment.id, comment.uid, 999_999]) {
        expect(errorOf(await client.put(`/api/group-comments/${ref}`, { content: 'Changed' }))).toEqual(
          missing,
        );
        expect(errorOf(await client.del(`/api/group-comments/${ref}`))).toEqual(missing);
      }
    }
    expect(await discussion()).toEqual(['Meet at the lay-by.']);
  });

  it('the moderator reads 404 and deletes nothing; by push too, as for a comment already gone', async () => {
    expect((await moderator.get(`/api/groups/${group.uid}/comments`)).status).toBe(404);
    const answer = await push(moderator, [mutation('group_comments', 'delete', comment.uid)]);
    expect(answer.results.map((r) => r.status)).toEqual(
      (
        await push(moderator, [mutation('group_comments', 'delete', '0192a0b4-7c3e-7d4f-8a9b-0c1d2e3f4a5b')])
      ).results.map((r) => r.status),
    );
    const update = await push(stranger.client, [
      mutation('group_comments', 'update', comment.uid, { content: 'Changed' }),
    ]);
    expect(update.results[0]).toMatchObject({ code: 'not-found' });
    expect(await discussion()).toEqual(['Meet at the lay-by.']);
  });

  it('a member who left is outside too; a member inside may not touch another’s comment (403)', async () => {
    const own = await creator.client.post(`/api/groups/${group.uid}/comments`, { content: 'Bring flasks.' });
    const url = `/api/group-comments/${(own.json as { id: number }).id}`;
    expect(errorOf(await member.client.put(url, { content: 'Changed' }))).toEqual([
      403,
      groupMessages.notCommentOwnerEdit,
    ]);
    expect(errorOf(await member.client.del(url))).toEqual([403, groupMessages.notCommentOwnerDelete]);
    expect((await member.client.post(`/api/groups/${group.uid}/leave`, {})).status).toBe(200);
    // Even the writer of the first comment: having left, the discussion is no longer theirs to read.
    expect(errorOf(await member.client.del(`/api/group-comments/${comment.id}`))).toEqual(missing);
    expect(errorOf(await member.client.del(url))).toEqual(missing);
  });

  it('inside, the writer edits and deletes', async () => {
    const url = `/api/group-comments/${comment.uid}`;
    expect((await member.client.put(url, { content: 'Meet at the church.' })).json).toMatchObject({
      content: 'Meet at the church.',
    });
    expect((await member.client.del(url)).status).toBe(200);
    expect(await discussion()).toEqual([]);
  });
});
