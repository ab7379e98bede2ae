/**
 * Live reads of events on the device (dexie-react-hooks), so the list and the event page open offline and
 * show what the member wrote in the field at once. The list is continued from the server when online
 * (web/src/sync/README.md C17): its pages, in the server's order, are stored and pinned, and the list shows
 * what the device holds down to the last row the server has sent — an event beyond it appears once the
 * member reads on, in its place — plus the member's own events not yet on the server.
 */
import { useEffect, useState } from 'react';
import { EVENTS_PAGE_SIZE, type EventFilter } from '@schema/contracts/events-constants';
import type { PublicUser } from '@schema/contracts/users';
import { db, type LocalEvent, type LocalEventComment } from '@web/db/database';
import { eventCommentsEntity } from '@web/db/entities';
import { byIdOrUid } from '@web/db/lookups';
import { useLive, useLiveValue, useOnlineStatus, useRemoteList, type ListEnd, type Live } from '@web/sync';
import { compareInList, listEvents } from '../model/list';

/** The clock the lists compare with: an event turns Past while the page is open. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

export interface EventList {
  events: Live<LocalEvent[]>;
  end: ListEnd;
}

/** The /events list for a filter and a search, as described above. */
export function useEventList(filter: EventFilter, query: string, now: number): EventList {
  const online = useOnlineStatus();
  const q = query.trim();
  const params = new URLSearchParams({ filter, ...(q ? { q } : {}) }).toString();
  const remote = useRemoteList({
    entity: 'events',
    query: params,
    enabled: online,
    pageSize: EVENTS_PAGE_SIZE,
  });
  const { started, status, loadMore } = remote;
  // The first page is asked once the search rests (typing is not a request per key).
  useEffect(() => {
    if (!online || started || status !== 'idle') return;
    const timer = setTimeout(loadMore, 300);
    return () => clearTimeout(timer);
  }, [online, started, status, loadMore]);

  // Minute precision is enough for Upcoming/Past, and keeps the live query from re-running every tick.
  const minute = Math.floor(now / 60_000) * 60_000;
  const local = useLive(
    async () => listEvents(await db.events.toArray(), filter, q, minute),
    [filter, q, minute],
  );

  const last = remote.last && 'eventDate' in remote.last ? (remote.last as LocalEvent) : null;
  let events = local;
  if (local.state === 'ready' && online && started && !remote.done && last) {
    const compare = compareInList(filter);
    events = { state: 'ready', value: local.value.filter((e) => e.id === null || compare(e, last) <= 0) };
  }
  const end: ListEnd = remote.done
    ? { kind: 'complete' }
    : !online
      ? { kind: 'offline' }
      : { kind: 'more', status: started ? status : 'loading', loadMore };
  return { events, end };
}

/** `/events/42` (server id) or `/events/0192…` (uid, for an event not synced yet). */
export function useEvent(param: string): Live<LocalEvent | undefined> {
  return useLive(() => byIdOrUid(db.events, param), [param]);
}

/** An event's comments, oldest first. */
export function useEventComments(eventUid: string): Live<LocalEventComment[]> {
  return useLive(() => eventCommentsEntity.ofParent(db, eventUid), [eventUid]);
}

/** The signed-in member attends (the table holds only the current viewer's attendances). */
export function useOwnAttendance(eventUid: string): boolean {
  return useLiveValue(async () => (await db.event_attendees.get(eventUid)) !== undefined, [eventUid], false);
}

/** A member as this device knows them (pulled with the records that show them, S15). */
export function useStoredUser(id: number): Live<PublicUser | undefined> {
  return useLive(() => db.users.get(id), [id]);
}
