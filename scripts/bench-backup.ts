/**
 * `npm run bench:backup` — how long `npm run db:backup` and `npm run db:restore` take (scripts/db-backup.ts,
 * scripts/db-restore.ts; README.md "Backup and restore") for a community of 100,000 finds (BENCH_FINDS
 * changes it): the community of scripts/bench-bounded-data.ts (members, finds, comments, likes, posts,
 * events and their change log, about a million rows) on SQLite, backed up while its connection is open and
 * restored into a new data directory; then the same rows copied to PostgreSQL by db:copy, backed up with
 * pg_dump and restored into a new database. PostgreSQL is the server of DATABASE_URL, else of
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test): scratch databases are made beside it
 * and dropped; when it cannot be reached only SQLite is measured. Prints each time, the backup's size and
 * the load average (the figures mean little on a busy machine). BENCH_BACKUP_RUNS (default 3) backups and
 * restores of each engine, each printed, then their medians.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { DatabaseConfig } from '../sync-server/src/lib/db';
import { buildCommunity, dropCommunity } from './bench-bounded-data';
import { backup } from './db-backup';
import { count, seconds } from './db-backup-common';
import { copySqliteToPostgres } from './db-copy-postgres';
import { restore } from './db-restore';

const FINDS = Number(process.env.BENCH_FINDS ?? 100_000);
if (process.env.DATABASE_URL && !process.env.TEST_DATABASE_URL)
  process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
// After TEST_DATABASE_URL is settled: test/pg.ts reads it when loaded.
const { createScratchDatabase } = await import('../sync-server/src/test/pg');
type Scratch = Awaited<ReturnType<typeof createScratchDatabase>>;

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

function sizeOf(dir: string): number {
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  return bytes;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-bench-backup-'));
const scratches: Scratch[] = [];

const RUNS = Math.max(1, Number(process.env.BENCH_BACKUP_RUNS ?? 3));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** RUNS backups of the same source, each restored into a new target; prints every run and the medians. */
async function measure(
  label: string,
  source: DatabaseConfig,
  dataDir: string,
  target: (dataDir: string) => Promise<DatabaseConfig>,
) {
  const backups: number[] = [];
  const restores: number[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const taken = await backup({ database: source, dataDir, to: path.join(work, `${label}-backups-${run}`) });
    const targetDir = fs.mkdtempSync(path.join(work, `${label}-restored-`));
    const restored = await restore({
      backup: taken.dir,
      database: await target(targetDir),
      dataDir: targetDir,
    });
    backups.push(taken.ms.total);
    restores.push(restored.ms.total);
    const mb = (sizeOf(taken.dir) / 1024 / 1024).toFixed(1);
    console.log(
      `${label.padEnd(10)} run ${run}: backup ${seconds(taken.ms.total).padStart(7)} (database ${seconds(taken.ms.database)})` +
        `   restore ${seconds(restored.ms.total).padStart(7)} (database ${seconds(restored.ms.database)})` +
        `   backup size ${mb} MB   load average ${load()}`,
    );
    fs.rmSync(path.join(work, `${label}-backups-${run}`), { recursive: true, force: true });
    fs.rmSync(targetDir, { recursive: true, force: true });
  }
  console.log(
    `${label.padEnd(10)} median of ${RUNS}: backup ${seconds(median(backups))}   restore ${seconds(median(restores))}\n`,
  );
}

try {
  console.log(
    `bench:backup — ${count(FINDS)} finds; node ${process.version}, ${os.cpus().length} cores, load average ${load()}`,
  );
  const started = performance.now();
  const community = await buildCommunity(FINDS, 50);
  const rows = Object.values(community.rows).reduce((sum, n) => sum + n, 0);
  console.log(`community: ${count(rows)} rows, seeded in ${seconds(performance.now() - started)}\n`);
  try {
    await measure('SQLite', { engine: 'sqlite', file: community.file }, community.dir, async (dir) => ({
      engine: 'sqlite',
      file: path.join(dir, 'digquest.sqlite'),
    }));
    let source: Scratch | undefined;
    try {
      source = await createScratchDatabase('bench_backup');
      scratches.push(source);
    } catch (error) {
      console.log(`PostgreSQL: not measured (${error instanceof Error ? error.message : String(error)})`);
    }
    if (source) {
      await copySqliteToPostgres({ from: community.file, to: source.url });
      // Each restore needs an empty database of its own.
      await measure(
        'PostgreSQL',
        { engine: 'postgres', url: source.url, poolSize: 4 },
        community.dir,
        async () => {
          const target = await createScratchDatabase('bench_restore');
          scratches.push(target);
          return { engine: 'postgres', url: target.url, poolSize: 4 };
        },
      );
    }
  } finally {
    await dropCommunity(community);
  }
} finally {
  for (const scratch of scratches) await scratch.drop();
  fs.rmSync(work, { recursive: true, force: true });
}
