/**
 * Member search input → the terms the full-text searches look up (forum posts, finds; sync PROTOCOL.md
 * S32). Shared so both searches sanitise alike: a control character (a NUL above all: it ends FTS5's copy
 * of the query mid-string) separates words; a term must hold a letter or digit (anything else is not
 * searchable and an empty phrase matches nothing useful); pasted noise is bounded in number and length of
 * terms. Every term is then quoted as an FTS5 string, so AND, OR, NEAR, `title:`, `*`, `^`, brackets and
 * quotes are just text: nothing a member types can raise an FTS5 syntax error.
 */

/** A term must hold a letter or digit. */
const SEARCHABLE = /[\p{L}\p{N}]/u;
/** Longer "words" are pasted noise; the cap also bounds the work FTS5 does per term. */
export const MAX_TERM_LENGTH = 64;

/** The searchable terms of `input`, at most `maxTerms`, each at most MAX_TERM_LENGTH characters. */
export function searchTerms(input: string, maxTerms: number): string[] {
  return input
    .replace(/\p{Cc}/gu, ' ')
    .split(/\s+/u)
    .filter((term) => SEARCHABLE.test(term))
    .slice(0, maxTerms)
    .map((term) => [...term].slice(0, MAX_TERM_LENGTH).join(''));
}

/** A term as an FTS5 string: its double quotes doubled. */
export const quoteFtsTerm = (term: string) => `"${term.replaceAll('"', '""')}"`;

/** A term for LIKE … ESCAPE '\': its wildcards and the escape character itself taken literally. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** SQLite's FTS5 refused a query (never expected, every term being quoted): bad input, a 400, not a 500. */
export function isFtsError(err: unknown): boolean {
  // drizzle wraps the driver's error in `cause`.
  for (let e: unknown = err; e instanceof Error; e = e.cause) if (/fts5/i.test(e.message)) return true;
  return false;
}
