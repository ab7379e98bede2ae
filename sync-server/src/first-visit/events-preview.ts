/**
 * The first look of the events pages (docs/architecture.md "First paint"): the upcoming events and an
 * event's page, as web/src/features/events/pages/* and EventCard draw them, for a visitor signed out.
 * Dates are written on the UK's clock (the app uses the device's zone: abroad, a time may differ).
 */
import {
  EVENT_FILTER_LABELS,
  EVENT_SKELETON_COUNT,
  eventMessages,
  isPastEvent,
} from '@schema/contracts/events-constants';
import { formatEventDay, formatEventFullDate, formatEventTime } from '@schema/contracts/events-dates';
import type { Event } from '@schema/contracts/events';
import { maskEmailLike } from '@schema/contracts/users-display';
import { BADGE_BASE_CLASSES } from '@schema/contracts/period-badge-classes';
import {
  backLink,
  buttonLook,
  field,
  fieldLabel,
  icon,
  pageHeading,
  secondaryBadge,
  text,
  wrap,
  type Html,
} from './markup';

/** The events page's loading grid has six cards: its first look shows as many. */
export const PREVIEW_EVENTS = EVENT_SKELETON_COUNT;
const UK = 'Europe/London';

const attendingLabel = (n: number) => `${n} attending`;
const peopleLabel = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;
const infoLine = (name: 'calendarDays' | 'mapPin' | 'users', content: string) =>
  `<p class="flex items-center gap-1.5 text-sm text-stone-700 dark:text-stone-300">${icon(name, 'size-4 shrink-0')} ${content}</p>`;

/** EventCard (web/src/features/events/components/event-card.tsx), as text rather than a link. */
function eventCard(event: Event, now: number): Html {
  const day = formatEventDay(event.eventDate, UK, now);
  const when = `${day}${day ? ' at ' : ''}${formatEventTime(event.eventDate, UK)}`;
  return (
    `<div class="flex h-full flex-col gap-2 rounded-xl border border-stone-200 bg-white p-4 shadow-sm dark:border-stone-700 dark:bg-stone-900">` +
    `<div class="flex items-start justify-between gap-2"><div class="break-words text-lg font-semibold leading-snug">${text(event.title)}</div>` +
    (isPastEvent(event.eventDate, now) ? secondaryBadge('Past') : '') +
    `</div>` +
    infoLine('calendarDays', `<span>${text(when)}</span>`) +
    (event.location ? infoLine('mapPin', text(event.location)) : '') +
    infoLine('users', text(attendingLabel(event.attendeeCount))) +
    (event.description
      ? `<p class="line-clamp-2 text-sm text-stone-600 dark:text-stone-400">${text(event.description)}</p>`
      : '') +
    `</div>`
  );
}

/** EventsFilter: All Events, Upcoming (pressed, the default), Past, as small buttons. */
function filterButtons(): Html {
  const button = (label: string, pressed: boolean) =>
    `<span class="inline-flex min-h-9 items-center justify-center gap-2 rounded-lg px-3 text-sm font-medium whitespace-nowrap ${pressed ? 'bg-lime-800 text-white shadow-sm' : 'border border-stone-300 bg-white text-stone-900 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100'}">${text(label)}</span>`;
  return `<div class="flex flex-wrap gap-2">${button(EVENT_FILTER_LABELS.all, false)}${button(EVENT_FILTER_LABELS.upcoming, true)}${button(EVENT_FILTER_LABELS.past, false)}</div>`;
}

/** `/events`: Detecting Events with the soonest upcoming events, as events-page.tsx. */
export function eventsPreview(events: readonly Event[], now: number): Html {
  if (events.length === 0) return '';
  return wrap(
    '/events',
    `<div class="mx-auto w-full max-w-7xl px-4 py-8 sm:py-10">` +
      pageHeading('Detecting Events', 'Join fellow detectorists at group digs, rallies and club meetings.') +
      `<div class="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">` +
      `<div class="flex min-w-0 flex-1 flex-col gap-1.5 sm:max-w-md">${fieldLabel('Search events', true)}${field('Search by title or location', 'search')}</div>` +
      filterButtons() +
      `</div>` +
      `<div class="mt-6"><ul class="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">${events.map((event) => `<li>${eventCard(event, now)}</li>`).join('')}</ul></div>` +
      `</div>`,
  );
}

/** A Card (web/src/components/ui/card.tsx) with its h2 title, as text. */
function card(title: string, body: Html): Html {
  return (
    `<div class="rounded-xl border border-stone-200 bg-white text-stone-900 shadow-sm dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100">` +
    `<div class="flex flex-col gap-1.5 p-5 pb-2"><div class="text-lg font-semibold leading-snug">${text(title)}</div></div>` +
    `<div class="p-5 pt-2">${body}</div></div>`
  );
}

/** `/events/{id}`: the event's heading, date, place, count, actions and About, as event-detail-page.tsx. */
export function eventPagePreview(pathname: string, event: Event | null, now: number): Html {
  if (!event) return '';
  const past = isPastEvent(event.eventDate, now);
  const badge = past
    ? secondaryBadge('Past Event')
    : `<span class="${BADGE_BASE_CLASSES} bg-lime-800 text-white">Upcoming Event</span>`;
  const line = (name: 'calendarDays' | 'mapPin' | 'users', content: string) =>
    `<li class="flex items-center gap-2">${icon(name, 'size-4 shrink-0')} ${content}</li>`;
  // JoinButton signed out: disabled, with why under it; nothing once the event has started.
  const join = past
    ? ''
    : `<div class="flex flex-col items-start gap-2"><div class="flex flex-wrap items-center gap-2">${buttonLook('Join Event', 'calendarCheck', 'default', true)}</div>` +
      `<p class="text-sm text-stone-600 dark:text-stone-400">${text(eventMessages.loginToJoin)}</p></div>`;
  const organizer = maskEmailLike(event.username);
  return wrap(
    pathname,
    `<div class="mx-auto w-full px-4 py-8 sm:py-10 flex max-w-4xl flex-col gap-6">` +
      backLink('Back to Events') +
      `<div class="flex flex-col gap-3">` +
      `<div class="flex flex-wrap items-center gap-2">${badge}</div>` +
      `<div class="break-words text-3xl font-bold tracking-tight sm:text-4xl">${text(event.title)}</div>` +
      `<ul class="flex flex-col gap-1.5 text-stone-700 dark:text-stone-300">` +
      line('calendarDays', `<span>${text(formatEventFullDate(event.eventDate, UK))}</span>`) +
      (event.location ? line('mapPin', text(event.location)) : '') +
      line('users', text(peopleLabel(event.attendeeCount))) +
      `</ul></div>` +
      `<div class="flex flex-wrap items-start gap-2">${join}${buttonLook('Share Event', 'share2', 'outline')}${buttonLook('Add to calendar', 'calendarPlus', 'outline')}</div>` +
      `<div class="grid gap-6 md:grid-cols-[1fr_18rem]">` +
      card(
        'About This Event',
        `<p class="whitespace-pre-wrap break-words leading-relaxed">${text(event.description || 'No description provided.')}</p>`,
      ) +
      card(
        'Organized by',
        `<div class="flex items-center gap-3"><span class="size-10 shrink-0 rounded-full bg-stone-200 dark:bg-stone-700"></span>` +
          `<div class="flex flex-col"><span class="font-semibold">${text(organizer)}</span><span class="text-sm text-stone-600 dark:text-stone-400">Event organizer</span></div></div>`,
      ) +
      `</div></div>`,
  );
}
