/**
 * Home "Community" (docs/product/home.md#screens): Hot Topics (the 3 newest posts) with New Post, Popular
 * Categories with their post counts, Community Members (online: the current member or anyone who posted
 * in the last 24 hours) with a View All dialog, and Upcoming Events: the next events, or two greyed
 * 'Example' events when there are none.
 */
import { CalendarDays, MessagesSquare, Plus, Tags, Users } from 'lucide-react';
import { Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatEventDay, formatEventTime, DEVICE_CLOCK } from '@schema/contracts/events-dates';
import { postPreview } from '@schema/contracts/forum-constants';
import { maskEmailLike } from '@schema/contracts/users-display';
import { UserAvatar } from '@web/components/ui/avatar';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCurrentUser } from '@web/db/current-user';
import type { LocalEvent } from '@web/db/database';
import { MembersDialog } from './members-dialog';
import { useHotTopics, useOnlineMembers, usePopularCategories, type Loaded } from './hooks/use-community';
import { useUpcomingEvents } from './hooks/use-upcoming-events';

function CommunityCard({
  title,
  icon: Icon,
  action,
  children,
}: {
  title: string;
  icon: typeof Users;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="flex flex-col">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2">
          <Icon className="size-5 text-lime-700 dark:text-lime-400" aria-hidden="true" /> {title}
        </CardTitle>
        {action}
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3">{children}</CardContent>
    </Card>
  );
}

function States<T>({
  loaded,
  error,
  empty,
  children,
}: {
  loaded: Loaded<T[]>;
  error: string;
  empty: string;
  children: (value: T[]) => ReactNode;
}) {
  if (loaded.state === 'loading') {
    return (
      <div className="flex flex-col gap-2" aria-hidden="true">
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-5 w-5/6" />
      </div>
    );
  }
  if (loaded.state === 'error') return <p className="text-stone-600 dark:text-stone-400">{error}</p>;
  if (loaded.value.length === 0) return <p className="text-stone-600 dark:text-stone-400">{empty}</p>;
  return <>{children(loaded.value)}</>;
}

/** The events feature's Attend button for one event, handed in by the app shell. */
export type EventAttendButton = ComponentType<{ event: LocalEvent }>;

