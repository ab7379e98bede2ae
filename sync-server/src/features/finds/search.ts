/**
 * Finds search over SQLite FTS5 (`finds_fts`, migration *_finds_search.sql; sync PROTOCOL.md S32): title,
 * description and location, with the trigram tokenizer, so a term matches anywhere inside a word as the
 * LIKE search it replaces did ("oman" finds "Roman") and accents do not matter ("cafe" finds "café").
 * Member input is sanitised exactly like the forum's (lib/search-terms.ts: control characters separate
 * words, every term quoted, bounded in number and length); terms are ANDed. Nothing a member types can
 * raise an FTS5 error; the service answers 400 if SQLite ever disagrees, never a 500.
 *
 * Speed: results are newest first (id DESC), which FTS5 gives by reading its index backwards, so a search
 * stops at the page it returns however many finds match. A trigram index cannot look up terms shorter
 * than three characters: they are matched with LIKE on the rows the longer terms found, or, when every
 * term is short, on the newest SHORT_TERMS_SCAN finds only — a bounded scan, never the whole table.
 */
import { and, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { finds } from '@schema/db/tables';
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
  /** The shorter terms, matched with LIKE. */
  short: string[];
}

/** The search for a member's query, or null when it holds nothing searchable (the answer is then empty). */
export function toFindSearch(input: string): FindSearch | null {
  const terms = searchTerms(input, MAX_TERMS);
  if (terms.length === 0) return null;
  const long = terms.filter((term) => [...term].length >= TRIGRAM);
  const short = terms.filter((term) => [...term].length < TRIGRAM);
  return { fts: long.length ? long.map(quoteFtsTerm).join(' ') : null, short };
}

/** A short term anywhere in the searched text (LIKE is case-insensitive for ASCII, like the trigram index). */
function containsTerm(term: string): SQL {
  const pattern = likePattern(term);
  return or(
    sql`${finds.title} LIKE ${pattern} ESCAPE '\\'`,
    sql`${finds.description} LIKE ${pattern} ESCAPE '\\'`,
    sql`${finds.location} LIKE ${pattern} ESCAPE '\\'`,
  ) as SQL;
}

/**
 * The WHERE conditions of the newest `limit` finds matching the search and `filters` (conditions on
 * `finds`), before `beforeId`; the caller orders by id DESC and takes `limit`. With long terms the FTS
 * index drives: read backwards by rowid, joined to finds by primary key, stopping at the page — a
 * condition on `finds.id` whose subquery holds every filter. With short terms only: the newest
 * SHORT_TERMS_SCAN finds, walked backwards by primary key.
 */
export function searchConditions(
  search: FindSearch,
  filters: SQL[],
  beforeId: number | null,
  limit: number,
): SQL[] {
  const shortTerms = search.short.map(containsTerm);
  const before = beforeId === null ? [] : [lt(finds.id, beforeId)];
  if (search.fts === null) {
    const newest = sql`coalesce((SELECT ${finds.id} FROM ${finds} ORDER BY ${finds.id} DESC LIMIT 1 OFFSET ${SHORT_TERMS_SCAN - 1}), 0)`;
    return [gte(finds.id, newest), ...before, ...filters, ...shortTerms];
  }
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
