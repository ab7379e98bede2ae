/**
 * A pulled answer is written in slices that yield to input (README.md C9, `applyInSlices`), against the
 * real server in process: the cursor moves only in the transaction of the answer's last slice, so a
 * failure mid-answer keeps the slices already written, leaves the cursor, and the next pull completes.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { createFind } from '../../../sync-server/src/sync/test-fixtures';
import { pullAll } from './pull';
import { device, serverPerFile, signedIn } from './test-utils';

const server = serverPerFile();
const FINDS = 6;

async function communityFinds(): Promise<string[]> {
  const { client } = await signedIn(server.t, server.name('finder'));
  const uids: string[] = [];
  for (let i = 0; i < FINDS; i++) uids.push((await createFind(client, { title: `Sliced find ${i}` })).uid);
  return uids;
}

const recentFindsCursor = async (db: Awaited<ReturnType<typeof device>>['db']) => {
  const state = await db.sync_state.get('pull');
  return state?.key === 'pull' ? (state.cursors['recent:finds'] ?? null) : null;
};

describe('a pulled answer is written in slices (C9)', () => {
  it('C9: one answer takes several transactions of at most a slice each, and stores everything', async () => {
    const uids = await communityFinds();
    const dev = await device(server.t, null);
    const transactions = vi.spyOn(dev.db, 'transaction');
    const report = await pullAll({ db: dev.db, fetch: dev.fetch, viewerId: null, sliceRows: 2 });

    expect(report.pages).toBe(1);
    // prepareViewer's transaction, then one per slice of two changes (counters ride in the last one).
    expect(transactions.mock.calls.length).toBeGreaterThan(Math.ceil(FINDS / 2));
    const held = new Set(await dev.db.finds.toCollection().primaryKeys());
    for (const uid of uids) expect(held.has(uid)).toBe(true);
    expect(await recentFindsCursor(dev.db)).toBeTruthy();
    await dev.close();
  });

  it('C9: a failure mid-answer keeps the slices written and the old cursor; the next pull completes', async () => {
    const uids = await communityFinds();
    const dev = await device(server.t, null);
    let created = 0;
    const failFourth = () => {
      if (++created === 4) throw new Error('disk trouble on the fourth find');
    };
    dev.db.finds.hook('creating', failFourth);

    await expect(pullAll({ db: dev.db, fetch: dev.fetch, viewerId: null, sliceRows: 2 })).rejects.toThrow();
    const partial = await dev.db.finds.count();
    expect(partial).toBeGreaterThanOrEqual(2);
    expect(partial).toBeLessThan(uids.length);
    expect(await recentFindsCursor(dev.db)).toBeNull();

    dev.db.finds.hook('creating').unsubscribe(failFourth);
    await pullAll({ db: dev.db, fetch: dev.fetch, viewerId: null, sliceRows: 2 });
    const held = new Set(await dev.db.finds.toCollection().primaryKeys());
    for (const uid of uids) expect(held.has(uid)).toBe(true);
    expect(await recentFindsCursor(dev.db)).toBeTruthy();
    await dev.close();
  });
});
