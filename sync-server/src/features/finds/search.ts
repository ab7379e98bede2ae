/**
 * Finds search (sync PROTOCOL.md S32): title, description and location, a term matching anywhere inside a
 * word as the LIKE search it replaces did ("oman" finds "Roman") and accents not mattering ("cafe" finds
 * "café"). SQLite: FTS5 with the trigram tokenizer (`finds_fts`, migration *_finds_search.sql). PostgreSQL:
 * a pg_trgm GIN index over the three fields (migrations/pg/0004_finds_search.sql, which says how to query it).
 * Member input is sanitised exactly like the forum's (lib/search-terms.ts: control characters separate
 * words, bounded in number and length); terms are ANDed. Nothing a member types can raise a search syntax
 * error; the service answers 400 if SQLite ever disagrees, never a 500.
 *
 * Speed: results are newest first (id DESC). SQLite reads the FTS5 index backwards, so a search stops at the
 * page it returns however many finds match; PostgreSQL collects the matches from the index and keeps the
 * newest page.
 *
 * Terms of one or two characters ("au", gold) have an index of their own, because a trigram index cannot
 * look them up (migrations *_finds_short_search.sql say how each is built and queried):
 * - SQLite: `finds_fts_short`, a second FTS5 trigram index of the fields spelled with char(31) between
 *   their characters, so that each short term is exactly one trigram: looked up, read backwards and stopped
 *   at the page like a long term, over every find, case and accents folded by the same tokenizer. Chosen
 *   over reading finds_fts's own vocabulary (fts5vocab): the trigrams starting with "au" are a range of it,
 *   but those ending with "au" are not, a field of two characters has no trigram at all, and fts5vocab
 *   counts every listed term's rows, so the lookup grew with the community. Kept by triggers in SQL rather
 *   than by the service or an application-defined function, so every writer of finds keeps it, scripts on
 *   their own connections included.
 * - PostgreSQL: a GIN index of each find's one- and two-character substrings (`finds_short_search`), the
 *   LIKE of finds_search beside it keeping the answer exact. A search of short terms only collects the
 *   matches from it (or, for a very common term, walks finds newest first testing the LIKE).
 * Beside a longer term, short terms are checked on the rows the longer one found, as before: with LIKE on
 * SQLite (ASCII case only: probing a second FTS5 table per row cost about 50 µs a row), with the LIKE of
 * finds_search on PostgreSQL (a recheck of the GIN condition would compute the row's substrings again).
 */
import { and, lt, or, sql, type SQL } from 'drizzle-orm';
import { finds } from '@schema/db/tables';
import type { Engine } from '../../lib/db';
import { likePattern, quoteFtsTerm, searchTerms } from '../../lib/search-terms';

/** The forum's limit (SEARCH_MAX_TERMS): a pasted paragraph is not a query. */
const MAX_TERMS = 12;
/** The shortest term a trigram index can look up. */
const TRIGRAM = 3;
/** Spaced between the characters of the fields in finds_fts_short (migrations *_finds_short_search.sql). */
const SPACER = '\u001f';

export interface FindSearch {
  /** The FTS5 expression of the terms of three characters or more, or null when there are none. */
  fts: string | null;
  /** The terms of three characters or more (PostgreSQL looks each up in its trigram index). */
  long: string[];
  /** The shorter terms: looked up in their own index when alone, matched on the rows found otherwise. */
  short: string[];
  /** The FTS5 expression of the short terms for finds_fts_short, or null when there are none. */
  shortFts: string | null;
}

/** A term of one or two characters as the one trigram finds_fts_short holds for it: ␟x␟ or x␟y. */
const spacedTerm = (term: string) => {
  const [first = '', second] = [...term];
  return second === undefined ? `${SPACER}${first}${SPACER}` : `${first}${SPACER}${second}`;
};

