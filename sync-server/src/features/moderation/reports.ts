/**
 * Members' reports (docs/moderation.md "Reports"): one open report per member and record (a repeat updates
 * its reason and note), only of a record the member can see and did not write, rate-limited per member.
 * Reporting a message (by its sender or receiver) is what lets moderators read that one message.
 *
 * Reports are a synced entity too (PROTOCOL.md `reports`; ./sync.ts): a report made without signal is a
 * queued create that reaches fileReport through the push, with the REST route's rules and answers. Every
 * write logs the report under its reporter (S11), the only member who ever pulls it.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { moderationMessages, type ReportInput, type ReportWire } from '@schema/contracts/moderation';
import { reports } from '@schema/db/tables';
import type { UserRow } from '../../lib/auth/user-row';
import type { Store } from '../../lib/db';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { hiddenRecord } from '../../lib/moderation';
import { first, insertedRow } from '../../lib/query';
import { RateLimiter, RetryLaterError, secondsUntil } from '../../lib/rate-limit';
import { isUniqueViolation } from '../../lib/sql';
import { recordChange } from '../../sync/changelog';
import { chunked, refKey, type EntityRef, type LoadedRows, type Viewer } from '../../sync/registry';
import { recordAs, recordRow } from './records';

/** Reports per member per hour: plenty for honest use, too few to flood the queue. */
export const REPORTS_PER_HOUR = 20;
const HOUR_MS = 60 * 60 * 1000;

type ReportRow = typeof reports.$inferSelect;

/** Logged under the reporter (S26); the system's own reports (no reporter) are nobody's to pull. */
async function logged(tx: Store, row: Pick<ReportRow, 'id' | 'uid' | 'reporterId'>, op: 'upsert' | 'delete') {
  if (row.reporterId !== null)
    await recordChange(tx, 'reports', row.id, row.uid, op, { ownerId: row.reporterId });
}

/** The open report of a member about a record, if any. */
const openReportOf = (store: Store, reporterId: number, input: ReportInput) =>
  first(
    store
      .select()
      .from(reports)
      .where(
        and(
          eq(reports.reporterId, reporterId),
          eq(reports.entity, input.entity),
          eq(reports.recordId, input.id),
          eq(reports.openKey, 1),
        ),
      ),
  );

/** A report by its uid: the member's own, or a 409 when the uid is another member's (S4). */
async function ownReportByUid(store: Store, user: UserRow, uid: string): Promise<ReportRow | undefined> {
  const row = await first(store.select().from(reports).where(eq(reports.uid, uid)));
  if (row && row.reporterId !== user.id) throw conflict(moderationMessages.uidTaken);
  return row;
}

/**
 * `created`: a new report; `updated`: the member's open report about the record took the new reason and
 * note (a repeat); `replayed`: this uid was filed already (a resent sync create, S4) and nothing changed.
 */
export type FiledReport = { id: number; outcome: 'created' | 'updated' | 'replayed' };

/**
 * Files (or updates) the member's report, with its change-log row, in one transaction. `uid` is the
 * device's (sync) or the REST body's; without one the server makes it.
 */
