/**
 * `npm run db:copy` (scripts/db-copy.ts; README.md "Scaling out"): a SQLite community built through the real
 * app is copied into a scratch PostgreSQL database, and the app started on the copy serves the same community
 * — same rows and ids, the old passwords and sessions, the same scoped pull in the same order, sequences
 * above everything copied (sync-server/src/sync/PROTOCOL.md S11, S29). Needs PostgreSQL (test/pg.ts).
 * Always SQLite → PostgreSQL, whatever DB_ENGINE the suite runs with.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { ScopeName } from '@schema/contracts/sync';
import { photoInstructions } from '../../../scripts/db-copy';
import { copyOrder, copySqliteToPostgres } from '../../../scripts/db-copy-postgres';
import { createPost } from '../features/forum/test-fixtures';
import { createTestApp, type TestApp } from '../test/harness';
import { createScratchDatabase, type ScratchDatabase } from '../test/pg';
import {
  createFind,
  findPayload,
  jpegBytes,
  mutation,
  newUid,
  pullScopes,
  push,
  putBlob,
  sha256Of,
  type ScopeCursors,
} from '../sync/test-fixtures';

const MEMBER_SCOPES: ScopeName[] = ['own', 'reference', 'recent:finds', 'recent:posts'];
const VISITOR_SCOPES: ScopeName[] = ['reference', 'recent:finds', 'recent:posts'];
const fromStart = (scopes: ScopeName[]): ScopeCursors => Object.fromEntries(scopes.map((s) => [s, '']));

type Rows = Record<string, Record<string, unknown>[]>;

/** Booleans as SQLite stores them (0, 1): the one representation the engines do not share. */
const comparable = (rows: Record<string, unknown>[]) =>
  rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'boolean' ? Number(v) : v])),
  );

function sqliteRows(file: string): Rows {
  const sqlite = new Database(file, { readonly: true });
  try {
    return Object.fromEntries(
      copyOrder().map((plan) => [
        plan.name,
        sqlite.prepare(`SELECT * FROM "${plan.name}" ORDER BY ${plan.orderBy}`).all() as Record<
          string,
          unknown
        >[],
      ]),
    );
  } finally {
    sqlite.close();
  }
}

async function postgresRows(url: string): Promise<Rows> {
  // int8 (the change log's seq) as a number, as the app reads it (lib/db.ts).
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === pg.types.builtins.INT8
        ? Number
        : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  const client = new pg.Client({ connectionString: url, types });
  await client.connect();
  try {
    const rows: Rows = {};
    for (const plan of copyOrder()) {
      // rowid is SQLite's; a table without a primary key (post_views) is compared as a sorted set.
      const order =
        plan.orderBy === 'rowid' ? plan.columns.map((c) => `"${c.name}"`).join(', ') : plan.orderBy;
      rows[plan.name] = (await client.query(`SELECT * FROM "${plan.name}" ORDER BY ${order}`)).rows;
    }
    return rows;
  } finally {
    await client.end();
  }
}