/** The search for a member's query, or null when it holds nothing searchable (the answer is then empty). */
export function toFindSearch(input: string): FindSearch | null {
  const terms = searchTerms(input, MAX_TERMS);
  if (terms.length === 0) return null;
  const long = terms.filter((term) => [...term].length >= TRIGRAM);
  const short = terms.filter((term) => [...term].length < TRIGRAM);
  return {
    fts: long.length ? long.map(quoteFtsTerm).join(' ') : null,
    long,
    short,
    shortFts: short.length ? short.map((term) => quoteFtsTerm(spacedTerm(term))).join(' ') : null,
  };
}

/** SQLite: a short term anywhere in the searched text (LIKE is case-insensitive for ASCII, like FTS5's index). */
function containsTerm(term: string): SQL {
  const pattern = likePattern(term);
  return or(
    sql`${finds.title} LIKE ${pattern} ESCAPE '\\'`,
    sql`${finds.description} LIKE ${pattern} ESCAPE '\\'`,
    sql`${finds.location} LIKE ${pattern} ESCAPE '\\'`,
  ) as SQL;
}

/**
 * PostgreSQL: a term anywhere in the searched text, ignoring case and accents. Written exactly as the
 * expression of the GIN index finds_search (migrations/pg/0004_finds_search.sql), which then serves it.
 */
const containsTermPg = (term: string): SQL =>
  sql`finds_search_text(${finds.title}, ${finds.description}, ${finds.location}) LIKE finds_search_pattern(${term})`;

/**
 * PostgreSQL: a term of one or two characters when every term is, looked up in the GIN index of every find's
 * one- and two-character substrings (finds_short_search, migrations/pg/*_finds_short_search.sql: the left
 * side is its expression), the LIKE beside it keeping the answer exact.
 */
const containsShortTermPg = (term: string): SQL =>
  sql`(finds_search_grams(${finds.title}, ${finds.description}, ${finds.location}) @> finds_search_term_grams(${term}) AND ${containsTermPg(term)})`;

/**
 * SQLite: the condition on `finds.id` of the newest `limit` finds that `index` matches (an FTS5 table over
 * finds, by rowid) and `where` (conditions on `finds`) keeps, before `beforeId`. The index drives: read
 * backwards by rowid, joined to finds by primary key, stopping at the page — the subquery holds every filter.
 */
function ftsPage(
  index: 'finds_fts' | 'finds_fts_short',
  match: string,
  where: SQL[],
  beforeId: number | null,
  limit: number,
): SQL {
  const table = sql.identifier(index);
  const conditions = and(
    sql`${table} MATCH ${match}`,
    beforeId === null ? undefined : sql`${table}.rowid < ${beforeId}`,
    ...where,
  );
  return sql`${finds.id} IN (SELECT ${table}.rowid FROM ${table} JOIN ${finds} ON ${finds.id} = ${table}.rowid WHERE ${conditions} ORDER BY ${table}.rowid DESC LIMIT ${limit})`;
}

/**
 * The WHERE conditions of the newest `limit` finds matching the search and `filters` (conditions on
 * `finds`), before `beforeId`; the caller orders by id DESC and takes `limit`. SQLite: the long terms'
 * index drives when there are any, the short terms checked on its rows; otherwise the short terms' index
 * does (ftsPage). PostgreSQL: every term is one condition, the long ones served by the trigram index, the
 * short ones by theirs when there is no long one.
 */
export function searchConditions(
  engine: Engine,
  search: FindSearch,
  filters: SQL[],
  beforeId: number | null,
  limit: number,
): SQL[] {
  if (engine === 'postgres') {
    const before = beforeId === null ? [] : [lt(finds.id, beforeId)];
    const short = search.short.map(search.long.length ? containsTermPg : containsShortTermPg);
    return [...search.long.map(containsTermPg), ...short, ...before, ...filters];
  }
  if (search.fts !== null)
    return [
      ftsPage('finds_fts', search.fts, [...filters, ...search.short.map(containsTerm)], beforeId, limit),
    ];
  if (search.shortFts !== null)
    return [ftsPage('finds_fts_short', search.shortFts, filters, beforeId, limit)];
  throw new Error('A find search holds at least one term (toFindSearch)');
}
