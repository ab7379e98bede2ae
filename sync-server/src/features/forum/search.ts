/**
 * Forum search over SQLite FTS5 (`posts_fts`, migration *_forum_search.sql). What a member types is
 * never FTS5 syntax: it is split into terms and each is quoted (lib/search-terms.ts, shared with the finds
 * search), and the last term is a prefix, so results follow the member as they type ("hammer" finds
 * "hammered"). Terms are ANDed. Nothing a member types can raise an FTS5 syntax error (a 500); the service
 * answers 400 if SQLite ever disagrees.
 *
 * Speed at 100,000 posts (scripts/bench-forum-search.ts, sync PROTOCOL.md S32): newest first — the usual
 * order — reads the FTS index itself backwards (rowid DESC) and stops at the page it returns
 * (`newestMatchingIds`). Most Popular cannot come out of the index in order: a narrow search (few
 * matches) fetches its matches and sorts them; a broad one ("coin") walks the posts' views index and keeps
 * the rows that match, stopping after one page.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import { SEARCH_MAX_TERMS } from '@schema/contracts/forum';
import { posts } from '@schema/db/tables';
import { quoteFtsTerm, searchTerms } from '../../lib/search-terms';
import type { Store } from '../../sync/registry';

/** A one-letter prefix matches most of the index and means nothing yet: it is searched as a word. */
const MIN_PREFIX_LENGTH = 2;
/** Above this many matches a search is "broad" and walks the sort index instead (see matchesSearch). */
export const BROAD_SEARCH_MATCHES = 500;

/**
 * The FTS5 MATCH expression for a member's query, or null when it holds nothing searchable
 * (the caller then answers an empty list rather than every post).
 */
export function toFtsQuery(input: string): string | null {
  const terms = searchTerms(input, SEARCH_MAX_TERMS);
  const last = terms[terms.length - 1];
  if (last === undefined) return null;
  const quoted = terms.map(quoteFtsTerm);
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

/**
 * Newest first (S32): the newest `limit` posts matching the expression and `filters` (conditions on
 * `posts`), read from the FTS index backwards by rowid and joined to posts by primary key — SQLite stops
 * at the page returned, however many posts match. `beforeId` continues after a page. As a condition on
 * `posts.id` for the outer query, which orders the few rows by id again.
 */
export function newestMatchingIds(
  ftsQuery: string,
  filters: SQL[],
  beforeId: number | null,
  limit: number,
): SQL {
  const where = and(
    sql`posts_fts MATCH ${ftsQuery}`,
    beforeId === null ? undefined : sql`posts_fts.rowid < ${beforeId}`,
    ...filters,
  );
  return sql`${posts.id} IN (SELECT posts_fts.rowid FROM posts_fts JOIN ${posts} ON ${posts.id} = posts_fts.rowid WHERE ${where} ORDER BY posts_fts.rowid DESC LIMIT ${limit})`;
}
