/**
 * Upcoming events on the hub (docs/product/stories.md "Screens"): the next three from the events feature's
 * data, each linking to its page; the three sample events (15 June, 10 July, 24 July) only while there are
 * none, greyed and marked as examples; Register for Events leads to /events.
 */
import { CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import { DEVICE_CLOCK, formatEventDay, formatEventTime } from '@schema/contracts/events-dates';
import { Badge } from '@web/components/ui/badge';
import { buttonClasses } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useHubEvents } from '../hooks/use-hub-events';
import { SAMPLE_EVENTS } from '../model/content';

export function HubEvents() {
  const events = useHubEvents();
  // Shown, not named: the device's clock needs no time-zone data (events-dates.ts).
  const timeZone = DEVICE_CLOCK;
  return (
    <section aria-labelledby="hub-events" className="flex flex-col gap-4">
      <h2 id="hub-events" className="flex items-center gap-2 text-2xl font-bold">
        <CalendarDays className="size-6" aria-hidden="true" /> Upcoming events
      </h2>
      <p className="text-stone-700 dark:text-stone-300">
        Friendly digs and club meet-ups are a gentle way in: nobody minds if it is your first time.
      </p>
      {events.state === 'loading' ? (
        <div className="grid gap-3 md:grid-cols-3" aria-hidden="true">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : events.state === 'error' ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          Events could not be loaded. Please try again later.
        </p>
      ) : events.value.length > 0 ? (
        <ul className="grid gap-3 md:grid-cols-3" aria-label="Upcoming events">
          {events.value.map((e) => (
            <li
              key={e.uid}
              className="flex flex-col gap-1 rounded-xl border border-stone-200 p-4 dark:border-stone-700"
            >
              <Link to={`/events/${e.id ?? e.uid}`} className="font-semibold hover:underline">
                {e.title}
              </Link>
              <span className="text-sm text-stone-600 dark:text-stone-400">
                <time dateTime={e.eventDate}>
                  {formatEventDay(e.eventDate, timeZone)} at {formatEventTime(e.eventDate, timeZone)}
                </time>
                {e.location ? ` · ${e.location}` : ''}
              </span>
              <span className="text-sm text-stone-600 dark:text-stone-400">{e.attendeeCount} attending</span>
            </li>
          ))}
        </ul>
      ) : (
        <ul className="grid gap-3 md:grid-cols-3" aria-label="Example events">
          {SAMPLE_EVENTS.map((e) => (
            <li
              key={e.title}
              className="flex flex-col gap-1 rounded-xl border border-dashed border-stone-300 p-4 text-stone-500 dark:border-stone-600 dark:text-stone-400"
            >
              <span className="flex items-center gap-2 font-medium">
                {e.title} <Badge variant="outline">Example</Badge>
              </span>
              <span className="text-sm">
                {e.date} · {e.where}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link to="/events" className={buttonClasses('default', 'md', 'self-start')}>
        Register for Events
      </Link>
    </section>
  );
}
