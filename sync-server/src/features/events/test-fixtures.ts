/** Helpers for the events tests (never imported by the app). */
import { eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { changeLog, events } from '@schema/db/tables';
import type { Event } from '@schema/contracts/events';
import type { TestApp } from '../../test/harness';
import type { TestClient } from '../../sync/test-fixtures';

export { errorOf, official } from '../../sync/test-fixtures';

export const DAY = 86_400_000;

/** An ISO instant `days` from now (negative: in the past). */
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

export const eventBody = (extra: Record<string, unknown> = {}) => ({
  title: 'Group dig on stubble',
  description: 'Permission farmland, bring a spade.',
  location: 'Norfolk, UK',
  eventDate: daysFromNow(7),
  ...extra,
});

/** Creates an event over REST and returns its wire JSON. */
export async function createEvent(client: TestClient, extra: Record<string, unknown> = {}): Promise<Event> {
  const res = await client.post('/api/events', eventBody(extra));
  if (res.status !== 201) throw new Error(`create event: ${res.status} ${res.text}`);
  return res.json as Event;
}

/** Moves an event's date into the past, as time passing would (the API refuses past dates). */
export async function moveToPast(t: TestApp, id: number, daysAgo = 1): Promise<void> {
  await t.db
    .update(events)
    .set({ eventDate: daysFromNow(-daysAgo) })
    .where(eq(events.id, id));
}

/**
 * Events written straight into the database with their change-log rows, as the service logs them: fast
 * enough for thousands (list tests, the benchmark). `date(i)` gives each one's date.
 */
export async function insertEvents(
  t: TestApp,
  ownerId: number,
  count: number,
  fields: { date: (i: number) => string; title?: (i: number) => string; location?: (i: number) => string },
): Promise<Array<{ id: number; uid: string }>> {
  const rows: Array<{ id: number; uid: string }> = [];
  await t.db.transaction(async (tx) => {
    for (let start = 0; start < count; start += 500) {
      const values = Array.from({ length: Math.min(500, count - start) }, (_, k) => {
        const i = start + k;
        return {
          uid: uuidv7(),
          title: fields.title?.(i) ?? `Event number ${i}`,
          location: fields.location?.(i) ?? 'Kent',
          eventDate: fields.date(i),
          userId: ownerId,
        };
      });
      const inserted = await tx.insert(events).values(values).returning({ id: events.id, uid: events.uid });
      inserted.sort((a, b) => a.id - b.id);
      await tx.insert(changeLog).values(
        inserted.map((row) => ({
          entity: 'events',
          entityId: row.id,
          uid: row.uid,
          op: 'upsert' as const,
          ownerId,
        })),
      );
      rows.push(...inserted);
    }
  });
  return rows;
}
