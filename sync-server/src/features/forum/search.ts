/**
 * Forum search. What a member types is never query syntax: it is split into terms (lib/search-terms.ts,
 * shared with the finds search), and the last term is a prefix, so results follow the member as they type
 * ("hammer" finds "hammered"). Terms are ANDed. Nothing a member types can raise a syntax error (a 500);
 * the service answers 400 if SQLite ever disagrees.
 *
 * SQLite: FTS5 (`posts_fts`, migration *_forum_search.sql; prefix indexes of 2 to 8 characters since
 * *_growth_search_indexes.sql, so a prefix term reads newest first too), each term quoted. Speed at 100,000 posts
 * (scripts/bench-forum-search.ts, sync PROTOCOL.md S32): newest first — the usual order — reads the FTS index
 * itself backwards (rowid DESC) and stops at the page it returns (`newestMatchingIds`). Most Popular cannot
 * come out of the index in order: a narrow search (few matches) fetches its matches and sorts them; a broad
 * one ("coin") walks the posts' views index and keeps the rows that match, stopping after one page.
 *
 * PostgreSQL: a tsvector GIN index over title and content, accent-insensitive like FTS5's remove_diacritics
 * (migrations/pg/0003_forum_search.sql, which says how to query it); each term a phrase. The planner picks
 * between the index's matches and the sort index itself.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import { SEARCH_MAX_TERMS } from '@schema/contracts/forum';
import { posts } from '@schema/db/tables';
import { engineOf } from '../../lib/db';
import { first } from '../../lib/query';
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
  return toForumSearch(input)?.fts ?? null;
}

/** A member's query for either engine: the FTS5 expression (SQLite), the terms and the prefix rule (both). */
export interface ForumSearch {
  fts: string;
  terms: string[];
  /** The last term is a prefix ("hammer" finds "hammered"); not when it is one letter. */
  prefixLast: boolean;
}

/** The search for a member's query, or null when it holds nothing searchable. */
export function toForumSearch(input: string): ForumSearch | null {
  const terms = searchTerms(input, SEARCH_MAX_TERMS);
  const last = terms[terms.length - 1];
  if (last === undefined) return null;
  const prefixLast = [...last].length >= MIN_PREFIX_LENGTH;
  const quoted = terms.map(quoteFtsTerm);
  if (prefixLast) quoted[quoted.length - 1] += '*';
  return { fts: quoted.join(' '), terms, prefixLast };
}

/**
 * PostgreSQL: posts matching every term. Written exactly as the expression of the GIN index posts_search
 * (migrations/pg/0003_forum_search.sql), which then serves it; the terms go in as one text[] parameter.
 */
const matchesPg = (search: ForumSearch): SQL =>
  sql`posts_search_vector(${posts.title}, ${posts.content}) @@ posts_search_query(ARRAY[${sql.join(
    search.terms.map((term) => sql`${term}`),
    sql`, `,
  )}]::text[], ${search.prefixLast})`;

const matchingIds = (ftsQuery: string) =>
  sql`(SELECT rowid FROM posts_fts WHERE posts_fts MATCH ${ftsQuery})`;

/**
 * SQLite: reads at most BROAD_SEARCH_MATCHES rowids from the index: cheap whatever the query. (PostgreSQL's
 * planner makes this choice itself, from the index's statistics.)
 */
export async function isBroadSearch(store: Store, search: ForumSearch): Promise<boolean> {
  if (engineOf(store) === 'postgres') return false;
  const row = await first(
    store
      .select({ rowid: sql<number>`posts_fts.rowid` })
      .from(sql`posts_fts`)
      .where(sql`posts_fts MATCH ${search.fts}`)
      .offset(BROAD_SEARCH_MATCHES - 1),
  );
  return row !== undefined;
}

/**
 * Posts matching the search, as a condition that combines with the other filters and keyset paging.
 * SQLite, narrow: SQLite looks the matching ids up by primary key and sorts the few rows. Broad:
 * the unary `+` stops SQLite from driving the query by those ids, so it walks the ORDER BY index and
 * tests each post against the match set (built once, with a Bloom filter), stopping after a page.
 */
export function matchesSearch(store: Store, search: ForumSearch, broad: boolean): SQL {
  if (engineOf(store) === 'postgres') return matchesPg(search);
  return broad
    ? sql`+${posts.id} IN ${matchingIds(search.fts)}`
    : sql`${posts.id} IN ${matchingIds(search.fts)}`;
}

/**
 * Newest first (S32): the newest `limit` posts matching the search and `filters` (conditions on `posts`),
 * as conditions for the outer query, which orders by id DESC and takes the page. SQLite: read from the FTS
 * index backwards by rowid and joined to posts by primary key — it stops at the page returned, however many
 * posts match — as one condition on `posts.id`. `beforeId` continues after a page.
 */
export function newestMatchingIds(
  store: Store,
  search: ForumSearch,
  filters: SQL[],
  beforeId: number | null,
  limit: number,
): SQL[] {
  if (engineOf(store) === 'postgres')
    return [matchesPg(search), ...filters, ...(beforeId === null ? [] : [sql`${posts.id} < ${beforeId}`])];
  const where = and(
    sql`posts_fts MATCH ${search.fts}`,
    beforeId === null ? undefined : sql`posts_fts.rowid < ${beforeId}`,
    ...filters,
  );
  return [
    sql`${posts.id} IN (SELECT posts_fts.rowid FROM posts_fts JOIN ${posts} ON ${posts.id} = posts_fts.rowid WHERE ${where} ORDER BY posts_fts.rowid DESC LIMIT ${limit})`,
  ];
}
