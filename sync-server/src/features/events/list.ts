/**
 * The events list (docs/product/events.md "Screens", "API calls"): Upcoming soonest first, Past most recent
 * first, All latest date first, searched by title or location ignoring case, paged by keyset on
 * (event date, id) so a page costs the same however deep it is. Dates are stored as normalised UTC ISO
 * text, which sorts as time on both engines; "now" is one instant for the whole query.
 *
 * Search is a case-insensitive substring match (`lower(column) LIKE lower(term)`, with LIKE's wildcards
 * escaped), portable across SQLite and PostgreSQL. A term of three characters or more is first looked up in a
 * trigram index, so a rare or absent term costs the same however many events there are (`npm run
 * bench:growth`): SQLite's FTS5 `events_fts` (migration *_growth_search_indexes.sql) gives the candidates,
 * and the LIKE above, re-checked on them, keeps the answer exactly what it was; PostgreSQL's pg_trgm GIN
 * indexes serve the LIKE itself. A term that matches many events (BROAD_EVENT_MATCHES) is cheaper the old
 * way: the filter's date range read in order, stopping at the page.
 */
import { and, asc, desc, eq, gt, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { events, users } from '@schema/db/tables';
import type { Event, EventFilter } from '@schema/contracts/events';
import { engineOf } from '../../lib/db';
import { first } from '../../lib/query';
import { integerBound } from '../../lib/sql';
import { notHiddenFrom, withHiddenNotices } from '../../lib/moderation';
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

/** The shortest term a trigram index can look up. */
const TRIGRAM = 3;
/** From this many matches a search walks the date range instead of sorting its matches. */
export const BROAD_EVENT_MATCHES = 500;

/** The term as one FTS5 phrase: with the trigram tokenizer, a substring match (quotes doubled). */
const ftsPhrase = (term: string) => `"${term.replace(/"/g, '""')}"`;

/**
 * Events whose title or location contains `term`. SQLite, a narrow term of three characters or more: the
 * trigram index's candidates (a superset: it folds case beyond ASCII), then the LIKE on those rows only.
 */
async function searchCondition(store: Store, term: string): Promise<SQL> {
  const like = or(
    containsIgnoringCase(events.title, term),
    containsIgnoringCase(events.location, term),
  ) as SQL;
  if (engineOf(store) === 'postgres' || [...term].length < TRIGRAM) return like;
  const phrase = ftsPhrase(term);
  const broad = await first(
    store
      .select({ rowid: sql<number>`events_fts.rowid` })
      .from(sql`events_fts`)
      .where(sql`events_fts MATCH ${phrase}`)
      .offset(BROAD_EVENT_MATCHES - 1),
  );
  if (broad) return like;
  return and(
    sql`${events.id} IN (SELECT rowid FROM events_fts WHERE events_fts MATCH ${phrase})`,
    like,
  ) as SQL;
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
  // Events a moderator hid: left out, except for their organiser, who sees the notice (docs/moderation.md).
  const where: SQL[] = [notHiddenFrom('events', events.id, events.userId, viewer?.id ?? null)];
  if (query.filter === 'upcoming') where.push(gt(events.eventDate, now));
  if (query.filter === 'past') where.push(lte(events.eventDate, now));
  const q = query.q?.trim();
  if (q) where.push(await searchCondition(store, q));
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
  const shaped = rows.map((row) => toEvent(row.event, row.username, viewer));
  return withHiddenNotices(store, 'events', shaped, viewer?.id, (event) => event.userId);
}
