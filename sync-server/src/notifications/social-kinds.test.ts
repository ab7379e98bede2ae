/**
 * What members' social acts notify (docs/notifications.md "What notifies"): a message, a follow, a request
 * to join a private group and its approval, a reply in a group discussion — each for the recipient, never
 * for the actor, never from a member the recipient blocked, never about a group they can no longer read.
 * On the engine the run names (DB_ENGINE).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { createGroupAs } from '../features/groups/test-fixtures';
import { signedIn } from '../sync/test-fixtures';
import { blocks, held, ok, someone, type Member } from './test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const follow = (by: Member, target: Member, action = 'follow') =>
  by.client.post('/api/social/follow', { targetUserId: target.user.id, action });

describe('message', () => {
  it('the receiver is told who wrote, with the text; the sender is told nothing', async () => {
    const [alice, bob] = [await someone(t, 'alice'), await someone(t, 'bob')];
    const sent = await ok(bob.client, '/api/social/messages', {
      receiverId: alice.user.id,
      content: 'Dig Sunday?',
    });
    expect(await held(t, alice, 'message')).toEqual([
      expect.objectContaining({
        actorId: bob.user.id,
        entity: 'messages',
        entityId: sent.id,
        title: `New message from ${bob.user.username}`,
        body: 'Dig Sunday?',
        url: `/social?tab=messages&with=${bob.user.id}`,
        readAt: null,
        count: 1,
      }),
    ]);
    expect(await held(t, bob, 'message')).toEqual([]);
  });

  it('a member the receiver blocked cannot message them, and nothing notifies', async () => {
    const [alice, pest] = [await someone(t, 'alice'), await someone(t, 'pest')];
    await blocks(alice, pest);
    const res = await pest.client.post('/api/social/messages', { receiverId: alice.user.id, content: 'Hi' });
    expect(res.status).toBe(403);
    expect(await held(t, alice, 'message')).toEqual([]);
  });

  it('a name that looks like an e-mail address is masked in the title', async () => {
    const alice = await someone(t, 'alice');
    const hidden = await signedIn(t, 'jo.digger@example.org');
    await ok(hidden.client, '/api/social/messages', { receiverId: alice.user.id, content: 'Hello' });
    expect((await held(t, alice, 'message'))[0]?.title).toBe('New message from jo.***@e***.org');
  });
});

describe('follow', () => {
  it('the member followed is told once, even after an unfollow and a follow again; the follower never', async () => {
    const [alice, bob] = [await someone(t, 'alice'), await someone(t, 'bob')];
    await follow(bob, alice);
    await follow(bob, alice, 'unfollow');
    await follow(bob, alice);
    expect(await held(t, alice, 'follow')).toEqual([
      expect.objectContaining({
        actorId: bob.user.id,
        title: `${bob.user.username} started following you`,
        url: `/users/${bob.user.id}`,
      }),
    ]);
    expect(await held(t, bob, 'follow')).toEqual([]);
  });

  it('a member the followed one blocked cannot follow them, and nothing notifies', async () => {
    const [alice, pest] = [await someone(t, 'alice'), await someone(t, 'pest')];
    await blocks(alice, pest);
    expect((await follow(pest, alice)).status).toBe(403);
    expect(await held(t, alice, 'follow')).toEqual([]);
  });
});

describe('group-request and group-approved', () => {
  it('the creator hears of a request to join a private group, the requester of its approval', async () => {
    const [owner, asker] = [await someone(t, 'owner'), await someone(t, 'asker')];
    const group = await createGroupAs(owner.client, { name: 'Secret Diggers', isPrivate: true });
    await ok(asker.client, `/api/groups/${group.uid}/join`, {});
    expect(await held(t, owner, 'group-request')).toEqual([
      expect.objectContaining({
        actorId: asker.user.id,
        entity: 'groups',
        entityId: group.id,
        title: `${asker.user.username} asked to join “Secret Diggers”`,
        url: `/groups/${group.id}`,
      }),
    ]);
    expect(await held(t, asker, 'group-request')).toEqual([]);
    await ok(owner.client, `/api/groups/${group.id}/members/${asker.user.id}/approve`);
    expect(await held(t, asker, 'group-approved')).toEqual([
      expect.objectContaining({ actorId: owner.user.id, title: 'You’re now a member of “Secret Diggers”' }),
    ]);
    expect(await held(t, owner, 'group-approved')).toEqual([]);
  });

  it('joining a public group asks nobody', async () => {
    const [owner, joiner] = [await someone(t, 'owner'), await someone(t, 'joiner')];
    const group = await createGroupAs(owner.client, { name: 'Open Diggers' });
    await ok(joiner.client, `/api/groups/${group.id}/join`, {});
    expect(await held(t, owner, 'group-request')).toEqual([]);
  });

  it('blocked members: the creator hears no request from one; a requester no approval from one', async () => {
    const [owner, pest, shy] = [await someone(t, 'owner'), await someone(t, 'pest'), await someone(t, 'shy')];
    const group = await createGroupAs(owner.client, { name: 'Quiet Diggers', isPrivate: true });
    await blocks(owner, pest);
    await ok(pest.client, `/api/groups/${group.uid}/join`, {});
    expect(await held(t, owner, 'group-request')).toEqual([]);
    await blocks(shy, owner);
    await ok(shy.client, `/api/groups/${group.uid}/join`, {});
    await ok(owner.client, `/api/groups/${group.id}/members/${shy.user.id}/approve`);
    expect(await held(t, shy, 'group-approved')).toEqual([]);
  });
});

describe('reply', () => {
  it('every earlier commenter of the discussion hears of a new comment; the writer and non-commenters do not', async () => {
    const [owner, first, second, third] = [
      await someone(t, 'owner'),
      await someone(t, 'first'),
      await someone(t, 'second'),
      await someone(t, 'third'),
    ];
    const group = await createGroupAs(owner.client, { name: 'Talkers' });
    for (const m of [first, second, third]) await ok(m.client, `/api/groups/${group.id}/join`, {});
    await ok(first.client, `/api/groups/${group.id}/comments`, { content: 'Anyone out Sunday?' });
    await ok(second.client, `/api/groups/${group.id}/comments`, { content: 'Me!' });
    const third1 = await ok(third.client, `/api/groups/${group.id}/comments`, { content: 'Count me in' });
    expect(await held(t, first, 'reply')).toHaveLength(2);
    expect(await held(t, second, 'reply')).toEqual([
      expect.objectContaining({
        actorId: third.user.id,
        entity: 'groups',
        entityId: group.id,
        title: `${third.user.username} replied in “Talkers”`,
        body: 'Count me in',
        url: `/groups/${group.id}`,
      }),
    ]);
    expect(await held(t, third, 'reply')).toEqual([]);
    expect(await held(t, owner, 'reply')).toEqual([]);
    // An edit is not a new comment.
    await third.client.put(`/api/group-comments/${third1.id}`, { content: 'Count me in, twice' });
    expect(await held(t, second, 'reply')).toHaveLength(1);
  });

  it('not from a member the earlier commenter blocked', async () => {
    const [owner, first, pest] = [
      await someone(t, 'owner'),
      await someone(t, 'first'),
      await someone(t, 'pest'),
    ];
    const group = await createGroupAs(owner.client, { name: 'Blockers' });
    for (const m of [first, pest]) await ok(m.client, `/api/groups/${group.id}/join`, {});
    await ok(first.client, `/api/groups/${group.id}/comments`, { content: 'Hello all' });
    await blocks(first, pest);
    await ok(pest.client, `/api/groups/${group.id}/comments`, { content: 'Hello you' });
    expect(await held(t, first, 'reply')).toEqual([]);
  });

  it('not to a member who left the private group: they can no longer read it', async () => {
    const [owner, leaver, stayer] = [
      await someone(t, 'owner'),
      await someone(t, 'leaver'),
      await someone(t, 'stayer'),
    ];
    const group = await createGroupAs(owner.client, { name: 'Closed Talk', isPrivate: true });
    for (const m of [leaver, stayer]) {
      await ok(m.client, `/api/groups/${group.uid}/join`, {});
      await ok(owner.client, `/api/groups/${group.id}/members/${m.user.id}/approve`);
    }
    await ok(leaver.client, `/api/groups/${group.id}/comments`, { content: 'Bye soon' });
    await ok(leaver.client, `/api/groups/${group.id}/leave`);
    await ok(stayer.client, `/api/groups/${group.id}/comments`, { content: 'Still here' });
    expect(await held(t, leaver, 'reply')).toEqual([]);
  });
});
