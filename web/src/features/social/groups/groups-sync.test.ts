/**
 * Groups on the device (docs/product/social.md "Groups", "Offline"; web/src/sync/README.md C1, C9, C15):
 * a group created offline is on the member's list at once, queued, and syncs when back online; a member
 * who leaves a private group loses the group, their membership and its discussion from IndexedDB at the
 * next pull. Against the real server in process.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Group } from '@schema/contracts/groups';
import { db } from '@web/db/database';
import type * as AppSync from '@web/sync';
import { createSyncEngine } from '@web/sync/engine';
import { appFetch, createTestApp, member, type Member, type TestApp } from '@web/sync/test-utils';
import { writeCreateGroup, writeLeaveGroup } from './group-writes';
import { myGroups } from './use-my-groups';

// The app's own engine is not started here: each test runs an engine over the in-process server.
vi.mock('@web/sync', async (original) => ({
  ...(await original<typeof AppSync>()),
  syncNow: () => undefined,
}));

let t: TestApp;
let founder: Member;
let digger: Member;
let online = false;

const post = async (who: Member, path: string, body: unknown = {}) =>
  (await appFetch(t, () => who.cookie)(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })) satisfies Response;

beforeAll(async () => {
  t = await createTestApp();
  founder = await member(t, 'founder');
  digger = await member(t, 'digger');
  await db.open();
});
afterAll(() => t.close());
beforeEach(async () => {
  online = false;
  await Promise.all([db.groups.clear(), db.group_memberships.clear(), db.group_comments.clear()]);
  await db.outbox.clear();
});

const engineFor = (who: Member) =>
  createSyncEngine({ db, fetch: appFetch(t, () => who.cookie), isOnline: () => online, random: () => 0.5 });

describe('groups on the device', () => {
  it('C1 C9: a group created offline shows at once, waiting to sync, and syncs when back online', async () => {
    await db.session.put({ key: 'current', user: founder.user, checkedAt: '' });
    const group = await writeCreateGroup(founder.user, {
      name: 'Fenland Finders',
      description: 'Offline meet-ups',
      location: '',
      isPrivate: true,
    });
    expect((await myGroups(founder.user.id)).map((g) => g.name)).toEqual(['Fenland Finders']);
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ entity: 'groups', op: 'create', uid: group.uid, status: 'pending' }),
    ]);

    online = true;
    const sync = engineFor(founder);
    await sync.sync('manual');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.groups.get(group.uid)).toMatchObject({ id: expect.any(Number), memberCount: 1 });
    // The creator's membership is the server's; it came back with the pull.
    expect(await db.group_memberships.where('groupUid').equals(group.uid).toArray()).toEqual([
      expect.objectContaining({ userId: founder.user.id, role: 'creator', status: 'active' }),
    ]);
    const mine = (await (await appFetch(t, () => founder.cookie)('/api/social/groups')).json()) as Group[];
    expect(mine.map((g) => g.uid)).toEqual([group.uid]);
    sync.dispose();
  });

  it('C9 S13: leaving a private group removes it, the membership and its discussion at the next pull', async () => {
    await db.session.put({ key: 'current', user: digger.user, checkedAt: '' });
    const created = await post(founder, '/api/groups', { name: 'Hidden Hoard Club', isPrivate: true });
    const group = (await created.json()) as Group;
    await post(founder, `/api/groups/${group.uid}/invite`, { userId: digger.user.id });
    expect((await post(digger, `/api/groups/${group.uid}/join`)).ok).toBe(true);
    await post(founder, `/api/groups/${group.uid}/comments`, { content: 'Members only: the Saturday field' });

    online = true;
    const sync = engineFor(digger);
    await sync.sync('manual');
    // The membership came with `own`; its group (pinned through it) with its discussion.
    await sync.sync('manual');
    expect(await db.groups.get(group.uid)).toMatchObject({ name: 'Hidden Hoard Club' });
    expect(await db.group_comments.where('groupUid').equals(group.uid).count()).toBe(1);
    expect((await myGroups(digger.user.id)).map((g) => g.uid)).toEqual([group.uid]);

    await writeLeaveGroup(digger.user, group.uid, 'Leave failed');
    // Gone from the list at once; the group's copy leaves with the pull.
    expect(await myGroups(digger.user.id)).toEqual([]);
    await sync.sync('manual');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.group_memberships.where('groupUid').equals(group.uid).count()).toBe(0);
    expect(await db.groups.get(group.uid)).toBeUndefined();
    expect(await db.group_comments.where('groupUid').equals(group.uid).count()).toBe(0);
    sync.dispose();
  });
});
