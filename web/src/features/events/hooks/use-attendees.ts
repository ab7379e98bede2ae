/**
 * Who attends an event and who organises it, from the server (docs/product/events.md "Screens"). Attendee
 * lists are public but not kept on every device (only the member's own attendance is): online, the page
 * reads `GET /api/events/{id}/attendees` and reads it again when the count changes; offline it says the
 * list needs a connection. The organiser comes from the device when it holds them (pulled with the event),
 * else from `GET /api/users/{id}` (public fields only).
 */
import { useEffect, useState } from 'react';
import type { EventAttendee } from '@schema/contracts/events';
import type { PublicUser } from '@schema/contracts/users';
import { useOnlineStatus } from '@web/sync';
import { useStoredUser } from './use-events';

export type Remote<T> =
  { state: 'loading' } | { state: 'error' } | { state: 'offline' } | { state: 'ready'; value: T };

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(path, { credentials: 'include', headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** The first page of attendees (the server's page size), read again when `version` changes. */
export function useAttendees(eventRef: string | null, version: number): Remote<EventAttendee[]> {
  const online = useOnlineStatus();
  const key = `${eventRef}|${version}`;
  const [result, setResult] = useState<{ key: string; value: Remote<EventAttendee[]> } | null>(null);
  useEffect(() => {
    if (!online || eventRef === null) return;
    let cancelled = false;
    getJson<EventAttendee[]>(`/api/events/${encodeURIComponent(eventRef)}/attendees`).then(
      (value) => !cancelled && setResult({ key, value: { state: 'ready', value } }),
      () => !cancelled && setResult({ key, value: { state: 'error' } }),
    );
    return () => {
      cancelled = true;
    };
  }, [online, eventRef, key]);
  if (eventRef === null) return { state: 'offline' };
  if (result?.key === key) return result.value;
  // While the new count's list loads, the previous one stays on screen.
  if (result?.value.state === 'ready') return result.value;
  return online ? { state: 'loading' } : { state: 'offline' };
}

/** The organiser: from the device, else the server; 'error' when neither can say. */
export function useOrganizer(userId: number): Remote<PublicUser> {
  const stored = useStoredUser(userId);
  const online = useOnlineStatus();
  const [fetched, setFetched] = useState<{ id: number; value: Remote<PublicUser> } | null>(null);
  const held = stored.state === 'ready' ? stored.value : undefined;
  const needed = stored.state !== 'loading' && held === undefined;
  useEffect(() => {
    if (!needed || !online) return;
    let cancelled = false;
    getJson<PublicUser>(`/api/users/${userId}`).then(
      (value) => !cancelled && setFetched({ id: userId, value: { state: 'ready', value } }),
      () => !cancelled && setFetched({ id: userId, value: { state: 'error' } }),
    );
    return () => {
      cancelled = true;
    };
  }, [needed, online, userId]);
  if (held) return { state: 'ready', value: held };
  if (stored.state === 'loading') return { state: 'loading' };
  if (fetched?.id === userId) return fetched.value;
  return online ? { state: 'loading' } : { state: 'error' };
}
