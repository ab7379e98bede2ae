/**
 * Running queries the same way on both engines (lib/db.ts): drizzle's query builders are awaited, never
 * finished with .get() .all() .run() .values() — those exist on SQLite only (ESLint refuses them). These
 * helpers say the usual things briefly.
 */
import type { SQL } from 'drizzle-orm';
import { asPostgres, engineOf, type Store } from './db';

/** A select builder that can still take a LIMIT. */
interface Limitable<T> {
  limit(limit: number): PromiseLike<T[]>;
}

/** The first row of a select, or undefined: `(await query.limit(1))[0]`. */
export async function first<T>(query: Limitable<T>): Promise<T | undefined> {
  return (await query.limit(1))[0];
}

/** True when the select finds at least one row (reads one at most). */
export async function exists(query: Limitable<unknown>): Promise<boolean> {
  return (await query.limit(1)).length > 0;
}

/** The first row a write's `.returning(…)` answered, or undefined when it changed no row. */
export async function returnedRow<T>(query: PromiseLike<T[]>): Promise<T | undefined> {
  return (await query)[0];
}

/**
 * An edit naming no field (PROTOCOL.md S17): it changes nothing, so nothing is written, stamped or logged,
 * and the answer is the record as it is. (drizzle also refuses an empty SET.)
 */
export const namesNoField = (input: object): boolean => Object.values(input).every((v) => v === undefined);

/** The row an insert's `.returning(…)` answered (one without ON CONFLICT always answers its row). */
export async function insertedRow<T>(query: PromiseLike<T[]>): Promise<T> {
  const [row] = await query;
  if (row === undefined) throw new Error('The insert answered no row');
  return row;
}

/** Rows a write changed, counted from its `.returning(…)` (the engines' own write results differ). */
export async function changedRows(query: PromiseLike<unknown[]>): Promise<number> {
  return (await query).length;
}

/** A raw statement whose rows nobody reads (an engine-specific call such as PostgreSQL's advisory lock). */
export async function execute(store: Store, statement: SQL): Promise<void> {
  if (engineOf(store) === 'postgres') await asPostgres(store).execute(statement);
  else await store.run(statement);
}
