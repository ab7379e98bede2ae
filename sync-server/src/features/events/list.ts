/**
 * The events list (docs/product/events.md "Screens", "API calls"): Upcoming soonest first, Past most recent
 * first, All latest date first, searched by title or location ignoring case, paged by keyset on
 * (event date, id) so a page costs the same however deep it is. Dates are stored as normalised UTC ISO
 * text, which sorts as time on both engines; "now" is one instant for the whole query.
 *
 * Search is a case-insensitive substring match (`lower(column) LIKE lower(term)`, with LIKE's wildcards
 * escaped), portable across SQLite and PostgreSQL. It reads the filter's date range in order and stops at
 * the page; `npm run bench:events` measures it at 10,000 events.
 */
import { and, asc, desc, eq, gt, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { events, users } from '@schema/db/tables';
import type { Event, EventFilter } from '@schema/contracts/events';
import { integerBound } from '../../lib/sql';
import type { Store, Viewer } from '../../sync/registry';
import { toEvent } from './shape';

/** Where the previous page stopped: its last event's date and id. */
export interface EventCursor {
  date: string;
  id: number;
}

export function isEventCursor(value: unknown): value is EventCursor {
  if (typeof value !== 'object' || value === null) return false;
  const { date, id } = value as Record<string, unknown>;
  return typeof date === 'string' && date.length <= 40 && Number.isSafeInteger(id);
}

export interface EventListQuery {
  filter: EventFilter;
  q?: string | undefined;
  cursor: EventCursor | null;
  limit: number;
  now?: Date;
}

/** LIKE's own characters taken literally: `50%_off` matches itself, not "50 anything". */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function containsIgnoringCase(column: typeof events.title | typeof events.location, term: string): SQL {
  return sql`lower(${column}) LIKE lower(${likePattern(term)}) ESCAPE '\\'`;
}

/** After the cursor in the list's direction: (date, id) strictly beyond the last row sent. */
function afterCursor(cursor: EventCursor, ascending: boolean): SQL {
  const id = integerBound(cursor.id);
  const beyond = ascending ? gt : lt;
  return or(
    beyond(events.eventDate, cursor.date),
    and(eq(events.eventDate, cursor.date), beyond(events.id, id)),
  ) as SQL;
}

/** `limit + 1` rows, so the route can tell whether another page follows; shaped for `viewer`. */
export async function listEvents(store: Store, query: EventListQuery, viewer: Viewer): Promise<Event[]> {
  const now = (query.now ?? new Date()).toISOString();
  const ascending = query.filter === 'upcoming';
  const where: SQL[] = [];
  if (query.filter === 'upcoming') where.push(gt(events.eventDate, now));
  if (query.filter === 'past') where.push(lte(events.eventDate, now));
  const q = query.q?.trim();
  if (q)
    where.push(or(containsIgnoringCase(events.title, q), containsIgnoringCase(events.location, q)) as SQL);
  if (query.cursor) where.push(afterCursor(query.cursor, ascending));
  const order = ascending
    ? [asc(events.eventDate), asc(events.id)]
    : [desc(events.eventDate), desc(events.id)];
  const rows = await store
    .select({ event: events, username: users.username })
    .from(events)
    .innerJoin(users, eq(users.id, events.userId))
    .where(and(...where))
    .orderBy(...order)
    .limit(query.limit + 1);
  return rows.map((row) => toEvent(row.event, row.username, viewer));
}
