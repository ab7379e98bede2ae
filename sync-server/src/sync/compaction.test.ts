/**
 * The change log stays as large as the records, not the writes (PROTOCOL.md S29), counters travel without
 * their record (S30), and every query of a scoped pull reads an index (S25). Real app, real SQLite file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { gt } from 'drizzle-orm';
import * as tables from '@schema/db/tables';
import type { Change } from '@schema/contracts/sync';
import { postEngagement } from '../features/forum/engagement';
import { createPost } from '../features/forum/test-fixtures';
import { createTestApp, TEST_ENGINE, type TestApp } from '../test/harness';
import { defaultSyncHandlers } from './entities';
import { pullScopes as pullScopesDirect } from './scoped-pull';
import { insertFinds, pullScopes, queryPlans, signedIn, type TestClient } from './test-fixtures';

let t: TestApp;
let alice: { client: TestClient; user: { id: number } };
let bob: { client: TestClient; user: { id: number } };
let anon: TestClient;

beforeEach(async () => {
  t = await createTestApp({ SYNC_WINDOW: '5' });
  alice = await signedIn(t, 'alice');
  bob = await signedIn(t, 'bob');
  anon = t.client();
});
afterEach(() => t.close());

const logRows = async (where: string, ...params: unknown[]) =>
  Number((await t.sql(`SELECT count(*) AS n FROM change_log WHERE ${where}`, ...params))[0]?.n);
const of = (changes: Change[], entity: string) => changes.filter((c) => c.entity === entity);
/**
 * 20,000 service calls: one round trip per statement on PostgreSQL (about 18 per view and like). Generous: a
 * loaded CI machine runs them two to three times slower than an idle one.
 */
const SCALE_TIMEOUT_MS = TEST_ENGINE === 'postgres' ? 300_000 : 120_000;

