/**
 * `tsx scripts/bench-upload-memory.ts` — the server's memory under a burst of photo uploads. Starts the real
 * server (`sync-server/src/index.ts`, or SERVER_DIR's copy of it, to compare with another version) on a
 * temporary database, signs up BENCH_MEMBERS members, and sends BENCH_UPLOADS photos of BENCH_MEGAPIXELS
 * megapixels at once through POST /api/upload, shared between the members. Prints the server's resident
 * memory (RSS, from /proc) idle, after one upload (the image libraries' pools), at its peak, and 2 s and
 * 10 s after the burst, with the answers' status counts. Linux only (reads /proc). The server inherits
 * this process's environment, so allocator settings (MALLOC_*) can be compared too.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 40);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 4);
const MEGAPIXELS = Number(process.env.BENCH_MEGAPIXELS ?? 24);
const serverDir = path.resolve(process.env.SERVER_DIR ?? path.join(import.meta.dirname, '..'));
const port = 43000 + Math.floor(Math.random() * 2000);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-bench-upload-'));

const kib = (line: string | undefined) => Number(/(\d+)\s*kB/.exec(line ?? '')?.[1] ?? 0);
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n');
  const field = (name: string) => kib(status.find((l) => l.startsWith(`${name}:`)));
  return { rss: Math.round(field('VmRSS') / 1024), peak: Math.round(field('VmHWM') / 1024) };
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

async function signUp(n: number): Promise<string> {
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

async function upload(cookie: string, photo: Buffer): Promise<number> {
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

const child = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/index.ts'], {
  cwd: serverDir,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DIGQUESTOR_PASSWORD: 'bench-official',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const pid = child.pid ?? 0;
try {
  for (let i = 0; i < 100; i += 1) {
    await sleep(100);
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
  }
  const photo = await phonePhoto(MEGAPIXELS);
  const cookies = await Promise.all(Array.from({ length: MEMBERS }, (_, i) => signUp(i)));
  await sleep(1000);
  const idle = memoryOf(pid);
  // One upload first: the image libraries set up their pools on first use, which is not a leak.
  await upload(cookies[0] ?? '', photo);
  await sleep(2000);
  const before = memoryOf(pid);

  let peak = before.rss;
  const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(pid).rss)), 50);
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: UPLOADS }, (_, i) => upload(cookies[i % MEMBERS] ?? '', photo)),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await sleep(2000);
  const after2s = memoryOf(pid);
  await sleep(8000);
  const after10s = memoryOf(pid);

  const counts = statuses.reduce<Record<string, number>>(
    (all, s) => ({ ...all, [s]: (all[s] ?? 0) + 1 }),
    {},
  );
  console.log(`server: ${serverDir}`);
  console.log(
    `${UPLOADS} uploads of a ${MEGAPIXELS} MP JPEG (${(photo.byteLength / 1048576).toFixed(1)} MB) from ${MEMBERS} members in ${seconds.toFixed(1)} s; answers ${JSON.stringify(counts)}`,
  );
  console.log(
    `RSS MB: idle ${idle.rss}, after one upload ${before.rss}, peak ${Math.max(peak, after2s.peak)}, 2 s after ${after2s.rss}, 10 s after ${after10s.rss}`,
  );
} finally {
  child.kill('SIGTERM');
  await sleep(500);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
