/**
 * `npm run lighthouse` (needs a build): Lighthouse's mobile performance audit (its default: a mid-range
 * phone on a slow 4G link, simulated) of every page of the app — each measured route of
 * web/src/app/route-list.ts, with a real demo record in each `:id` — served by the real server over a
 * temporary data directory filled by the demo seed (scripts/demo-site.ts). One page at a time.
 *
 * Each run prints its figures with its conditions: Lighthouse's CPU benchmark index
 * (`lhr.environment.benchmarkIndex`: the higher, the faster the machine was during that run; Lighthouse
 * calibrates its simulated phone from it) and the machine's load average. Then a table per route:
 * Performance, LCP, TBT and CLS, each the median of `--runs` runs. Nothing is written to the repository.
 *
 * Lighthouse is not a dependency: it runs through `npx -y lighthouse@12` (fetched on first use) with Debian's
 * Chromium (CHROME_PATH, default /usr/bin/chromium).
 *
 * Usage: tsx scripts/lighthouse.ts [--web-dir dist/web] [--port 4180] [--runs 1] [--keep] [route …]
 *   --runs  audit each page this many times: blocking time on a shared two-core machine varies by a few
 *           hundred ms from run to run (Lighthouse's own advice is the median of five).
 *   --keep  keep the temporary directory (data and the JSON reports) and print its path.
 *   route   audit only these routes of the list ('/', '/finds/:id').
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROUTE_LIST } from '../web/src/app/route-list';
import { startDemoSite } from './demo-site';

interface Options {
  webDir: string;
  port: number;
  keep: boolean;
  runs: number;
  routes: string[];
}

interface LighthouseResult {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
  environment: { benchmarkIndex: number };
}

/** The figures of one run, as printed. */
interface RunFigures {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  benchmarkIndex: number;
  loadAverage: number;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { webDir: 'dist/web', port: 4180, keep: false, runs: 1, routes: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--web-dir') options.webDir = argv[++i] ?? options.webDir;
    else if (arg === '--port') options.port = Number(argv[++i]);
    else if (arg === '--keep') options.keep = true;
    else if (arg === '--runs') options.runs = Math.max(1, Number(argv[++i]) || 1);
    else if (arg) options.routes.push(arg);
  }
  return options;
}

const options = parseArgs(process.argv.slice(2));
const webDir = path.resolve(options.webDir);
if (!fs.existsSync(path.join(webDir, 'index.html'))) {
  console.error(`lighthouse: no build in ${webDir}; run \`npm run build\` first.`);
  process.exit(1);
}
const unknown = options.routes.filter((route) => !ROUTE_LIST.some((listed) => listed.path === route));
if (unknown.length > 0) {
  console.error(`lighthouse: not in web/src/app/route-list.ts: ${unknown.join(', ')}`);
  process.exit(1);
}
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const site = await startDemoSite({ webDir, port: options.port, label: 'lighthouse' });
try {
  const pages = site.pages.filter(
    ({ route }) => options.routes.length === 0 || options.routes.includes(route),
  );
  console.log(
    `Lighthouse 12, mobile, performance only, ${site.origin}, ${pages.length} pages × ${options.runs} runs ` +
      `(${os.cpus().length} cores)`,
  );
  const rows = pages.map(({ route, url }) => {
    const runs = Array.from({ length: options.runs }, (_, run) => {
      const figures = toFigures(audit(url, run));
      console.log(`  ${route} run ${run + 1}/${options.runs}: ${describeRun(figures)}`);
      return figures;
    });
    return { route, url, runs };
  });
  printTable(rows);
} finally {
  site.stop(options.keep);
  if (options.keep) console.log(`\nReports and data kept in ${site.workDir}`);
}

/**
 * One Lighthouse run (its own Chromium, closed at the end), mobile form factor and throttling. Tried up to
 * three times: Lighthouse now and then fails to record the trace (NO_NAVSTART) on a busy machine.
 */
function audit(url: string, run: number): LighthouseResult {
  const name = url.replace(/\W+/g, '_') || 'root';
  const reportPath = path.join(site.workDir, `${name}${run > 0 ? `-${run + 1}` : ''}.json`);
  for (let attempt = 1; attempt <= 3; attempt++) {
    const lighthouse = spawnSync(
      'npx',
      [
        '-y',
        'lighthouse@12',
        `${site.origin}${url}`,
        '--quiet',
        '--output=json',
        `--output-path=${reportPath}`,
        '--only-categories=performance',
        '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run',
      ],
      { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    if (lighthouse.status === 0) return JSON.parse(fs.readFileSync(reportPath, 'utf8')) as LighthouseResult;
    console.error(`lighthouse: attempt ${attempt} on ${url} failed`);
  }
  throw new Error(`lighthouse failed on ${url}`);
}

function toFigures(result: LighthouseResult): RunFigures {
  const numeric = (id: string) => result.audits[id]?.numericValue ?? NaN;
  return {
    performance: Math.round((result.categories.performance?.score ?? NaN) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    benchmarkIndex: result.environment.benchmarkIndex,
    // Read as the run ends: the minute it covers is the run's.
    loadAverage: os.loadavg()[0] ?? NaN,
  };
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function millis(ms: number): string {
  return `${Math.round(ms)} ms`;
}

function describeRun(run: RunFigures): string {
  return (
    `Perf ${run.performance}, LCP ${seconds(run.lcpMs)}, TBT ${millis(run.tbtMs)}, CLS ${run.cls.toFixed(3)}` +
    ` — benchmarkIndex ${Math.round(run.benchmarkIndex)}, load average ${run.loadAverage.toFixed(2)}`
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function printTable(rows: { route: string; url: string; runs: RunFigures[] }[]): void {
  const of = (runs: RunFigures[], pick: (run: RunFigures) => number) => median(runs.map(pick));
  const header = ['route', 'visited', 'Perf', 'LCP', 'TBT', 'CLS', 'benchmarkIndex', 'load avg'];
  const lines = rows.map(({ route, url, runs }) => [
    route,
    url,
    String(Math.round(of(runs, (r) => r.performance))),
    seconds(of(runs, (r) => r.lcpMs)),
    millis(of(runs, (r) => r.tbtMs)),
    of(runs, (r) => r.cls).toFixed(3),
    String(Math.round(of(runs, (r) => r.benchmarkIndex))),
    of(runs, (r) => r.loadAverage).toFixed(2),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i]?.length ?? 0)));
  const format = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  const runs = rows[0]?.runs.length ?? 1;
  console.log(`\nMedians of ${runs} run${runs > 1 ? 's' : ''} per page (each column on its own):`);
  console.log(format(header));
  console.log(format(widths.map((w) => '-'.repeat(w))));
  for (const line of lines) console.log(format(line));
}
