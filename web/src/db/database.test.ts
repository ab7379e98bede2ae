/**
 * The Dexie schema: from version 4 the synced tables come from their descriptors (db/entities). A device
 * still on the release before (versions 1–3, declared by hand) must open under the current code with
 * every row kept and exactly the indexes the descriptors declare.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { DigQuestDb } from './database';
import { SYNCED_ENTITIES } from './entities';
import { SYNCED_STORES } from './synced-stores';

/** The schema as the release before this one declared it (database.ts versions 1–3, verbatim). */
function releaseBefore(name: string): Dexie {
  const old = new Dexie(name);
  old.version(1).stores({ session: 'key', users: 'id, username' });
  old.version(2).stores({
    finds: 'uid, created_at, [period+created_at], id',
    find_comments: 'uid, findUid, [findUid+created_at]',
    find_likes: 'uid',
    outbox: 'mutationId, status, [entity+uid]',
    blobs: 'sha256',
    sync_state: 'key',
  });
  old.version(3).stores({
    posts: 'uid, created_at, views, categoryId, userId, id',
    comments: 'uid, postUid, [postUid+created_at]',
    post_likes: 'uid',
    categories: 'id',
  });
  return old;
}

/** Index names as IndexedDB holds them: Dexie names compound indexes `[a+b]`. */
function installedIndexes(db: Dexie, table: string): string[] {
  const store = db.backendDB().transaction(table, 'readonly').objectStore(table);
  return [...store.indexNames].sort();
}

const declaredIndexes = (indexes: string) =>
  indexes
    .split(',')
    .map((s) => s.trim())
    .slice(1)
    .sort();

const opened: Dexie[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await db.delete();
  }
});

