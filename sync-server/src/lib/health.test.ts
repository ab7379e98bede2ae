/**
 * GET /api/health (liveness) and GET /api/ready (docs/operations.md "Health"): ready only while the
 * database answers, holds every migration and the photo store takes a write; a 503 names what failed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createTestApp, type TestApp } from '../test/harness';
import { closeDatabase, openDatabase, type DatabaseConfig } from './db';
import { createLogger } from './logger';
import { uploadsDir } from './photo-store';

let t: TestApp;
afterEach(() => t.close());

const ready = async (app: TestApp['app']) => {
  const res = await app.request('/api/ready');
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

/** Photo-store failures as GET /metrics counts them (read from loopback). */
async function photoStoreErrors(app: TestApp['app']): Promise<string> {
  const res = await app.request('/metrics', {}, { incoming: { socket: { remoteAddress: '127.0.0.1' } } });
  return (await res.text())
    .split('\n')
    .filter((line) => line.startsWith('digquest_photo_store_errors_total'))
    .join('\n');
}

describe('health and readiness', () => {
  it('GET /api/health answers while the process runs', async () => {
    t = await createTestApp();
    const res = await t.app.request('/api/health');
    expect([res.status, await res.json()]).toEqual([200, { ok: true }]);
  });

  it('GET /api/ready: 200 with every check when the database, migrations and photo store are fine', async () => {
    t = await createTestApp();
    const res = await t.app.request('/api/ready');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      ready: true,
      checks: { database: 'ok', migrations: 'ok', photoStore: 'ok' },
    });
    // The probe leaves nothing behind in the uploads.
    expect(fs.readdirSync(uploadsDir(t.config)).filter((name) => name.startsWith('ready-probe'))).toEqual([]);
  });

  it('503 naming the photo store when its directory cannot be written', async () => {
    t = await createTestApp();
    // A file where the directory should be: unwritable even for root, which ignores permission bits.
    fs.rmSync(uploadsDir(t.config), { recursive: true, force: true });
    fs.writeFileSync(uploadsDir(t.config), 'not a directory');
    const { status, body } = await ready(t.app);
    expect(status).toBe(503);
    expect(body).toMatchObject({
      ready: false,
      code: 'not-ready',
      message: 'Not ready: photo store not writable',
      checks: { database: 'ok', migrations: 'ok', photoStore: 'failed' },
    });
    // Counted as a photo-store error (GET /metrics).
    expect(await photoStoreErrors(t.app)).toBe('digquest_photo_store_errors_total{operation="put"} 1');
  });

  it('503 naming the migrations when the database lacks the newest one', async () => {
    t = await createTestApp();
    await t.sql(
      'DELETE FROM __drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM __drizzle_migrations)',
    );
    const { status, body } = await ready(t.app);
    expect(status).toBe(503);
    expect(body).toMatchObject({
      message: 'Not ready: migrations not applied',
      checks: { database: 'ok', migrations: 'failed', photoStore: 'ok' },
    });
  });

  it('503 naming the database when it cannot be reached', async () => {
    t = await createTestApp();
    // A second connection to the test database (another schema user on PostgreSQL), then closed.
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-ready-'));
    const config: DatabaseConfig =
      t.database.engine === 'sqlite'
        ? { engine: 'sqlite', file: path.join(scratch, 'gone.sqlite') }
        : t.database;
    const db = await openDatabase(config);
    await closeDatabase(db);
    const app = createApp({
      db,
      config: t.config,
      logger: createLogger('silent'),
      mailer: { send: async () => {} },
    });
    const { status, body } = await ready(app);
    fs.rmSync(scratch, { recursive: true, force: true });
    expect(status).toBe(503);
    expect(body).toMatchObject({
      message: 'Not ready: database unreachable, migrations not applied',
      checks: { database: 'failed', migrations: 'failed', photoStore: 'ok' },
    });
  });
});
