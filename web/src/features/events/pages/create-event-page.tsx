/**
 * Create Event and Edit Event (docs/product/events.md "Screens"): Back to Events, the heading, and the
 * 'Event Details' card with the one event form. Creating is a local write: the event shows in the list at
 * once (offline too, marked not synced yet) and the member returns to /events. Editing is offered to the
 * organiser alone and sends only what changed; "Edit" in the Not synced panel leads here too.
 */
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { eventMessages } from '@schema/contracts/events-constants';
import { deviceTimeZone } from '@schema/contracts/events-dates';
import { buttonClasses } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { PageContainer, PageHeader } from '@web/components/ui/page-header';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { useCurrentUser } from '@web/db/current-user';
import type { LocalEvent } from '@web/db/database';
import { StorageFullError } from '@web/sync';
import { EventForm } from '../components/event-form';
import { createEvent, updateEvent } from '../hooks/event-writes';
import { useEvent } from '../hooks/use-events';
import { EMPTY_EVENT_FORM, formValuesOf } from '../model/form-values';

/** The form's rules: the events contract, loaded with the first submit rather than with the page. */
const formRules = () => import('../model/form');

const failure = (title: string, err: unknown) =>
  toast({
    title,
    description: err instanceof StorageFullError ? err.message : eventMessages.somethingWentWrong,
    variant: 'destructive',
  });

function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className={buttonClasses('link', 'sm', 'self-start')}>
      <ArrowLeft aria-hidden="true" /> {label}
    </Link>
  );
}

function Frame({
  back,
  title,
  children,
}: {
  back: React.ReactNode;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <PageContainer className="flex max-w-3xl flex-col gap-6">
      {back}
      <PageHeader title={title} />
      <Card>
        <CardHeader>
          <CardTitle as="h2">Event Details</CardTitle>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </PageContainer>
  );
}

function SignInNeeded({ text }: { text: string }) {
  return (
    <p className="rounded-xl bg-stone-100 p-4 text-stone-700 dark:bg-stone-800 dark:text-stone-300">
      <strong>{eventMessages.authRequiredTitle}.</strong> {text}
    </p>
  );
}

export function CreateEventPage() {
  const { user, loading } = useCurrentUser();
  const navigate = useNavigate();
  const timeZone = deviceTimeZone();
  return (
    <Frame back={<BackLink to="/events" label="Back to Events" />} title="Create New Event">
      {loading ? (
        <Spinner />
      ) : user ? (
        <EventForm
          initial={EMPTY_EVENT_FORM}
          timeZone={timeZone}
          read={async (values) => (await formRules()).readCreateForm(values, timeZone)}
          submitLabel="Create Event"
          busyLabel="Creating..."
          onSubmit={async (input) => {
            try {
              await createEvent(user, input);
            } catch (err) {
              failure(eventMessages.createFailed, err);
              return;
            }
            toast({ title: eventMessages.created, description: eventMessages.savedOnDevice });
            void navigate('/events');
          }}
          onCancel={() => void navigate('/events')}
        />
      ) : (
        <SignInNeeded text={eventMessages.loginToCreate} />
      )}
    </Frame>
  );
}

export function EditEventPage() {
  const { id = '' } = useParams();
  const lookup = useEvent(id);
  const { user, loading } = useCurrentUser();
  const back = <BackLink to={`/events/${id}`} label="Back to Event" />;
  if (lookup.state === 'loading' || loading)
    return (
      <Frame back={back} title="Edit Event">
        <Spinner />
      </Frame>
    );
  const event = lookup.state === 'ready' ? lookup.value : undefined;
  if (!event)
    return (
      <Frame back={<BackLink to="/events" label="Back to Events" />} title={eventMessages.notFound}>
        <p>{eventMessages.notFoundText}</p>
      </Frame>
    );
  return (
    <Frame back={back} title="Edit Event">
      {!user ? (
        <SignInNeeded text={eventMessages.loginToEdit} />
      ) : user.id !== event.userId ? (
        <p>{eventMessages.notOwner}</p>
      ) : (
        <EditForm event={event} user={user} />
      )}
    </Frame>
  );
}

function EditForm({
  event,
  user,
}: {
  event: LocalEvent;
  user: NonNullable<ReturnType<typeof useCurrentUser>['user']>;
}) {
  const navigate = useNavigate();
  const timeZone = deviceTimeZone();
  const href = `/events/${event.id ?? event.uid}`;
  return (
    <EventForm
      // A new form when another event opens here, or when this one changes under it (a pull).
      key={`${event.uid}|${event.updated_at}`}
      initial={formValuesOf(event, timeZone)}
      timeZone={timeZone}
      read={async (values) => (await formRules()).readEditForm(values, event, timeZone)}
      submitLabel="Save Changes"
      busyLabel="Saving..."
      onSubmit={async (changes) => {
        try {
          await updateEvent(user, event, changes);
        } catch (err) {
          failure(eventMessages.updateFailed, err);
          return;
        }
        toast({ title: eventMessages.updated });
        void navigate(href);
      }}
      onCancel={() => void navigate(href)}
    />
  );
}
