/**
 * The PostgreSQL schema against the SQLite one (docs/architecture.md): the generated mirror and its
 * migrations are current, and a fresh database migrated with sync-server/migrations/pg holds every table,
 * column, index and trigger a migrated SQLite database holds, with the search indexes in place of FTS5.
 * Needs PostgreSQL (test/pg.ts): unreachable, it fails saying so.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { getTableColumns, is } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sqliteTables from '@schema/db/tables';
import * as pgTables from '@schema/db/pg/tables';
import { PG_MIGRATIONS_DIR, PG_SCHEMA_FILE, renderPgSchema } from '../../../scripts/make-pg-schema';
import { createScratchDatabase, uniqueName, type ScratchDatabase } from '../test/pg';
import { migratePg, openPgPool } from './pg-migrate';

const tables = Object.values(sqliteTables).filter((value: unknown): value is SQLiteTable =>
  is(value, SQLiteTable),
);
/** SQLite FTS5 tables and their triggers: PostgreSQL searches through expression indexes instead. */
const isFts = (name: string) => /^(posts|finds|events)_fts/.test(name);
/** Time for closing the pool and dropping the scratch database (see the afterAll hook). */
const DROP_TIMEOUT_MS = 60_000;
const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('the PostgreSQL mirror (schema/db/pg/tables.ts)', () => {
  it('is generated from the current SQLite tables', async () => {
    const committed = fs.readFileSync(PG_SCHEMA_FILE, 'utf8');
    expect(committed, 'schema/db/pg/tables.ts is stale: run npm run db:generate').toBe(
      await renderPgSchema(),
    );
  });

  it('has its PostgreSQL migrations generated (the last snapshot matches the mirror)', async () => {
    const meta = path.join(PG_MIGRATIONS_DIR, 'meta');
    const journal = JSON.parse(fs.readFileSync(path.join(meta, '_journal.json'), 'utf8')) as {
      entries: { idx: number }[];
    };
    const last = journal.entries.at(-1)?.idx ?? 0;
    const snapshotFile = path.join(meta, `${String(last).padStart(4, '0')}_snapshot.json`);
    const snapshot = JSON.parse(fs.readFileSync(snapshotFile, 'utf8')) as Parameters<
      typeof generateMigration
    >[0];
    const pending = await generateMigration(snapshot, generateDrizzleJson(pgTables, snapshot.id));
    expect(pending, 'sync-server/migrations/pg is behind the mirror: run npm run db:generate').toEqual([]);
  });

  it('names no schema in its migrations, so they apply into any one', () => {
    for (const file of fs.readdirSync(PG_MIGRATIONS_DIR).filter((name) => name.endsWith('.sql'))) {
      const text = fs.readFileSync(path.join(PG_MIGRATIONS_DIR, file), 'utf8');
      expect(text, `${file}: run npm run db:generate (its last step unqualifies "public".)`).not.toContain(
        '"public".',
      );
    }
  });
});

