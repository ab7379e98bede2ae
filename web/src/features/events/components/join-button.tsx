/**
 * Join Event / Leave (docs/product/events.md "Screens", "States"): Join only while the event is upcoming,
 * disabled while joining ('Joining...') and while the join is on its way to the server; signed out it is
 * disabled and the page says why. A member who joined can leave. Both are local writes, queued offline
 * with the attendee count moved at once; a join the server refuses (the event started, or was deleted
 * meanwhile) shows as not synced here and in the sync panel with the server's message.
 */
import { CalendarCheck, LogOut } from 'lucide-react';
import { useState } from 'react';
import { eventMessages } from '@schema/contracts/events-constants';
import type { SelfUser } from '@schema/contracts/users';
import { Button } from '@web/components/ui/button';
import { SyncMarker } from '@web/components/ui/sync-marker';
import { toast } from '@web/components/ui/toast';
import type { LocalEvent } from '@web/db/database';
import { StorageFullError, useInflight, usePendingRecords } from '@web/sync';
import { setAttending } from '../hooks/event-writes';

export interface JoinButtonProps {
  event: LocalEvent;
  user: SelfUser | null;
  attending: boolean;
  past: boolean;
}

export function JoinButton({ event, user, attending, past }: JoinButtonProps) {
  const [busy, setBusy] = useState(false);
  const inflight = useInflight('event_attendees', event.uid);
  const pending = usePendingRecords('event_attendees').get(event.uid);

  async function change(join: boolean) {
    if (!user) return;
    setBusy(true);
    try {
      await setAttending(user, event, join);
      toast(
        join
          ? { title: eventMessages.joinedTitle, description: eventMessages.joined }
          : { title: eventMessages.leftTitle, description: eventMessages.left },
      );
    } catch (err) {
      toast({
        title: join ? eventMessages.joinFailedTitle : eventMessages.leaveFailed,
        description: err instanceof Error && err.message ? err.message : eventMessages.somethingWentWrong,
        variant: 'destructive',
      });
      if (!(err instanceof StorageFullError)) console.error(err);
    } finally {
      setBusy(false);
    }
  }

  if (attending)
    return (
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" disabled={busy || inflight} onClick={() => void change(false)}>
          <LogOut aria-hidden="true" /> Leave
        </Button>
        <SyncMarker state={pending} />
      </div>
    );
  if (past) return null;
  return (
    <div className="flex flex-col items-start gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button disabled={!user || busy || inflight} onClick={() => void change(true)}>
          <CalendarCheck aria-hidden="true" /> {busy || inflight ? 'Joining...' : 'Join Event'}
        </Button>
        <SyncMarker state={pending} />
      </div>
      {user ? null : (
        <p className="text-sm text-stone-600 dark:text-stone-400">{eventMessages.loginToJoin}</p>
      )}
    </div>
  );
}
