/**
 * `npm run db:backup` and `npm run db:restore` (scripts/db-backup.ts, scripts/db-restore.ts; README.md
 * "Backup and restore"), on the engine under test: a backup taken while a member's device keeps pushing is
 * restored into a fresh target and compared, every table row for row, with the source as the backup's
 * snapshot saw it (read in that same snapshot: the same read transaction on SQLite, the exported snapshot
 * pg_dump dumps on PostgreSQL); photos come back byte-identical, the restored server serves the community,
 * and a device that synced before the backup carries on without duplicates (sync-server/src/sync/PROTOCOL.md
 * S3, S4). Restore refuses a target that is not empty and a backup of another schema version.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ScopeName } from '@schema/contracts/sync';
import { backup, type BackupResult } from '../../../scripts/db-backup';
import { inPgSnapshot, inSqliteSnapshot, photoNames, type Read } from '../../../scripts/db-backup-common';
import { restore } from '../../../scripts/db-restore';
import { createTestApp, TEST_ENGINE, type TestApp } from '../test/harness';
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
  type TestClient,
} from '../sync/test-fixtures';
import type { DatabaseConfig } from './db';

type Rows = Record<string, Record<string, unknown>[]>;

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
const SCOPES: ScopeName[] = ['own', 'reference', 'recent:finds', 'recent:posts'];
const TIMEOUT_MS = 60_000;

const dirs: string[] = [];
const scratches: ScratchDatabase[] = [];
const apps: TestApp[] = [];
const tempDir = (label: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `digquest-${label}-`));
  dirs.push(dir);
  return dir;
};

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const scratch of scratches) await scratch.drop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
}, TIMEOUT_MS);

/** Every table the database holds (the search indexes' and the migration journal's too), rows sorted. */
async function everyTable(read: Read, engine: DatabaseConfig['engine']): Promise<Rows> {
  const names = await read(
    engine === 'sqlite'
      ? "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
      : 'SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename',
  );
  const rows: Rows = {};
  for (const { name } of names) {
    const table = String(name);
    const all = await read(`SELECT * FROM "${table}"`);
    rows[table] = all
      .map((row) => [JSON.stringify(row), row] as const)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([, row]) => row);
  }
  return rows;
}

/** A target nobody used: a new data directory and, on PostgreSQL, a new database (the dump's schema name). */
async function freshTarget(
  source: TestApp,
  label: string,
): Promise<{ dataDir: string; database: DatabaseConfig }> {
  const dataDir = tempDir(label);
  if (source.database.engine === 'sqlite')
    return { dataDir, database: { engine: 'sqlite', file: path.join(dataDir, 'digquest.sqlite') } };
  const scratch = await createScratchDatabase(label);
  scratches.push(scratch);
  return { dataDir, database: { ...source.database, url: scratch.url } };
}

/** The target's every table, read the way the backup's snapshot was. */
function targetRows(database: DatabaseConfig): Promise<Rows> {
  return database.engine === 'sqlite'
    ? inSqliteSnapshot(database.file, (read) => everyTable(read, 'sqlite'))
    : inPgSnapshot(database, (read) => everyTable(read, 'postgres'));
}

interface Community {
  source: TestApp;
  device: TestClient;
  /** The device's pull cursors from its last sync before the backup, and from one after it. */
  cursors: ScopeCursors;
  cursorsAfter: ScopeCursors;
  photos: Uint8Array[];
  before: ReturnType<typeof mutation>;
  after: ReturnType<typeof mutation>;
  taken: BackupResult;
  snapshot: Rows;
  /** Finds the source held at the snapshot, and once the writes stopped. */
  finds: { atSnapshot: number; atEnd: number };
}

/** The source community and its backup, made once for the tests of this file. */
let made: Promise<Community> | undefined;
const community = () => (made ??= makeCommunity());

