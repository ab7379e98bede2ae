/**
 * Reporting through the device's outbox (docs/moderation.md "Reports"): a report is a queued create of the
 * synced `reports` entity, so it is kept with no signal and sent by the next sync like any other change.
 * The dialog waits a few seconds for that sync: the server's id means it was filed; a refusal (the
 * member's own record, a record gone) is shown in the dialog and dropped from the queue rather than left
 * in "Not synced"; no answer in time means it stays queued, and the member is told once it is sent.
 */
import { uuidv7 } from 'uuidv7';
import type { ReportInput } from '@schema/contracts/moderation';
import type { ReportOutcome } from '@web/components/moderation/report';
import { db } from '@web/db/database';
import { newReportRecord } from '@web/db/entities/reports';
import { discardChange, syncNow, writeLocal } from '@web/sync';

/** How long the dialog waits for the sync before saying the report is queued. */
const WAIT_MS = 8_000;
const POLL_MS = 200;

/** Reports whose sending the dialog already announced: the later "was sent" notice skips them. */
export const announcedReports = new Set<string>();

export interface QueueReportOptions {
  /** Starts a sync (the app's engine by default). */
  sync?: () => void;
  waitMs?: number;
}

export async function queueReport(
  input: ReportInput,
  options: QueueReportOptions = {},
): Promise<ReportOutcome> {
  const session = await db.session.get('current');
  const user = session?.user;
  if (!user) return { state: 'refused', status: 401, message: 'Please sign in to report.', fields: {} };
  const uid = uuidv7();
  await writeLocal(db, {
    entity: 'reports',
    op: 'create',
    uid,
    userId: user.id,
    payload: { entity: input.entity, id: input.id, reason: input.reason, note: input.note },
    record: newReportRecord(uid, user.id, input),
  });
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { state: 'queued' };
  (options.sync ?? syncNow)();
  const deadline = Date.now() + (options.waitMs ?? WAIT_MS);
  while (Date.now() < deadline) {
    const row = await db.reports.get(uid);
    if (row?.id != null) {
      announcedReports.add(uid);
      return { state: 'sent' };
    }
    const queued = await db.outbox.where('[entity+uid]').equals(['reports', uid]).first();
    if (queued?.status === 'rejected') {
      await discardChange(queued.mutationId);
      return {
        state: 'refused',
        status: 400,
        message: queued.lastError?.message ?? 'The report could not be sent.',
        fields: {},
      };
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return { state: 'queued' };
}
