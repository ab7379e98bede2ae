/**
 * How long the server keeps an idle connection open for the client's next request (docs/operations.md
 * "Behind a proxy"). Node closes one after 5 s, and a client or proxy that sends its next request on the
 * connection just as it closes gets a reset instead of an answer: a reverse proxy reusing its upstream
 * connections turns that into a 502 now and then, and under load the browser tests saw `ECONNRESET` on a
 * request sent 6 s after the last. Proxies keep idle upstream connections for up to 60 s (nginx
 * `keepalive_timeout`, most cloud load balancers), so the server waits longer than that: the proxy is always
 * the side that closes an idle connection, and it never sends on one it has closed.
 */
import type { Server } from 'node:http';

export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Longer than the keep-alive timeout: otherwise Node may end a kept connection on its headers timer. */
export const HEADERS_TIMEOUT_MS = KEEP_ALIVE_TIMEOUT_MS + 1_000;

export function keepIdleConnections(server: Pick<Server, 'keepAliveTimeout' | 'headersTimeout'>): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
}
