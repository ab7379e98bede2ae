/**
 * The hub's upcoming events (docs/product/stories.md "Screens"): the next few events on the device,
 * soonest first — the sync engine keeps them there (the `recent:events` window), so the card works
 * offline. Read from Dexie directly: features do not import each other (docs/architecture.md).
 */
import { useEffect, useState } from 'react';
import { db, type LocalEvent } from '@web/db/database';
import { useInitialSync, useLive, type Live } from '@web/sync';

/** Now, to the minute: an event drops off the list once it has started. */
function useMinute(): string {
  const [minute, setMinute] = useState(() => Math.floor(Date.now() / 60_000));
  useEffect(() => {
    const timer = setInterval(() => setMinute(Math.floor(Date.now() / 60_000)), 30_000);
    return () => clearInterval(timer);
  }, []);
  return new Date(minute * 60_000).toISOString();
}

export function useHubEvents(count = 3): Live<LocalEvent[]> {
  const now = useMinute();
  const live = useLive(() => db.events.where('eventDate').above(now).limit(count).toArray(), [now, count]);
  const initial = useInitialSync();
  if (live.state === 'ready' && live.value.length === 0 && initial === 'loading') return { state: 'loading' };
  return live;
}
