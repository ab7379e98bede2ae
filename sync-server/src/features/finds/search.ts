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
 * newest page. A trigram index cannot look up terms shorter than three characters: they are matched on the
 * rows the longer terms found, or, when every term is short, on the newest SHORT_TERMS_SCAN finds only — a
 * bounded scan, never the whole table.
 */
import { and, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { finds } from '@schema/db/tables';
import type { Engine } from '../../lib/db';
import { likePattern, quoteFtsTerm, searchTerms } from '../../lib/search-terms';

/** The forum's limit (SEARCH_MAX_TERMS): a pasted paragraph is not a query. */
const MAX_TERMS = 12;
/** The shortest term a trigram index can look up. */
const TRIGRAM = 3;
/** Searches of short terms only (`au`, `xy`) look at this many of the newest finds. */
export const SHORT_TERMS_SCAN = 5000;

export interface FindSearch {
  /** The FTS5 expression of the terms of three characters or more, or null when there are none. */
  fts: string | null;
  /** The terms of three characters or more (PostgreSQL looks each up in its trigram index). */
  long: string[];
  /** The shorter terms, matched on the rows found otherwise. */
  short: string[];
}

/** The search for a member's query, or null when it holds nothing searchable (the answer is then empty). */
export function toFindSearch(input: string): FindSearch | null {
  const terms = searchTerms(input, MAX_TERMS);
  if (terms.length === 0) return null;
  const long = terms.filter((term) => [...term].length >= TRIGRAM);
  const short = terms.filter((term) => [...term].length < TRIGRAM);
  return { fts: long.length ? long.map(quoteFtsTerm).join(' ') : null, long, short };
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
 * The WHERE conditions of the newest `limit` finds matching the search and `filters` (conditions on
 * `finds`), before `beforeId`; the caller orders by id DESC and takes `limit`. With short terms only: the
 * newest SHORT_TERMS_SCAN finds, walked backwards by primary key, on either engine. With long terms on
 * SQLite the FTS index drives: read backwards by rowid, joined to finds by primary key, stopping at the
 * page — a condition on `finds.id` whose subquery holds every filter. On PostgreSQL every term is one
 * condition, the long ones served by the trigram index.
 */
export function searchConditions(
  engine: Engine,
  search: FindSearch,
  filters: SQL[],
  beforeId: number | null,
  limit: number,
): SQL[] {
  const contains = engine === 'postgres' ? containsTermPg : containsTerm;
  const shortTerms = search.short.map(contains);
  const before = beforeId === null ? [] : [lt(finds.id, beforeId)];
  if (search.fts === null) {
    const newest = sql`coalesce((SELECT ${finds.id} FROM ${finds} ORDER BY ${finds.id} DESC LIMIT 1 OFFSET ${SHORT_TERMS_SCAN - 1}), 0)`;
    return [gte(finds.id, newest), ...before, ...filters, ...shortTerms];
  }
  if (engine === 'postgres')
    return [...search.long.map(containsTermPg), ...before, ...filters, ...shortTerms];
  const where = and(
    sql`finds_fts MATCH ${search.fts}`,
    beforeId === null ? undefined : sql`finds_fts.rowid < ${beforeId}`,
    ...filters,
    ...shortTerms,
  );
  return [
    sql`${finds.id} IN (SELECT finds_fts.rowid FROM finds_fts JOIN ${finds} ON ${finds.id} = finds_fts.rowid WHERE ${where} ORDER BY finds_fts.rowid DESC LIMIT ${limit})`,
  ];
}