async function makeCommunity(): Promise<Community> {
  const source = await createTestApp();
  apps.push(source);
  const alice = await source.member('alice');
  const device = alice.client;
  const bob = await source.member('bob');
  await createFind(bob.client, { title: 'Hammered penny' }, 2);
  await createFind(alice.client, { title: 'Roman denarius' }, 3);

  // The device synced before the backup: a find pushed with its photo, then a pull.
  const photos = [await jpegBytes(11), await jpegBytes(12)];
  const [photoBefore, photoAfter] = photos.map(sha256Of);
  expect((await putBlob(source, device, photos[0] ?? new Uint8Array())).status).toBe(201);
  const before = mutation('finds', 'create', newUid(), findPayload(photoBefore ?? '', { title: 'Before' }));
  expect((await push(device, [before])).results[0]?.status).toBe('applied');
  const { cursors } = await pullScopes(device, Object.fromEntries(SCOPES.map((s) => [s, ''])));

  // Another device keeps writing, one push at a time, until the backup is over.
  let writing = true;
  let written = 0;
  let failed: unknown;
  const writer = (async () => {
    while (writing && failed === undefined) {
      const find = mutation(
        'finds',
        'create',
        newUid(),
        findPayload(photoBefore ?? '', { title: `Live ${written}` }),
      );
      const comment = mutation('find_comments', 'create', newUid(), {
        findUid: find.uid,
        content: 'A lovely find',
      });
      const answer = await push(bob.client, [find, comment]);
      if (answer.results.some((r) => r.status !== 'applied')) failed = JSON.stringify(answer.results);
      else written += 1;
      // On SQLite a push never waits for I/O: yield, or the loop would starve timers and the backup's steps.
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  const waitForWrites = async (n: number) => {
    const target = written + n;
    while (written < target && failed === undefined) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(failed).toBeUndefined();
  };
  await waitForWrites(2);

  let snapshot: Rows = {};
  const taken = await backup({
    database: source.database,
    dataDir: source.dataDir,
    to: tempDir('backups'),
    atSnapshot: async (read) => {
      snapshot = await everyTable(read, source.database.engine);
      // Writes go on meanwhile, and the snapshot does not see them.
      await waitForWrites(3);
      expect(await everyTable(read, source.database.engine)).toEqual(snapshot);
    },
  });
  writing = false;
  await writer;
  expect(failed).toBeUndefined();

  // A write of the device after the backup: the restore loses it, the device pushes it again.
  expect((await putBlob(source, device, photos[1] ?? new Uint8Array())).status).toBe(201);
  const after = mutation('finds', 'create', newUid(), findPayload(photoAfter ?? '', { title: 'After' }));
  expect((await push(device, [after])).results[0]?.status).toBe('applied');
  const cursorsAfter = (await pullScopes(device, cursors)).cursors;
  const [end] = await source.sql('SELECT count(*) AS n FROM finds');
  const finds = { atSnapshot: snapshot.finds?.length ?? 0, atEnd: Number(end?.n) };
  return { source, device, cursors, cursorsAfter, photos, before, after, taken, snapshot, finds };
}

describe(`db:backup and db:restore (${TEST_ENGINE})`, () => {
  it(
    'a backup taken during writes restores every table row for row, photos byte-identical, and the device carries on without duplicates',
    async () => {
      const { source, device, cursors, cursorsAfter, before, after, taken, snapshot, finds } =
        await community();
      expect(finds.atEnd).toBeGreaterThan(finds.atSnapshot + 3);
      expect(taken.manifest).toMatchObject({ engine: source.database.engine, format: 'digquest-backup' });
      expect(taken.manifest.counts.finds).toBe(finds.atSnapshot);
      expect(taken.manifest.schemaVersion).toMatch(/^\d{4}_/);

      const target = await freshTarget(source, 'restored');
      await restore({ backup: taken.dir, database: target.database, dataDir: target.dataDir });
      expect(await targetRows(target.database)).toEqual(snapshot);

      // Photos: the same files, the same bytes.
      const sourceUploads = path.join(source.dataDir, 'uploads');
      const restoredUploads = path.join(target.dataDir, 'uploads');
      const names = photoNames(path.join(taken.dir, 'uploads'));
      expect(names.length).toBeGreaterThanOrEqual(6);
      expect(photoNames(restoredUploads)).toEqual(names);
      for (const name of names)
        expect(
          fs
            .readFileSync(path.join(restoredUploads, name))
            .equals(fs.readFileSync(path.join(sourceUploads, name))),
          name,
        ).toBe(true);

      // The server on the restored community: the device is still signed in and its photos are served.
      const restored = await createTestApp({ DATA_DIR: target.dataDir }, { database: target.database });
      apps.push(restored);
      const resumed = restored.client();
      resumed.cookie = device.cookie;
      const [beforeRow] = await restored.sql('SELECT id, image_url FROM finds WHERE uid = ?', before.uid);
      const image = await restored.app.request(String(beforeRow?.image_url), {
        headers: { cookie: device.cookie },
      });
      expect(image.status).toBe(200);
      const served = Buffer.from(await image.arrayBuffer());
      expect(
        served.equals(fs.readFileSync(path.join(sourceUploads, path.basename(String(beforeRow?.image_url))))),
      ).toBe(true);

      // The device pushes again: its pre-backup write (retried, and re-created under a new mutation id) is a
      // duplicate, its write made after the backup is applied once (its photo first, S10).
      expect(
        (await putBlob(restored, resumed, (await community()).photos[1] ?? new Uint8Array())).status,
      ).toBe(201);
      const again = await push(resumed, [before, { ...before, mutationId: newUid() }, after]);
      expect(again.results.map((r) => r.status)).toEqual(['duplicate', 'duplicate', 'applied']);
      expect((await push(resumed, [after])).results[0]?.status).toBe('duplicate');
      for (const uid of [before.uid, after.uid])
        expect(await restored.sql('SELECT count(*) AS n FROM finds WHERE uid = ?', uid)).toEqual([{ n: 1 }]);

      // Its pull carries on from the cursors it had before the backup, and from those of a pull after the
      // backup, past the restored log's last seq: the restored server numbers its changes after them.
      expect((await pullScopes(resumed, cursors)).changes.map((c) => c.uid)).toContain(after.uid);
      expect((await pullScopes(resumed, cursorsAfter)).changes.map((c) => c.uid)).toContain(after.uid);
    },
    TIMEOUT_MS,
  );

  it(
    'restore refuses a target that is not empty, and leaves it as it was',
    async () => {
      const { source, taken } = await community();
      const target = await freshTarget(source, 'twice');
      await restore({ backup: taken.dir, database: target.database, dataDir: target.dataDir });
      const restoredRows = await targetRows(target.database);
      await expect(
        restore({ backup: taken.dir, database: target.database, dataDir: target.dataDir }),
      ).rejects.toThrow(/is not empty: it holds .*db:restore never overwrites or merges: /);
      expect(await targetRows(target.database)).toEqual(restoredRows);

      // Photos alone make a data directory not empty too.
      const photosOnly = await freshTarget(source, 'photos');
      fs.mkdirSync(path.join(photosOnly.dataDir, 'uploads'));
      fs.writeFileSync(path.join(photosOnly.dataDir, 'uploads', 'a.webp'), 'x');
      await expect(
        restore({ backup: taken.dir, database: photosOnly.database, dataDir: photosOnly.dataDir }),
      ).rejects.toThrow(/is not empty: it holds 1 photos in/);

      // On the command line: the reason, and exit code 1.
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: target.dataDir, DATABASE_URL: '' };
      if (target.database.engine === 'postgres') env.DATABASE_URL = target.database.url;
      const cli = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db-restore.ts', taken.dir], {
        cwd: repositoryRoot,
        env,
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(cli.stderr).toMatch(/^db:restore refused: .* is not empty: it holds /m);
      expect(cli.status).toBe(1);
    },
    TIMEOUT_MS,
  );

  it(
    'restore refuses a backup of another schema version, and writes nothing',
    async () => {
      const { source } = await community();
      // The source as an older DigQuest left it: its newest migration not applied.
      const [newest] = await source.sql(
        'SELECT id, hash, created_at FROM __drizzle_migrations ORDER BY created_at DESC LIMIT 1',
      );
      await source.sql('DELETE FROM __drizzle_migrations WHERE created_at = ?', newest?.created_at);
      let older: BackupResult;
      try {
        older = await backup({ database: source.database, dataDir: source.dataDir, to: tempDir('older') });
      } finally {
        await source.sql(
          'INSERT INTO __drizzle_migrations (id, hash, created_at) VALUES (?, ?, ?)',
          newest?.id,
          newest?.hash,
          newest?.created_at,
        );
      }
      const target = await freshTarget(source, 'older');
      await expect(
        restore({ backup: older.dir, database: target.database, dataDir: target.dataDir }),
      ).rejects.toThrow(
        new RegExp(
          `^This backup is of schema version ${older.manifest.schemaVersion}, and this DigQuest's is \\d{4}_`,
        ),
      );
      expect(fs.readdirSync(target.dataDir)).toEqual([]);
      if (target.database.engine === 'postgres')
        expect(
          await inPgSnapshot({ url: target.database.url }, (read) =>
            read("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'app_%'"),
          ),
        ).toEqual([]);
    },
    TIMEOUT_MS,
  );
});
