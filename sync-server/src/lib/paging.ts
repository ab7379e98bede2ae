/**
 * Paged lists. Every list endpoint answers a JSON array (the product's shape, docs/api.md#paging) of at
 * most `limit` rows and, when more follow, an `X-Next-Cursor` header to pass back as `?cursor=`. Cursors
 * are opaque strings (base64url JSON of the last row's sort key), so a service can change its ordering
 * without new params.
 */
import type { Context } from 'hono';
import { badRequest } from './errors';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

export interface PageRequest<K> {
  limit: number;
  cursor: K | null;
}

export function readPage<K>(c: Context, defaultLimit = DEFAULT_PAGE_SIZE): PageRequest<K> {
  const rawLimit = c.req.query('limit');
  const limit = rawLimit === undefined ? defaultLimit : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1) throw badRequest('limit must be a positive whole number');
  const rawCursor = c.req.query('cursor');
  let cursor: K | null = null;
  if (rawCursor) {
    try {
      cursor = JSON.parse(Buffer.from(rawCursor, 'base64url').toString('utf8')) as K;
    } catch {
      throw badRequest('Invalid cursor');
    }
  }
  return { limit: Math.min(limit, MAX_PAGE_SIZE), cursor };
}

export const encodeCursor = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');

/**
 * Services fetch `limit + 1` rows; this trims the extra one and sets the header from the last kept row.
 */
export function sendPage<T>(c: Context, rows: T[], limit: number, keyOf: (row: T) => unknown): T[] {
  if (rows.length > limit) {
    const page = rows.slice(0, limit);
    c.header('X-Next-Cursor', encodeCursor(keyOf(page[page.length - 1] as T)));
    c.header('Access-Control-Expose-Headers', 'X-Next-Cursor, X-Total-Count');
    return page;
  }
  return rows;
}

/** A page keyed by a row's numeric id (comments, attendees): the cursor must be a whole number. */
export function readIdPage(c: Context, defaultLimit: number): PageRequest<number> {
  const page = readPage<unknown>(c, defaultLimit);
  if (page.cursor !== null && !Number.isSafeInteger(page.cursor)) throw badRequest('Invalid cursor');
  return { limit: page.limit, cursor: page.cursor === null ? null : Number(page.cursor) };
}
