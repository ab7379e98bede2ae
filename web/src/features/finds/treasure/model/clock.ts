/**
 * A find's place on the Treasure clock (docs/treasure.md "The deadline"): its deadline — the server's, or
 * the same computation on the device while the server has not answered — the days left, the order of the
 * reporting list, and the e-mail a member drafts to their FLO. Pure: today is passed in.
 */
import { toGridRef } from '@schema/contracts/grid/coordinates';
import { daysLeft, isValidIsoDate, treasureDeadline } from '@schema/contracts/treasure';
import type { LocalFind } from '@web/db/database';
import { dayText } from '@web/lib/dates';
import { foundOnOf } from './assistant-answers';

/** '5 Mar 2024' for a calendar day 'YYYY-MM-DD' (read as that day wherever the device is). */
export function formatDay(day: string): string {
  if (!isValidIsoDate(day)) return day;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return dayText(new Date(year, month - 1, date));
}

/** The last day to report, for a find marked possible or reported; null otherwise. */
export function deadlineOf(find: LocalFind): string | null {
  if (find.treasureStatus !== 'possible' && find.treasureStatus !== 'reported') return null;
  if (isValidIsoDate(find.treasureDeadline)) return find.treasureDeadline;
  const realised = isValidIsoDate(find.treasureRealisedOn) ? find.treasureRealisedOn : null;
  return treasureDeadline(foundOnOf(find), realised);
}

export interface ReportingItem {
  find: LocalFind;
  deadline: string;
  /** Negative once overdue. */
  daysLeft: number;
}

/**
 * The finds still to report, overdue ones first and then by deadline: one order, since every overdue
 * deadline is earlier than any still to come. Finds with the same deadline keep title order.
 */
export function reportingList(finds: readonly LocalFind[], today: string): ReportingItem[] {
  return finds
    .filter((find) => find.treasureStatus === 'possible')
    .map((find) => {
      const deadline = deadlineOf(find) ?? today;
      return { find, deadline, daysLeft: daysLeft(deadline, today) };
    })
    .sort((a, b) => a.deadline.localeCompare(b.deadline) || a.find.title.localeCompare(b.find.title));
}

export interface FloContact {
  name: string;
  email: string;
}

/**
 * "Draft e-mail to FLO": a mailto: link with the find's title, the day it was found, its 8-figure grid
 * reference and the deadline, for the member to finish in their own mail app.
 */
export function floEmailLink(item: ReportingItem, flo: FloContact, finder: string): string {
  const { find } = item;
  const position =
    find.latitude !== undefined && find.longitude !== undefined
      ? toGridRef({ latitude: find.latitude, longitude: find.longitude }, 8)
      : null;
  const body = [
    `Hello${flo.name.trim() ? ` ${flo.name.trim()}` : ''},`,
    '',
    'I have found something that may be Treasure and would like to report it.',
    '',
    `Find: ${find.title}`,
    `Found on: ${formatDay(foundOnOf(find))}`,
    `Grid reference: ${position ?? 'not recorded'}`,
    `To be reported by: ${formatDay(item.deadline)}`,
    '',
    'I can send you the photos and the full record.',
    '',
    finder,
  ].join('\n');
  const subject = `Possible Treasure: ${find.title}`;
  const to = encodeURIComponent(flo.email.trim()).replace('%40', '@');
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
