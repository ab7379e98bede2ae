/**
 * Compresses the API's JSON answers of COMPRESS_MIN_BYTES or more (a pull page, a list of finds) for clients
 * that accept it: Brotli at a fast setting, else gzip. Smaller answers go as they are (compressing them
 * saves less than it costs). Only JSON that Hono built in memory is touched: streamed answers (photos,
 * files), answers already encoded and HEAD requests pass through, and request bodies — uploads, the Stripe
 * webhook's signed raw body — are never read here. The web app's files are pre-compressed at build time
 * instead (static.ts).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

export const COMPRESS_MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
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

async function encode(body: Uint8Array, encoding: 'br' | 'gzip'): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(body, { level: 6 });
  return brotli(body, {
    params: {
      // Quality 4 compresses JSON about as well as gzip -9 at a fraction of Brotli's top-quality cost.
      [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get('Content-Type') ?? '';
    if (c.req.method === 'HEAD' || !res.body || res.headers.has('Content-Encoding')) return;
    if (!/^application\/json\b/i.test(type) || res.status === 204 || res.status === 304) return;
    const length = Number(res.headers.get('Content-Length') ?? NaN);
    if (length < COMPRESS_MIN_BYTES) return;

    const body = new Uint8Array(await res.arrayBuffer());
    if (body.length < COMPRESS_MIN_BYTES) {
      c.res = new Response(body, res);
      return;
    }
    const accept = c.req.header('Accept-Encoding');
    const encoding =
      acceptedQuality(accept, 'br') > 0 ? 'br' : acceptedQuality(accept, 'gzip') > 0 ? 'gzip' : null;
    const sent = encoding ? new Uint8Array(await encode(body, encoding)) : body;
    c.res = new Response(sent, res);
    c.res.headers.set('Content-Length', String(sent.length));
    c.res.headers.append('Vary', 'Accept-Encoding');
    if (encoding) c.res.headers.set('Content-Encoding', encoding);
  };
}
