/**
 * Who may do what with a private group (docs/product/social.md "Groups", "Permissions"): every path tried
 * by a signed-out visitor, a stranger, a member whose request is pending, an active member and the creator,
 * on the engine the run names (DB_ENGINE). A private group does not exist for the first three — not in
 * REST answers, not in lists or search, not in pulls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMessages, type Group } from '@schema/contracts/groups';
import { createTestApp, type TestApp } from '../../test/harness';
import { pullScopes, signedIn, type TestClient } from '../../sync/test-fixtures';
import { createGroupAs, errorOf, idsIn } from './test-fixtures';

type Member = { client: TestClient; user: { id: number } };
type Who = 'anonymous' | 'stranger' | 'pending' | 'member' | 'creator';
let t: TestApp;
let creator: Member;
let member: Member;
let pending: Member;
let stranger: Member;
let anon: TestClient;
let group: Group;
const clients = (): Record<Who, TestClient> => ({
  anonymous: anon,
  stranger: stranger.client,
  pending: pending.client,
  member: member.client,
  creator: creator.client,
});
const outsiders: Who[] = ['anonymous', 'stranger', 'pending'];
const insiders: Who[] = ['member', 'creator'];

beforeAll(async () => {
  t = await createTestApp();
  creator = await signedIn(t, 'creator');
  member = await signedIn(t, 'member');
  pending = await signedIn(t, 'pending');
  stranger = await signedIn(t, 'stranger');
  anon = t.client();
  group = await createGroupAs(creator.client, { name: 'Night Owls', isPrivate: true, description: 'Secret' });
  // The member is invited by the creator and accepts by joining; the other asks by the group's link (uid).
  expect(
    (await creator.client.post(`/api/groups/${group.id}/invite`, { userId: member.user.id })).status,
  ).toBe(201);
  expect((await member.client.post(`/api/groups/${group.id}/join`, {})).json).toMatchObject({
    status: 'active',
  });
  expect((await pending.client.post(`/api/groups/${group.uid}/join`, {})).json).toMatchObject({
    status: 'pending',
  });
});
afterAll(() => t.close());

describe('a private group’s discussion', () => {
  it('GET comments: 404 for outsiders; members read it; only active members write (others: 404)', async () => {
    const res = await member.client.post(`/api/groups/${group.uid}/comments`, {
      content: 'Meet at the lay-by.',
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ groupUid: group.uid, userId: member.user.id });
    for (const who of outsiders) {
      expect((await clients()[who].get(`/api/groups/${group.id}/comments`)).status, who).toBe(404);
      const write = await clients()[who].post(`/api/groups/${group.uid}/comments`, { content: 'Let me in' });
      expect(write.status, who).toBe(who === 'anonymous' ? 401 : 404);
    }
    for (const who of insiders) {
      const list = await clients()[who].get(`/api/groups/${group.uid}/comments`);
      expect(
        (list.json as { content: string }[]).map((c) => c.content),
        who,
      ).toEqual(['Meet at the lay-by.']);
    }
  });

  it('pulls: pinned by the group, outsiders never receive a comment; insiders do', async () => {
    const pins = [{ entity: 'groups' as const, uid: group.uid }];
    for (const who of ['stranger', 'pending', 'member', 'creator'] as const) {
      const { changes } = await pullScopes(clients()[who], { own: '', pinned: '' }, { pins });
      const upserts = changes.filter((c) => c.entity === 'group_comments' && c.op === 'upsert');
      expect(upserts.length, who).toBe(who === 'member' || who === 'creator' ? 1 : 0);
      expect(JSON.stringify(changes), who).toEqual(
        who === 'member' || who === 'creator'
          ? expect.stringContaining('lay-by')
          : expect.not.stringContaining('lay-by'),
      );
    }
    const anonymous = await pullScopes(anon, { pinned: '' }, { pins });
    expect(JSON.stringify(anonymous.changes)).not.toContain('lay-by');
  });
});

describe('a private group, read', () => {
  it('GET /api/groups/{id}: 404 for outsiders by id and by uid, the group for insiders', async () => {
    for (const who of outsiders)
      for (const ref of [group.id, group.uid])
        expect(errorOf(await clients()[who].get(`/api/groups/${ref}`)), who).toEqual([
          404,
          groupMessages.notFound,
        ]);
    for (const who of insiders) {
      const res = await clients()[who].get(`/api/groups/${group.id}`);
      expect(res.json, who).toMatchObject({ name: 'Night Owls', isPrivate: true, memberCount: 2 });
    }
  });

  it('GET /api/groups and ?q=: only insiders find it', async () => {
    for (const who of outsiders) {
      expect(idsIn(await clients()[who].get('/api/groups')), who).not.toContain(group.id);
      expect(idsIn(await clients()[who].get('/api/groups?q=owls')), who).not.toContain(group.id);
    }
    for (const who of insiders)
      expect(idsIn(await clients()[who].get('/api/groups?q=OWLS')), who).toEqual([group.id]);
  });

  it('GET /api/groups/{id}/members: insiders only; /requests: the creator only', async () => {
    for (const who of outsiders)
      expect((await clients()[who].get(`/api/groups/${group.id}/members`)).status, who).toBe(404);
    for (const who of insiders) {
      const res = await clients()[who].get(`/api/groups/${group.id}/members`);
      expect(
        (res.json as { userId: number }[]).map((m) => m.userId),
        who,
      ).toEqual([creator.user.id, member.user.id]);
    }
    expect((await member.client.get(`/api/groups/${group.id}/requests`)).status).toBe(403);
    const requests = await creator.client.get(`/api/groups/${group.id}/requests`);
    expect(requests.json).toEqual([expect.objectContaining({ userId: pending.user.id, status: 'pending' })]);
    expect(requests.json).toEqual([expect.not.objectContaining({ email: expect.anything() })]);
  });

  it('GET /api/social/groups: 401 signed out; the pending requester does not have it yet', async () => {
    expect(errorOf(await anon.get('/api/social/groups'))).toEqual([401, groupMessages.loginRequired]);
    expect(idsIn(await stranger.client.get('/api/social/groups'))).toEqual([]);
    expect(idsIn(await pending.client.get('/api/social/groups'))).toEqual([]);
    for (const who of insiders)
      expect(idsIn(await clients()[who].get('/api/social/groups')), who).toEqual([group.id]);
  });

  it('pulls: pinned, insiders get the group; outsiders a tombstone at most; own holds one’s membership', async () => {
    const pins = [{ entity: 'groups' as const, uid: group.uid }];
    for (const who of ['stranger', 'pending', 'member', 'creator'] as const) {
      const { changes } = await pullScopes(clients()[who], { own: '', pinned: '' }, { pins });
      const groupChanges = changes.filter((c) => c.entity === 'groups');
      if (who === 'member' || who === 'creator')
        expect(groupChanges, who).toEqual([expect.objectContaining({ op: 'upsert', uid: group.uid })]);
      else
        expect(
          groupChanges.every((c) => c.op === 'delete'),
          who,
        ).toBe(true);
      const memberships = changes.filter((c) => c.entity === 'group_memberships');
      const me = clients()[who] === anon ? null : { stranger, pending, member, creator }[who].user.id;
      // Each member pulls their own membership only (own); never another member's of a private group.
      expect(
        memberships.map((m) => m.data?.userId),
        who,
      ).toEqual(who === 'stranger' ? [] : [me]);
    }
    const anonymous = await pullScopes(anon, { pinned: '' }, { pins });
    expect(anonymous.changes.filter((c) => c.op === 'upsert')).toEqual([]);
  });
});

describe('a private group, written', () => {
  it('PUT: 401 signed out, 404 for outsiders, 403 for a member, 200 for the creator', async () => {
    const put = (who: Who) => clients()[who].put(`/api/groups/${group.id}`, { description: `by ${who}` });
    expect((await put('anonymous')).status).toBe(401);
    for (const who of ['stranger', 'pending'] as const) expect((await put(who)).status, who).toBe(404);
    expect(errorOf(await put('member'))).toEqual([403, groupMessages.notCreator]);
    expect((await put('creator')).json).toMatchObject({ description: 'by creator' });
  });

  it('join by the numeric id is a 404 for a stranger (ids are guessable); leave is a 404 for them', async () => {
    expect(errorOf(await stranger.client.post(`/api/groups/${group.id}/join`, {}))).toEqual([
      404,
      groupMessages.notFound,
    ]);
    expect((await stranger.client.post(`/api/groups/${group.uid}/leave`, {})).status).toBe(404);
    expect((await anon.post(`/api/groups/${group.uid}/join`, {})).status).toBe(401);
  });

  it('approve: 404 for outsiders, 403 for a member; the creator approves and the count moves', async () => {
    const approve = (who: Who) =>
      clients()[who].post(`/api/groups/${group.id}/members/${pending.user.id}/approve`, {});
    expect((await approve('anonymous')).status).toBe(401);
    expect((await approve('stranger')).status).toBe(404);
    expect((await approve('pending')).status).toBe(404);
    expect((await approve('member')).status).toBe(403);
    expect((await approve('creator')).json).toMatchObject({ userId: pending.user.id, status: 'active' });
    expect((await pending.client.get(`/api/groups/${group.uid}`)).json).toMatchObject({ memberCount: 3 });
    expect(errorOf(await approve('creator'))).toEqual([200, undefined]);
  });

  it('the creator cannot leave; DELETE: 404 for a stranger, 403 for a member, 200 for the creator', async () => {
    expect(errorOf(await creator.client.post(`/api/groups/${group.id}/leave`, {}))).toEqual([
      409,
      groupMessages.creatorCannotLeave,
    ]);
    expect((await stranger.client.del(`/api/groups/${group.id}`)).status).toBe(404);
    expect((await member.client.del(`/api/groups/${group.id}`)).status).toBe(403);
    expect((await creator.client.del(`/api/groups/${group.id}`)).json).toMatchObject({ success: true });
    for (const who of insiders)
      expect((await clients()[who].get(`/api/groups/${group.id}`)).status).toBe(404);
    expect(await t.sql('SELECT * FROM group_memberships WHERE group_id = ?', group.id)).toEqual([]);
  });
});
