/**
 * `tsx scripts/bench-upload-memory.ts [--runs N] [plain|npm-start …]` — the server's memory under a burst of
 * photo uploads, for each way of starting the built server (`npm run build:server` first):
 *
 *   plain      `node dist/server/index.js` with no MALLOC_* variables (as a bare systemd unit or a container
 *              without them would run it)
 *   npm-start  the same file with the allocator settings `npm start` puts in front of it (package.json)
 *
 * Each run starts the server on a temporary database, signs up BENCH_MEMBERS members and sends BENCH_UPLOADS
 * photos of BENCH_MEGAPIXELS megapixels at once through POST /api/upload, shared between the members. Memory
 * is the resident set (RSS, from /proc) of the server's whole process tree, so a server that starts a copy of
 * itself is measured in full: idle, after one upload (the image libraries' pools), at its peak (sampled every
 * 50 ms), and 2 s and 10 s after the burst. Prints every run, then the medians per start command with the load
 * average and the machine. Linux only (reads /proc). SERVER_DIR points at another checkout to compare.
 *
 * "Above idle", the figure issue 26 sets a goal for (within 100 MB), is 10 s after the burst less idle, idle
 * taken before the server has seen any image: it counts libvips and its pools, loaded with the first image
 * and kept for good (docs/architecture.md "Memory after bursts"), as well as what the burst left. The figure
 * above the server after its first image, printed beside it, is what the burst alone left.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 40);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 4);
const MEGAPIXELS = Number(process.env.BENCH_MEGAPIXELS ?? 24);
/** The first of the ports the runs use, one each (away from 3000 and the browser tests' 4173). */
const FIRST_PORT = Number(process.env.BENCH_PORT ?? 4401);
const serverDir = path.resolve(process.env.SERVER_DIR ?? path.join(import.meta.dirname, '..'));
const entry = path.join(serverDir, 'dist/server/index.js');

/** What `npm start` sets in package.json; `plain` runs without them. */
const NPM_START_ALLOCATOR = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };
const START_COMMANDS = ['plain', 'npm-start'] as const;
type StartCommand = (typeof START_COMMANDS)[number];

