/**
 * What moderators read (docs/moderation.md "The queue"): open reports grouped by record, with the record
 * as other members see it, its author and their history; and the audit log, newest first. Members read
 * their own standing (role, suspension, warnings not yet shown).
 */
import { and, asc, desc, eq, gt, isNull, lt, min, sql } from 'drizzle-orm';
import {
  isSuspended,
  suspendedMessage,
  type LogEntry,
  type ModerationActionName,
  type MyModeration,
  type QueueItem,
  type ReportableEntity,
  type ReportReason,
  type Role,
} from '@schema/contracts/moderation';
import { moderationActions, reports, users } from '@schema/db/tables';
import type { UserRow } from '../../lib/auth/user-row';
import type { Store } from '../../lib/db';
import { hiddenRecord, isStaff } from '../../lib/moderation';
import { first } from '../../lib/query';
import { recordAs, recordRow } from './records';

const HISTORY = 10;

const logColumns = {
  id: moderationActions.id,
  moderatorId: moderationActions.moderatorId,
  // users joined once, as the moderator (an alias would not render on PostgreSQL through the SQLite tables).
  moderator: users.username,
  action: moderationActions.action,
  entity: moderationActions.entity,
  recordId: moderationActions.recordId,
  userId: moderationActions.userId,
  reason: moderationActions.reason,
  days: moderationActions.days,
  createdAt: moderationActions.createdAt,
};

const toEntry = (row: { action: string } & Omit<LogEntry, 'action'>): LogEntry => ({
  ...row,
  action: row.action as ModerationActionName,
});

/** The audit log, newest first, `limit + 1` rows after the cursor (the previous page's last id). */
export async function readLog(
  store: Store,
  before: number | null,
  limit: number,
  userId?: number,
): Promise<LogEntry[]> {
  const where = and(
    before === null ? undefined : lt(moderationActions.id, before),
    userId === undefined ? undefined : eq(moderationActions.userId, userId),
  );
  const rows = await store
    .select(logColumns)
    .from(moderationActions)
    .leftJoin(users, eq(users.id, moderationActions.moderatorId))
    .where(where)
    .orderBy(desc(moderationActions.id))
    .limit(limit);
  return rows.map(toEntry);
}

/** Open reports grouped by record, oldest first; the cursor is the previous page's last `firstReportId`. */
export async function readQueue(
  store: Store,
  after: number | null,
  limit: number,
): Promise<(QueueItem & { firstReportId: number })[]> {
  const firstId = min(reports.id);
  const groups = await store
    .select({ entity: reports.entity, recordId: reports.recordId, firstId })
    .from(reports)
    .where(eq(reports.status, 'open'))
    .groupBy(reports.entity, reports.recordId)
    .having(after === null ? undefined : gt(firstId, after))
    .orderBy(asc(firstId))
    .limit(limit);
  const items: (QueueItem & { firstReportId: number })[] = [];
  for (const group of groups) {
    const entity = group.entity as ReportableEntity;
    const open = await store
      .select()
      .from(reports)
      .where(
        and(eq(reports.status, 'open'), eq(reports.entity, entity), eq(reports.recordId, group.recordId)),
      )
      .orderBy(asc(reports.id));
    const row = await recordRow(store, entity, group.recordId);
    // As the (first) reporter sees it: what others see — for a message, exactly that one message.
    const reporterId = open.find((r) => r.reporterId !== null)?.reporterId ?? null;
    const record = row
      ? await recordAs(store, entity, row, reporterId === null ? null : { id: reporterId })
      : null;
    const author = row
      ? await first(
          store
            .select({ id: users.id, username: users.username, suspendedUntil: users.suspendedUntil })
            .from(users)
            .where(eq(users.id, row.authorId)),
        )
      : undefined;
    const hidden = row ? await hiddenRecord(store, entity, row.id) : undefined;
    const reasons: Partial<Record<ReportReason, number>> = {};
    for (const r of open) reasons[r.reason as ReportReason] = (reasons[r.reason as ReportReason] ?? 0) + 1;
    items.push({
      entity,
      id: group.recordId,
      record,
      hiddenByModerator: hidden ? { reason: hidden.reason } : null,
      // A suspension that has ended by itself is none (docs/moderation.md "Suspension").
      author: author
        ? { ...author, suspendedUntil: isSuspended(author.suspendedUntil) ? author.suspendedUntil : null }
        : null,
      reports: open.length,
      reasons,
      notes: open
        .filter((r) => r.note)
        .map((r) => ({
          reporterId: r.reporterId,
          reason: r.reason as ReportReason,
          note: r.note ?? '',
          createdAt: r.createdAt,
        })),
      firstReportedAt: open[0]?.createdAt ?? '',
      firstReportId: Number(group.firstId),
      authorHistory: author ? await readLog(store, null, HISTORY, author.id) : [],
    });
  }
  return items;
}

export async function myModeration(store: Store, user: UserRow): Promise<MyModeration> {
  const warnings = await store
    .select({
      id: moderationActions.id,
      reason: moderationActions.reason,
      createdAt: moderationActions.createdAt,
    })
    .from(moderationActions)
    .where(
      and(
        eq(moderationActions.userId, user.id),
        eq(moderationActions.action, 'warn'),
        isNull(moderationActions.seenAt),
      ),
    )
    .orderBy(asc(moderationActions.id));
  const until = user.suspendedUntil;
  return {
    role: user.role === 'moderator' ? 'moderator' : ('member' satisfies Role),
    moderator: isStaff(user),
    suspension:
      until !== null && isSuspended(until)
        ? { until, reason: user.suspensionReason, message: suspendedMessage(until, user.suspensionReason) }
        : null,
    warnings,
  };
}

/** Marks one of the member's warnings seen; false when it is not theirs. */
export async function markWarningSeen(store: Store, user: UserRow, id: number): Promise<boolean> {
  const updated = await store
    .update(moderationActions)
    .set({ seenAt: sql`coalesce(${moderationActions.seenAt}, ${new Date().toISOString()})` })
    .where(
      and(
        eq(moderationActions.id, id),
        eq(moderationActions.userId, user.id),
        eq(moderationActions.action, 'warn'),
      ),
    )
    .returning({ id: moderationActions.id });
  return updated.length > 0;
}
