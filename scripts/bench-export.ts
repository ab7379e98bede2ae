/**
 * `npm run bench:export`: "Download my data" and its import at scale (docs/export.md "Figures"), end to end
 * over HTTP against the built server in its own process (built here into dist/bench-export-server-<pid>,
 * removed afterwards, so dist/server is left alone), on SQLite.
 *
 * Seeds one member with BENCH_EXPORT_MB of photos (default 1024: incompressible random bytes written into
 * the photo store under their content's name, with the find and image_storage rows an upload leaves) over
 * BENCH_EXPORT_FINDS finds (default 2000, one photo each), then times GET /api/me/export (a new build each
 * run, `?fresh=1`), sampling the server's RSS every 100 ms; BENCH_EXPORT_RUNS runs (default 3), the median
 * reported. Then imports the archive into a second server as a new member and times that the same way.
 * Prints export time, ZIP size, peak and idle RSS, import time and peak RSS, the load average and the data set.
 * Linux only (reads /proc).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import Database from 'better-sqlite3';
import { uuidv7 } from 'uuidv7';
import { buildServer } from './build-server';

const TOTAL_MB = Number(process.env.BENCH_EXPORT_MB ?? 1024);
const FINDS = Number(process.env.BENCH_EXPORT_FINDS ?? 2000);
const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 4471);
const SAMPLE_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s*(\d+)\s*kB/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/** Samples the process's RSS every 100 ms while `work` runs; answers its result, the time and the peak. */
async function measured<T>(pid: number, work: () => Promise<T>) {
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), SAMPLE_MS);
  const started = performance.now();
  try {
    const result = await work();
    return { result, seconds: (performance.now() - started) / 1000, peak: Math.max(peak, rssMb(pid)) };
  } finally {
    clearInterval(sampler);
  }
}

interface Server {
  base: string;
  child: ChildProcess;
  pid: number;
  dataDir: string;
}

async function startServer(entry: string, port: number): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-bench-export-'));
  const child = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIGQUESTOR_PASSWORD: 'bench-official',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // As `npm start` runs it (package.json).
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '131072',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i += 1) {
    await sleep(100);
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, child, pid: child.pid ?? 0, dataDir };
  }
  child.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
  throw new Error(`the server on port ${port} did not answer /api/health`);
}

