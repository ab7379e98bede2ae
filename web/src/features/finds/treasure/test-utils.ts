/**
 * The Treasure screens' tests against the real server in process: finds made the way a device makes them
 * (queued, pushed, pulled back with their owner-only fields), then put in the app's own IndexedDB as the
 * engine would have left them; and the app's fetch pointed at the server with a member's cookie.
 */
import { vi } from 'vitest';
import type { SelfUser } from '@schema/contracts/users';
import { db, type LocalFind } from '@web/db/database';
import { appFetch, device, queueFind, queueUpdate, type Member, type TestApp } from '@web/sync/test-utils';

export interface FindSpec extends Partial<LocalFind> {
  title: string;
}

/** Finds on the server, owned by `finder`, as the finder's device holds them once synced. */
export async function serverFinds(t: TestApp, finder: Member, specs: FindSpec[]): Promise<LocalFind[]> {
  const dev = await device(t, finder);
  try {
    const uids: string[] = [];
    for (const { title, ...rest } of specs) {
      const uid = await queueFind(dev, finder.user.id, { title });
      if (Object.keys(rest).length > 0) await queueUpdate(dev, finder.user.id, uid, rest);
      uids.push(uid);
    }
    await dev.engine.sync();
    const rows = await dev.db.finds.bulkGet(uids);
    return rows.map((row, i) => {
      if (!row?.id) throw new Error(`find ${specs[i]?.title} did not reach the server`);
      return row;
    });
  } finally {
    await dev.close();
  }
}

/**
 * The app's device: `who` signed in (or nobody), its pull state already for them (no viewer change, C11),
 * its fetch the server with their cookie — or failing, while `online()` says no.
 */
export async function appDevice(t: TestApp, who: Member | null, online: () => boolean): Promise<void> {
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(online);
  const server = appFetch(t, () => who?.cookie ?? '');
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    if (!online()) throw new TypeError('Failed to fetch');
    return server(input, init);
  });
  await db.open();
  await Promise.all([db.finds, db.outbox, db.pins, db.blobs, db.sync_state].map((table) => table.clear()));
  const user: SelfUser | null = who?.user ?? null;
  await db.session.put({ key: 'current', user, checkedAt: '' });
  await db.sync_state.put({
    key: 'pull',
    cursors: {},
    viewerId: user?.id ?? null,
    entities: '',
    lastSyncedAt: '2026-11-01T00:00:00Z',
  });
}
