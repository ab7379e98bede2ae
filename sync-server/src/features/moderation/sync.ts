/**
 * Reports as a synced entity (PROTOCOL.md entities table, `reports`; docs/moderation.md "Reports"): a report
 * made without signal is queued on the device and filed when it reaches the server, through the REST
 * route's own fileReport — the same rules and answers:
 *
 * - create: `{ entity, id, reason, note? }`, checked by the REST validator (checkReport), so a refusal carries
 *   the REST code and message (S5); a record the reporter cannot see is 404 (`parent-missing` under sync,
 *   S8), their own is 403, too many reports is `rate-limited` (kept queued, S33). A repeat about a record
 *   the member already has an open report on updates that report and answers `applied` with its id; the
 *   same uid again is `duplicate` (S4);
 * - update: refused — a report is not edited, the member reports again;
 * - delete: withdraws the member's own open report (not one a moderator has closed);
 * - member-only, in the reporter's `own` scope: they pull their reports' state (open, closed), nobody else
 *   ever pulls one, not even pinned.
 */
import { checkReport, moderationMessages } from '@schema/contracts/moderation';
import { HttpError } from '../../lib/errors';
import { applied, parentRequired, unsupported, type SyncedEntity, type WriteOp } from '../../sync/entity';
import { fileReport, loadReportsForPull, withdrawReport } from './reports';

const create: WriteOp = async ({ store, user, mutation, ref, config }) => {
  const checked = checkReport(mutation.payload);
  if (!checked.ok)
    throw new HttpError(400, checked.code, checked.message, { fields: { [checked.field]: checked.message } });
  const input = checked.value;
  const { id, outcome } = await parentRequired(() =>
    fileReport(store, user, input, { uid: ref.uid, limit: config.reportRateLimit }),
  );
  return { status: outcome === 'replayed' ? 'duplicate' : 'applied', id };
};

export const reportsEntity: SyncedEntity = {
  entity: 'reports',
  visibility: { rows: 'member-only' },
  scope: { kind: 'owned' },
  load: loadReportsForPull,
  write: {
    uid: 'record',
    create,
    update: unsupported(moderationMessages.reportNotEditable),
    delete: async ({ store, user, ref }) =>
      applied(await withdrawReport(store, user, ref.uid, { missingOk: true })),
  },
};
