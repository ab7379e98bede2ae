/**
 * SQL that means the same on SQLite and PostgreSQL (lib/db.ts), for the expressions where the two differ:
 * SQLite's two-argument max() is not PostgreSQL's, the case-insensitive username comparison follows each
 * engine's unique index, a unique violation is reported differently, and PostgreSQL refuses a parameter
 * outside its integer column's range (SQLite compares any number).
 */
import { eq, sql, type Column, type SQL } from 'drizzle-orm';
import { engineOf, type Store } from './db';

/** `expr`, or 0 when it is negative (a counter never goes below zero). */
export function nonNegative(expr: SQL): SQL {
  return sql`CASE WHEN ${expr} < 0 THEN 0 ELSE ${expr} END`;
}

/**
 * `column` equals `value` ignoring case, as the unique index of usernames compares (and so using it):
 * `username COLLATE NOCASE` on SQLite, `lower(username)` on PostgreSQL (schema/db/pg/tables.ts). Both fold
 * ASCII letters; PostgreSQL's lower() also folds other letters its collation knows.
 */
export function equalsIgnoringCase(store: Store, column: Column, value: string): SQL {
  return engineOf(store) === 'postgres'
    ? sql`lower(${column}) = lower(${value})`
    : sql`${column} = ${value} COLLATE NOCASE`;
}

/** A unique index refused the write: SQLite's SQLITE_CONSTRAINT_UNIQUE or PostgreSQL's 23505. */
export function isUniqueViolation(err: unknown): boolean {
  // drizzle wraps the driver's error in `cause`.
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const code = 'code' in e ? e.code : undefined;
    if (typeof code === 'string' && (code.startsWith('SQLITE_CONSTRAINT_UNIQUE') || code === '23505'))
      return true;
  }
  return false;
}

/** The largest id or counter an integer column holds on PostgreSQL (int4; SQLite's are 64-bit). */
export const MAX_INTEGER = 2_147_483_647;

/**
 * `column = value` for a numeric id from a request (a path, a body, a query string): a value no integer
 * column can hold matches nothing — on PostgreSQL it would be an error (a 500) instead of a 404.
 */
export function idEquals(column: Column, value: number): SQL {
  return Number.isInteger(value) && Math.abs(value) <= MAX_INTEGER ? eq(column, value) : sql`1 = 0`;
}

/** A keyset-paging bound from a request, within an integer column's range (same rows, no PostgreSQL error). */
export function integerBound(value: number): number {
  return Math.max(-MAX_INTEGER - 1, Math.min(MAX_INTEGER, Math.trunc(value)));
}
