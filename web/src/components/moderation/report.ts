/**
 * Reporting a record to the moderators (docs/moderation.md "Reports"): the one place a report is sent. The
 * app installs a sender that queues it in the device's outbox (features/moderation/report-queue.ts), so a
 * report made with no signal is kept and sent by the next sync; shared components cannot reach the sync
 * layer themselves, hence the installed function. Without one (a component on its own) it is a REST call
 * that says plainly when there is no signal, and the dialog keeps what was typed.
 */
import type { ReportableEntity, ReportInput } from '@schema/contracts/moderation';
import { api, ApiError } from '@web/lib/api';

export const reportTexts = {
  sent: 'Report sent — thank you. A moderator will look at it.',
  offline: 'You are offline. The report was not sent — try again when you have signal.',
  queued: 'Report saved. It will be sent when you have signal.',
  sentLater: 'Your report was sent. A moderator will look at it.',
  failed: 'The report could not be sent. Please try again.',
  messageNotice: 'Reporting this message shares it — and only it — with the moderators.',
} as const;

/** What a record is called in the Report dialog and the moderators' queue. */
export const reportKindLabels: Record<ReportableEntity, string> = {
  finds: 'find',
  find_comments: 'comment on a find',
  posts: 'forum post',
  comments: 'comment on a forum post',
  events: 'event',
  event_comments: 'comment on an event',
  stories: 'story',
  story_comments: 'comment on a story',
  groups: 'group',
  group_comments: 'comment in a group',
  locations: 'spot',
  routes: 'route',
  messages: 'message',
  users: 'member profile',
};

export type ReportOutcome =
  | { state: 'sent' }
  /** Kept in the device's outbox: the next sync sends it, and the member is told then. */
  | { state: 'queued' }
  /** No signal: nothing was sent (the outbox will take it here once reporting works offline). */
  | { state: 'offline' }
  /** The server said no: the record is gone, it is the member's own, too many reports, a field. */
  | { state: 'refused'; status: number; message: string; fields: Record<string, string> };

type ReportSender = (input: ReportInput) => Promise<ReportOutcome>;
let installed: ReportSender | null = null;

/** The app's outbox sender (see above); null puts the REST call back. */
export function installReportSender(sender: ReportSender | null): void {
  installed = sender;
}

/** Sends (or updates: one open report per member and record) the member's report. Never throws. */
export async function sendReport(input: ReportInput): Promise<ReportOutcome> {
  if (installed) {
    try {
      return await installed(input);
    } catch {
      return { state: 'refused', status: 0, message: reportTexts.failed, fields: {} };
    }
  }
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { state: 'offline' };
  try {
    await api<{ id: number }>('/api/reports', { method: 'POST', json: input });
    return { state: 'sent' };
  } catch (err) {
    if (err instanceof ApiError && !err.isNetwork)
      return {
        state: 'refused',
        status: err.status,
        message: err.body?.message ?? reportTexts.failed,
        fields: err.body?.fields ?? {},
      };
    return { state: 'offline' };
  }
}

/** A moderator's hiding as a record carries it for its author (REST answers, the device's pulled rows). */
export function hiddenReasonOf(record: unknown): string | null {
  if (typeof record !== 'object' || record === null || !('hiddenByModerator' in record)) return null;
  const hidden = record.hiddenByModerator;
  if (typeof hidden !== 'object' || hidden === null || !('reason' in hidden)) return null;
  return typeof hidden.reason === 'string' ? hidden.reason : null;
}
