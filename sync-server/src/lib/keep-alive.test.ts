/**
 * Idle connections (lib/keep-alive.ts): a client that sends its next request on a kept connection after
 * more than Node's default 5 s (it closes at about 6) gets its answer on that same connection, not a reset.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, keepIdleConnections } from './keep-alive';

let server: http.Server;
let port = 0;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  server = http.createServer((_req, res) => res.end('ok'));
  keepIdleConnections(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  agent.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function get(): Promise<{ body: string; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ body, reused: req.reusedSocket }));
    });
    req.on('error', reject);
  });
}

describe('idle connections', () => {
  it('stay open past a proxy’s 60 s; the headers timer is longer still', () => {
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
    expect(server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(HEADERS_TIMEOUT_MS).toBeGreaterThan(KEEP_ALIVE_TIMEOUT_MS);
  });

  it('a request sent 7 s after the last is answered on the same connection', async () => {
    expect(await get()).toEqual({ body: 'ok', reused: false });
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    expect(await get()).toEqual({ body: 'ok', reused: true });
  });
});
