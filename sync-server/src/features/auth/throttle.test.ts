import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { clientAddress } from './throttle';

const app = new Hono().get('/', (c) => c.text(clientAddress(c)));
const addressOf = async (socket: string | undefined, forwarded?: string) => {
  const env = socket === undefined ? undefined : { incoming: { socket: { remoteAddress: socket } } };
  const res = await app.request('/', { headers: forwarded ? { 'x-forwarded-for': forwarded } : {} }, env);
  return res.text();
};

describe('clientAddress', () => {
  it('is the socket address', async () => {
    expect(await addressOf('198.51.100.7')).toBe('198.51.100.7');
  });
  it("ignores X-Forwarded-For from a public socket (the client's own claim)", async () => {
    expect(await addressOf('198.51.100.7', '10.1.1.1')).toBe('198.51.100.7');
  });
  it('takes the entry a local reverse proxy appended (the last one)', async () => {
    expect(await addressOf('127.0.0.1', 'spoofed-by-client, 203.0.113.50')).toBe('203.0.113.50');
    expect(await addressOf('::1', '203.0.113.51')).toBe('203.0.113.51');
    expect(await addressOf('::ffff:127.0.0.1', '203.0.113.52')).toBe('203.0.113.52');
  });
  it('is the loopback address itself without a forwarded header', async () => {
    expect(await addressOf('127.0.0.1')).toBe('127.0.0.1');
  });
  it("falls back to 'unknown' without a socket (in-process requests)", async () => {
    expect(await addressOf(undefined, '10.1.1.1')).toBe('unknown');
  });
});
