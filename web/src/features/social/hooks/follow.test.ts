/**
 * Follows offline (docs/product/social.md "Offline"): a follow is a local write, queued; unfollowing it
 * before it was sent leaves nothing to send (C2); once online the engine pushes it and the server counts
 * it; an unfollow after that is pushed as its delete. Against the real server in process.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectionsAnswer } from '@schema/contracts/social';
import { db } from '@web/db/database';
import { createSyncEngine } from '@web/sync/engine';
import { appFetch, createTestApp, member, type Member, type TestApp } from '@web/sync/test-utils';
import { writeFollow } from './follow';

let t: TestApp;
let reader: Member;
let writer: Member;
let online = false;

beforeAll(async () => {
  t = await createTestApp();
  reader = await member(t, 'reader');
  writer = await member(t, 'writer');
  await db.open();
  await db.session.put({ key: 'current', user: reader.user, checkedAt: '' });
});
afterAll(() => t.close());
beforeEach(async () => {
  online = false;
  await Promise.all([db.user_connections.clear(), db.outbox.clear()]);
});

const engine = () =>
  createSyncEngine({
    db,
    fetch: appFetch(t, () => reader.cookie),
    isOnline: () => online,
    random: () => 0.5,
  });
const serverConnections = async () =>
  (await (await appFetch(t, () => reader.cookie)('/api/social/connections')).json()) as ConnectionsAnswer;

describe('writeFollow', () => {
  it('offline: the follow holds on the device, queued; unfollowing it before it was sent leaves nothing', async () => {
    const uid = await writeFollow(reader.user, writer.user.id, true);
    expect(await db.user_connections.get(uid ?? '')).toMatchObject({
      userId: reader.user.id,
      followingId: writer.user.id,
      id: null,
    });
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({
        entity: 'user_connections',
        op: 'create',
        payload: { followingId: writer.user.id },
      }),
    ]);
    // Following again changes nothing.
    expect(await writeFollow(reader.user, writer.user.id, true)).toBeNull();
    await writeFollow(reader.user, writer.user.id, false);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.user_connections.count()).toBe(0);
    expect((await serverConnections()).following).toEqual([]);
  });

  it('back online the follow is pushed and counted by the server; the unfollow is pushed as its delete', async () => {
    await writeFollow(reader.user, writer.user.id, true);
    online = true;
    const sync = engine();
    await sync.sync('manual');
    expect(await db.outbox.count()).toBe(0);
    expect((await serverConnections()).following).toEqual([expect.objectContaining({ id: writer.user.id })]);
    await writeFollow(reader.user, writer.user.id, false);
    await sync.sync('manual');
    expect(await db.outbox.count()).toBe(0);
    expect((await serverConnections()).following).toEqual([]);
    sync.dispose();
  });
});