async function stopServer(server: Server) {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

async function signUp(base: string, username: string): Promise<{ cookie: string; id: number }> {
  const res = await fetch(`${base}/api/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: 'bench-password' }),
  });
  if (res.status !== 201) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { id: number };
  return { cookie: res.headers.getSetCookie()[0]?.split(';')[0] ?? '', id: body.id };
}

/** Random photos into the store and finds naming them, straight into the database (WAL: the server keeps running). */
function seed(dataDir: string, userId: number): { photoBytes: number } {
  const uploads = path.join(dataDir, 'uploads');
  fs.mkdirSync(uploads, { recursive: true });
  const db = new Database(path.join(dataDir, 'digquest.sqlite'));
  db.pragma('busy_timeout = 5000');
  const photoSize = Math.floor((TOTAL_MB * 1024 * 1024) / FINDS);
  const insertFind = db.prepare(
    `INSERT INTO finds (uid, title, description, latitude, longitude, user_id, location, image_url, period, found_on)
     VALUES (?, ?, ?, ?, ?, ?, 'Norfolk, UK', ?, 'Roman', '2025-05-01')`,
  );
  const insertImage = db.prepare(
    `INSERT INTO image_storage (filename, original_name, mime_type, size, uploaded_by) VALUES (?, ?, 'image/webp', ?, ?)`,
  );
  let photoBytes = 0;
  const batch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i += 1) {
      const bytes = randomBytes(photoSize);
      const name = `${createHash('sha256').update(bytes).digest('hex')}.webp`;
      fs.writeFileSync(path.join(uploads, name), bytes);
      photoBytes += bytes.byteLength;
      insertImage.run(name, `IMG_${i}.jpg`, bytes.byteLength, userId);
      insertFind.run(
        uuidv7(),
        `Bench find ${i}`,
        `A find, number ${i}`,
        String(52 + i / 1e5),
        String(1 + i / 1e5),
        userId,
        `/uploads/${name}`,
      );
    }
  });
  for (let i = 0; i < FINDS; i += 200) batch(i, Math.min(FINDS, i + 200));
  db.close();
  return { photoBytes };
}

function resetLimits(dataDir: string) {
  const db = new Database(path.join(dataDir, 'digquest.sqlite'));
  db.pragma('busy_timeout = 5000');
  db.prepare('DELETE FROM rate_limits').run();
  db.close();
}

// Inside the repository, so the bundle resolves its external packages from node_modules.
const outDir = path.resolve(import.meta.dirname, `../dist/bench-export-server-${process.pid}`);
const entry = await buildServer(outDir);
const zipFile = path.join(os.tmpdir(), `digquest-bench-export-${process.pid}.zip`);
const source = await startServer(entry, PORT);
let target: Server | undefined;
try {
  const member = await signUp(source.base, 'bench_exporter');
  const seedStart = performance.now();
  const { photoBytes } = seed(source.dataDir, member.id);
  console.log(
    `data set: ${FINDS} finds, ${FINDS} photos of ${mb(photoBytes / FINDS)} MB (random, incompressible), ${mb(photoBytes)} MB in all; seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );
  await sleep(1000);
  const idle = rssMb(source.pid);
  const exports: { seconds: number; peak: number; size: number }[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    resetLimits(source.dataDir);
    const {
      result: size,
      seconds,
      peak,
    } = await measured(source.pid, async () => {
      const res = await fetch(`${source.base}/api/me/export?fresh=1`, { headers: { cookie: member.cookie } });
      if (res.status !== 200 || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`);
      await pipeline(Readable.fromWeb(res.body as NodeReadableStream), fs.createWriteStream(zipFile));
      return fs.statSync(zipFile).size;
    });
    exports.push({ seconds, peak, size });
    console.log(
      `export run ${run + 1}: ${seconds.toFixed(1)} s, ZIP ${mb(size)} MB, peak RSS ${peak} MB (load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
    );
  }
  console.log(
    `export (median of ${RUNS}): ${median(exports.map((e) => e.seconds)).toFixed(1)} s, ZIP ${mb(exports[0]?.size ?? 0)} MB, ` +
      `peak RSS ${median(exports.map((e) => e.peak))} MB (max ${Math.max(...exports.map((e) => e.peak))}), idle RSS ${idle} MB`,
  );
  await stopServer(source);

  target = await startServer(entry, PORT + 1);
  const importer = await signUp(target.base, 'bench_importer');
  await sleep(1000);
  const importIdle = rssMb(target.pid);
  const size = fs.statSync(zipFile).size;
  const imported = await measured(target.pid, async () => {
    const res = await fetch(`${target!.base}/api/me/import`, {
      method: 'POST',
      headers: {
        cookie: importer.cookie,
        origin: target!.base,
        'content-type': 'application/zip',
        'content-length': String(size),
      },
      body: Readable.toWeb(fs.createReadStream(zipFile)) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    const body = await res.text();
    if (res.status !== 200) throw new Error(`import: ${res.status} ${body}`);
    return body;
  });
  console.log(
    `import: ${imported.seconds.toFixed(1)} s for ${mb(size)} MB, peak RSS ${imported.peak} MB, idle RSS ${importIdle} MB → ${imported.result}`,
  );
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${os.cpus().length} CPUs, ${mb(os.totalmem())} MB RAM, Node ${process.version}`,
  );
} finally {
  if (source.child.exitCode === null) await stopServer(source);
  if (target) await stopServer(target);
  fs.rmSync(zipFile, { force: true });
  fs.rmSync(outDir, { recursive: true, force: true });
}
