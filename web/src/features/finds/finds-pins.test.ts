/**
 * Pins from engagement (web/src/sync/README.md C15) with the finds' comments and likes, against the real
 * server in process with a window of WINDOW finds: commenting on or liking a find keeps it on the device
 * beyond the window, and the parents of a member's comments and likes reach their other devices.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { engagementWrites } from '@web/engagement/writes';
import { device, member, serverPerFile, signedIn, type Device } from '@web/sync/test-utils';
import { createFind } from '../../../../sync-server/src/sync/test-fixtures';
import { findEngagement } from './engagement';

const WINDOW = 3;
const server = serverPerFile({ SYNC_WINDOW: String(WINDOW) });
const findEngagementWrites = engagementWrites(findEngagement);

/** Another member's finds, created over REST (newest last). */
async function community(count: number, prefix = 'Community find'): Promise<string[]> {
  const { client } = await signedIn(server.t, server.name('other'));
  const uids: string[] = [];
  for (let i = 0; i < count; i++) uids.push((await createFind(client, { title: `${prefix} ${i}` })).uid);
  return uids;
}

const onDevice = async (dev: Device) => new Set(await dev.db.finds.toCollection().primaryKeys());

describe('pins from comments and likes (C15)', () => {
  it('C15: commenting on or liking a find pins it, and its comments stay with it beyond the window', async () => {
    const m = await member(server.t, server.name('engaged'));
    const dev = await device(server.t, m);
    await community(WINDOW);
    await dev.engine.sync();
    const [first, second] = await dev.db.finds.orderBy('id').reverse().limit(2).toArray();
    if (!first || !second) throw new Error('window not pulled');
    await findEngagementWrites.addComment(m.user, first, 'What a patina', dev.db);
    await findEngagementWrites.setLiked(m.user, second, true, dev.db);
    expect(await dev.db.pins.toArray()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ uid: first.uid, reason: 'engaged' }),
        expect.objectContaining({ uid: second.uid, reason: 'engaged' }),
      ]),
    );
    await dev.engine.sync();
    await community(WINDOW * 2);
    await dev.engine.sync();
    const held = await onDevice(dev);
    expect(held.has(first.uid) && held.has(second.uid)).toBe(true);
    expect(await dev.db.find_comments.where('findUid').equals(first.uid).count()).toBe(1);
    await dev.close();
  });

  it('C15 S26: the parents of the member’s comments and likes come to a second device, though outside its window', async () => {
    const m = await member(server.t, server.name('second'));
    const phone = await device(server.t, m);
    const [liked, commented] = await community(2, 'Engaged');
    await phone.engine.sync();
    const parents = await phone.db.finds.bulkGet([liked ?? '', commented ?? '']);
    await findEngagementWrites.setLiked(m.user, parents[0] ?? expect.fail('no find'), true, phone.db);
    await findEngagementWrites.addComment(m.user, parents[1] ?? expect.fail('no find'), 'Nice one', phone.db);
    await phone.engine.sync();
    await community(WINDOW * 2);

    const laptop = await device(server.t, m);
    await laptop.engine.sync();
    const held = await onDevice(laptop);
    expect(held.has(liked ?? '') && held.has(commented ?? '')).toBe(true);
    expect(await laptop.db.find_likes.get(liked ?? '')).toBeDefined();
    expect(
      await laptop.db.find_comments
        .where('findUid')
        .equals(commented ?? '')
        .count(),
    ).toBe(1);
    await Promise.all([phone.close(), laptop.close()]);
  });
});
