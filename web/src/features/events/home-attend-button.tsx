/**
 * Attend, on the home page's Upcoming Events card (docs/product/events.md "Screens"; the spec's home
 * section attends with 'You've joined the event!'): the same queued join as the event page's Join Event.
 * Handed to the home page by the app shell (features do not import each other), in a chunk of its own.
 * Signed out it is disabled with the reason; the organiser, who attends already, and a member who joined
 * see that they are going.
 */
import { CalendarCheck, Check } from 'lucide-react';
import { useState } from 'react';
import { eventMessages } from '@schema/contracts/events-constants';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { useCurrentUser } from '@web/db/current-user';
import type { LocalEvent } from '@web/db/database';
import { StorageFullError, useInflight } from '@web/sync';
import { useOwnAttendance } from './hooks/use-events';

export function HomeAttendButton({ event }: { event: LocalEvent }) {
  const { user } = useCurrentUser();
  const joined = useOwnAttendance(event.uid);
  const inflight = useInflight('event_attendees', event.uid);
  const [busy, setBusy] = useState(false);
  if (user && (joined || user.id === event.userId))
    return (
      <span className="inline-flex items-center gap-1 text-sm font-medium text-lime-800 dark:text-lime-400">
        <Check className="size-4" aria-hidden="true" /> Attending
      </span>
    );

  async function attend() {
    if (!user) return;
    setBusy(true);
    try {
      // The writes (and the event contracts' validation library behind them) load on the first tap: a
      // home page that is only read never needs them (docs/architecture.md "First paint").
      const { setAttending } = await import('./hooks/event-writes');
      await setAttending(user, event, true);
      toast({ title: eventMessages.joinedHome });
    } catch (err) {
      toast({
        title: eventMessages.joinFailedTitle,
        description: err instanceof Error && err.message ? err.message : eventMessages.somethingWentWrong,
        variant: 'destructive',
      });
      if (!(err instanceof StorageFullError)) console.error(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      size="sm"
      variant="outline"
      className="self-start"
      disabled={!user || busy || inflight}
      title={user ? undefined : eventMessages.loginToJoin}
      aria-label={`Attend ${event.title}`}
      onClick={() => void attend()}
    >
      <CalendarCheck aria-hidden="true" /> {busy ? 'Joining...' : 'Attend'}
    </Button>
  );
}
