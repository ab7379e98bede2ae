/** The stored trip and the reads every part of the feature shares (service, timer, contacts). */
import { eq } from 'drizzle-orm';
import { safetyTrips } from '@schema/db/tables';
import { first } from '../../lib/query';
import type { Store } from '../../sync/registry';

export type TripRow = typeof safetyTrips.$inferSelect;

/** The stored contact list (JSON): addresses only, anything else ignored. */
export const contactsOf = (row: Pick<TripRow, 'contacts'>): string[] =>
  Array.isArray(row.contacts) ? row.contacts.filter((c): c is string => typeof c === 'string') : [];

export async function tripById(store: Store, id: number): Promise<TripRow | undefined> {
  return first(store.select().from(safetyTrips).where(eq(safetyTrips.id, id)));
}
