/**
 * A built file answered with resuming in mind (RFC 9110 §14): a strong ETag, Content-Length,
 * `Accept-Ranges: bytes`, one `Range: bytes=a-b` answered 206 with that slice, an unsatisfiable one 416,
 * and `If-Range` naming another version (or a date) answered with the whole file, 200. Streamed from disk.
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { Context } from 'hono';

/** The byte range asked for, 'unsatisfiable', or null for the whole file (no header, or one we ignore). */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or another unit: answered whole, as the RFC allows.
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

export function serveFile(
  c: Context,
  options: { file: string; size: number; etag: string; contentType: string; filename: string },
): Response {
  const { file, size, etag } = options;
  const headers: Record<string, string> = {
    'content-type': options.contentType,
    'content-disposition': `attachment; filename="${options.filename}"`,
    'accept-ranges': 'bytes',
    etag,
    'cache-control': 'private, no-store',
  };
  const ifRange = c.req.header('if-range');
  const range = ifRange === undefined || ifRange === etag ? parseRange(c.req.header('range'), size) : null;
  if (range === 'unsatisfiable')
    return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${size}` } });
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const length = size === 0 ? 0 : end - start + 1;
  const body =
    length === 0
      ? null
      : (Readable.toWeb(fs.createReadStream(file, { start, end })) as ReadableStream<Uint8Array>);
  if (range)
    return new Response(body, {
      status: 206,
      headers: {
        ...headers,
        'content-length': String(length),
        'content-range': `bytes ${start}-${end}/${size}`,
      },
    });
  return new Response(body, { status: 200, headers: { ...headers, 'content-length': String(length) } });
}
