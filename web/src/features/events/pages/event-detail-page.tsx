/**
 * Event detail (docs/product/events.md "Screens", /events/{id} — the id, or the uid before it has synced):
 * a spinner while it is looked up; 'Event Not Found' with Back to Home; otherwise the title, Past Event or
 * Upcoming Event, the full date in the member's zone, the location, 'N person/people', About This Event,
 * the organiser, Join Event / Leave, the attendees, Share Event, Add to calendar, and comments. The
 * organiser edits and deletes; the moderator deletes too. Opening the page pins the event on this device,
 * and one the device does not hold (a shared link) is read from the server (web/src/sync/README.md C15).
 */
import { ArrowLeft, CalendarCheck, CalendarDays, MapPin, Pencil, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { OFFICIAL_USER_ID } from '@schema/contracts/constants';
import { eventMessages, isPastEvent } from '@schema/contracts/events-constants';
import { DEVICE_CLOCK, formatEventFullDate } from '@schema/contracts/events-dates';
import { HiddenNotice } from '@web/components/moderation/hidden-notice';
import { ReportButton } from '@web/components/moderation/report-button';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { PageContainer } from '@web/components/ui/page-header';
import { Spinner } from '@web/components/ui/spinner';
import { SyncMarker } from '@web/components/ui/sync-marker';
import { useCurrentUser } from '@web/db/current-user';
import type { LocalEvent } from '@web/db/database';
import { useEndBootPreview } from '@web/lib/boot-shell';
import { metaDescription, PageTitle, usePageMeta } from '@web/lib/page-meta';
import { useDetailRecord, usePendingRecords } from '@web/sync';
import { AttendeeList } from '../components/attendee-list';
import { DeleteEventDialog } from '../components/delete-event-dialog';
import { EventComments } from '../components/event-comments';
import { JoinButton } from '../components/join-button';
import { OrganizerCard } from '../components/organizer-card';
import { AddToCalendarButton, ShareEventButton } from '../components/share-actions';
import { useEvent, useNow, useOwnAttendance } from '../hooks/use-events';
import { peopleLabel } from '../model/list';

export function EventDetailPage() {
  const { id = '' } = useParams();
  const record = useDetailRecord('events', id, useEvent(id));
  // The server's first look of this event (if any) gives way once the event, or its absence, is shown.
  useEndBootPreview(record.state !== 'waiting');
  if (record.state === 'found') return <EventDetail event={record.value} />;
  if (record.state === 'waiting')
    return (
      <PageContainer className="flex min-h-dvh justify-center py-24">
        <Spinner size="lg" label="Loading event…" />
      </PageContainer>
    );
  return (
    <PageContainer className="flex flex-col items-start gap-4 py-16">
      <PageTitle title={eventMessages.notFound} />
      <h1 className="text-3xl font-bold">{eventMessages.notFound}</h1>
      <p className="text-stone-600 dark:text-stone-400">
        {eventMessages.notFoundText}
        {record.unreachable ? ' It may also need a connection to load.' : ''}
      </p>
      <Link to="/" className={buttonClasses()}>
        <ArrowLeft aria-hidden="true" /> Back to Home
      </Link>
    </PageContainer>
  );
}

function EventDetail({ event }: { event: LocalEvent }) {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const now = useNow();
  // Shown, not named: the device's clock needs no time-zone data (events-dates.ts).
  const timeZone = DEVICE_CLOCK;
  const isOrganizer = user?.id === event.userId;
  // The organiser attends their own event from its creation, before their device has pulled the row.
  const attending = useOwnAttendance(event.uid) || isOrganizer;
  const pending = usePendingRecords('events').get(event.uid);
  const [deleting, setDeleting] = useState<LocalEvent | null>(null);
  const past = isPastEvent(event.eventDate, now);
  const canDelete = user !== null && (isOrganizer || user.id === OFFICIAL_USER_ID);
  const ref = event.id ?? event.uid;
  usePageMeta({
    title: event.title,
    description: metaDescription(event.description) || `${event.title}, ${event.location}`,
  });

  return (
    <PageContainer className="flex max-w-4xl flex-col gap-6">
      <Link to="/events" className={buttonClasses('link', 'sm', 'self-start')}>
        <ArrowLeft aria-hidden="true" /> Back to Events
      </Link>
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={past ? 'secondary' : 'default'}>{past ? 'Past Event' : 'Upcoming Event'}</Badge>
          <SyncMarker state={pending} />
        </div>
        <h1 className="break-words text-3xl font-bold tracking-tight sm:text-4xl">{event.title}</h1>
        <ul className="flex flex-col gap-1.5 text-stone-700 dark:text-stone-300">
          <li className="flex items-center gap-2">
            <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
            <time dateTime={event.eventDate}>{formatEventFullDate(event.eventDate, timeZone)}</time>
          </li>
          {event.location ? (
            <li className="flex items-center gap-2">
              <MapPin className="size-4 shrink-0" aria-hidden="true" /> {event.location}
            </li>
          ) : null}
          <li className="flex items-center gap-2">
            <Users className="size-4 shrink-0" aria-hidden="true" /> {peopleLabel(event.attendeeCount)}
          </li>
        </ul>
      </header>
      <HiddenNotice record={event} isOwner={isOrganizer} entity="events" id={event.id} />
      <div className="flex flex-wrap items-start gap-2">
        {isOrganizer ? (
          <p className="flex min-h-11 items-center gap-2 font-medium text-lime-800 dark:text-lime-400">
            <CalendarCheck className="size-4" aria-hidden="true" /> You are organising this event
          </p>
        ) : (
          <JoinButton event={event} user={user} attending={attending} past={past} />
        )}
        <ShareEventButton event={event} timeZone={timeZone} />
        <AddToCalendarButton event={event} />
        {isOrganizer ? (
          <Link to={`/events/${ref}/edit`} className={buttonClasses('outline')}>
            <Pencil aria-hidden="true" /> Edit
          </Link>
        ) : null}
        {canDelete ? (
          <Button
            variant="outline"
            className="text-red-700 dark:text-red-400"
            onClick={() => setDeleting(event)}
          >
            <Trash2 aria-hidden="true" /> Delete
          </Button>
        ) : null}
        <ReportButton
          entity="events"
          id={event.id}
          authorId={event.userId}
          viewerId={user?.id ?? null}
          variant="outline"
          size="md"
        />
      </div>
      <div className="grid gap-6 md:grid-cols-[1fr_18rem]">
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="text-lg">
              About This Event
            </CardTitle>
          </CardHeader>
          <CardContent>
            <p className="whitespace-pre-wrap break-words leading-relaxed">
              {event.description || 'No description provided.'}
            </p>
          </CardContent>
        </Card>
        <OrganizerCard userId={event.userId} />
      </div>
      <AttendeeList
        eventRef={event.id === null ? null : String(event.id)}
        attendeeCount={event.attendeeCount}
        organizerId={event.userId}
        user={user}
        attending={attending}
      />
      <EventComments event={event} user={user} />
      <DeleteEventDialog
        event={deleting}
        user={user}
        onClose={() => setDeleting(null)}
        onDeleted={() => void navigate('/events')}
      />
    </PageContainer>
  );
}
