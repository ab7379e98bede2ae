/**
 * `npm run bench:protected:import` — the protected-area import (docs/protected-areas.md "Speed") on a
 * generated file the size of a real national list: 20,000 synthetic scheduled monuments (the NHLE's count)
 * with many vertices each, about 100 MB of GeoJSON in /tmp. Prints:
 * - the first import into a fresh SQLite database: time, counts, peak RSS and its growth over the start;
 * - a re-import (everything updated) with the live heap after a full GC every 4,000 features: flat memory
 *   means it stays level however far into the file the import is (RSS alone also counts garbage V8 has
 *   not yet collected because nothing asked it to);
 * - `npm run protected:import` itself in a child process with V8's heap capped at HEAP_CAP_MB, far below the
 *   file's size: it can only finish if the file is streamed; its time and peak RSS (Linux);
 * - the server's check (the service behind GET /api/protected-areas/check) over 2,000 positions within
 *   200 m of a monument, p50 and p95;
 * with the load average before and after and Node's version. Run it a few times on a quiet machine.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import {
  pointNearAnArea,
  seededRandom,
  syntheticAreas,
} from '@schema/contracts/protected-areas/synthetic-areas.test-utils';
import { closeDatabase, openDatabase } from '../sync-server/src/lib/db';
import { geoJsonFileFeatures, importAreas } from '../sync-server/src/features/protected-areas/import';
import { checkAt } from '../sync-server/src/features/protected-areas/service';

const AREAS = 20_000;
/** Each ring's corners are repeated with small wobbles until the file reaches about this size. */
const TARGET_BYTES = 100 * 1024 * 1024;
/** V8's heap limit for the CLI run: well under the file's size, with room for the modules it loads. */
const HEAP_CAP_MB = Number(process.env.BENCH_PROTECTED_HEAP_CAP_MB ?? 48);
const SAMPLE_EVERY = 4_000;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dq-bench-protected-'));
const file = path.join(dir, 'monuments.geojson');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

// A full collection on demand without asking the caller for --expose-gc.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;
const liveHeap = () => {
  collectGarbage();
  return process.memoryUsage().heapUsed;
};

// Written a feature at a time: the generator must not hold the file either.
const areas = syntheticAreas(AREAS, 1979);
const out = fs.openSync(file, 'w');
fs.writeSync(out, '{"type":"FeatureCollection","features":[\n');
const plain = JSON.stringify(areas[0]?.geometry ?? {}).length;
const densify = Math.max(1, Math.round(TARGET_BYTES / AREAS / (plain + 200)));
areas.forEach((area, i) => {
  // More vertices along each edge (as surveyed outlines have), which the 1 m simplification then removes.
  const geometry = JSON.parse(JSON.stringify(area.geometry), (key, value: unknown) => {
    if (!Array.isArray(value) || !Array.isArray(value[0]) || typeof value[0][0] !== 'number') return value;
    const ring = value as [number, number][];
    const dense: [number, number][] = [];
    for (let j = 0; j < ring.length - 1; j++) {
      const [ax, ay] = ring[j] ?? [0, 0];
      const [bx, by] = ring[j + 1] ?? [0, 0];
      for (let k = 0; k < densify; k++)
        dense.push([ax + ((bx - ax) * k) / densify, ay + ((by - ay) * k) / densify]);
    }
    dense.push(ring[0] ?? [0, 0]);
    return dense;
  }) as unknown;
  const feature = {
    type: 'Feature',
    properties: {
      ListEntry: String(1_000_000 + i),
      Name: `Synthetic monument ${i}`,
      SchedDate: '1950-01-01',
    },
    geometry,
  };
  fs.writeSync(out, `${i ? ',\n' : ''}${JSON.stringify(feature)}`);
});
fs.writeSync(out, '\n]}\n');
fs.closeSync(out);

