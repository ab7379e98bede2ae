/**
 * The node entry as `npm start` runs it: first start creates and migrates the database, seeds the official
 * account (printing a generated password once), serves, and exits cleanly on SIGTERM.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-entry-'));

function start(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIGQUESTOR_PASSWORD: '',
      LOG_LEVEL: 'info',
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

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('node entry (npm start)', () => {
  it('first start migrates, seeds, prints the generated password once, serves and stops on SIGTERM', async () => {
    const port = 40000 + Math.floor(Math.random() * 20000);
    const first = start(port);
    await first.ready;
    expect(first.output()).toMatch(/Official account created: DigQuestor \/ \S+/);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ ok: true });
    const missing = await fetch(`http://127.0.0.1:${port}/api/nothing-here`);
    expect(missing.status).toBe(404);
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

    // A second start finds everything in place and prints no password.
    const second = start(port + 1);
    await second.ready;
    expect(second.output()).not.toMatch(/Official account created/);
    const stopped = exitOf(second.child);
    second.child.kill('SIGTERM');
    expect(await stopped).toBe(0);
  }, 60_000);
});
