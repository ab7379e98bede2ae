/**
 * Groups REST and pulls (docs/product/social.md "Groups"): create (name required and trimmed, the session
 * is the creator), a public group joined at once with `memberCount` counted by the server, leaving, and
 * the tombstones a member who leaves a private group pulls next (docs/product/social.md "Offline").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMessages, type Group } from '@schema/contracts/groups';
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
import { createGroupAs, errorOf, idsIn } from './test-fixtures';

type Member = { client: TestClient; user: { id: number } };
let t: TestApp;
let creator: Member;
let member: Member;
let anon: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  creator = await signedIn(t, 'creator');
  member = await signedIn(t, 'member');
  anon = t.client();
});
afterAll(() => t.close());

describe('POST /api/groups', () => {
  it('401 signed out; a blank name is a 400 with the message; nothing stored', async () => {
    expect(errorOf(await anon.post('/api/groups', { name: 'Diggers' }))).toEqual([
      401,
      groupMessages.loginRequired,
    ]);
    for (const name of ['', '   ', undefined])
      expect(errorOf(await creator.client.post('/api/groups', { name }))).toEqual([
        400,
        groupMessages.nameRequired,
      ]);
    expect(await t.sql('SELECT * FROM groups')).toEqual([]);
  });

  it('201: trimmed name, public by default, the session is the creator and first member', async () => {
    const res = await creator.client.post('/api/groups', {
      name: '  Wessex Diggers  ',
      description: '  ',
      location: 'Dorset',
      userId: member.user.id,
      creatorId: member.user.id,
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name: 'Wessex Diggers',
      description: null,
      location: 'Dorset',
      isPrivate: false,
      memberCount: 1,
      creatorId: creator.user.id,
      creatorName: 'creator',
      membership: { status: 'active', role: 'creator' },
    });
  });

  it('an avatar must be a picture this server stored', async () => {
    expect(
      errorOf(
        await creator.client.post('/api/groups', {
          name: 'Pics',
          avatarUrl: 'https://tracker.example/a.png',
        }),
      ),
    ).toEqual([400, groupMessages.invalidFileType]);
  });
});

describe('a public group', () => {
  let group: Group;
  beforeAll(async () => {
    group = await createGroupAs(creator.client, { name: 'Beach Combers' });
  });

  it('is listed for everyone, signed out too, and found by ?q=', async () => {
    expect(idsIn(await anon.get('/api/groups?q=comb'))).toEqual([group.id]);
    expect((await anon.get(`/api/groups/${group.uid}`)).json).toMatchObject({
      name: 'Beach Combers',
      membership: null,
    });
  });

  it('join makes a member at once (idempotent), userId in the body ignored; memberCount is counted', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await member.client.post(`/api/groups/${group.id}/join`, { userId: creator.user.id });
      expect(res.json).toMatchObject({ userId: member.user.id, status: 'active', role: 'member' });
    }
    expect((await anon.get(`/api/groups/${group.id}`)).json).toMatchObject({ memberCount: 2 });
    expect(idsIn(await member.client.get('/api/social/groups'))).toEqual([group.id]);
  });

  it('leave: the member is gone and the count moves back', async () => {
    expect((await member.client.post(`/api/groups/${group.id}/leave`, {})).json).toEqual({
      success: true,
      message: groupMessages.left,
    });
    expect((await anon.get(`/api/groups/${group.id}`)).json).toMatchObject({ memberCount: 1 });
    expect(errorOf(await member.client.post(`/api/groups/${group.id}/leave`, {}))).toEqual([
      404,
      groupMessages.notMember,
    ]);
  });

  it('lists are paged newest first with X-Next-Cursor', async () => {
    const more = [];
    for (let i = 0; i < 3; i++) more.push(await createGroupAs(creator.client, { name: `Paged ${i}` }));
    const first = await anon.get('/api/groups?q=paged&limit=2');
    expect(idsIn(first)).toEqual([more[2]?.id, more[1]?.id]);
    const cursor = first.headers.get('X-Next-Cursor');
    expect(idsIn(await anon.get(`/api/groups?q=paged&limit=2&cursor=${cursor}`))).toEqual([more[0]?.id]);
  });
});

describe('leaving a private group, in pulls', () => {
  it('the member’s next pull tombstones the group and their membership', async () => {
    const group = await createGroupAs(creator.client, { name: 'Inner Circle', isPrivate: true });
    await creator.client.post(`/api/groups/${group.id}/invite`, { userId: member.user.id });
    // The member accepts offline: a queued membership create naming the group's uid.
    const joinUid = newUid();
    const { results } = await push(member.client, [
      mutation('group_memberships', 'create', joinUid, { groupUid: group.uid }),
    ]);
    expect(results[0]).toMatchObject({ status: 'applied' });
    const pins = [{ entity: 'groups' as const, uid: group.uid }];
    const before = await pullScopes(member.client, { own: '', pinned: '' }, { pins });
    expect(
      before.changes
        .filter((c) => c.op === 'upsert' && c.entity !== 'users')
        .map((c) => c.entity)
        .sort(),
    ).toEqual(['group_memberships', 'groups']);
    expect((await member.client.post(`/api/groups/${group.uid}/leave`, {})).status).toBe(200);
    const after = await pullScopes(member.client, before.cursors, { pins });
    const gone = after.changes.filter((c) => c.entity === 'groups' || c.entity === 'group_memberships');
    expect(gone).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ entity: 'groups', op: 'delete', uid: group.uid }),
        expect.objectContaining({ entity: 'group_memberships', op: 'delete' }),
      ]),
    );
    expect(gone.every((c) => c.op === 'delete')).toBe(true);
    // The creator still holds it, with the new count.
    const theirs = await pullScopes(creator.client, { own: '' });
    expect(theirs.changes.find((c) => c.uid === group.uid)?.data).toMatchObject({ memberCount: 1 });
  });

  it('a queued leave of the creator’s own membership is refused with the REST message', async () => {
    const group = await createGroupAs(creator.client, { name: 'Mine' });
    const own = await pullScopes(creator.client, { own: '' });
    const membership = own.changes.find(
      (c) => c.entity === 'group_memberships' && c.data?.groupUid === group.uid,
    );
    const { results } = await push(creator.client, [
      mutation('group_memberships', 'delete', String(membership?.uid), {}),
    ]);
    expect(results[0]).toMatchObject({ status: 'rejected', message: groupMessages.creatorCannotLeave });
  });
});

describe('POST /api/groups/{id}/transfer', () => {
  it('the creator hands the group to an active member, then may leave; nobody else may, and only to a member', async () => {
    const founder = await signedIn(t, 'founder-transfer');
    const heir = await signedIn(t, 'heir-transfer');
    const outsider = await signedIn(t, 'outsider-transfer');
    const group = await createGroupAs(founder.client, { name: 'Handover Diggers' });
    const path = `/api/groups/${group.id}/transfer`;
    expect(errorOf(await founder.client.post(`/api/groups/${group.id}/leave`, {}))).toEqual([
      409,
      groupMessages.creatorCannotLeave,
    ]);
    // Not yet a member: refused.
    expect(errorOf(await founder.client.post(path, { userId: heir.user.id }))).toEqual([
      404,
      groupMessages.transferNotMember,
    ]);
    expect((await heir.client.post(`/api/groups/${group.id}/join`, {})).status).toBeLessThan(300);
    expect((await anon.post(path, { userId: heir.user.id })).status).toBe(401);
    expect((await heir.client.post(path, { userId: heir.user.id })).status).toBe(403);
    expect((await outsider.client.post(path, { userId: outsider.user.id })).status).toBe(403);
    expect(errorOf(await founder.client.post(path, { userId: founder.user.id }))).toEqual([
      400,
      groupMessages.transferToSelf,
    ]);

    const handed = await founder.client.post(path, { userId: heir.user.id, creatorId: outsider.user.id });
    expect(handed.status).toBe(200);
    expect(handed.json).toMatchObject({ id: group.id, creatorId: heir.user.id, memberCount: 2 });
    // The heir's devices hear of the group and their new role.
    const pulled = await pullScopes(heir.client, { own: '' });
    expect(pulled.changes.filter((c) => c.uid === group.uid).at(-1)).toMatchObject({
      op: 'upsert',
      data: expect.objectContaining({ creatorId: heir.user.id }),
    });
    // Now the former creator is an ordinary member and may leave; the new one may not.
    expect((await founder.client.post(`/api/groups/${group.id}/leave`, {})).status).toBeLessThan(300);
    expect(errorOf(await heir.client.post(`/api/groups/${group.id}/leave`, {}))).toEqual([
      409,
      groupMessages.creatorCannotLeave,
    ]);
    expect((await heir.client.put(`/api/groups/${group.id}`, { name: 'Heirs of Handover' })).status).toBe(
      200,
    );
    expect((await founder.client.put(`/api/groups/${group.id}`, { name: 'Taken back' })).status).toBe(403);
  });
});

describe('the feed', () => {
  it('a follower sees “joined a group” for a public group, never for a private one', async () => {
    const joiner = await signedIn(t, 'joiner');
    const follower = await signedIn(t, 'follower');
    await follower.client.post('/api/social/follow', { targetUserId: joiner.user.id, action: 'follow' });
    const open = await createGroupAs(creator.client, { name: 'Open Fields' });
    const hidden = await createGroupAs(creator.client, { name: 'Hidden Hoard', isPrivate: true });
    await joiner.client.post(`/api/groups/${open.id}/join`, {});
    await creator.client.post(`/api/groups/${hidden.id}/invite`, { userId: joiner.user.id });
    await joiner.client.post(`/api/groups/${hidden.uid}/join`, {});
    const feed = await follower.client.get('/api/social/feed');
    expect(feed.json).toEqual([
      expect.objectContaining({
        kind: 'group',
        userId: joiner.user.id,
        content: 'Open Fields',
        entityId: open.id,
        entityUid: open.uid,
      }),
    ]);
    expect(JSON.stringify(feed.json)).not.toContain('Hidden Hoard');
    // Made private later, the join leaves every feed.
    await creator.client.put(`/api/groups/${open.id}`, { isPrivate: true });
    expect((await follower.client.get('/api/social/feed')).json).toEqual([]);
  });
});

describe('account deletion', () => {
  it('takes the member’s groups and memberships, as tombstones for the others; counts are recounted', async () => {
    const leaving = await signedIn(t, 'leaving');
    const stays = await signedIn(t, 'stays');
    const theirs = await createGroupAs(leaving.client, { name: 'Going Soon' });
    const other = await createGroupAs(creator.client, { name: 'Staying Put' });
    await stays.client.post(`/api/groups/${theirs.id}/join`, {});
    await leaving.client.post(`/api/groups/${other.id}/join`, {});
    expect((await anon.get(`/api/groups/${other.id}`)).json).toMatchObject({ memberCount: 2 });
    const staysBefore = await pullScopes(stays.client, { own: '' });
    const creatorBefore = await pullScopes(creator.client, { own: '' });
    expect((await deleteOwnAccount(leaving.client, leaving.user.id)).status).toBe(200);
    expect((await anon.get(`/api/groups/${theirs.id}`)).status).toBe(404);
    expect((await anon.get(`/api/groups/${other.id}`)).json).toMatchObject({ memberCount: 1 });
    const staysAfter = await pullScopes(stays.client, staysBefore.cursors);
    expect(staysAfter.changes).toEqual(
      expect.arrayContaining([expect.objectContaining({ entity: 'group_memberships', op: 'delete' })]),
    );
    const creatorAfter = await pullScopes(creator.client, creatorBefore.cursors);
    expect(creatorAfter.changes.find((c) => c.uid === other.uid)?.data).toMatchObject({ memberCount: 1 });
  });
});
