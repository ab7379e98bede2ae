/** Add to calendar (docs/product/events.md "Screens"): the .ics file keeps RFC 5545's rules. */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildIcs, escapeText, foldLine, icsDateTime, icsFileName } from './ics';

const event = {
  uid: '0192f0c4-6f1d-7b8e-9c3a-2d4e5f6a7b8c',
  title: 'Group dig; Roman villa, field 3',
  description: 'Bring a spade\nand a flask. Path: C:\\Muddy\\Lane',
  location: 'Manor Farm, Diss, Norfolk',
  eventDate: '2025-07-05T14:30:00.000Z',
};
const context = {
  url: 'https://digquest.example/events/42',
  host: 'digquest.example',
  now: new Date('2025-06-01T09:08:07.654Z'),
};

/** RFC 5545 §3.1: unfolding removes every CRLF followed by one space or tab. */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '');

describe('buildIcs', () => {
  it('is a VCALENDAR with one VEVENT: the required properties, DTSTART in UTC, CRLF line ends', () => {
    const ics = buildIcs(event, context);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = unfold(ics).split('\r\n').slice(0, -1);
    expect(lines).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//DigQuest//Events//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      'UID:0192f0c4-6f1d-7b8e-9c3a-2d4e5f6a7b8c@digquest.example',
      'DTSTAMP:20250601T090807Z',
      'DTSTART:20250705T143000Z',
      'SUMMARY:Group dig\\; Roman villa\\, field 3',
      'DESCRIPTION:Bring a spade\\nand a flask. Path: C:\\\\Muddy\\\\Lane',
      'LOCATION:Manor Farm\\, Diss\\, Norfolk',
      'URL:https://digquest.example/events/42',
      'END:VEVENT',
      'END:VCALENDAR',
    ]);
  });

  it('leaves out an empty description and location, and refuses an event without a date', () => {
    const ics = buildIcs({ ...event, description: null, location: '' }, context);
    expect(ics).not.toContain('DESCRIPTION');
    expect(ics).not.toContain('LOCATION');
    expect(() => buildIcs({ ...event, eventDate: 'soon' }, context)).toThrow();
  });

  it('folds every line at 75 octets, never inside a UTF-8 character, and unfolds back to the text', () => {
    const long = `Détecteurs — ${'Ærøskøbing café '.repeat(20)}🪙🪙🪙 end`;
    const ics = buildIcs({ ...event, title: long, description: 'x'.repeat(500) }, context);
    const encoder = new TextEncoder();
    for (const line of ics.split('\r\n')) expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
    expect(unfold(ics)).toContain(`SUMMARY:${escapeText(long)}\r\n`);
    expect(unfold(ics)).toContain(`DESCRIPTION:${'x'.repeat(500)}\r\n`);
    // A continuation line starts with exactly one space, then the next character.
    expect(ics).toMatch(/\r\n x/);
  });
});

/** The file as a calendar application reads it (ical.js, Mozilla's RFC 5545 parser): its one event. */
function parsed(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}

// eslint-disable-next-line no-control-regex -- RFC 5545 CONTROL: every C0 character but tab, and DEL
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/;

describe('RFC 5545, as ical.js reads it', () => {
  it('reads back every property: escaping and folding undone, the instant in UTC', () => {
    const long = `Détecteurs — ${'Ærøskøbing café, field; '.repeat(12)}🪙 end`;
    const {
      calendar,
      vevent,
      event: read,
    } = parsed(
      buildIcs({ ...event, title: long, description: `${event.description}\n${'x'.repeat(300)}` }, context),
    );
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//DigQuest//Events//EN');
    expect(read.uid).toBe(`${event.uid}@digquest.example`);
    expect(read.summary).toBe(long);
    expect(read.description).toBe(`${event.description}\n${'x'.repeat(300)}`);
    expect(read.location).toBe(event.location);
    expect(read.startDate.toJSDate().toISOString()).toBe(event.eventDate);
    expect(read.startDate.zone?.tzid).toBe('UTC');
    expect(String(vevent.getFirstPropertyValue('dtstamp'))).toBe('2025-06-01T09:08:07Z');
    expect(vevent.getFirstPropertyValue('url')).toBe(context.url);
  });

  it('never writes a control character: a pasted vertical tab is a line break, the others are gone', () => {
    const pasted = {
      ...event,
      title: 'Group\u000bdig\u0000 at the\u0007 villa\u001b\u007f',
      description: 'Bring\ta spade\u000cand a flask\u0001',
      location: 'Manor\u0008 Farm\r\nDiss',
      uid: `${event.uid}\u0000`,
    };
    const ics = buildIcs(pasted, { ...context, url: `${context.url}\r\n\u0007` });
    for (const line of ics.split('\r\n')) expect(line).not.toMatch(CONTROL);
    const { event: read, vevent } = parsed(ics);
    expect(read.summary).toBe('Group\ndig at the villa');
    expect(read.description).toBe('Bring\ta spade\nand a flask');
    expect(read.location).toBe('Manor Farm\nDiss');
    expect(read.uid).toBe(`${event.uid}@digquest.example`);
    expect(vevent.getFirstPropertyValue('url')).toBe(context.url);
  });
});

describe('pieces', () => {
  it('icsDateTime is the UTC form', () => {
    expect(icsDateTime(new Date('2025-10-26T01:30:00.000Z'))).toBe('20251026T013000Z');
  });

  it('foldLine keeps lines of 75 octets whole and cuts longer ones', () => {
    expect(foldLine('a'.repeat(75))).toBe('a'.repeat(75));
    expect(foldLine('a'.repeat(76))).toBe(`${'a'.repeat(75)}\r\n a`);
    expect(foldLine('a'.repeat(74) + 'é')).toBe(`${'a'.repeat(74)}\r\n é`);
  });

  it('escapeText escapes backslash first', () => {
    expect(escapeText('a\\;b,c\r\nd')).toBe('a\\\\\\;b\\,c\\nd');
  });

  it('icsFileName makes a plain name from the title', () => {
    expect(icsFileName('Group dig: Roman villa (field 3)')).toBe('group-dig-roman-villa-field-3.ics');
    expect(icsFileName('Détecteurs à Nîmes')).toBe('detecteurs-a-nimes.ics');
    expect(icsFileName('🪙')).toBe('event.ics');
  });
});
