/**
 * `npm run lighthouse` (needs a build): Lighthouse's mobile audit (its default: a mid-range phone on a slow 4G
 * link, simulated) of the built app, served by the real server over a temporary data directory filled by the
 * demo seed. Audits `/`, `/finds`, `/forum` and one find, one page at a time, and prints Performance, LCP, CLS,
 * TBT, Accessibility, Best Practices and SEO. Nothing is written to the repository.
 *
 * Lighthouse is not a dependency: it runs through `npx -y lighthouse@12` (fetched on first use) with Debian's
 * Chromium (CHROME_PATH, default /usr/bin/chromium).
 *
 * Usage: tsx scripts/lighthouse.ts [--web-dir dist/web] [--port 4180] [--runs 1] [--keep] [path …]
 *   --runs  audit each page this many times and print its median run by Performance, with the range of
 *           scores: blocking time on a shared two-core machine varies by a few hundred ms from run to run
 *           (Lighthouse's own advice is the median of five).
 *   --keep  keep the temporary directory (data and the JSON reports) and print its path.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface Options {
  webDir: string;
  port: number;
  keep: boolean;
  runs: number;
  paths: string[];
}

interface LighthouseResult {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { webDir: 'dist/web', port: 4180, keep: false, runs: 1, paths: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--web-dir') options.webDir = argv[++i] ?? options.webDir;
    else if (arg === '--port') options.port = Number(argv[++i]);
    else if (arg === '--keep') options.keep = true;
    else if (arg === '--runs') options.runs = Math.max(1, Number(argv[++i]) || 1);
    else if (arg) options.paths.push(arg);
  }
  return options;
}

const options = parseArgs(process.argv.slice(2));
const webDir = path.resolve(options.webDir);
if (!fs.existsSync(path.join(webDir, 'index.html'))) {
  console.error(`lighthouse: no build in ${webDir}; run \`npm run build\` first.`);
  process.exit(1);
}
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const tsx = path.resolve('node_modules/.bin/tsx');
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-lighthouse-'));
const origin = `http://127.0.0.1:${options.port}`;
const serverEnv = {
  ...process.env,
  DATA_DIR: path.join(workDir, 'data'),
  WEB_DIR: webDir,
  PORT: String(options.port),
  HOST: '127.0.0.1',
  PUBLIC_URL: origin,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DEMO_PASSWORD: 'lighthouse-demo',
  DIGQUESTOR_PASSWORD: 'lighthouse-official',
};

let server: ChildProcess | undefined;
const stopServer = () => {
  if (server?.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
};
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    stopServer();
    process.exit(1);
  });
try {
  const seed = spawnSync(tsx, ['sync-server/src/seed/demo.ts'], { env: serverEnv, stdio: 'pipe' });
  if (seed.status !== 0) throw new Error(`seed:demo failed:\n${seed.stderr.toString()}`);

  // Its own process group, so stopping it also stops the node process tsx starts.
  server = spawn(tsx, ['sync-server/src/index.ts'], { env: serverEnv, stdio: 'inherit', detached: true });
  await waitForServer(`${origin}/api/health`);

  const findsRes = await fetch(`${origin}/api/finds?limit=1`);
  const [firstFind] = (await findsRes.json()) as { id: number }[];
  const paths =
    options.paths.length > 0 ? options.paths : ['/', '/finds', '/forum', `/finds/${firstFind?.id}`];

  const rows = paths.map((pagePath) => {
    const results = Array.from({ length: options.runs }, (_, run) => audit(pagePath, run));
    const byScore = results.sort((a, b) => perfScore(a) - perfScore(b));
    return { pagePath, result: byScore[Math.floor((byScore.length - 1) / 2)]!, all: byScore };
  });
  printTable(rows);
} finally {
  stopServer();
  if (options.keep) console.log(`\nReports and data kept in ${workDir}`);
  else fs.rmSync(workDir, { recursive: true, force: true });
}

async function waitForServer(url: string): Promise<void> {
  for (let attempt = 0; attempt < 900; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer ${url}`);
}

/**
 * One Lighthouse run (its own Chromium, closed at the end), mobile form factor and throttling. Tried up to
 * three times: Lighthouse now and then fails to record the trace (NO_NAVSTART) on a busy machine.
 */
function audit(pagePath: string, run: number): LighthouseResult {
  const name = pagePath.replace(/\W+/g, '_') || 'root';
  const reportPath = path.join(workDir, `${name}${run > 0 ? `-${run + 1}` : ''}.json`);
  for (let attempt = 1; attempt <= 3; attempt++) {
    const run = spawnSync(
      'npx',
      [
        '-y',
        'lighthouse@12',
        `${origin}${pagePath}`,
        '--quiet',
        '--output=json',
        `--output-path=${reportPath}`,
        '--only-categories=performance,accessibility,best-practices,seo',
        '--chrome-flags=--headless --no-sandbox --disable-gpu',
      ],
      { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    if (run.status === 0) return JSON.parse(fs.readFileSync(reportPath, 'utf8')) as LighthouseResult;
    console.error(`lighthouse: attempt ${attempt} on ${pagePath} failed`);
  }
  throw new Error(`lighthouse failed on ${pagePath}`);
}

function perfScore(result: LighthouseResult): number {
  return result.categories.performance?.score ?? 0;
}

function printTable(rows: { pagePath: string; result: LighthouseResult; all: LighthouseResult[] }[]): void {
  const score = (r: LighthouseResult, id: string) => {
    const value = r.categories[id]?.score;
    return value === null || value === undefined ? '–' : String(Math.round(value * 100));
  };
  const metric = (r: LighthouseResult, id: string, format: (n: number) => string) => {
    const value = r.audits[id]?.numericValue;
    return value === undefined ? '–' : format(value);
  };
  const header = ['page', 'Perf', 'LCP', 'CLS', 'TBT', 'A11y', 'BP', 'SEO'];
  const lines = rows.map(({ pagePath, result: r, all }) => [
    pagePath,
    all.length > 1
      ? `${score(r, 'performance')} (${score(all[0]!, 'performance')}–${score(all.at(-1)!, 'performance')})`
      : score(r, 'performance'),
    metric(r, 'largest-contentful-paint', (ms) => `${(ms / 1000).toFixed(1)} s`),
    metric(r, 'cumulative-layout-shift', (n) => n.toFixed(3)),
    metric(r, 'total-blocking-time', (ms) => `${Math.round(ms)} ms`),
    score(r, 'accessibility'),
    score(r, 'best-practices'),
    score(r, 'seo'),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i]?.length ?? 0)));
  const format = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  const runs = rows[0]?.all.length ?? 1;
  console.log(
    `\nLighthouse 12, mobile, ${origin}${runs > 1 ? ` (median of ${runs} runs; Perf range in brackets)` : ''}`,
  );
  console.log(format(header));
  console.log(format(widths.map((w) => '-'.repeat(w))));
  for (const line of lines) console.log(format(line));
}
