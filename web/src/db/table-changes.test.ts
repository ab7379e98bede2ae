/**
 * The change feed behind in-memory copies of a table (table-changes.ts; docs/map.md "Spots on the map"):
 * what a transaction wrote arrives, in order, when it commits — also for bulk writes Dexie's live queries
 * only see as "anything may have changed" — nothing arrives for a transaction that aborts, and another
 * tab's writes arrive as the keys to read again.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import type { LocalLocation } from './locations-types';
import { DigQuestDb } from './database';
import { watchTable, type TableChange } from './table-changes';

const opened: DigQuestDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await db.delete();
  }
});

/** An opened database: creating one reports every table as changed, which is not what is tested here. */
async function open(name = `changes-${uuidv7()}`): Promise<DigQuestDb> {
  const db = new DigQuestDb(name);
  opened.push(db);
  await db.open();
  return db;
}

const spot = (uid: string, over: Partial<LocalLocation> = {}): LocalLocation => ({
  id: null,
  uid,
  userId: 7,
  username: 'relic_hunter',
  name: `Spot ${uid}`,
  description: null,
  latitude: 52.6,
  longitude: 1.2,
  type: 'Field',
  terrainType: null,
  bestTimeToVisit: null,
  hasPermission: false,
  isGroupDig: false,
  isShared: false,
  created_at: '',
  updated_at: '',
  ...over,
});

function listen(db: DigQuestDb): { changes: TableChange<LocalLocation>[]; stop: () => void } {
  const changes: TableChange<LocalLocation>[] = [];
  const stop = watchTable<LocalLocation>(db, 'locations', (change) => changes.push(change));
  return { changes, stop };
}

describe('table changes', () => {
  it('hands over what a transaction wrote, in order, when it commits', async () => {
    const db = await open();
    const { changes } = listen(db);
    await db.transaction('rw', db.locations, async () => {
      await db.locations.put(spot('a'));
      await db.locations.put(spot('b'));
      await db.locations.put(spot('a', { isShared: true }));
      await db.locations.delete('b');
      expect(changes).toEqual([]);
    });
    expect(changes).toEqual([
      {
        kind: 'ops',
        ops: [
          { put: spot('a') },
          { put: spot('b') },
          { put: spot('a', { isShared: true }) },
          { delete: 'b' },
        ],
      },
    ]);
  });

  it('hands over bulk writes of 50 and more record by record (Dexie only reports "anything changed")', async () => {
    const db = await open();
    const { changes } = listen(db);
    const many = Array.from({ length: 120 }, (_, i) => spot(`s${String(i).padStart(3, '0')}`));
    await db.locations.bulkPut(many);
    await db.locations.bulkDelete(many.slice(0, 60).map((s) => s.uid));
    expect(changes).toEqual([
      { kind: 'ops', ops: many.map((s) => ({ put: s })) },
      { kind: 'ops', ops: many.slice(0, 60).map((s) => ({ delete: s.uid })) },
    ]);
  });

  it('keeps its own copy: changing the written object afterwards changes nothing handed over', async () => {
    const db = await open();
    const { changes } = listen(db);
    const written = spot('a');
    await db.locations.put(written);
    written.name = 'Changed after the write';
    expect(changes).toEqual([{ kind: 'ops', ops: [{ put: spot('a') }] }]);
  });

  it('hands over nothing for a transaction that aborts, and "unknown" for a cleared table', async () => {
    const db = await open();
    const { changes } = listen(db);
    await expect(
      db.transaction('rw', db.locations, async () => {
        await db.locations.put(spot('a'));
        throw new Error('storage full');
      }),
    ).rejects.toThrow('storage full');
    expect(changes).toEqual([]);
    await db.locations.clear();
    expect(changes).toEqual([{ kind: 'unknown' }]);
  });

  it("another tab's writes arrive as the keys to read again; nothing after stopping", async () => {
    const db = await open();
    const otherTab = await open(db.name);
    const { changes, stop } = listen(db);
    await otherTab.locations.put(spot('a'));
    await otherTab.locations.delete('a');
    await otherTab.outbox.clear();
    expect(changes).toEqual([
      { kind: 'keys', keys: ['a'] },
      { kind: 'keys', keys: ['a'] },
    ]);
    stop();
    await db.locations.put(spot('b'));
    await otherTab.locations.put(spot('c'));
    expect(changes).toHaveLength(2);
  });
});
