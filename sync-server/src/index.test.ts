/**
 * The node entry as `npm start` runs it: bundled by scripts/build-server.ts and run with plain node. The
 * first start creates and migrates the database (migrations found beside the bundle), seeds the official
 * account (its generated password saved to a file only the server's user can read, never printed), listens
 * on 127.0.0.1 only, loads the heavy libraries on first use, and exits cleanly on SIGTERM.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server';
import { ALLOCATOR_SETTINGS, runsOnGlibc } from './lib/allocator';
import { OFFICIAL_PASSWORD_FILE } from './seed/initial';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-entry-'));
// Inside the repository: the bundle's package imports resolve from node_modules above it.
const buildDir = path.join(root, 'dist', `server-test-${process.pid}`);
const WEBHOOK_SECRET = 'whsec_entry_test';
let entry = '';

beforeAll(async () => {
  entry = await buildServer(buildDir);
}, 60_000);
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(buildDir, { recursive: true, force: true });
});

function start(port: number) {
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      // Unset, whatever this shell has: the default is under test.
      HOST: undefined,
      // Unset too: the entry's own allocator settings are under test (lib/allocator.ts).
      MALLOC_ARENA_MAX: undefined,
      MALLOC_MMAP_THRESHOLD_: undefined,
      DATA_DIR: dataDir,
      DIGQUESTOR_PASSWORD: '',
      LOG_LEVEL: 'info',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('DigQuest is running')) {
        clearInterval(timer);
        resolve();
      }
      if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`server exited early:\n${output}`));
      }
    }, 50);
  });
  return { child, ready, output: () => output };
}

function exitOf(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Whether a shared library whose path contains `name` is mapped into the process (Linux). */
function hasLibrary(pid: number, name: string): boolean {
  return fs.readFileSync(`/proc/${pid}/maps`, 'utf8').includes(name);
}

/**
 * The process that serves: on glibc without MALLOC_* the entry starts the server again with them
 * (lib/allocator.ts), in place where Node has execve, else as a child of the process we started.
 */
function servingPid(pid: number): number {
  if (process.platform !== 'linux') return pid;
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return children ? Number(children.split(/\s+/)[0]) : pid;
}

/** Whether the process's environment (as it started) says `name=value` (Linux). */
function hasEnvironment(pid: number, name: string, value: string): boolean {
  return fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`${name}=${value}`);
}

/** This machine's first address other than loopback, if it has one. */
function lanAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
}

async function waitFor(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('node entry (npm start)', () => {
  it('first start migrates, seeds, saves the generated password to a private file, serves and stops on SIGTERM', async () => {
    const port = 40000 + Math.floor(Math.random() * 20000);
    const base = `http://127.0.0.1:${port}`;
    const first = start(port);
    await first.ready;
    const pid = servingPid(first.child.pid ?? 0);
    // Started without the allocator settings (start() passes none), the server runs with them on glibc.
    if (runsOnGlibc())
      expect(hasEnvironment(pid, 'MALLOC_ARENA_MAX', ALLOCATOR_SETTINGS.MALLOC_ARENA_MAX)).toBe(true);

    // The password is in DATA_DIR, mode 600, and the logs only say where.
    const passwordFile = path.join(dataDir, OFFICIAL_PASSWORD_FILE);
    expect((fs.statSync(passwordFile).mode & 0o777).toString(8)).toBe('600');
    const password = /^password: (\S+)$/m.exec(fs.readFileSync(passwordFile, 'utf8'))?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(first.output()).toContain('Official account created');
    expect(first.output()).toContain(passwordFile);
    expect(first.output()).not.toContain(password);
    const login = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'DigQuestor', password }),
    });
    expect(login.status).toBe(200);

    // This machine only, unless HOST says otherwise.
    expect(first.output()).toMatch(/"host":"127\.0\.0\.1"/);
    const lan = lanAddress();
    if (lan) await expect(fetch(`http://${lan}:${port}/api/health`)).rejects.toThrow();

    const health = await fetch(`${base}/api/health`);
    expect(await health.json()).toEqual({ ok: true });
    // Idle connections are kept longer than a proxy keeps them (lib/keep-alive.ts), and clients are told so.
    expect(health.headers.get('keep-alive')).toBe('timeout=65');
    const missing = await fetch(`${base}/api/nothing-here`);
    expect(missing.status).toBe(404);

    // sharp (libvips) is not loaded until the first image; then every lazily loaded library works from the bundle.
    if (process.platform === 'linux') expect(hasLibrary(pid, 'libvips')).toBe(false);
    const avatar = await fetch(`${base}/avatars/alice.svg`);
    expect(avatar.status).toBe(200);
    expect(await avatar.text()).toContain('<svg');

    const register = await fetch(`${base}/api/users/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'alice', email: 'alice@example.com', password: 'alice-password' }),
    });
    expect(register.status).toBe(201);
    const cookie = register.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    const form = new FormData();
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#806040' } })
      .png()
      .toBuffer();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'find.png');
    form.append('kind', 'photo');
    const upload = await fetch(`${base}/api/upload`, { method: 'POST', headers: { cookie }, body: form });
    expect(upload.status).toBe(201);
    if (process.platform === 'linux') expect(hasLibrary(pid, 'libvips')).toBe(true);

    const reset = await fetch(`${base}/api/users/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'alice@example.com' }),
    });
    expect(reset.status).toBe(200);
    const mailDir = path.join(dataDir, 'mail');
    await waitFor(() => fs.existsSync(mailDir) && fs.readdirSync(mailDir).length > 0, 'the reset mail');

    const event = JSON.stringify({ id: 'evt_entry_1', object: 'event', type: 'customer.created', data: {} });
    const webhook = await fetch(`${base}/api/stripe/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload: event,
          secret: WEBHOOK_SECRET,
        }),
      },
      body: event,
    });
    expect(await webhook.json()).toEqual({ received: true, outcome: 'ignored' });

    const exited = exitOf(first.child);
    first.child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const sqlite = new Database(path.join(dataDir, 'digquest.sqlite'), { readonly: true });
    expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    const official = sqlite.prepare('select id, username from users where id = 1').get();
    expect(official).toEqual({ id: 1, username: 'DigQuestor' });
    expect(
      (sqlite.prepare('select count(*) as n from categories').get() as { n: number }).n,
    ).toBeGreaterThanOrEqual(6);
    sqlite.close();

    // A second start finds everything in place: no new account, the file left as it was.
    const saved = fs.readFileSync(passwordFile, 'utf8');
    const second = start(port + 1);
    await second.ready;
    expect(second.output()).not.toMatch(/Official account created/);
    expect(fs.readFileSync(passwordFile, 'utf8')).toBe(saved);
    const stopped = exitOf(second.child);
    second.child.kill('SIGTERM');
    expect(await stopped).toBe(0);
  }, 60_000);
});