describe('PostgreSQL migrations on a fresh database', () => {
  let database: ScratchDatabase | undefined;
  let pool: pg.Pool | undefined;
  // Kept and thrown by every test rather than by the hook: vitest reports the tests after a failed
  // beforeAll as skipped, and none of these may ever pass as skipped (PostgreSQL is required).
  let setupError: unknown;
  const schema = uniqueName('app', 'schema');
  const db = () => {
    if (setupError !== undefined || !pool) throw setupError ?? new Error('no PostgreSQL pool');
    return pool;
  };

  beforeAll(async () => {
    try {
      database = await createScratchDatabase('pg_schema');
      pool = await openPgPool(database.url, { schema, max: 3 });
    } catch (error) {
      setupError = error;
    }
  });

  // Dropping a database makes PostgreSQL 15 take an immediate checkpoint, which writes out every dirty
  // page of the whole server: while the rest of the suite is writing its own schemas that took over 10 s
  // once in CI (the default hook timeout), on an idle machine it takes milliseconds.
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  }, DROP_TIMEOUT_MS);

  const rows = async <T extends object>(text: string, values: unknown[] = []) =>
    (await db().query<T>(text, values)).rows;

  it('has every SQLite table and column, with a compatible type, nullability and default', async () => {
    const columns = await rows<{
      table_name: string;
      column_name: string;
      data_type: string;
      is_nullable: 'YES' | 'NO';
      column_default: string | null;
      is_identity: 'YES' | 'NO';
    }>('SELECT * FROM information_schema.columns WHERE table_schema = $1', [schema]);
    const found = new Map(columns.map((c) => [`${c.table_name}.${c.column_name}`, c]));
    const types: Record<string, string[]> = {
      integer: ['integer', 'bigint'],
      text: ['text'],
      real: ['double precision'],
      blob: ['bytea'],
    };
    for (const table of tables) {
      const tableName = getTableConfig(table).name;
      for (const column of Object.values(getTableColumns(table))) {
        const where = `${tableName}.${column.name}`;
        const pgColumn = found.get(where);
        expect(pgColumn, `${where} is missing on PostgreSQL`).toBeDefined();
        if (!pgColumn) continue;
        const expected = column.columnType === 'SQLiteBoolean' ? ['boolean'] : types[column.getSQLType()];
        expect(expected, `${where}: type`).toContain(pgColumn.data_type);
        expect(pgColumn.is_nullable === 'NO', `${where}: NOT NULL`).toBe(column.notNull);
        const pgDefault = pgColumn.column_default;
        expect(pgDefault !== null || pgColumn.is_identity === 'YES', `${where}: default`).toBe(
          column.hasDefault,
        );
        if (column.primary && column.getSQLType() === 'integer')
          expect(pgColumn.is_identity, `${where}: numbered`).toBe('YES');
        if (typeof column.default === 'string') expect(pgDefault).toBe(`'${column.default}'::text`);
        else if (typeof column.default === 'number' || typeof column.default === 'boolean')
          expect(pgDefault).toBe(String(column.default));
        else if (column.default !== undefined) expect(pgDefault).toContain(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`);
      }
    }
  });

  it('has every table, index and trigger of a migrated SQLite database (FTS5 → search indexes)', async () => {
    const sqlite = new Database(':memory:');
    migrate(drizzle(sqlite), { migrationsFolder: path.resolve(PG_MIGRATIONS_DIR, '..') });
    const master = sqlite
      .prepare(`SELECT type, name, tbl_name AS tableName FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'`)
      .all() as { type: string; name: string; tableName: string }[];
    const uniqueIndexes = new Set(
      master
        .filter((m) => m.type === 'table')
        .flatMap((m) => sqlite.pragma(`index_list(${m.name})`) as { name: string; unique: number }[])
        .filter((index) => index.unique === 1)
        .map((index) => index.name),
    );
    sqlite.close();

    const pgTableNames = (
      await rows<{ tablename: string }>('SELECT tablename FROM pg_tables WHERE schemaname = $1', [schema])
    ).map((t) => t.tablename);
    const sqliteTableNames = master.filter((m) => m.type === 'table' && !isFts(m.name)).map((m) => m.name);
    expect(pgTableNames.sort()).toEqual(sqliteTableNames.sort());
    expect(sqliteTableNames.filter((name) => name !== '__drizzle_migrations').sort()).toEqual(
      tables.map((t) => getTableConfig(t).name).sort(),
    );

    const pgIndexes = await rows<{ name: string; table: string; unique: boolean }>(
      `SELECT c.relname AS name, t.relname AS table, i.indisunique AS unique FROM pg_index i
       JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace WHERE n.nspname = $1`,
      [schema],
    );
    for (const index of master.filter((m) => m.type === 'index' && !isFts(m.tableName))) {
      expect(pgIndexes, `index ${index.name}`).toContainEqual({
        name: index.name,
        table: index.tableName,
        unique: uniqueIndexes.has(index.name),
      });
    }
    expect(pgIndexes).toContainEqual({ name: 'posts_search', table: 'posts', unique: false });
    expect(pgIndexes).toContainEqual({ name: 'finds_search', table: 'finds', unique: false });
    expect(pgIndexes).toContainEqual({ name: 'events_title_search', table: 'events', unique: false });
    expect(pgIndexes).toContainEqual({ name: 'events_location_search', table: 'events', unique: false });

    const pgTriggers = await rows<{ name: string; table: string }>(
      `SELECT DISTINCT trigger_name AS name, event_object_table AS table FROM information_schema.triggers
       WHERE trigger_schema = $1`,
      [schema],
    );
    const sqliteTriggers = master.filter((m) => m.type === 'trigger' && !isFts(m.name));
    expect(sqliteTriggers.length).toBeGreaterThan(0);
    for (const trigger of sqliteTriggers)
      expect(pgTriggers, `trigger ${trigger.name}`).toContainEqual({
        name: trigger.name,
        table: trigger.tableName,
      });
  });

  it('applies again as a no-op, and into other schemas of the same database at the same time', async () => {
    const journal = fs.readdirSync(PG_MIGRATIONS_DIR).filter((name) => name.endsWith('.sql')).length;
    await migratePg(db(), { schema });
    const others = [uniqueName('app', 'other'), uniqueName('app', 'another')];
    const pools = await Promise.all(
      others.map((other) => openPgPool(database?.url ?? '', { schema: other })),
    );
    await Promise.all(pools.map((other) => other.end()));
    for (const name of [schema, ...others]) {
      const [row] = await rows<{ n: number }>(`SELECT count(*)::int AS n FROM ${name}.__drizzle_migrations`);
      expect(row?.n, name).toBe(journal);
    }
  });

  it('logs categories by trigger, one compacted row per category (PROTOCOL.md S21, S29)', async () => {
    const log = () =>
      rows<{ seq: string; entity_id: number; op: string }>(
        `SELECT seq, entity_id, op FROM change_log WHERE entity = 'categories' ORDER BY seq`,
      );
    const [category] = await rows<{ id: number }>(
      `INSERT INTO categories (name, slug) VALUES ('Coins', 'coins-trigger') RETURNING id`,
    );
    const id = category?.id;
    const [inserted] = await log();
    expect(inserted).toMatchObject({ entity_id: id, op: 'upsert' });
    await db().query(`UPDATE categories SET name = 'Coins' WHERE id = $1`, [id]);
    expect(await log(), 'an update that changes nothing is not logged').toEqual([inserted]);
    await db().query(`UPDATE categories SET count = count + 1 WHERE id = $1`, [id]);
    const [updated, ...more] = await log();
    expect(more).toEqual([]);
    expect(Number(updated?.seq)).toBeGreaterThan(Number(inserted?.seq));
    await db().query(`DELETE FROM categories WHERE id = $1`, [id]);
    expect(await log()).toMatchObject([{ entity_id: id, op: 'delete' }]);
  });

  it('serialises change-log appends with lock_change_log_appends() until commit, per schema', async () => {
    // The key (0024_change_log_lock_per_schema.sql): 'DQ' 0x4451 and 1, and this schema's change_log.
    const key = `1146159105, 'change_log'::regclass::oid::integer`;
    const holder = await db().connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT lock_change_log_appends()');
      const [busy] = await rows<{ got: boolean }>(`SELECT pg_try_advisory_xact_lock(${key}) AS got`);
      expect(busy?.got).toBe(false);
      // Another schema of the same database has a log, and a lock, of its own.
      if (!database) throw new Error('no scratch database');
      const other = await openPgPool(database.url, { schema: uniqueName('app', 'other'), max: 1 });
      try {
        const {
          rows: [elsewhere],
        } = await other.query<{ got: boolean }>(`SELECT pg_try_advisory_xact_lock(${key}) AS got`);
        expect(elsewhere?.got).toBe(true);
      } finally {
        await other.end();
      }
      await holder.query('COMMIT');
      const [free] = await rows<{ got: boolean }>(`SELECT pg_try_advisory_xact_lock(${key}) AS got`);
      expect(free?.got).toBe(true);
    } finally {
      holder.release();
    }
  });

  it('writes ISO-8601 UTC timestamps by default and refuses a username differing only in case', async () => {
    const [event] = await rows<{ received_at: string }>(
      `INSERT INTO stripe_events (event_id, type) VALUES ('evt_1', 'test') RETURNING received_at`,
    );
    expect(event?.received_at).toMatch(ISO_UTC);
    expect(Math.abs(Date.parse(event?.received_at ?? '') - Date.now())).toBeLessThan(60_000);
    await db().query(`INSERT INTO users (username, password, email) VALUES ('Ærwyn', 'x', 'a@example.com')`);
    await expect(
      db().query(`INSERT INTO users (username, password, email) VALUES ('æRWYN', 'x', 'b@example.com')`),
    ).rejects.toMatchObject({ code: '23505', constraint: 'users_username_nocase' });
  });

  /** The plan of `query`, with sequential scans priced out so even a tiny table shows the index it can use. */
  async function plan(query: string, values: unknown[]): Promise<string> {
    const client = await db().connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      const result = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${query}`, values);
      await client.query('ROLLBACK');
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      client.release();
    }
  }

  it('searches posts by words, ignoring case and accents, the last term a prefix, through posts_search', async () => {
    const [user] = await rows<{ id: number }>(
      `INSERT INTO users (username, password, email) VALUES ('poster', 'x', 'p@example.com') RETURNING id`,
    );
    const [category] = await rows<{ id: number }>(
      `INSERT INTO categories (name, slug) VALUES ('Finds', 'finds-search') RETURNING id`,
    );
    const titles = ['Roman denarius near the café', 'Hammered silver', "O'Brien's field"];
    for (const [i, title] of titles.entries())
      await db().query(
        `INSERT INTO posts (uid, title, content, user_id, category_id) VALUES ($1, $2, 'A day out', $3, $4)`,
        [`post-${i}`, title, user?.id, category?.id],
      );
    const search = `SELECT title FROM posts WHERE posts_search_vector(posts.title, posts.content)
      @@ posts_search_query($1::text[], $2) ORDER BY id DESC`;
    const titlesOf = async (terms: string[], prefixLast: boolean) =>
      (await rows<{ title: string }>(search, [terms, prefixLast])).map((row) => row.title);
    expect(await titlesOf(['CAFE', 'roman'], false)).toEqual([titles[0]]);
    expect(await titlesOf(['ham'], true)).toEqual([titles[1]]);
    expect(await titlesOf(['ham'], false)).toEqual([]);
    expect(await titlesOf(["o'brien"], false)).toEqual([titles[2]]);
    expect(await titlesOf(['day', 'ou'], true)).toHaveLength(3);
    // tsquery syntax in a term is just text: no error, and nothing matches it.
    expect(await titlesOf(["'", 'a&b|!(c):*', '\\', '<->'], true)).toEqual([]);
    expect(await plan(search, [['cafe'], true])).toContain('posts_search');
  });

  it('searches finds by substrings, ignoring case and accents, through finds_search', async () => {
    const [user] = await rows<{ id: number }>(
      `INSERT INTO users (username, password, email) VALUES ('finder', 'x', 'f@example.com') RETURNING id`,
    );
    const finds = [
      ['Roman coin', null, 'Kent'],
      ['Buckle', 'Found by the Café', null],
      ['Token', '50% worn', 'Field_7'],
      ['Button', '500 years old', 'Field 7'],
    ];
    for (const [i, [title, description, location]] of finds.entries())
      await db().query(
        `INSERT INTO finds (uid, title, description, location, user_id, image_url) VALUES ($1, $2, $3, $4, $5, '/x.webp')`,
        [`find-${i}`, title, description, location, user?.id],
      );
    const search = `SELECT title FROM finds WHERE finds_search_text(finds.title, finds.description, finds.location)
      LIKE finds_search_pattern($1) ORDER BY id DESC`;
    const titlesOf = async (term: string) =>
      (await rows<{ title: string }>(search, [term])).map((r) => r.title);
    expect(await titlesOf('OMAN')).toEqual(['Roman coin']);
    expect(await titlesOf('cafe')).toEqual(['Buckle']);
    expect(await titlesOf('kent')).toEqual(['Roman coin']);
    expect(await titlesOf('50%'), 'wildcards are literal').toEqual(['Token']);
    expect(await titlesOf('d_7')).toEqual(['Token']);
    expect(await plan(search, ['oman'])).toContain('finds_search');
  });
});
