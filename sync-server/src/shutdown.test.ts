/**
 * Graceful shutdown (docs/operations.md "Shutdown"), on the real server in a process of its own: SIGTERM
 * during a slow upload closes the port at once, the upload still completes with its normal answer, and
 * the process exits 0. On the engine under test: PostgreSQL in a scratch database of its own.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { ALLOCATOR_SETTINGS } from './lib/allocator';
import { sha256Of } from './sync/test-fixtures';
import { OFFICIAL_PASSWORD, TEST_ENGINE } from './test/harness';
import { createScratchDatabase, type ScratchDatabase } from './test/pg';

const root = path.resolve(import.meta.dirname, '../..');
const cleanups: Array<() => Promise<void> | void> = [];
// Killing the server and dropping its scratch database can take longer than a hook's 10 s on a loaded
// machine (a CI run timed out here after the test itself had passed).
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}, 60_000);

interface Started {
  child: ChildProcessWithoutNullStreams;
  port: number;
  /** Everything it printed, for failure messages. */
  output: () => string;
  /** Its pino lines (stdout). */
  logged: () => Record<string, unknown>[];
}

function logLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** `node --import tsx sync-server/src/index.ts` as `npm run dev` runs it, on a port of its own. */
async function startServer(): Promise<Started> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-shutdown-'));
  let scratch: ScratchDatabase | undefined;
  if (TEST_ENGINE === 'postgres') scratch = await createScratchDatabase('shutdown');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'index.ts')], {
    cwd: root,
    env: {
      ...process.env,
      // Set: the server serves in this very process, rather than starting again (lib/allocator.ts).
      ...ALLOCATOR_SETTINGS,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: scratch?.url ?? '',
      DIGQUESTOR_PASSWORD: OFFICIAL_PASSWORD,
      LOG_LEVEL: 'info',
      JOB_POLL_MS: '50',
    },
  });
  // Apart: a warning on stderr must not land in the middle of a log line.
  let output = '';
  let errors = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (errors += d.toString()));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  });
  const running = await waitFor(
    () => logLines(output).find((line) => line.msg === 'DigQuest is running'),
    child,
  );
  const port = Number(running.port);
  expect(running.database).toBe(TEST_ENGINE === 'postgres' ? 'postgresql' : 'sqlite');
  return { child, port, output: () => `${output}${errors}`, logged: () => logLines(output) };
}

/** Polls until `found` answers something; fails if the process exits first or 30 s pass. */
async function waitFor<T>(found: () => T | undefined, child: ChildProcessWithoutNullStreams): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = found();
    if (value !== undefined) return value;
    if (child.exitCode !== null) throw new Error('the server exited early');
    if (Date.now() > deadline) throw new Error('timed out waiting for the server');
    await sleep(20);
  }
}

/** A real photo of some 100 KB, so that sending it slowly takes a while. */
async function photoBytes(): Promise<Buffer> {
  const width = 160;
  const height = 160;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Signs a member up over HTTP; answers their session cookie. */
async function signUp(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/users/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      username: 'slowhand',
      email: 'slowhand@example.com',
      password: 'secret-password',
    }),
  });
  expect(res.status).toBe(201);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

describe('graceful shutdown', () => {
  it('SIGTERM during a slow upload: the port closes, the upload completes, the process exits 0', async () => {
    const server = await startServer();
    const cookie = await signUp(server.port);
    const bytes = await photoBytes();
    const sha = sha256Of(bytes);

    // A connection kept alive, as browsers keep theirs: once answered it must not hold the shutdown up.
    const agent = new http.Agent({ keepAlive: true });
    cleanups.push(() => agent.destroy());
    const upload = http.request({
      host: '127.0.0.1',
      port: server.port,
      method: 'PUT',
      path: `/api/sync/blobs/${sha}`,
      agent,
      headers: {
        cookie,
        'content-type': 'image/png',
        'content-length': String(bytes.length),
        // The server's `100 Continue` tells us it has read the headers: the request is in flight.
        expect: '100-continue',
      },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      upload.on('response', (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      upload.on('error', reject);
    });
    const piece = Math.ceil(bytes.length / 10);
    upload.flushHeaders();
    await new Promise((resolve) => upload.once('continue', resolve));
    upload.write(bytes.subarray(0, piece));
    await sleep(100);

    const exited = new Promise<number | null>((resolve) =>
      server.child.once('exit', (code) => resolve(code)),
    );
    server.child.kill('SIGTERM');
    await waitFor(
      () => server.logged().find((line) => String(line.msg).startsWith('shutting down')),
      server.child,
    );
    // No new connection is accepted once shutdown began.
    await expect(fetch(`http://127.0.0.1:${server.port}/api/health`)).rejects.toThrow();

    for (let sent = piece; sent < bytes.length; sent += piece) {
      await sleep(100);
      upload.write(bytes.subarray(sent, sent + piece));
    }
    upload.end();
    const { status, body } = await answered;
    const answeredAt = Date.now();
    expect(status, server.output()).toBe(201);
    expect(JSON.parse(body)).toMatchObject({ sha256: sha });
    expect(await exited, server.output()).toBe(0);
    // Before the idle connection's keep-alive timeout (Node's 5 s) would have closed it: without closing
    // connections as they become idle, the exit comes about 6 s after the answer.
    expect(Date.now() - answeredAt, server.output()).toBeLessThan(4_000);
    const logged = server.logged();
    expect(logged.find((line) => line.msg === 'request' && line.method === 'PUT')).toMatchObject({
      route: '/api/sync/blobs/:sha256',
      status: 201,
    });
    expect(logged.map((line) => line.msg)).toContain('stopped');
  }, 60_000);
});
