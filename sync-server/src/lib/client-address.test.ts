import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { addressGroup, clientAddress, clientAddressMiddleware } from './client-address';
import { loadConfig, parseTrustProxy } from './config';

/** An app that answers the client address it sees, with TRUST_PROXY as given. */
function appWith(trustProxy?: string) {
  const config = loadConfig(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy });
  return new Hono().use(clientAddressMiddleware(config)).get('/', (c) => c.text(clientAddress(c)));
}

async function addressOf(app: Hono, socket: string | undefined, forwarded?: string) {
  const env = socket === undefined ? undefined : { incoming: { socket: { remoteAddress: socket } } };
  const res = await app.request('/', { headers: forwarded ? { 'x-forwarded-for': forwarded } : {} }, env);
  return res.text();
}

describe('clientAddress without TRUST_PROXY (the default)', () => {
  const app = appWith();
  it('is the socket address', async () => {
    expect(await addressOf(app, '198.51.100.7')).toBe('198.51.100.7');
  });
  it("ignores X-Forwarded-For from a public socket (the client's own claim)", async () => {
    expect(await addressOf(app, '198.51.100.7', '10.1.1.1')).toBe('198.51.100.7');
  });
  it('ignores it from loopback too: a local proxy is trusted only when configured', async () => {
    expect(await addressOf(app, '127.0.0.1', '203.0.113.50')).toBe('127.0.0.1');
    expect(await addressOf(app, '::1', '203.0.113.51')).toBe('::1');
  });
  it('writes an IPv4 address on a dual-stack socket as IPv4 (one key per client)', async () => {
    expect(await addressOf(app, '::ffff:198.51.100.8')).toBe('198.51.100.8');
  });
  it("falls back to 'unknown' without a socket (in-process requests)", async () => {
    expect(await addressOf(app, undefined, '10.1.1.1')).toBe('unknown');
  });
  it('reads the socket alone in a sub-app without the middleware', async () => {
    const bare = new Hono().get('/', (c) => c.text(clientAddress(c)));
    expect(await addressOf(bare, '127.0.0.1', '203.0.113.50')).toBe('127.0.0.1');
  });
});

describe('clientAddress with TRUST_PROXY', () => {
  it('loopback: takes the entry the local proxy appended (the last one)', async () => {
    const app = appWith('loopback');
    expect(await addressOf(app, '127.0.0.1', 'spoofed-by-client, 203.0.113.50')).toBe('203.0.113.50');
    expect(await addressOf(app, '::1', '203.0.113.51')).toBe('203.0.113.51');
    expect(await addressOf(app, '::ffff:127.0.0.1', '203.0.113.52')).toBe('203.0.113.52');
    expect(await addressOf(app, '127.0.0.1')).toBe('127.0.0.1');
  });
  it('still ignores the header from a peer that is not a listed proxy', async () => {
    expect(await addressOf(appWith('loopback'), '198.51.100.7', '10.1.1.1')).toBe('198.51.100.7');
  });
  it('skips every trusted hop from the end: a chain of proxies in a listed range', async () => {
    const app = appWith('10.0.0.0/8, 192.0.2.10');
    expect(await addressOf(app, '10.0.0.2', '1.2.3.4, 203.0.113.9, 192.0.2.10, 10.0.0.3')).toBe(
      '203.0.113.9',
    );
    expect(await addressOf(app, '192.0.2.10', '203.0.113.9')).toBe('203.0.113.9');
  });
  it('stops at an entry that is not an address, keeping the last one our proxies vouched for', async () => {
    expect(await addressOf(appWith('loopback'), '127.0.0.1', '203.0.113.9, garbage')).toBe('127.0.0.1');
  });
});

describe('parseTrustProxy (TRUST_PROXY)', () => {
  it('is off when unset, empty or false-like', () => {
    for (const off of [undefined, '', 'false', '0', 'off', 'none']) expect(parseTrustProxy(off)).toEqual([]);
  });
  it('takes loopback, addresses and ranges', () => {
    expect(parseTrustProxy('loopback, 10.0.0.0/8,::1, fd00::/8')).toEqual([
      'loopback',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
  });
  it("refuses 'true' and anything that is not an address, so a typo cannot trust everyone", () => {
    for (const bad of ['true', '*', 'proxy.local', '10.0.0.0/33', '10.0.0.1/8/1'])
      expect(() => parseTrustProxy(bad)).toThrow(/TRUST_PROXY/);
  });
});

describe('addressGroup (what per-address limits count)', () => {
  it('is an IPv4 address itself', () => {
    expect(addressGroup('198.51.100.7')).toBe('198.51.100.7');
  });
  it("is an IPv6 address's /64, however it is written", () => {
    for (const address of [
      '2001:db8:aa:bb::1',
      '2001:0db8:00aa:00bb:1:2:3:4',
      '2001:db8:aa:bb:ffff::',
      '2001:db8:aa:bb::1%eth0',
    ])
      expect(addressGroup(address)).toBe('2001:db8:aa:bb::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('2001:db8::')).toBe('2001:db8:0:0::/64');
  });
  it("leaves 'unknown' alone", () => expect(addressGroup('unknown')).toBe('unknown'));
});
