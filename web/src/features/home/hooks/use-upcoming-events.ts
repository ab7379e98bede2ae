/**
 * Home "Upcoming Events" (docs/product/home.md#screens, docs/product/events.md): the next few events on
 * the device, soonest first — the sync engine keeps them there (the `recent:events` window), so the card
 * works offline. An empty device before its first sync is "loading", not "no events".
 */
import { useEffect, useState } from 'react';
import { HOME_UPCOMING_EVENTS } from '@schema/contracts/events-constants';
import { db, type LocalEvent } from '@web/db/database';
import { useInitialSync, useLive } from '@web/sync';
import type { Loaded } from './use-community';

/** Now, to the minute: an event drops off the card once it has started. */
function useMinute(): string {
  const [minute, setMinute] = useState(() => Math.floor(Date.now() / 60_000));
  useEffect(() => {
    const timer = setInterval(() => setMinute(Math.floor(Date.now() / 60_000)), 30_000);
    return () => clearInterval(timer);
  }, []);
  return new Date(minute * 60_000).toISOString();
}

export function useUpcomingEvents(count = HOME_UPCOMING_EVENTS): Loaded<LocalEvent[]> {
  const now = useMinute();
  const live = useLive(() => db.events.where('eventDate').above(now).limit(count).toArray(), [now, count]);
  const initial = useInitialSync();
  if (live.state === 'error') return { state: 'error' };
  if (live.state === 'loading') return { state: 'loading' };
  if (live.value.length === 0 && initial === 'loading') return { state: 'loading' };
  return { state: 'ready', value: live.value };
}
