/**
 * One event in the /events list (docs/product/events.md "Screens"): its title, a Past badge once it has
 * started, the day ('Today', 'Tomorrow' or '5 Jan 2025') and time in the member's zone, the location,
 * 'N attending' and the description clamped to two lines. The whole card links to the event; one not yet
 * on the server links by uid and carries its sync marker.
 */
import { CalendarDays, MapPin, Users } from 'lucide-react';
import { Link } from 'react-router';
import { isPastEvent } from '@schema/contracts/events-constants';
import { formatEventDay, formatEventTime } from '@schema/contracts/events-dates';
import { Badge } from '@web/components/ui/badge';
import { Skeleton } from '@web/components/ui/skeleton';
import { SyncMarker, type SyncMarkerState } from '@web/components/ui/sync-marker';
import type { LocalEvent } from '@web/db/database';
import { attendingLabel } from '../model/list';

export interface EventCardProps {
  event: LocalEvent;
  now: number;
  timeZone: string;
  pending?: SyncMarkerState | undefined;
}

export function EventCard({ event, now, timeZone, pending }: EventCardProps) {
  const past = isPastEvent(event.eventDate, now);
  const day = formatEventDay(event.eventDate, timeZone, now);
  return (
    <Link
      to={`/events/${event.id ?? event.uid}`}
      className="list-card flex h-full flex-col gap-2 rounded-xl border border-stone-200 bg-white p-4 shadow-sm transition-colors hover:border-lime-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-lime-600 dark:border-stone-700 dark:bg-stone-900"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 className="break-words text-lg font-semibold leading-snug">{event.title}</h2>
        {past ? <Badge variant="secondary">Past</Badge> : null}
      </div>
      <SyncMarker state={pending} className="self-start" />
      <p className="flex items-center gap-1.5 text-sm text-stone-700 dark:text-stone-300">
        <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
        <time dateTime={event.eventDate}>
          {day}
          {day ? ' at ' : ''}
          {formatEventTime(event.eventDate, timeZone)}
        </time>
      </p>
      {event.location ? (
        <p className="flex items-center gap-1.5 text-sm text-stone-700 dark:text-stone-300">
          <MapPin className="size-4 shrink-0" aria-hidden="true" /> {event.location}
        </p>
      ) : null}
      <p className="flex items-center gap-1.5 text-sm text-stone-700 dark:text-stone-300">
        <Users className="size-4 shrink-0" aria-hidden="true" /> {attendingLabel(event.attendeeCount)}
      </p>
      {event.description ? (
        <p className="line-clamp-2 text-sm text-stone-600 dark:text-stone-400">{event.description}</p>
      ) : null}
    </Link>
  );
}

export function EventCardSkeleton() {
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-stone-200 p-4 dark:border-stone-700">
      <Skeleton className="h-6 w-3/4" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-4 w-2/5" />
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="h-10 w-full" />
    </div>
  );
}
