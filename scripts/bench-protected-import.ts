/**
 * `npm run bench:protected:import` — the protected-area import (docs/protected-areas.md "Importing") on a
 * generated file the size of a real national list: 20,000 synthetic scheduled monuments (the NHLE's count)
 * with many vertices each, about 100 MB of GeoJSON in /tmp, imported into a fresh SQLite database, then
 * imported again (everything updated). Prints the file's size, each import's time and counts, the peak RSS
 * and its growth over the start (flat memory: the file is streamed, one feature at a time), then the
 * server's check (the service behind GET /api/protected-areas/check) over 2,000 positions within 200 m of a
 * monument, p50 and p95; with the load average and Node's version. Run it a few times on a quiet machine
 * and take the medians.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { syntheticAreas } from '@schema/contracts/protected-areas/synthetic-areas.test-utils';
import { closeDatabase, openDatabase } from '../sync-server/src/lib/db';
import { geoJsonFileFeatures, importAreas } from '../sync-server/src/features/protected-areas/import';
import { checkAt } from '../sync-server/src/features/protected-areas/service';
import { pointNearAnArea, seededRandom } from '@schema/contracts/protected-areas/synthetic-areas.test-utils';

const AREAS = 20_000;
/** Each ring's corners are repeated with small wobbles until the file reaches about this size. */
const TARGET_BYTES = 100 * 1024 * 1024;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dq-bench-protected-'));
const file = path.join(dir, 'monuments.geojson');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

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

const db = await openDatabase({ engine: 'sqlite', file: path.join(dir, 'bench.sqlite') });
const startRss = process.memoryUsage().rss;
let peak = startRss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
console.log(
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} · node ${process.version} · ${os.cpus().length} CPUs`,
);
console.log(`file: ${AREAS.toLocaleString('en-GB')} monuments, ${mb(fs.statSync(file).size)}`);
for (const round of ['first import', 're-import']) {
  const started = performance.now();
  const counts = await importAreas(db, 'nhle', geoJsonFileFeatures(file));
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${round}: ${seconds.toFixed(1)} s · ${counts.added} added, ${counts.updated} updated, ${counts.removed} removed, ${counts.refused} refused`,
  );
}
clearInterval(sampler);
console.log(`RSS at start ${mb(startRss)} · peak ${mb(peak)} · growth ${mb(peak - startRss)}`);

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
await closeDatabase(db);
fs.rmSync(dir, { recursive: true, force: true });
