/**
 * Reports (docs/moderation.md "Reports"; PROTOCOL.md `reports`): the member's own, pulled with `own` and
 * never by anyone else. Reporting is a queued create, so it works without signal; the server files it
 * with the REST route's rules when it arrives (a refusal — their own record, a record gone — lands in "Not
 * synced" like any other). Reports are not edited on a device: reporting again is a new create, which the
 * server merges into the open report.
 */
import {
  reportableEntities,
  reportReasonLabels,
  reportReasons,
  type ReportableEntity,
  type ReportInput,
  type ReportReason,
} from '@schema/contracts/moderation';
import type { LocalReport } from '../moderation-types';
import { defineEntity } from '../entity-descriptor';
import { isRow, numberOrNull, text } from '../entity-fields';

const isEntity = (value: unknown): value is ReportableEntity => reportableEntities.some((e) => e === value);
const isReason = (value: unknown): value is ReportReason => reportReasons.some((r) => r === value);

export function isLocalReport(value: unknown): value is LocalReport {
  if (!isRow(value)) return false;
  return (
    typeof value.uid === 'string' &&
    (value.id === null || typeof value.id === 'number') &&
    typeof value.userId === 'number' &&
    isEntity(value.entity) &&
    typeof value.recordId === 'number' &&
    isReason(value.reason) &&
    (value.note === null || typeof value.note === 'string') &&
    (value.status === 'open' || value.status === 'closed') &&
    typeof value.created_at === 'string' &&
    typeof value.updatedAt === 'string'
  );
}

export const reportsEntity = defineEntity<LocalReport, 'reports'>({
  entity: 'reports',
  label: 'Reports',
  // `own` brings the member's reports; nothing pins one.
  scope: { kind: 'owned' },
  is: isLocalReport,
  // Only created (and withdrawn): there is no update to fold.
  fold: {},
  fromServer(data) {
    const record = {
      uid: data.uid,
      id: numberOrNull(data.id),
      userId: data.userId,
      entity: data.entity,
      recordId: data.recordId,
      reason: data.reason,
      note: text(data.note) ?? null,
      status: data.status,
      created_at: text(data.createdAt) ?? text(data.created_at) ?? '',
      updatedAt: text(data.updatedAt) ?? '',
    };
    return isLocalReport(record) ? record : null;
  },
  describe(m, known) {
    const why = known ? ` (${reportReasonLabels[known.reason]})` : '';
    return { label: m.op === 'delete' ? `Withdrawing a report${why}` : `Report${why}`, editHref: null };
  },
  // Only the signed-in member's reports stay on the device.
  forgetOnViewerChange: (rows, viewerId) =>
    rows
      .where('userId')
      .notEqual(viewerId ?? -1)
      .delete(),
});

/** The record a report made on this device shows until the server's row arrives. */
export function newReportRecord(
  uid: string,
  userId: number,
  input: ReportInput,
  now = new Date(),
): LocalReport {
  const at = now.toISOString();
  return {
    uid,
    id: null,
    userId,
    entity: input.entity,
    recordId: input.id,
    reason: input.reason,
    note: input.note,
    status: 'open',
    created_at: at,
    updatedAt: at,
  };
}
