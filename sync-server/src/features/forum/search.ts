/**
 * Forum search over SQLite FTS5 (`posts_fts`, migration *_forum_search.sql). What a member types is
 * never FTS5 syntax: each whitespace-separated term is quoted as a string (so AND, OR, NEAR, `title:`,
 * `*`, `^`, `(` and quotes are just text), and the last term is a prefix, so results follow the member
 * as they type ("hammer" finds "hammered"). Terms are ANDed. Nothing a member types can raise an FTS5
 * syntax error (a 500); the service answers 400 if SQLite ever disagrees.
 *
 * Speed at 100,000 posts (scripts/bench-forum-search.ts): results are listed newest first, which FTS5
 * cannot order by itself. A narrow search (few matches) fetches its matches and sorts them; a broad one
 * ("coin") instead walks the posts' created_at (or views) index and keeps the rows that match, stopping
 * after one page — sorting tens of thousands of matches would take hundreds of milliseconds.
 */
import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_MAX_TERMS } from '@schema/contracts/forum';
import { posts } from '@schema/db/tables';
import type { Store } from '../../sync/registry';

/** A term must hold a letter or digit: unicode61 drops everything else, and an empty phrase matches nothing useful. */
const SEARCHABLE = /[\p{L}\p{N}]/u;
/** Longer "words" are pasted noise; the cap also bounds the work FTS5 does per term. */
const MAX_TERM_LENGTH = 64;
/** A one-letter prefix matches most of the index and means nothing yet: it is searched as a word. */
const MIN_PREFIX_LENGTH = 2;
/** Above this many matches a search is "broad" and walks the sort index instead (see matchesSearch). */
export const BROAD_SEARCH_MATCHES = 500;

/**
 * The FTS5 MATCH expression for a member's query, or null when it holds nothing searchable
 * (the caller then answers an empty list rather than every post).
 */
export function toFtsQuery(input: string): string | null {
  const terms = input
    .split(/\s+/u)
    .filter((term) => SEARCHABLE.test(term))
    .slice(0, SEARCH_MAX_TERMS)
    .map((term) => [...term].slice(0, MAX_TERM_LENGTH).join(''));
  const last = terms[terms.length - 1];
  if (last === undefined) return null;
  const quoted = terms.map((term) => `"${term.replaceAll('"', '""')}"`);
  if ([...last].length >= MIN_PREFIX_LENGTH) quoted[quoted.length - 1] += '*';
  return quoted.join(' ');
}

const matchingIds = (ftsQuery: string) =>
  sql`(SELECT rowid FROM posts_fts WHERE posts_fts MATCH ${ftsQuery})`;

/** Reads at most BROAD_SEARCH_MATCHES rowids from the index: cheap whatever the query. */
export function isBroadSearch(store: Store, ftsQuery: string): boolean {
  const row = store.get<{ n: number }>(
    sql`SELECT count(*) AS n FROM (SELECT rowid FROM posts_fts WHERE posts_fts MATCH ${ftsQuery} LIMIT ${BROAD_SEARCH_MATCHES})`,
  );
  return (row?.n ?? 0) >= BROAD_SEARCH_MATCHES;
}

/**
 * Posts matching the expression, as a condition on `posts.id` that combines with the other filters and
 * keyset paging. Narrow: SQLite looks the matching ids up by primary key and sorts the few rows. Broad:
 * the unary `+` stops SQLite from driving the query by those ids, so it walks the ORDER BY index and
 * tests each post against the match set (built once, with a Bloom filter), stopping after a page.
 */
export function matchesSearch(ftsQuery: string, broad: boolean): SQL {
  return broad ? sql`+${posts.id} IN ${matchingIds(ftsQuery)}` : sql`${posts.id} IN ${matchingIds(ftsQuery)}`;
}
