/**
 * "Add to calendar": one event as an iCalendar file (RFC 5545), built on the device so it works offline.
 * - Lines end in CRLF and are folded so none is longer than 75 octets (UTF-8 bytes, never splitting a
 *   character): the continuation starts with one space (§3.1).
 * - TEXT values escape backslash, semicolon, comma and newlines (§3.3.11), and carry no control character
 *   (§3.1 CONTROL, §3.3.11 TSAFE-CHAR: tab is the only one allowed): a vertical tab pasted into a title
 *   from a word processor (or a form feed) becomes a line break, like on the server (text.ts), and every
 *   other C0 control and DEL is dropped, so strict calendar readers accept the file.
 * - The required UID (the event's uid at our host: stable, so importing it again updates the same entry)
 *   and DTSTAMP (when the file was made), and DTSTART in UTC (the stored instant, `…Z`), so every
 *   calendar shows it at the right time in its own zone (§3.8.4.7, §3.8.7.2, §3.3.5 form #2).
 * - No DTEND: the product records a start only, and an event without one ends when it starts (§3.6.1)
 *   rather than at a length we would invent.
 */
import { PRODUCT_NAME } from '@schema/contracts/constants';
import { withoutControls } from '@schema/contracts/text-clean';

export interface CalendarEvent {
  uid: string;
  title: string;
  description: string | null;
  location: string;
  /** UTC instant, ISO 8601. */
  eventDate: string;
}

export interface CalendarContext {
  /** The event's page, absolute (`https://digquest.example/events/42`). */
  url: string;
  /** Our host, to make the UID globally unique (`digquest.example`). */
  host: string;
  /** When the file is made. */
  now?: Date;
}

/** `20250105T153000Z`: the UTC form of DATE-TIME. */
export function icsDateTime(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/** Text without the control characters RFC 5545 forbids in a value (all but tab): see the header. */
const withoutIcsControls = (value: string) => withoutControls(value).replace(/\u007f/g, '');
// eslint-disable-next-line no-control-regex -- a URI holds no control character at all, not even a line break
const URI_CONTROLS = /[\u0000-\u001f\u007f]/g;

/** TEXT escaping: `\` `;` `,` and line breaks, after dropping forbidden control characters. */
export function escapeText(value: string): string {
  return withoutIcsControls(value)
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/** One content line folded at 75 octets: each continuation line starts with a space (which counts). */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function buildIcs(event: CalendarEvent, context: CalendarContext): string {
  const start = new Date(event.eventDate);
  if (Number.isNaN(start.getTime())) throw new Error('The event has no valid date');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${PRODUCT_NAME}//Events//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeText(`${event.uid}@${context.host}`)}`,
    `DTSTAMP:${icsDateTime(context.now ?? new Date())}`,
    `DTSTART:${icsDateTime(start)}`,
    `SUMMARY:${escapeText(event.title)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    `URL:${context.url.replace(URI_CONTROLS, '')}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** A file name from the title: `group-dig-on-stubble.ics`. */
export function icsFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'event'}.ics`;
}