export async function fileReport(
  store: Store,
  user: UserRow,
  input: ReportInput,
  options: { uid?: string | undefined; limit?: number } = {},
): Promise<FiledReport> {
  return store.transaction(async (tx) => {
    const existing = options.uid ? await ownReportByUid(tx, user, options.uid) : undefined;
    if (existing) return { id: existing.id, outcome: 'replayed' };

    const limiter = new RateLimiter(tx, 'reports', options.limit ?? REPORTS_PER_HOUR, HOUR_MS);
    const key = `member:${user.id}`;
    if (!(await limiter.hit(key)))
      throw new RetryLaterError(moderationMessages.tooManyReports, secondsUntil(await limiter.waitMs(key)));

    const row = await recordRow(tx, input.entity, input.id);
    // What the member cannot see does not exist for them: the same 404 as a record that never did.
    if (!row || (await recordAs(tx, input.entity, row, { id: user.id })) === null)
      throw notFound(moderationMessages.notFound);
    const hidden = await hiddenRecord(tx, input.entity, row.id);
    if (hidden && hidden.ownerId !== user.id) throw notFound(moderationMessages.notFound);
    // A message is its sender's and its receiver's; either may report it. Anything else of one's own may not be.
    const participant = input.entity === 'messages';
    if (!participant && row.authorId === user.id) throw forbidden(moderationMessages.ownRecord);
    if (participant && row.authorId === user.id && row.recipientId === user.id)
      throw forbidden(moderationMessages.ownRecord);

    const update = async (open: ReportRow): Promise<FiledReport> => {
      await tx
        .update(reports)
        .set({ reason: input.reason, note: input.note, updatedAt: new Date().toISOString() })
        .where(eq(reports.id, open.id));
      await logged(tx, open, 'upsert');
      return { id: open.id, outcome: 'updated' };
    };
    const open = await openReportOf(tx, user.id, input);
    if (open) return update(open);
    try {
      // A savepoint: on PostgreSQL a unique violation spoils the transaction it happens in.
      const created = await tx.transaction(async (sp) =>
        insertedRow(
          sp
            .insert(reports)
            .values({
              uid: options.uid ?? uuidv7(),
              reporterId: user.id,
              entity: input.entity,
              recordId: input.id,
              reason: input.reason,
              note: input.note,
            })
            .returning(),
        ),
      );
      await logged(tx, created, 'upsert');
      return { id: created.id, outcome: 'created' };
    } catch (err) {
      // The same report sent twice at once: the second updates the first.
      const raced = isUniqueViolation(err) ? await openReportOf(tx, user.id, input) : undefined;
      if (raced) return update(raced);
      throw err;
    }
  });
}

/**
 * Withdraws the member's own open report (a queued delete). One a moderator has closed stays: it is part
 * of the record's history. `missingOk`: a replayed delete of a report already gone succeeds quietly (S8).
 */
export async function withdrawReport(
  store: Store,
  user: UserRow,
  uid: string,
  options: { missingOk?: boolean } = {},
): Promise<number | undefined> {
  return store.transaction(async (tx) => {
    const row = await first(tx.select().from(reports).where(eq(reports.uid, uid)));
    if (!row || row.reporterId !== user.id) {
      if (options.missingOk) return undefined;
      throw notFound(moderationMessages.reportNotFound);
    }
    if (row.status !== 'open') throw forbidden(moderationMessages.reportSettled);
    await tx.delete(reports).where(eq(reports.id, row.id));
    await logged(tx, row, 'delete');
    return row.id;
  });
}

/** Closes a record's open reports (an action settled them); each reporter's devices pull it closed. */
export async function closeReports(tx: Store, entity: string, recordId: number): Promise<void> {
  const where = and(eq(reports.entity, entity), eq(reports.recordId, recordId), eq(reports.openKey, 1));
  const open = await tx
    .select({ id: reports.id, uid: reports.uid, reporterId: reports.reporterId })
    .from(reports)
    .where(where);
  if (open.length === 0) return;
  await tx
    .update(reports)
    .set({ status: 'closed', openKey: null, updatedAt: new Date().toISOString() })
    .where(where);
  for (const row of open) await logged(tx, row, 'upsert');
}

// The entity and reason columns only ever hold what checkReport let through.
const wire = (row: ReportRow, reporterId: number): ReportWire => ({
  id: row.id,
  uid: row.uid,
  userId: reporterId,
  entity: row.entity as ReportWire['entity'],
  recordId: row.recordId,
  reason: row.reason as ReportWire['reason'],
  note: row.note,
  status: row.status === 'open' ? 'open' : 'closed',
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** The pull loader (member-only): the viewer's own reports; another member's is never mentioned. */
export async function loadReportsForPull(
  store: Store,
  viewer: Viewer,
  refs: EntityRef[],
): Promise<LoadedRows> {
  const out: LoadedRows = new Map();
  if (!viewer) return out;
  const found = new Map<number, ReportRow>();
  for (const ids of chunked([...new Set(refs.map((r) => r.entityId))]))
    for (const row of await store.select().from(reports).where(inArray(reports.id, ids)))
      found.set(row.id, row);
  for (const ref of refs) {
    const row = found.get(ref.entityId);
    if (!row) {
      out.set(refKey(ref), null);
      continue;
    }
    if (row.reporterId !== viewer.id) continue;
    out.set(refKey(ref), { id: row.id, uid: row.uid, data: { ...wire(row, viewer.id) }, userIds: [] });
  }
  return out;
}
