/**
 * Share Event and Add to calendar (docs/product/events.md "Screens"). Sharing uses the device's share
 * sheet with the event's title and text, or copies the page's link ('Link copied' / 'Event link copied to
 * clipboard.'). The calendar file (model/ics.ts) is made on the device, so it works offline.
 */
import { CalendarPlus, Share2 } from 'lucide-react';
import { eventMessages } from '@schema/contracts/events-constants';
import { formatEventFullDate } from '@schema/contracts/events-dates';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import type { LocalEvent } from '@web/db/database';
import { buildIcs, icsFileName } from '../model/ics';
import { shareOrCopy, type ShareTarget } from '../model/share';

const pageUrl = (event: LocalEvent) => `${window.location.origin}/events/${event.id ?? event.uid}`;

export function ShareEventButton({ event, timeZone }: { event: LocalEvent; timeZone: string }) {
  async function share() {
    const when = formatEventFullDate(event.eventDate, timeZone);
    const outcome = await shareOrCopy(
      {
        title: event.title,
        text: `${event.title} — ${when}${event.location ? `, ${event.location}` : ''}`,
        url: pageUrl(event),
      },
      navigator satisfies ShareTarget,
    );
    if (outcome === 'copied')
      toast({ title: eventMessages.linkCopiedTitle, description: eventMessages.linkCopied });
    if (outcome === 'failed')
      toast({
        title: eventMessages.linkCopiedTitle,
        description: eventMessages.copyFailed,
        variant: 'destructive',
      });
  }
  return (
    <Button variant="outline" onClick={() => void share()}>
      <Share2 aria-hidden="true" /> Share Event
    </Button>
  );
}

export function AddToCalendarButton({ event }: { event: LocalEvent }) {
  function download() {
    const ics = buildIcs(event, { url: pageUrl(event), host: window.location.hostname || 'digquest' });
    const url = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = icsFileName(event.title);
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return (
    <Button variant="outline" onClick={download} disabled={Number.isNaN(Date.parse(event.eventDate))}>
      <CalendarPlus aria-hidden="true" /> Add to calendar
    </Button>
  );
}
