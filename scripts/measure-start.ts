/**
 * `tsx scripts/measure-start.ts [--runs N] [built|source …]` — how fast the server starts and how much memory
 * it holds when idle. For each variant: one start that creates and seeds a temporary database, then N starts
 * on it (the usual restart), each timed from spawning node to the "DigQuest is running" log line (the server
 * listens), then left idle for 3 s and its resident memory (RSS, from /proc) read. Prints the median and the
 * range. Linux only (reads /proc).
 *
 *   built   `node dist/server/index.js`, what `npm start` runs (`npm run build:server` first)
 *   source  `node --import tsx sync-server/src/index.ts`, the TypeScript as `npm run dev` runs it
 *
 * The server inherits this process's environment, so allocator settings (MALLOC_*) can be compared too.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const VARIANTS: Record<string, string[]> = {
  built: ['dist/server/index.js'],
  source: ['--import', 'tsx', 'sync-server/src/index.ts'],
};
const IDLE_MS = 3000;

const args = process.argv.slice(2);
const runsFlag = args.indexOf('--runs');
const runs = runsFlag >= 0 ? Number(args.splice(runsFlag, 2)[1]) : 5;
const chosen = args.length > 0 ? args : ['built', 'source'];
const root = path.resolve(import.meta.dirname, '..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s*(\d+)\s*kB/.exec(status)?.[1] ?? 0) / 1024);
}

/** One start: milliseconds until listening and the idle RSS, then a clean SIGTERM. */
async function startOnce(nodeArgs: string[], dataDir: string): Promise<{ ms: number; rss: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, nodeArgs, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(44000 + Math.floor(Math.random() * 2000)),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIGQUESTOR_PASSWORD: 'measure-official',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const ms = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('DigQuest is running')) resolve(performance.now() - started);
    });
    child.once('exit', (code) =>
      reject(new Error(`the server exited (${code}) before listening:\n${output}`)),
    );
  });
  await sleep(IDLE_MS);
  const rss = rssMiB(child.pid ?? 0);
  child.kill('SIGTERM');
  await exited;
  return { ms, rss };
}

function summary(values: number[], unit: string): string {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  return `${Math.round(median)} ${unit} (${Math.round(sorted[0] ?? 0)}–${Math.round(sorted.at(-1) ?? 0)})`;
}

for (const name of chosen) {
  const nodeArgs = VARIANTS[name];
  if (!nodeArgs) throw new Error(`unknown variant '${name}': use ${Object.keys(VARIANTS).join(' or ')}`);
  if (name === 'built' && !fs.existsSync(path.join(root, nodeArgs[0] ?? '')))
    throw new Error('dist/server/index.js is missing: run `npm run build:server` first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-measure-start-'));
  try {
    await startOnce(nodeArgs, dataDir); // creates, migrates and seeds the database
    const results = [];
    for (let i = 0; i < runs; i += 1) results.push(await startOnce(nodeArgs, dataDir));
    console.log(
      `${name.padEnd(6)}  listening after ${summary(
        results.map((r) => r.ms),
        'ms',
      )}  idle RSS ${summary(
        results.map((r) => r.rss),
        'MiB',
      )}  (median of ${runs}, range)`,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
