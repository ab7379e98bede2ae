/**
 * `npm run check:bundle` (after `npm run build`): the JavaScript a phone downloads on its first visit to `/`.
 *
 * Counted against the budget: the entry chunk of index.html and its static `imports`, recursively, plus the
 * lazy chunk the router renders for `/` (the home page, ROUTE_MODULES_FOR_HOME) with its own static
 * imports — everything needed to paint the home page. Other dynamic imports are not followed: they load when
 * a dialog, menu or another page opens. The chunks the app fetches on its own after the first render
 * (AFTER_FIRST_RENDER: the header's sync indicator at once, the sync engine once the first page is shown
 * and the browser is idle) are listed with their own total, not counted.
 * Sizes are gzip -9 of the built files (the server sends the build's Brotli copies, which are smaller).
 *
 * Fails above the budget; when MapLibre or Stripe is in any chunk listed (the module list of each chunk is
 * in dist/bundle-report.json, written by the bundleReport plugin of scripts/vite-build-plugins.ts); and
 * when a source map is left in the public web root.
 *
 * Usage: tsx scripts/check-bundle.ts [dist dir, default ./dist]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** 150 KB, in KiB as the table prints them. */
const BUDGET_BYTES = 150 * 1024;
/** Source files (manifest keys, relative to web/) of the chunks the router loads for `/`. */
const ROUTE_MODULES_FOR_HOME = ['src/features/home/home-page.tsx'];
/** Loaded by the app on its own after its first render (web/src/app/app.tsx, layout/site-header.tsx). */
const AFTER_FIRST_RENDER = ['src/app/background-sync.tsx', 'src/features/sync-status/index.ts'];
/** Packages that must load only with the map or the donation step, never on the first visit. */
const FORBIDDEN = [
  { name: 'MapLibre', pattern: /node_modules\/(maplibre-gl|react-map-gl|@vis\.gl\/react-maplibre)\// },
  { name: 'Stripe', pattern: /node_modules\/@stripe\// },
];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;
/** chunk file → { id of a module bundled into it → [its bytes in the chunk, their gzip size alone] }. */
type BundleReport = Record<string, Record<string, [number, number]>>;
interface Row {
  key: string;
  file: string;
  raw: number;
  gzip: number;
}

const distDir = resolve(process.argv[2] ?? 'dist');
const webDir = join(distDir, 'web');
const manifestPath = join(webDir, '.vite', 'manifest.json');
if (!existsSync(manifestPath))
  fail(`no ${manifestPath}: run \`npm run build\` first (build.manifest is on).`);
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
const entryKey = 'index.html';
if (!manifest[entryKey]?.isEntry) fail('the manifest has no index.html entry.');
const missing = [...ROUTE_MODULES_FOR_HOME, ...AFTER_FIRST_RENDER].filter((key) => !manifest[key]);
if (missing.length > 0)
  fail(`the manifest has no chunk for ${missing.join(', ')}: update this script's lists.`);

/** Manifest keys in load order: each start key, then its static imports depth-first, each once. */
function staticGraph(startKeys: string[], skip: ReadonlySet<string> = new Set()): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || skip.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  startKeys.forEach(visit);
  return [...seen];
}

function measure(keys: string[]): Row[] {
  return keys.map((key) => {
    const file = manifest[key]?.file ?? key;
    const bytes = readFileSync(join(webDir, file));
    return { key, file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (rows: Row[]) => rows.reduce((total, row) => total + row.gzip, 0);

const counted = measure(staticGraph([entryKey, ...ROUTE_MODULES_FOR_HOME]));
const afterFirstRender = measure(staticGraph(AFTER_FIRST_RENDER, new Set(counted.map((row) => row.key))));
const width = Math.max(...[...counted, ...afterFirstRender].map((row) => row.file.length), 10);
const print = (row: Row, note = '') =>
  console.log(`  ${row.file.padEnd(width)}  ${kb(row.gzip).padStart(9)}  (raw ${kb(row.raw)})${note}`);

const total = sum(counted);
console.log('JavaScript loaded for / (entry static graph + the home route), gzip -9:');
for (const row of counted)
  print(row, row.key === entryKey ? ' entry' : ROUTE_MODULES_FOR_HOME.includes(row.key) ? ' route /' : '');
console.log(`  ${'total'.padEnd(width)}  ${kb(total).padStart(9)}  budget ${kb(BUDGET_BYTES)}`);
console.log('Fetched by the app after its first render (not counted):');
for (const row of afterFirstRender) print(row);
console.log(`  ${'total'.padEnd(width)}  ${kb(sum(afterFirstRender)).padStart(9)}`);
for (const css of new Set(counted.flatMap((row) => manifest[row.key]?.css ?? []))) {
  const gzip = gzipSync(readFileSync(join(webDir, css)), { level: 9 }).length;
  console.log(`Stylesheet (not counted): ${css} ${kb(gzip)}`);
}

const problems: string[] = [];
const reportPath = join(distDir, 'bundle-report.json');
if (existsSync(reportPath)) {
  const report = JSON.parse(readFileSync(reportPath, 'utf8')) as BundleReport;
  for (const row of [...counted, ...afterFirstRender]) {
    for (const { name, pattern } of FORBIDDEN) {
      const hits = Object.keys(report[row.file] ?? {}).filter((id) => pattern.test(id));
      if (hits.length > 0)
        problems.push(
          `${name} is in ${row.file}, which loads on the first visit to /: ${hits.slice(0, 3).join(', ')}` +
            ' — import it only from a lazy chunk (the map page, the payment step).',
        );
    }
  }
} else {
  problems.push(`no ${reportPath}: cannot check for MapLibre and Stripe (is the bundleReport plugin on?).`);
}
const publicMaps = readdirSync(webDir, { recursive: true, encoding: 'utf8' }).filter((f) =>
  f.endsWith('.map'),
);
if (publicMaps.length > 0)
  problems.push(
    `source maps in the public web root (served to anyone): ${publicMaps.slice(0, 3).join(', ')}`,
  );
if (total > BUDGET_BYTES)
  problems.push(`the first load of / is ${kb(total)} gzip, above the budget of ${kb(BUDGET_BYTES)}.`);

if (problems.length > 0) {
  for (const problem of problems) console.error(`check:bundle: ${problem}`);
  process.exit(1);
}
console.log('check:bundle: ok');

function fail(message: string): never {
  console.error(`check:bundle: ${message}`);
  process.exit(1);
}
