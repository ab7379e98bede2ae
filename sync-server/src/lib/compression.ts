/**
 * Compresses the API's JSON answers of COMPRESS_MIN_BYTES or more (a pull page, a list of finds) for clients
 * that accept it: Brotli at a fast setting, else gzip. Smaller answers go as they are (compressing them
 * saves less than it costs). Only JSON that Hono built in memory is touched: streamed answers (photos,
 * files), answers already encoded and HEAD requests pass through, and request bodies — uploads, the Stripe
 * webhook's signed raw body — are never read here. The web app's files are pre-compressed at build time
 * instead (static.ts).
 */
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlibConstants, gzip, gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';

export const COMPRESS_MIN_BYTES = 1024;
/**
 * Answers up to this size are compressed at once, on the request's own turn (well under a millisecond at
 * these settings); larger ones (a full pull page) in the background thread pool. Each asynchronous call
 * sets up a zlib stream and a thread hand-off that cost several times the compression of a 10 KB list
 * (docs/api.md "Speed").
 */
export const COMPRESS_SYNC_MAX_BYTES = 64 * 1024;
/** Quality 4 compresses JSON about as well as gzip -9 at a fraction of Brotli's top-quality (11) cost. */
export const BROTLI_QUALITY = 4;
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The q-value the Accept-Encoding header gives `encoding` (`*` covers unnamed ones); 0 when refused. */
export function acceptedQuality(header: string | undefined, encoding: string): number {
  let wildcard = 0;
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const quality = q === undefined ? 1 : Number(q);
    if (name === encoding) return Number.isFinite(quality) ? quality : 0;
    if (name === '*') wildcard = Number.isFinite(quality) ? quality : 0;
  }
  return wildcard;
}

export function brotliOptions(size: number) {
  return {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

async function encode(body: Uint8Array, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const now = body.length <= COMPRESS_SYNC_MAX_BYTES;
  if (encoding === 'gzip') return now ? gzipSync(body, { level: 6 }) : gzipAsync(body, { level: 6 });
  const options = brotliOptions(body.length);
  return now ? brotliCompressSync(body, options) : brotliAsync(body, options);
}

/** The encoding to send a client: Brotli when it takes it, else gzip, else none. */
export function chooseEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null;
  if (acceptedQuality(accept, 'br') > 0) return 'br';
  return acceptedQuality(accept, 'gzip') > 0 ? 'gzip' : null;
}

/**
 * Replaces the answer outright. Assigning c.res over an existing answer makes Hono copy it through a web
 * stream (and @hono/node-server then streams it out); clearing it first hands the new bytes straight to
 * the socket.
 */
function replaceAnswer(c: Context, body: Uint8Array<ArrayBuffer>, status: number, headers: Headers) {
  c.res = undefined;
  c.res = new Response(body, { status, headers });
}

export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method === 'HEAD') return;
    const res = c.res;
    // Read once: once the body is read, `res.headers` may be another copy (@hono/node-server's Response).
    const headers = res.headers;
    if (!/^application\/json\b/i.test(headers.get('Content-Type') ?? '')) return;
    if (res.status === 204 || res.status === 304 || headers.has('Content-Encoding')) return;
    const length = Number(headers.get('Content-Length') ?? NaN);
    if (length < COMPRESS_MIN_BYTES) return;
    headers.append('Vary', 'Accept-Encoding');
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    // A client that takes no encoding gets the answer as the route made it: nothing read or rebuilt.
    if (!encoding || !res.body) return;
    const body = new Uint8Array(await res.arrayBuffer());
    if (body.length < COMPRESS_MIN_BYTES) {
      replaceAnswer(c, body, res.status, headers);
      return;
    }
    const sent = new Uint8Array(await encode(body, encoding));
    headers.set('Content-Length', String(sent.length));
    headers.set('Content-Encoding', encoding);
    replaceAnswer(c, sent, res.status, headers);
  };
}
