/**
 * The client's address, for per-address limits (login, sign-up, payment intents) and anonymous view
 * counts. By default only the socket is believed: an X-Forwarded-For written by the client would let it
 * pick a fresh address per request. Behind a reverse proxy, TRUST_PROXY names the proxies (addresses,
 * ranges or `loopback`); when the connection comes from one of them, the header is read from its end,
 * skipping the trusted hops, and the first address they did not add themselves is the client.
 */
import { BlockList, isIP } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Config } from './config';

/** The context variable the middleware fills; read through clientAddress(c). */
const ADDRESS_KEY = 'clientAddress';

/** `::ffff:203.0.113.5` (IPv4 on a dual-stack socket) is the IPv4 address; one key per client. */
function canonical(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped?.[1] ?? address.toLowerCase();
}

function connectionAddress(c: Context): string | undefined {
  try {
    // app.request() in tests may have no socket (c.env is undefined): getConnInfo throws, we fall back.
    const address = getConnInfo(c).remote.address;
    return address ? canonical(address) : undefined;
  } catch {
    return undefined;
  }
}

/** A predicate for the configured proxies (config.trustProxy); false for everything when none. */
export function trustedProxies(entries: readonly string[]): (address: string) => boolean {
  if (entries.length === 0) return () => false;
  const list = new BlockList();
  for (const entry of entries) {
    if (entry === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [address = '', bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(canonical(address), family);
    else list.addSubnet(canonical(address), Number(bits), family);
  }
  return (address) => {
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/** The client for this request: the socket, or what trusted proxies say they received it from. */
export function resolveClientAddress(c: Context, isTrusted: (address: string) => boolean): string {
  const socket = connectionAddress(c);
  if (!socket) return 'unknown';
  let client = socket;
  if (!isTrusted(client)) return client;
  const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map((hop) => canonical(hop.trim()));
  // Each proxy appends the address it was reached from; only the entries our proxies wrote are facts.
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    const hop = hops[i] ?? '';
    if (!isIP(hop)) break;
    client = hop;
    if (!isTrusted(hop)) break;
  }
  return client;
}

/**
 * The unit a per-address limit counts: an IPv4 address, or an IPv6 address's /64 — one subscriber usually
 * holds a whole /64 and could otherwise take a fresh address for every attempt.
 */
export function addressGroup(address: string): string {
  const plain = address.split('%')[0] ?? address;
  if (isIP(plain) !== 6) return plain;
  const [head = '', tail] = plain.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`;
}

/** Resolves the address once per request, with the configured proxies. */
export function clientAddressMiddleware(config: Config): MiddlewareHandler {
  const isTrusted = trustedProxies(config.trustProxy);
  return async (c, next) => {
    c.set(ADDRESS_KEY, resolveClientAddress(c, isTrusted));
    await next();
  };
}

/** The client's address; without the middleware (a bare sub-app in a test) only the socket counts. */
export function clientAddress(c: Context): string {
  const stored: unknown = c.get(ADDRESS_KEY);
  return typeof stored === 'string' ? stored : resolveClientAddress(c, () => false);
}