describe('compaction (S29)', () => {
  it(
    'S29: 10,000 views and 10,000 likes of one post leave one row for the post and one for its counts',
    async () => {
      const post = await createPost(alice.client);
      const firstNew = Number((await t.sql('SELECT max(id) AS id FROM users'))[0]?.id);
      for (let start = 0; start < 10_000; start += 1000)
        await t.db.insert(tables.users).values(
          Array.from({ length: 1000 }, (_, k) => ({
            username: `viewer${start + k}`,
            email: `viewer${start + k}@example.com`,
            password: 'x',
          })),
        );
      const members = await t.db.select().from(tables.users).where(gt(tables.users.id, firstNew));
      // Alice's notifications (Community Leader unlocked) are her records, not counted here. Her likes
      // notifications are off: 10,000 likes would otherwise rewrite one batched row 10,000 times, which is
      // the notifications' cost (docs/notifications.md), not the change log's that this test measures.
      const off = await alice.client.put('/api/notifications/preferences', {
        channels: { likes: { inApp: false, push: false, email: false } },
      });
      expect(off.status).toBe(200);
      const before = await logRows("entity <> 'notifications'");
      const started = performance.now();
      // Through the services the REST routes call, each write its own (nested) transaction, as in a push of
      // 100 mutations. (Batched: 20,000 updates of one row in a single PostgreSQL transaction would leave a
      // chain of 20,000 row versions it cannot prune until commit, each update walking it.)
      for (let start = 0; start < members.length; start += 100)
        await t.db.transaction(async (tx) => {
          for (const member of members.slice(start, start + 100)) {
            await postEngagement.views.record(tx, { id: post.id }, { memberId: member.id });
            await postEngagement.likes.set(tx, member, { id: post.id }, true);
          }
        });
      const ms = performance.now() - started;
      // One member changing their mind a hundred times is still one record: their like (left unliked).
      const [fickle] = members;
      if (!fickle) throw new Error('no members');
      for (let i = 0; i < 100; i += 1)
        await postEngagement.likes.set(t.db, fickle, { id: post.id }, i % 2 === 1);
      await postEngagement.likes.set(t.db, fickle, { id: post.id }, false);

      const forPost = await logRows("entity IN ('posts', 'post_counts') AND entity_id = ?", post.id);
      expect(forPost).toBe(2);
      expect(await logRows("entity = 'post_counts' AND entity_id = ?", post.id)).toBe(1);
      // Each like is its member's own record (S14, S26): one row per liker, however often they toggle it.
      expect(await logRows("entity = 'post_likes' AND uid = ?", post.uid)).toBe(members.length);
      expect(await logRows("entity = 'post_likes' AND entity_id = ? AND uid = ?", fickle.id, post.uid)).toBe(
        1,
      );
      const after = await logRows("entity <> 'notifications'");
      expect(after - before).toBe(members.length + 1);
      const rest = await anon.get(`/api/posts/${post.id}`);
      expect(rest.json).toMatchObject({ views: 10_000, likes: 10_000 - 1 });
      console.info(
        `S29 (${t.engine}): 20,101 views and likes of one post: ${forPost} log rows for the post, ${after - before} rows in all (one per liker); ${Math.round(ms)} ms`,
      );
    },
    SCALE_TIMEOUT_MS,
  );

  it('S29: the migration keeps one row per record (its newest), fills in owners, and triggers compact', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-migrate-'));
    const source = path.resolve(import.meta.dirname, '../../migrations');
    const partial = path.join(dir, 'migrations');
    fs.cpSync(source, partial, { recursive: true });
    const journalFile = path.join(partial, 'meta/_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const full = structuredClone(journal);
    journal.entries = journal.entries.filter((e) => e.tag <= '0003');
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    const sqlite = new Database(path.join(dir, 'old.sqlite'));
    try {
      const db = drizzle(sqlite, { schema: tables });
      migrate(db, { migrationsFolder: partial });
      sqlite.exec(`
        INSERT INTO users (id, username, email, password) VALUES (7, 'old', 'old@example.com', 'x');
        INSERT INTO finds (id, uid, title, image_url, user_id) VALUES (3, 'u-find', 'Old find', '/x.webp', 7);
        INSERT INTO change_log (entity, entity_id, uid, op) VALUES
          ('finds', 3, 'u-find', 'upsert'), ('users', 7, NULL, 'upsert'), ('finds', 3, 'u-find', 'upsert'),
          ('find_likes', 7, 'u-find', 'upsert'), ('find_likes', 7, 'u-find', 'delete'), ('finds', 3, 'u-find', 'upsert');
      `);
      fs.writeFileSync(journalFile, JSON.stringify(full));
      migrate(db, { migrationsFolder: partial });
      const rows = sqlite
        .prepare(
          "SELECT entity, op, owner_id, parent_uid FROM change_log WHERE entity <> 'categories' ORDER BY seq",
        )
        .all();
      expect(rows).toEqual([
        { entity: 'users', op: 'upsert', owner_id: 7, parent_uid: null },
        { entity: 'find_likes', op: 'delete', owner_id: 7, parent_uid: 'u-find' },
        { entity: 'finds', op: 'upsert', owner_id: 7, parent_uid: null },
      ]);
      const categories = () =>
        (
          sqlite.prepare("SELECT count(*) AS n FROM change_log WHERE entity = 'categories'").get() as {
            n: number;
          }
        ).n;
      const count = categories();
      sqlite.exec(
        'UPDATE categories SET count = count + 1 WHERE id = 1; UPDATE categories SET count = count + 1 WHERE id = 1',
      );
      expect(categories()).toBe(count);
    } finally {
      sqlite.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("S29: the category triggers keep one row per category, on the app's engine", async () => {
    const categoryRows = async () =>
      Number((await t.sql("SELECT count(*) AS n FROM change_log WHERE entity = 'categories'"))[0]?.n);
    const count = await categoryRows();
    await t.sql('UPDATE categories SET count = count + 1 WHERE id = 1');
    await t.sql('UPDATE categories SET count = count + 1 WHERE id = 1');
    expect(await categoryRows()).toBe(count);
    const [last] = await t.sql('SELECT entity, entity_id, op FROM change_log ORDER BY seq DESC LIMIT 1');
    expect(last).toEqual({ entity: 'categories', entity_id: 1, op: 'upsert' });
  });
});

describe('counters (S30)', () => {
  it('S30: likes, comments and views of a post move post_counts, never re-send the post; REST answers as before', async () => {
    const post = await createPost(alice.client);
    const first = await pullScopes(anon, { 'recent:posts': '' });
    const cursorSeq = Number(first.cursors['recent:posts']?.split('.')[1]);
    expect((await bob.client.post(`/api/posts/${post.id}/like`)).status).toBe(200);
    expect((await bob.client.post('/api/comments', { postId: post.id, content: 'Nice one' })).status).toBe(
      201,
    );
    expect((await bob.client.post(`/api/posts/${post.id}/view`)).json).toEqual({ views: 1, counted: true });
    expect(await logRows("entity = 'posts' AND seq > ?", cursorSeq)).toBe(0);
    const { changes } = await pullScopes(anon, first.cursors);
    expect(of(changes, 'posts')).toEqual([]);
    expect(of(changes, 'post_counts')).toEqual([
      expect.objectContaining({
        uid: post.uid,
        id: post.id,
        op: 'upsert',
        data: { uid: post.uid, id: post.id, likes: 1, comments: 1, views: 1 },
      }),
    ]);
    expect((await anon.get(`/api/posts/${post.id}`)).json).toMatchObject({ likes: 1, comments: 1, views: 1 });
    // The author holds their post whatever the window: its counts reach them in own (S26).
    const own = (await pullScopes(alice.client, { own: '' })).changes;
    expect(of(own, 'posts')).toHaveLength(1);
  });

  it('S30: a like and a comment on a find move find_counts; an answer carrying the find leaves its counts out', async () => {
    const [find] = await insertFinds(t, alice.user.id, 1);
    const first = await pullScopes(anon, { 'recent:finds': '' });
    await bob.client.post(`/api/finds/${find?.id}/like`);
    await bob.client.post(`/api/finds/${find?.id}/comments`, { content: 'Great find' });
    const { changes } = await pullScopes(anon, first.cursors);
    expect(changes.filter((c) => c.entity !== 'users')).toEqual([
      expect.objectContaining({
        entity: 'find_counts',
        data: { uid: find?.uid, id: find?.id, likes: 1, commentCount: 1 },
      }),
    ]);
    const fresh = (await pullScopes(alice.client, { own: '', 'recent:finds': '' })).changes;
    expect(of(fresh, 'find_counts')).toEqual([]);
    expect(of(fresh, 'finds')[0]?.data).toMatchObject({ likes: 1, commentCount: 1 });
  });
});

describe('indexes (S25)', () => {
  it('S25: every query of a pull of every scope reads an index; none scans the change log', async () => {
    const rows = await insertFinds(t, alice.user.id, 50);
    await insertFinds(t, bob.user.id, 50);
    const scopes = (['own', 'recent:finds', 'recent:posts', 'pinned', 'reference'] as const).map((scope) => ({
      scope,
      cursor: '',
    }));
    const pins = rows.slice(0, 3).map((r) => ({ entity: 'finds', uid: r.uid }));
    const viewer = { id: alice.user.id };
    const options = { windowSize: 5 };
    const plans = await queryPlans(t, async (store) => {
      const answer = await pullScopesDirect(
        store,
        viewer,
        { scopes, pins, limit: 20 },
        defaultSyncHandlers(),
        options,
      );
      // And once more from the cursors it answered: the incremental reads.
      const next = answer.scopes.map(({ scope, cursor }) => ({ scope, cursor }));
      await pullScopesDirect(
        store,
        viewer,
        { scopes: next, pins, limit: 20 },
        defaultSyncHandlers(),
        options,
      );
    });
    expect(plans.length).toBeGreaterThan(10);
    for (const { query, plan } of plans) {
      if (t.engine === 'postgres') {
        // Planned with sequential scans disabled: one left means no index can serve the query.
        expect(
          plan.filter((line) => /Seq Scan/.test(line)),
          query,
        ).toEqual([]);
        continue;
      }
      expect(
        plan.filter((line) => line.startsWith('SCAN change_log')),
        query,
      ).toEqual([]);
      // The one scan allowed: a window's floor, the Nth newest id — N rows read backwards on the primary key.
      const scans = plan.filter((line) => /^SCAN (?!.*VIRTUAL)/.test(line));
      if (scans.length)
        expect(query, scans.join('; ')).toMatch(/order by "\w+"\."id" desc limit \? offset \?$/);
    }
  });
});