const args = process.argv.slice(2);
const runsFlag = args.indexOf('--runs');
const RUNS = runsFlag >= 0 ? Number(args.splice(runsFlag, 2)[1]) : 3;
const chosen = (args.length > 0 ? args : [...START_COMMANDS]).map((name) => {
  if (!START_COMMANDS.some((known) => known === name))
    throw new Error(`unknown start command '${name}': use ${START_COMMANDS.join(' or ')}`);
  return name as StartCommand;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The pid and every descendant (a server that re-executes itself lives on in its child). */
function processTree(pid: number): number[] {
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1) {
    const taskDir = `/proc/${tree[i]}/task`;
    let tasks: string[] = [];
    try {
      tasks = fs.readdirSync(taskDir);
    } catch {
      continue; // it exited meanwhile
    }
    for (const task of tasks) {
      try {
        const children = fs.readFileSync(`${taskDir}/${task}/children`, 'utf8').trim();
        if (children) tree.push(...children.split(/\s+/).map(Number));
      } catch {
        // the thread exited meanwhile
      }
    }
  }
  return tree;
}

/** Resident memory of the whole tree in MB; 0 for processes gone meanwhile. */
function treeRssMb(pid: number): number {
  let kib = 0;
  for (const member of processTree(pid)) {
    try {
      const status = fs.readFileSync(`/proc/${member}/status`, 'utf8');
      kib += Number(/VmRSS:\s*(\d+)\s*kB/.exec(status)?.[1] ?? 0);
    } catch {
      // gone
    }
  }
  return Math.round(kib / 1024);
}

/** A photo-like JPEG: smooth noise (as a phone's sensor gives) scaled up to the pixel count asked for. */
async function phonePhoto(megapixels: number): Promise<Buffer> {
  const width = Math.round(Math.sqrt((megapixels * 1_000_000 * 4) / 3));
  const height = Math.round((width * 3) / 4);
  const small = await sharp({
    create: {
      width: Math.round(width / 6),
      height: Math.round(height / 6),
      channels: 3,
      background: '#7a6a4f',
      noise: { type: 'gaussian', mean: 110, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  return sharp(small).resize(width, height).jpeg({ quality: 82 }).toBuffer();
}

async function signUp(base: string, n: number): Promise<string> {
  const res = await fetch(`${base}/api/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: `bench${n}`,
      email: `bench${n}@example.com`,
      password: 'bench-password',
    }),
  });
  if (res.status !== 201) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie()[0]?.split(';')[0] ?? '';
}

async function upload(base: string, cookie: string, photo: Buffer): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'find.jpg');
  form.append('kind', 'photo');
  try {
    const res = await fetch(`${base}/api/upload`, { method: 'POST', headers: { cookie }, body: form });
    await res.text();
    return res.status;
  } catch {
    return 0;
  }
}

interface RunFigures {
  idle: number;
  afterOne: number;
  peak: number;
  after2s: number;
  after10s: number;
  seconds: number;
  processes: number;
  answers: Record<string, number>;
}

/** One server, one burst; the server is stopped (and its database removed) afterwards. */
async function runOnce(command: StartCommand, port: number, photo: Buffer): Promise<RunFigures> {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-bench-upload-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DIGQUESTOR_PASSWORD: 'bench-official',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  };
  for (const name of Object.keys(env)) if (name.startsWith('MALLOC_')) delete env[name];
  if (command === 'npm-start') Object.assign(env, NPM_START_ALLOCATOR);
  const child = spawn(process.execPath, [entry], {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const pid = child.pid ?? 0;
  try {
    let up = false;
    for (let i = 0; i < 150 && !up; i += 1) {
      await sleep(100);
      up = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
    }
    if (!up) throw new Error(`the server on port ${port} did not answer /api/health`);
    const cookies = await Promise.all(Array.from({ length: MEMBERS }, (_, i) => signUp(base, i)));
    await sleep(1000);
    const idle = treeRssMb(pid);
    // One upload first: the image libraries set up their pools on first use, which is not a leak.
    await upload(base, cookies[0] ?? '', photo);
    await sleep(2000);
    const afterOne = treeRssMb(pid);

    let peak = afterOne;
    const sampler = setInterval(() => (peak = Math.max(peak, treeRssMb(pid))), 50);
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: UPLOADS }, (_, i) => upload(base, cookies[i % MEMBERS] ?? '', photo)),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    await sleep(2000);
    const after2s = treeRssMb(pid);
    await sleep(8000);
    const after10s = treeRssMb(pid);
    const answers = statuses.reduce<Record<string, number>>(
      (all, s) => ({ ...all, [s]: (all[s] ?? 0) + 1 }),
      {},
    );
    const processes = processTree(pid).length;
    return { idle, afterOne, peak: Math.max(peak, after2s), after2s, after10s, seconds, processes, answers };
  } finally {
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(5000)]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build:server\` first`);
const photo = await phonePhoto(MEGAPIXELS);
const loadBefore = loadAverage();
console.log(
  `${UPLOADS} uploads of a ${MEGAPIXELS} MP JPEG (${(photo.byteLength / 1048576).toFixed(1)} MB) from ${MEMBERS} members, ${RUNS} runs per start command; server ${entry}`,
);
const results = new Map<StartCommand, RunFigures[]>();
let port = FIRST_PORT;
for (let run = 0; run < RUNS; run += 1) {
  // Alternated, so a change in the machine's load falls on both start commands alike.
  for (const command of chosen) {
    const figures = await runOnce(command, port, photo);
    port += 1;
    results.set(command, [...(results.get(command) ?? []), figures]);
    console.log(
      `  ${command.padEnd(9)} run ${run + 1}: RSS MB idle ${figures.idle}, after one upload ${figures.afterOne}, peak ${figures.peak}, 2 s after ${figures.after2s}, 10 s after ${figures.after10s} (${figures.processes} process(es)); burst ${figures.seconds.toFixed(1)} s, answers ${JSON.stringify(figures.answers)}, load ${loadAverage()}`,
    );
  }
}
console.log(
  `Medians (${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}; load average ${loadBefore} before, ${loadAverage()} after):`,
);
for (const [command, runs] of results) {
  const idle = median(runs.map((r) => r.idle));
  const afterOne = median(runs.map((r) => r.afterOne));
  const after10s = median(runs.map((r) => r.after10s));
  console.log(
    `  ${command.padEnd(9)} idle ${idle} MB, after one upload ${afterOne} MB, peak ${median(runs.map((r) => r.peak))} MB, 2 s after ${median(runs.map((r) => r.after2s))} MB, 10 s after ${after10s} MB: ${after10s - idle} MB above idle (goal: within 100), ${after10s - afterOne} MB above the server after its first image`,
  );
}