console.log(`load average ${loadAverage()} · node ${process.version} · ${os.cpus().length} CPUs`);
console.log(`file: ${AREAS.toLocaleString('en-GB')} monuments, ${mb(fs.statSync(file).size)}`);

const db = await openDatabase({ engine: 'sqlite', file: path.join(dir, 'bench.sqlite') });
const startRss = process.memoryUsage().rss;
let peak = startRss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
{
  const started = performance.now();
  const counts = await importAreas(db, 'nhle', geoJsonFileFeatures(file));
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `first import: ${seconds.toFixed(1)} s · ${counts.added} added, ${counts.updated} updated, ${counts.removed} removed, ${counts.refused} refused`,
  );
}
clearInterval(sampler);
console.log(`RSS at start ${mb(startRss)} · peak ${mb(peak)} · growth ${mb(peak - startRss)}`);

/** The file's features, measuring the live heap before the first and after every SAMPLE_EVERY-th. */
async function* sampled(features: AsyncIterable<unknown>, heaps: number[]): AsyncGenerator<unknown> {
  heaps.push(liveHeap());
  let count = 0;
  for await (const feature of features) {
    yield feature;
    if (++count % SAMPLE_EVERY === 0) heaps.push(liveHeap());
  }
}
{
  const heaps: number[] = [];
  const started = performance.now();
  const counts = await importAreas(db, 'nhle', sampled(geoJsonFileFeatures(file), heaps));
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `re-import: ${seconds.toFixed(1)} s (with ${heaps.length} full GCs) · ${counts.added} added, ${counts.updated} updated, ${counts.removed} removed, ${counts.refused} refused`,
  );
  const first = heaps[0] ?? NaN;
  const last = heaps.at(-1) ?? NaN;
  console.log(
    `live heap after a full GC, every ${SAMPLE_EVERY.toLocaleString('en-GB')} features: ${heaps
      .map((h) => (h / 1024 / 1024).toFixed(1))
      .join(' → ')} MB (${last >= first ? '+' : '−'}${mb(Math.abs(last - first))})`,
  );
}

/** Peak RSS of a running child from /proc (Linux); null elsewhere. */
function readPeakRss(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

// The command an operator runs, with a heap too small to hold the file: it finishes only if it streams.
{
  const dataDir = path.join(dir, 'cli-data');
  fs.mkdirSync(dataDir);
  const cli = path.join(import.meta.dirname, 'protected-import.ts');
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [`--max-old-space-size=${HEAP_CAP_MB}`, '--import', 'tsx', cli, '--source', 'nhle', file],
    { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let childPeak: number | null = null;
  const watch = setInterval(() => {
    const rss = child.pid === undefined ? null : readPeakRss(child.pid);
    if (rss !== null) childPeak = Math.max(childPeak ?? 0, rss);
  }, 50);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(watch);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const said =
    output.split('\n').find((line) => line.startsWith('nhle:')) ?? output.trim().split('\n').at(-1);
  console.log(
    `protected:import with V8's heap capped at ${HEAP_CAP_MB} MB: ${code === 0 ? 'finished' : `FAILED (exit ${code})`} in ${seconds} s · peak RSS ${childPeak === null ? 'n/a' : mb(childPeak)} · ${said ?? ''}`,
  );
}

// The server's check (GET /api/protected-areas/check without HTTP): half the positions near a monument.
const random = seededRandom(42);
const times: number[] = [];
for (let i = 0; i < 2_000; i++) {
  const [longitude, latitude] = pointNearAnArea(random, areas, 200);
  const started = performance.now();
  await checkAt(db, { latitude, longitude }, 10);
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const at = (p: number) => (times[Math.floor((p / 100) * (times.length - 1))] ?? NaN).toFixed(2);
console.log(
  `server check over ${times.length.toLocaleString('en-GB')} positions: p50 ${at(50)} ms · p95 ${at(95)} ms`,
);
console.log(`load average at the end ${loadAverage()}`);
await closeDatabase(db);
fs.rmSync(dir, { recursive: true, force: true });