describe('Dexie versions', () => {
  it('a device on versions 1–3 upgrades to the descriptor-declared schema and keeps its rows', async () => {
    const name = `upgrade-${Math.random()}`;
    const old = releaseBefore(name);
    await old.open();
    await old.table('finds').put({ uid: 'f1', title: 'Buckle', created_at: '2024-03-05', period: 'Roman' });
    await old.table('comments').put({ uid: 'c1', postUid: 'p1', created_at: '2024-03-05', content: 'Nice' });
    await old.table('outbox').put({ mutationId: 'm1', status: 'pending', entity: 'finds', uid: 'f1' });
    old.close();

    const db = new DigQuestDb(name);
    opened.push(db);
    await db.open();
    expect(db.verno).toBe(18);
    expect(await db.finds.get('f1')).toMatchObject({ title: 'Buckle' });
    expect(
      await db.comments.where('[postUid+created_at]').between(['p1', ''], ['p1', '\uffff']).count(),
    ).toBe(1);
    expect(await db.outbox.where('[entity+uid]').equals(['finds', 'f1']).count()).toBe(1);
    for (const { table, indexes } of SYNCED_ENTITIES)
      expect(installedIndexes(db, table), table).toEqual(declaredIndexes(indexes));
  });

  it('one declaration: a device from the first releases ends with the same tables and indexes as a new one, its rows kept', async () => {
    const name = `one-line-${Math.random()}`;
    const old = releaseBefore(name);
    await old.open();
    await old.table('categories').put({ id: 4, name: 'Coins' });
    await old.table('session').put({ key: 'current', user: null, checkedAt: '2024-03-05' });
    old.close();

    const upgraded = new DigQuestDb(name);
    const fresh = new DigQuestDb(`fresh-${Math.random()}`);
    opened.push(upgraded, fresh);
    await Promise.all([upgraded.open(), fresh.open()]);
    const installed = (db: Dexie) =>
      [...db.backendDB().objectStoreNames].sort().map((table) => [table, installedIndexes(db, table)]);
    expect(installed(upgraded)).toEqual(installed(fresh));
    expect(installed(fresh).map(([table]) => table)).toEqual(
      expect.arrayContaining(old.tables.map((t) => t.name)),
    );
    expect(await upgraded.categories.get(4)).toMatchObject({ name: 'Coins' });
    expect(await upgraded.session.get('current')).toMatchObject({ checkedAt: '2024-03-05' });
  });

  it('C16 C15: a device on version 4 upgrades to 5 — finds indexed by member, pins and kept lists added — and keeps its rows', async () => {
    const name = `v4-${Math.random()}`;
    const old = releaseBefore(name);
    // Version 4 as released: the same synced stores as versions 2–3, declared again.
    old.version(4).stores({ finds: 'uid, created_at, [period+created_at], id' });
    await old.open();
    await old.table('finds').put({ uid: 'f1', userId: 3, title: 'Buckle', created_at: '2024-03-05', id: 1 });
    old.close();

    const db = new DigQuestDb(name);
    opened.push(db);
    await db.open();
    expect(db.verno).toBe(18);
    expect(await db.finds.where('userId').equals(3).primaryKeys()).toEqual(['f1']);
    expect(installedIndexes(db, 'pins')).toEqual(['lastUsedAt', 'list']);
    expect(installedIndexes(db, 'outbox')).toEqual(['[entity+uid]', 'blobRefs', 'status']);
    await db.pins.put({ entity: 'finds', uid: 'f1', reason: 'opened', lastUsedAt: 1, hydrated: false });
    expect(await db.pins.get(['finds', 'f1'])).toMatchObject({ reason: 'opened' });
    expect(await db.kept_lists.count()).toBe(0);
  });

  it('every synced store has its registered descriptor, and every descriptor its store', () => {
    expect(SYNCED_ENTITIES.map((e) => e.table).sort()).toEqual(Object.keys(SYNCED_STORES).sort());
  });

  it('a new device gets every descriptor table keyed by uid', async () => {
    const db = new DigQuestDb(`fresh-${Math.random()}`);
    opened.push(db);
    await db.open();
    for (const { table, indexes } of SYNCED_ENTITIES) {
      expect(db.table(table).schema.primKey.keyPath, table).toBe('uid');
      expect(installedIndexes(db, table), table).toEqual(declaredIndexes(indexes));
    }
  });

  it('groups (issue 14): a device already on version 13 (achievements, no groups) gets the group tables', async () => {
    const name = `groups-${Math.random()}`;
    // Version 13 as the achievements release installed it: every table of today's schema but the groups'.
    const current = new DigQuestDb(`schema-${Math.random()}`);
    const groupTables = ['groups', 'group_memberships', 'group_comments'];
    const stores = Object.fromEntries(
      current.tables
        .filter((t) => !groupTables.includes(t.name))
        .map((t) => [t.name, [t.schema.primKey.src, ...t.schema.indexes.map((i) => i.src)].join(', ')]),
    );
    const old = new Dexie(name);
    old.version(13).stores(stores);
    await old.open();
    await old.table('finds').put({ uid: 'f1', title: 'Buckle', created_at: '2024-03-05', period: 'Roman' });
    old.close();

    const db = new DigQuestDb(name);
    opened.push(db);
    await db.open();
    for (const table of groupTables)
      expect(installedIndexes(db, table), table).toEqual(
        declaredIndexes(SYNCED_STORES[table as keyof typeof SYNCED_STORES]),
      );
    await db.groups.put({
      id: 1,
      uid: 'g1',
      userId: 4,
      creatorId: 4,
      creatorName: 'ada',
      name: 'Weald Diggers',
      description: null,
      location: null,
      isPrivate: false,
      avatarUrl: null,
      memberCount: 1,
      commentCount: 0,
      created_at: '2026-11-26',
      membership: null,
    });
    expect(await db.groups.count()).toBe(1);
    expect(await db.table('finds').get('f1')).toMatchObject({ title: 'Buckle' });
  });

  it('version 13 adds the achievements state, one row per member (issue 15)', async () => {
    const db = new DigQuestDb(`achievements-${Math.random()}`);
    opened.push(db);
    await db.open();
    expect(db.table('achievement_state').schema.primKey.keyPath).toBe('userId');
    await db.achievement_state.put({
      userId: 4,
      achievements: null,
      announced: ['first-post'],
      fetchedAt: null,
    });
    expect(await db.achievement_state.get(4)).toMatchObject({ announced: ['first-post'] });
  });

  it('version 14 stores the tour as a synced record by uid, indexed by member (issue 15)', async () => {
    const db = new DigQuestDb(`onboarding-${Math.random()}`);
    opened.push(db);
    await db.open();
    const table = db.table('onboarding');
    expect(table.schema.primKey.keyPath).toBe('uid');
    expect(table.schema.indexes.map((i) => i.name)).toEqual(['userId']);
  });

  it('version 17 adds the protected-area cache: areas by id and cell, cells by use, sources (issue 29)', async () => {
    const db = new DigQuestDb(`protected-${Math.random()}`);
    opened.push(db);
    await db.open();
    expect(db.protected_areas.schema.primKey.keyPath).toBe('id');
    expect(installedIndexes(db, 'protected_areas')).toEqual(['cells']);
    expect(db.protected_areas.schema.indexes[0]?.multi).toBe(true);
    expect(installedIndexes(db, 'protected_cells')).toEqual(['usedAt']);
    expect(db.protected_sources.schema.primKey.keyPath).toBe('source');
  });
});