export function CommunitySection({ attendButton }: { attendButton?: EventAttendButton | undefined } = {}) {
  const { user } = useCurrentUser();
  const topics = useHotTopics();
  const categories = usePopularCategories();
  return (
    <section aria-labelledby="community" className="space-y-4">
      <h2 id="community" className="text-2xl font-bold tracking-tight sm:text-3xl">
        Community
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        <CommunityCard
          title="Hot Topics"
          icon={MessagesSquare}
          action={
            user ? (
              <Link to="/forum?new=1" className={buttonClasses('default', 'sm')}>
                <Plus aria-hidden="true" /> New Post
              </Link>
            ) : (
              <Button size="sm" disabled title="Please log in to create a post.">
                <Plus aria-hidden="true" /> New Post
              </Button>
            )
          }
        >
          <States
            loaded={topics}
            error="Error loading posts. Please try again later."
            empty="No posts yet. Start the first discussion!"
          >
            {(posts) => (
              <ul className="flex flex-col divide-y divide-stone-200 dark:divide-stone-700">
                {posts.map((p) => (
                  <li key={p.uid} className="flex flex-col gap-0.5 py-2">
                    <Link to={`/forum/post/${p.id ?? p.uid}`} className="font-semibold hover:underline">
                      {p.title}
                    </Link>
                    <span className="text-sm text-stone-600 dark:text-stone-400">
                      {maskEmailLike(p.username)} · {p.categoryName} · {p.comments}{' '}
                      {p.comments === 1 ? 'comment' : 'comments'}
                    </span>
                    <span className="line-clamp-2 text-sm text-stone-700 dark:text-stone-300">
                      {postPreview(p.content)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </States>
          <Link to="/forum" className={buttonClasses('link', 'sm', 'self-start')}>
            Go to the forum
          </Link>
        </CommunityCard>
        <CommunityCard title="Popular Categories" icon={Tags}>
          <States
            loaded={categories}
            error="Categories could not be loaded. Please try again later."
            empty="No categories yet."
          >
            {(list) => (
              <ul className="flex flex-col gap-0.5">
                {list.map((c) => (
                  <li key={c.id}>
                    <Link
                      to={`/forum?category=${c.id}`}
                      className="flex min-h-10 items-center justify-between rounded-lg px-2 hover:bg-stone-100 dark:hover:bg-stone-800"
                    >
                      <span>{c.name}</span>
                      <Badge variant="secondary">
                        {c.count} {c.count === 1 ? 'post' : 'posts'}
                      </Badge>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </States>
        </CommunityCard>
        <MembersCard viewerId={user?.id ?? null} />
        <EventsCard signedIn={user !== null} attendButton={attendButton} />
      </div>
    </section>
  );
}

function MembersCard({ viewerId }: { viewerId: number | null }) {
  const online = useOnlineMembers(viewerId);
  const [viewAll, setViewAll] = useState(false);
  const loaded: Loaded<{ id: number; username: string; avatarUrl: string }[]> =
    online.state === 'ready' ? { state: 'ready', value: online.value.members } : online;
  return (
    <CommunityCard
      title="Community Members"
      icon={Users}
      action={
        <Button size="sm" variant="outline" onClick={() => setViewAll(true)}>
          View All
        </Button>
      }
    >
      {online.state === 'ready' ? (
        <p className="text-sm text-stone-600 dark:text-stone-400">
          <span className="mr-1.5 inline-block size-2 rounded-full bg-lime-600" aria-hidden="true" />
          {online.value.total} online now
        </p>
      ) : null}
      <States
        loaded={loaded}
        error="Online members show when you are connected."
        empty="Nobody has been active in the last 24 hours."
      >
        {(members) => (
          <ul className="flex flex-col gap-2">
            {members.slice(0, 8).map((m) => (
              <li key={m.id} className="flex items-center gap-2">
                <UserAvatar username={maskEmailLike(m.username)} avatarUrl={m.avatarUrl} size="sm" />
                <span className="truncate">{maskEmailLike(m.username)}</span>
              </li>
            ))}
          </ul>
        )}
      </States>
      <MembersDialog open={viewAll} onOpenChange={setViewAll} />
    </CommunityCard>
  );
}

/** Shown only when there are no upcoming events: greyed, and marked as examples. */
const EXAMPLE_EVENTS = [
  { title: 'Group dig on permission farmland', when: 'Saturday, 9:00', where: 'Norfolk' },
  { title: 'Finds identification evening', when: 'Thursday, 19:00', where: 'Online' },
];

function EventsCard({
  signedIn,
  attendButton: Attend,
}: {
  signedIn: boolean;
  attendButton: EventAttendButton | undefined;
}) {
  const upcoming = useUpcomingEvents();
  // Shown, not named: the device's clock needs no time-zone data (events-dates.ts).
  const timeZone = DEVICE_CLOCK;
  return (
    <CommunityCard
      title="Upcoming Events"
      icon={CalendarDays}
      action={
        signedIn ? (
          <Link to="/events/create" className={buttonClasses('default', 'sm')}>
            <Plus aria-hidden="true" /> Create Event
          </Link>
        ) : (
          <Button size="sm" disabled title="Please log in to create an event.">
            <Plus aria-hidden="true" /> Create Event
          </Button>
        )
      }
    >
      {upcoming.state === 'loading' ? (
        <div className="flex flex-col gap-2" aria-hidden="true">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : upcoming.state === 'ready' && upcoming.value.length > 0 ? (
        <ul
          className="flex flex-col divide-y divide-stone-200 dark:divide-stone-700"
          aria-label="Upcoming events"
        >
          {upcoming.value.map((e) => {
            const day = formatEventDay(e.eventDate, timeZone);
            return (
              <li key={e.uid} className="flex flex-col gap-0.5 py-2">
                <Link to={`/events/${e.id ?? e.uid}`} className="font-semibold hover:underline">
                  {e.title}
                </Link>
                <span className="text-sm text-stone-600 dark:text-stone-400">
                  <time dateTime={e.eventDate}>
                    {day} at {formatEventTime(e.eventDate, timeZone)}
                  </time>
                  {e.location ? ` · ${e.location}` : ''} · {e.attendeeCount} attending
                </span>
                {Attend ? (
                  <Suspense fallback={null}>
                    <Attend event={e} />
                  </Suspense>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Example events">
          {EXAMPLE_EVENTS.map((e) => (
            <li
              key={e.title}
              className="flex flex-col gap-0.5 rounded-lg border border-dashed border-stone-300 p-3 text-stone-500 dark:border-stone-600 dark:text-stone-400"
            >
              <span className="flex items-center gap-2 font-medium">
                {e.title} <Badge variant="outline">Example</Badge>
              </span>
              <span className="text-sm">
                {e.when} · {e.where}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link to="/events" className={buttonClasses('link', 'sm', 'self-start')}>
        See events
      </Link>
    </CommunityCard>
  );
}
