/**
 * Events (docs/product/events.md "Screens", /events): the title, Create Event for members, a search by
 * title or location, All Events / Upcoming (the default) / Past, six skeleton cards while loading, the
 * cards, and the empty states. Read from the device, so it opens offline and shows events created in the
 * field at once, marked as not synced yet; online the list continues from the server.
 */
import { Plus } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { Link } from 'react-router';
import {
  DEFAULT_EVENT_FILTER,
  EVENT_SKELETON_COUNT,
  type EventFilter,
} from '@schema/contracts/events-constants';
import { DEVICE_CLOCK } from '@schema/contracts/events-dates';
import { buttonClasses } from '@web/components/ui/button';
import { SearchInput } from '@web/components/ui/search-input';
import { Label } from '@web/components/ui/label';
import { ListEnd, type ListEndTexts } from '@web/components/ui/list-end';
import { PageContainer, PageHeader } from '@web/components/ui/page-header';
import { useCurrentUser } from '@web/db/current-user';
import { useEndBootPreview } from '@web/lib/boot-shell';
import { useInitialSync, usePendingRecords } from '@web/sync';
import { EventCard, EventCardSkeleton } from '../components/event-card';
import { EventsFilter } from '../components/events-filter';
import { useEventList, useNow } from '../hooks/use-events';

export const EMPTY_HEADINGS: Readonly<Record<EventFilter, string>> = {
  upcoming: 'No upcoming events',
  past: 'No past events',
  all: 'No events found',
};
export const EMPTY_SEARCHING = 'Try adjusting your search terms';
export const EMPTY_INVITE = 'Be the first to create an event for the community!';
export const EVENTS_ERROR_TEXT = 'Error loading events. Please try again later.';

const MORE_EVENTS: ListEndTexts = {
  offline: 'More events need a connection',
  more: 'Show more events',
  loading: 'Loading more events…',
  failed: 'Could not load more events.',
};

const GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

export function EventsPage() {
  const id = useId();
  const { user } = useCurrentUser();
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<EventFilter>(DEFAULT_EVENT_FILTER);
  const deferredQuery = useDeferredValue(query);
  const now = useNow();
  // Shown, not named: the device's clock needs no time-zone data (events-dates.ts).
  const timeZone = DEVICE_CLOCK;
  const { events, end } = useEventList(filter, deferredQuery, now);
  const pending = usePendingRecords('events');
  const initial = useInitialSync();
  const searching = query.trim() !== '';
  const list = events.state === 'ready' ? events.value : undefined;
  // An empty device before its first sync is "still loading", not "no events".
  const loading =
    events.state === 'loading' ||
    (list !== undefined && list.length === 0 && initial === 'loading' && !searching);
  // The server's first look of the list (if any) gives way once the cards, or the empty or error state, show.
  useEndBootPreview(events.state === 'error' || (!loading && list !== undefined));

  return (
    <PageContainer>
      <PageHeader
        title="Detecting Events"
        description="Join fellow detectorists at group digs, rallies and club meetings."
        actions={
          user ? (
            <Link to="/events/create" className={buttonClasses()}>
              <Plus aria-hidden="true" /> Create Event
            </Link>
          ) : null
        }
      />
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between" role="search">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:max-w-md">
          <Label htmlFor={`${id}-q`}>Search events</Label>
          <SearchInput
            id={`${id}-q`}
            placeholder="Search by title or location"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <EventsFilter value={filter} onChange={setFilter} />
      </div>
      <section className="mt-6" aria-label="Events" aria-busy={loading || undefined}>
        {events.state === 'error' ? (
          <Empty heading={EMPTY_HEADINGS[filter]} text={EVENTS_ERROR_TEXT} />
        ) : loading || list === undefined ? (
          <div className={GRID} data-testid="event-skeletons">
            {Array.from({ length: EVENT_SKELETON_COUNT }, (_, i) => (
              <EventCardSkeleton key={i} />
            ))}
          </div>
        ) : list.length === 0 && end.kind !== 'more' ? (
          <Empty
            heading={EMPTY_HEADINGS[filter]}
            text={searching ? EMPTY_SEARCHING : EMPTY_INVITE}
            action={
              user && !searching ? (
                <Link to="/events/create" className={buttonClasses()}>
                  <Plus aria-hidden="true" /> Create First Event
                </Link>
              ) : null
            }
          />
        ) : (
          <ul className={GRID}>
            {list.map((event) => (
              <li key={event.uid}>
                <EventCard event={event} now={now} timeZone={timeZone} pending={pending.get(event.uid)} />
              </li>
            ))}
          </ul>
        )}
        {list !== undefined && !loading ? <ListEnd end={end} texts={MORE_EVENTS} /> : null}
      </section>
    </PageContainer>
  );
}

function Empty({ heading, text, action }: { heading: string; text: string; action?: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-stone-300 px-4 py-12 text-center dark:border-stone-700">
      <h2 className="text-xl font-semibold">{heading}</h2>
      <p className="text-stone-600 dark:text-stone-400">{text}</p>
      {action}
    </div>
  );
}