const sortedRows = (rows: Record<string, unknown>[]) =>
  [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

/** A community of a few dozen rows copied and checked table by table, on a machine shared with others. */
const COPY_TIMEOUT_MS = 120_000;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-db-copy-'));
// Made by the test rather than a beforeAll hook: a failed hook would report the test as skipped, never
// as failed (PostgreSQL is required, test/pg.ts).
let scratch: ScratchDatabase | undefined;
let target: TestApp | undefined;

afterAll(async () => {
  await target?.close();
  await scratch?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
}, COPY_TIMEOUT_MS);

describe('db:copy (SQLite → PostgreSQL)', () => {
  it(
    'moves a community: rows, ids, passwords, sessions, pulls and photos carry over; new ids and seqs come after',
    async () => {
      scratch = await createScratchDatabase('dbcopy');
      // A community on SQLite, written through the app.
      const file = path.join(dir, 'digquest.sqlite');
      const source = await createTestApp({}, { database: { engine: 'sqlite', file } });
      const alice = await source.member('alice', 'alice-password');
      const bob = await source.member('bob', 'bob-password');
      const carol = await source.member('carol', 'carol-password');
      const denarius = await createFind(alice.client, { title: 'Roman denarius' }, 1);
      const penny = await createFind(
        bob.client,
        { title: 'Hammered penny', latitude: '52.6', longitude: '1.2' },
        2,
      );
      const news = await createPost(alice.client);
      const question = await createPost(bob.client, { title: 'Which coil for stubble?', categoryId: 2 });
      expect(
        (await bob.client.post(`/api/finds/${denarius.id}/comments`, { content: 'Lovely find' })).status,
      ).toBe(201);
      expect((await bob.client.post(`/api/finds/${denarius.id}/like`)).status).toBe(200);
      expect(
        (await alice.client.post('/api/comments', { postId: question.id, content: 'The 11 inch' })).status,
      ).toBe(201);
      expect((await alice.client.post(`/api/posts/${question.id}/like`)).status).toBe(200);
      expect((await carol.client.post(`/api/posts/${news.id}/view`)).status).toBe(200);
      // Sync: a photo uploaded for a queued find, then a push (sync_mutations, blob_uploads).
      const photo = await jpegBytes(7);
      expect((await putBlob(source, alice.client, photo)).status).toBe(201);
      const pushed = await push(alice.client, [
        mutation('finds', 'create', newUid(), findPayload(sha256Of(photo))),
        mutation('find_comments', 'create', newUid(), { findUid: penny.uid, content: 'Near the church?' }),
        mutation('post_likes', 'create', news.uid),
      ]);
      expect(pushed.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
      // Edits log a record again (S29: its older row goes), and the newest member leaves: SQLite's
      // AUTOINCREMENT will never give carol's id to anyone else.
      for (const title of ['Roman denarius of Hadrian', 'Denarius of Hadrian'])
        expect((await alice.client.patch(`/api/finds/${denarius.id}`, { title })).status).toBe(200);
      expect(
        (await carol.client.del(`/api/users/${carol.user.id}`, { currentPassword: 'carol-password' })).status,
      ).toBe(200);

      const pulledOnSqlite = await pullScopes(alice.client, fromStart(MEMBER_SCOPES));
      const visitorOnSqlite = await pullScopes(source.client(), fromStart(VISITOR_SCOPES));
      expect(pulledOnSqlite.changes.length).toBeGreaterThan(10);
      const aliceCookie = alice.client.cookie;
      const uploads = path.join(dir, 'uploads');
      fs.cpSync(path.join(source.dataDir, 'uploads'), uploads, { recursive: true });
      await source.close();
      const before = sqliteRows(file);
      const copiedSeqs = before.change_log?.map((row) => Number(row.seq)) ?? [];
      expect(copiedSeqs.length).toBeGreaterThan(0);
      // Compaction left gaps: the log's seqs are not 1..n, and they must stay exactly as they are.
      expect(Math.max(...copiedSeqs)).toBeGreaterThan(copiedSeqs.length);

      // A value PostgreSQL refuses (SQLite keeps a NUL in text) fails the whole copy and leaves nothing behind.
      const broken = path.join(dir, 'broken.sqlite');
      fs.copyFileSync(file, broken);
      const edit = new Database(broken);
      edit.prepare('UPDATE finds SET title = ? WHERE id = ?').run('Nul\u0000byte', penny.id);
      edit.close();
      await expect(copySqliteToPostgres({ from: broken, to: scratch.url })).rejects.toThrow(/^finds: /);

      const summary = await copySqliteToPostgres({ from: file, to: scratch.url });
      expect(summary.tables.map((t) => t.table).sort()).toEqual(Object.keys(before).sort());
      for (const table of summary.tables) expect(table.target, table.table).toBe(before[table.table]?.length);

      // Same rows, same ids, same seqs.
      const after = await postgresRows(scratch.url);
      for (const [table, rows] of Object.entries(before)) {
        const copied = comparable(after[table] ?? []);
        if (copyOrder().find((p) => p.name === table)?.orderBy === 'rowid')
          expect(sortedRows(copied), table).toEqual(sortedRows(rows));
        else expect(copied, table).toEqual(rows);
      }

      // A second copy into it is refused: the database is no longer empty.
      await expect(copySqliteToPostgres({ from: file, to: scratch.url })).rejects.toThrow(/not empty/);

      // The app on PostgreSQL, on the copy, with the photos copied beside it.
      target = await createTestApp({}, { database: { engine: 'postgres', url: scratch.url, poolSize: 4 } });
      expect(target.engine).toBe('postgres');
      fs.cpSync(uploads, path.join(target.dataDir, 'uploads'), { recursive: true });

      // Alice's device, still signed in (the session was copied), pulls exactly what it pulled from SQLite.
      const aliceDevice = target.client();
      aliceDevice.cookie = aliceCookie;
      const pulledOnPostgres = await pullScopes(aliceDevice, fromStart(MEMBER_SCOPES));
      expect(pulledOnPostgres.changes).toEqual(pulledOnSqlite.changes);
      expect(pulledOnPostgres.cursors).toEqual(pulledOnSqlite.cursors);
      expect((await pullScopes(target.client(), fromStart(VISITOR_SCOPES))).changes).toEqual(
        visitorOnSqlite.changes,
      );

      // The old password signs in; photos are served.
      const signIn = await target
        .client()
        .post('/api/users/login', { username: 'bob', password: 'bob-password' });
      expect([signIn.status, signIn.json?.id]).toEqual([200, bob.user.id]);
      const image = await target.app.request(denarius.imageUrl);
      expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/webp']);

      // New rows get fresh ids: above the copied ones and above carol's, deleted before the copy.
      const dave = await target.member('dave');
      expect(dave.user.id).toBe(carol.user.id + 1);
      const daveFind = await createFind(dave.client, { title: 'Bronze Age palstave' }, 9);
      expect(daveFind.id).toBe(Math.max(...(before.finds ?? []).map((row) => Number(row.id))) + 1);

      // New writes log above every copied seq, so the cursors devices took from SQLite carry on.
      const newSeqs = (
        await target.sql('SELECT seq FROM change_log WHERE seq > ?', Math.max(...copiedSeqs))
      ).map((row) => Number(row.seq));
      expect(newSeqs.length).toBeGreaterThan(0);
      const carriedOn = await pullScopes(aliceDevice, pulledOnSqlite.cursors);
      expect(carriedOn.changes.map((c) => c.uid)).toContain(daveFind.uid);
      for (const change of carriedOn.changes) expect(change.seq).toBeGreaterThan(Math.max(...copiedSeqs));
    },
    COPY_TIMEOUT_MS,
  );

  it('prints how to copy the photos, with the bucket when S3 is configured', () => {
    const file = path.join(dir, 'digquest.sqlite');
    const lines = photoInstructions(file, {
      S3_BUCKET: 'finds-photos',
      S3_ENDPOINT: 'https://minio.example:9000',
    });
    expect(lines.join('\n')).toContain(`aws s3 sync ${path.join(dir, 'uploads')} s3://finds-photos/`);
    expect(lines.join('\n')).toContain('--endpoint-url https://minio.example:9000');
    expect(lines.join('\n')).toContain('mc mirror');
  });
});
