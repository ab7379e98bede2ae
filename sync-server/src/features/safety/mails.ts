/**
 * What the safe-return timer writes (docs/notifications.md "Safe return"): the member's "Are you back?"
 * (e-mail and push) and the agreed contacts' alert and all-clear. Plain text: read on any phone, forwarded
 * to the police as it is. The planned place's grid reference appears in the alert only.
 */
import { PRODUCT_NAME } from '@schema/contracts/constants';
import { SAFETY_CHECKIN_PATH, SAFETY_PAGE_PATH } from '@schema/contracts/safety';
import type { PushPayload } from '@schema/contracts/notifications';
import type { MailMessage } from '../../lib/mail';
import { osGridReference } from './grid-ref';

/** Where the trip was meant to be: the spot (its name) or the position given at the start. */
export interface PlannedPlace {
  spotName: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface LastPosition {
  latitude: number;
  longitude: number;
  at: string;
}

/** "Sat 14 Jun, 17:30 BST", in the member's time zone (Europe/London unless they set one). */
export function formatTime(iso: string, timeZone: string | null): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: zone,
      timeZoneName: 'short',
    }).format(new Date(iso));
  try {
    return format(timeZone ?? 'Europe/London');
  } catch {
    return format('Europe/London');
  }
}

const mapLink = (publicUrl: string, latitude: number, longitude: number) =>
  `${publicUrl}/map?lat=${latitude.toFixed(5)}&lng=${longitude.toFixed(5)}`;

/** Lines naming a position: grid reference (where Great Britain's grid applies), lat/lng and a map link. */
function positionLines(publicUrl: string, latitude: number, longitude: number): string[] {
  const grid = osGridReference(latitude, longitude);
  return [
    ...(grid ? [`  OS grid reference: ${grid}`] : []),
    `  Latitude, longitude: ${latitude.toFixed(5)}, ${longitude.toFixed(5)}`,
    `  Map: ${mapLink(publicUrl, latitude, longitude)}`,
  ];
}

export function reminderPush(tripId: number, due: string): PushPayload {
  return {
    title: 'Are you back?',
    body: `You planned to be back by ${due}. Tap to check in or extend your trip.`,
    url: SAFETY_PAGE_PATH,
    tag: `safety-${tripId}`,
    kind: 'safety',
    // "I'm back" and an extension straight from the lock screen, without opening the app in a field.
    actions: [
      {
        action: 'safety-checkin',
        title: "I'm back",
        post: `/api/safety/trips/${tripId}/checkin`,
        done: { title: 'Welcome back', body: 'Your trip has ended. Nobody will be alerted.' },
      },
      {
        action: 'safety-extend',
        title: 'Extend 30 min',
        post: `/api/safety/trips/${tripId}/extend`,
        body: { minutes: 30 },
        done: { title: 'Trip extended', body: 'You are now due back 30 minutes later.' },
      },
    ],
  };
}

export function reminderMail(args: {
  to: string;
  name: string;
  publicUrl: string;
  due: string;
  alertAt: string;
  agreed: string[];
}): MailMessage {
  const { publicUrl, agreed } = args;
  const who = agreed.length
    ? `we will e-mail your safety contacts who agreed (${agreed.join(', ')}).`
    : 'nobody will be alerted: none of your safety contacts has agreed yet.';
  return {
    to: args.to,
    subject: 'Are you back?',
    text: [
      `Hello ${args.name},`,
      '',
      `You expected to be back from your detecting trip by ${args.due}.`,
      '',
      `If you are back, tell us here: ${publicUrl}${SAFETY_CHECKIN_PATH}`,
      `Need longer? Extend your trip by 30 or 60 minutes: ${publicUrl}${SAFETY_PAGE_PATH}`,
      '',
      `If we do not hear from you by ${args.alertAt}, ${who}`,
      '',
      `${PRODUCT_NAME}`,
    ].join('\n'),
  };
}

export function alertMail(args: {
  to: string;
  name: string;
  publicUrl: string;
  due: string;
  graceMinutes: number;
  place: PlannedPlace;
  /** Only when the member chose to share it; null when shared but never reported. */
  last: LastPosition | null | 'not-shared';
  timeZone: string | null;
}): MailMessage {
  const { name, publicUrl, place, last } = args;
  const where: string[] = [];
  if (place.spotName) where.push(`  Spot: ${place.spotName}`);
  if (place.latitude !== null && place.longitude !== null)
    where.push(...positionLines(publicUrl, place.latitude, place.longitude));
  const lastLines =
    last === 'not-shared'
      ? [`${name} chose not to share their phone's position.`]
      : last === null
        ? [`${name}'s phone has not reported a position during the trip.`]
        : [
            `The last position ${name}'s phone reported (${formatTime(last.at, args.timeZone)}):`,
            ...positionLines(publicUrl, last.latitude, last.longitude),
          ];
  return {
    to: args.to,
    subject: `Safety alert: ${name} has not checked in from a detecting trip`,
    text: [
      'Hello,',
      '',
      `You agreed to be a safety contact for ${name} on ${PRODUCT_NAME}. ${name} went metal detecting and`,
      `expected to be back by ${args.due}, but has not checked in ${args.graceMinutes} minutes after that.`,
      '',
      'Where they planned to be:',
      ...(where.length ? where : ['  They did not say where they would be.']),
      '',
      ...lastLines,
      '',
      'What to do:',
      '  1. Try calling them. Their phone may simply have no signal or a flat battery.',
      '  2. If you cannot reach them and are worried, in an emergency call 999 and ask for the police.',
      '     Tell them what this e-mail says.',
      '',
      `We will e-mail you again when ${name} checks in.`,
    ].join('\n'),
  };
}

export function backMail(args: { to: string; name: string; at: string }): MailMessage {
  return {
    to: args.to,
    subject: `${args.name} is back safe`,
    text: [
      'Hello,',
      '',
      `${args.name} checked in on ${PRODUCT_NAME} at ${args.at}: they are back from their detecting trip.`,
      'Nothing more needs doing. Thank you for looking out for them.',
    ].join('\n'),
  };
}
