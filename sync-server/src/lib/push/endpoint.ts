/**
 * Which push endpoints the server will call (docs/notifications.md "Push"). A subscription's endpoint is an
 * address a member hands us, and we POST to it later: without these checks a push subscription would let
 * anyone make the server call its own network (SSRF). Only `https:` endpoints whose host is, and resolves
 * only to, public addresses; PUSH_ALLOWED_HOSTS lists `host:port` exceptions for tests, which may be http:.
 * Checked when a subscription is saved and again before each send, since DNS answers can change.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

export class EndpointRefusedError extends Error {}

/** IPv4 ranges that are not the public internet (RFC 6890 and friends), as [first octets, prefix bits]. */
const PRIVATE_V4: readonly (readonly [number, number, number, number, number])[] = [
  [0, 0, 0, 0, 8], // "this network"
  [10, 0, 0, 0, 8],
  [100, 64, 0, 0, 10], // carrier-grade NAT
  [127, 0, 0, 0, 8],
  [169, 254, 0, 0, 16], // link-local (cloud metadata services live here)
  [172, 16, 0, 0, 12],
  [192, 0, 0, 0, 24],
  [192, 0, 2, 0, 24], // documentation
  [192, 168, 0, 0, 16],
  [198, 18, 0, 0, 15], // benchmarking
  [198, 51, 100, 0, 24],
  [203, 0, 113, 0, 24],
  [224, 0, 0, 0, 4], // multicast
  [240, 0, 0, 0, 4], // reserved, broadcast
];

function v4Number(octets: readonly number[]): number {
  return octets.reduce((n, octet) => n * 256 + octet, 0);
}

function isPrivateV4(octets: readonly number[]): boolean {
  const address = v4Number(octets);
  return PRIVATE_V4.some(([a, b, c, d, bits]) => {
    const size = 2 ** (32 - bits);
    return Math.floor(address / size) === Math.floor(v4Number([a, b, c, d]) / size);
  });
}

const parseV4 = (text: string): number[] => text.split('.').map(Number);

/** The 16 bytes of an IPv6 address (zone dropped, a trailing dotted quad read), as eight 16-bit groups. */
function v6Groups(text: string): number[] {
  let address = text.replace(/%.*$/, '');
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  if (quad) {
    const [a = 0, b = 0, c = 0, d = 0] = parseV4(quad);
    address = `${address.slice(0, -quad.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = address.split('::');
  const part = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const start = part(head);
  const end = tail === undefined ? [] : part(tail);
  return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
}

function isPrivateV6(text: string): boolean {
  const g = v6Groups(text);
  const [g0 = 0, g1 = 0, g2 = 0, , , g5 = 0, g6 = 0, g7 = 0] = g;
  const embeddedV4 = [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff];
  if (g.slice(0, 6).every((x) => x === 0)) return true; // ::, ::1 and the old IPv4-compatible form
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d): judged by the IPv4 address inside.
  if (g.slice(0, 5).every((x) => x === 0) && g5 === 0xffff) return isPrivateV4(embeddedV4);
  if (g0 === 0x64 && g1 === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return isPrivateV4(embeddedV4);
  if ((g0 & 0xfe00) === 0xfc00) return true; // unique-local fc00::/7
  if ((g0 & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return true; // site-local (deprecated) fec0::/10
  if ((g0 & 0xff00) === 0xff00) return true; // multicast
  if (g0 === 0x2001 && g1 === 0x0db8) return true; // documentation
  if (g0 === 0x2002) return isPrivateV4([g1 >> 8, g1 & 0xff, g2 >> 8, g2 & 0xff]); // 6to4
  return false;
}

/** True for any address that is not a public unicast one. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return isPrivateV4(parseV4(address));
  if (family === 6) return isPrivateV6(address);
  return true;
}

/** Every address a name resolves to (a parameter of checkEndpoint so its test can answer for DNS). */
export type Resolver = (host: string) => Promise<{ address: string }[]>;
const resolveAll: Resolver = (host) => lookup(host, { all: true, verbatim: true });

/** `host:port` of a URL as PUSH_ALLOWED_HOSTS lists it (the scheme's port when the URL names none). */
function hostAndPort(url: URL): string {
  const port = url.port || (url.protocol === 'http:' ? '80' : '443');
  return `${url.hostname.toLowerCase()}:${port}`;
}

/**
 * The endpoint as a URL when the server may call it; otherwise EndpointRefusedError. A name that does not
 * resolve is refused too (at send time that is usually passing: the caller may retry).
 */
export async function checkEndpoint(
  endpoint: string,
  allowedHosts: readonly string[],
  resolve: Resolver = resolveAll,
): Promise<URL> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new EndpointRefusedError(`not a URL: ${endpoint}`);
  }
  if (url.username || url.password) throw new EndpointRefusedError('credentials in the endpoint');
  if (allowedHosts.includes(hostAndPort(url))) {
    if (url.protocol === 'https:' || url.protocol === 'http:') return url;
    throw new EndpointRefusedError(`scheme ${url.protocol}`);
  }
  if (url.protocol !== 'https:') throw new EndpointRefusedError(`scheme ${url.protocol}`);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host)) {
    if (isPrivateAddress(host)) throw new EndpointRefusedError(`private address ${host}`);
    return url;
  }
  if (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.'))
    throw new EndpointRefusedError(`local name ${host}`);
  let addresses: { address: string }[];
  try {
    addresses = await resolve(host);
  } catch {
    throw new EndpointRefusedError(`${host} does not resolve`);
  }
  const refused = addresses.find((a) => isPrivateAddress(a.address));
  if (refused || addresses.length === 0)
    throw new EndpointRefusedError(`${host} resolves to a private address ${refused?.address ?? ''}`);
  return url;
}
