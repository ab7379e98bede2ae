/**
 * `npm run bench:protected:device` — the device's protected-area check (schema/contracts/protected-areas):
 * 20,000 synthetic scheduled monuments (the NHLE's count; 10–60 vertices, 50–500 m across, spread over
 * England's bounding box), the flatbush index's build time, then the check's p50 and p95 over 10,000 random
 * positions, half near a monument (inside, edges, near misses) and half anywhere; and the JSON size of a
 * county's worth (the areas whose box meets a 50 km × 50 km square). Goal: check p50 ≤ 2 ms. Prints the load
 * average and Node's version with the figures: run it a few times on a quiet machine and take the medians.
 */
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import { AreaIndex, bboxIntersects, expandBBox, type BBox } from '@schema/contracts/protected-areas';
import {
  pointIn,
  pointNearAnArea,
  seededRandom,
  syntheticAreas,
} from '@schema/contracts/protected-areas/synthetic-areas.test-utils';

const AREAS = 20_000;
const CHECKS = 10_000;
/** England's land area: the synthetic areas spread over its bounding box, sea included, so thinner than real. */
const ENGLAND_KM2 = 130_279;
const COUNTY_KM = 50;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const ms = (n: number) => `${n.toFixed(3)} ms`;
const us = (n: number) => `${(n * 1000).toFixed(1)} µs`;

const areas = syntheticAreas(AREAS, 1979);

const buildStart = performance.now();
const index = new AreaIndex(areas);
const buildMs = performance.now() - buildStart;

const random = seededRandom(2026);
const positions = Array.from({ length: CHECKS }, (_, i) => {
  const [longitude, latitude] = i % 2 === 0 ? pointNearAnArea(random, areas, 400) : pointIn(random);
  return { point: { latitude, longitude }, accuracy: 5 + random() * 25 };
});

// Warm the JIT first, as a device would have after its first few checks.
for (const { point, accuracy } of positions.slice(0, 1_000)) index.check(point, accuracy, true);

const times = { near: [] as number[], anywhere: [] as number[] };
const statuses: Record<string, number> = {};
positions.forEach(({ point, accuracy }, i) => {
  const start = performance.now();
  const result = index.check(point, accuracy, true);
  times[i % 2 === 0 ? 'near' : 'anywhere'].push(performance.now() - start);
  statuses[result.status] = (statuses[result.status] ?? 0) + 1;
});
const all = [...times.near, ...times.anywhere].sort((a, b) => a - b);
times.near.sort((a, b) => a - b);
times.anywhere.sort((a, b) => a - b);

// A county: a 50 km square around the Midlands (Birmingham).
const centre: BBox = [-1.9, 52.48, -1.9, 52.48];
const county = expandBBox(centre, (COUNTY_KM * 1000) / 2);
const inCounty = areas.filter((area) => bboxIntersects(area.bbox, county));
const json = JSON.stringify(inCounty);
// Six decimals of a degree are about 0.1 m: what a server could send without losing the 1 m outline.
const json6 = JSON.stringify(inCounty, (_, value: unknown) =>
  typeof value === 'number' && !Number.isInteger(value) ? Math.round(value * 1e6) / 1e6 : value,
);
const kb = (text: string) =>
  `${(text.length / 1024).toFixed(1)} KB (gzip ${(gzipSync(text).length / 1024).toFixed(1)} KB)`;
const bytesPerArea = json.length / Math.max(1, inCounty.length);
const realDensityCount = Math.round((AREAS * COUNTY_KM * COUNTY_KM) / ENGLAND_KM2);

const [load1, load5, load15] = os.loadavg().map((n) => n.toFixed(2));
console.log(`node ${process.version}, load average ${load1} ${load5} ${load15}, ${os.cpus().length} CPUs`);
console.log(`areas: ${AREAS}; index build: ${ms(buildMs)}`);
console.log(
  `check, all ${CHECKS}: p50 ${us(percentile(all, 50))}, p95 ${us(percentile(all, 95))}, max ${ms(all.at(-1) ?? NaN)} (goal p50 ≤ 2 ms)`,
);
console.log(
  `  near a monument: p50 ${us(percentile(times.near, 50))}, p95 ${us(percentile(times.near, 95))}; ` +
    `anywhere: p50 ${us(percentile(times.anywhere, 50))}, p95 ${us(percentile(times.anywhere, 95))}`,
);
console.log(`  answers: ${JSON.stringify(statuses)}`);
console.log(
  `county (${COUNTY_KM} km square): ${inCounty.length} areas, JSON ${kb(json)}, ${Math.round(bytesPerArea)} B per area; ` +
    `coordinates to 6 decimals ${kb(json6)}; ` +
    `at England's real density (~${realDensityCount} areas) about ${((bytesPerArea * realDensityCount) / 1024).toFixed(0)} KB ` +
    `(${(((json6.length / Math.max(1, inCounty.length)) * realDensityCount) / 1024).toFixed(0)} KB to 6 decimals)`,
);
