/**
 * The client's address for per-address rate limits. Only the socket is trusted: an X-Forwarded-For written
 * by the client would let it pick a fresh address per attempt. The one exception is a reverse proxy on the
 * same host (the connection comes from loopback): then the entry that proxy appended — the last one — is
 * the client.
 */
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

function connectionAddress(c: Context): string | undefined {
  try {
    // app.request() in tests has no socket (c.env is undefined): getConnInfo throws, we fall back.
    return getConnInfo(c).remote.address || undefined;
  } catch {
    return undefined;
  }
}

const isLoopback = (address: string) =>
  address === '::1' || address.startsWith('127.') || address === '::ffff:127.0.0.1';

export function clientAddress(c: Context): string {
  const address = connectionAddress(c);
  if (address && isLoopback(address)) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').pop()?.trim();
    if (forwarded) return forwarded;
  }
  return address ?? 'unknown';
}
