/**
 * Moderator actions (docs/moderation.md "Actions"), each in one transaction with its audit-log row, the
 * closing of the record's open reports where it settles them, and the member's notification.
 */
import { and, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { OFFICIAL_USER_ID } from '@schema/contracts/constants';
import type { SyncEntity } from '@schema/contracts/sync';
import {
  isHideable,
  moderationMessages,
  SUSPENDED_UNTIL_LIFTED,
  type ActionInput,
} from '@schema/contracts/moderation';
import { moderationActions, moderationHidden, users } from '@schema/db/tables';
import type { Deps } from '../../deps';
import type { UserRow } from '../../lib/auth/user-row';
import type { Store } from '../../lib/db';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import { isStaff } from '../../lib/moderation';
import { first, insertedRow } from '../../lib/query';
import { moderationActed } from '../../notifications/moderation';
import { relogRecord } from '../../sync/changelog';
import { recordRow, syncHandlerOf, type RecordRow } from './records';
import { closeReports } from './reports';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ActionOutcome {
  id: number;
  action: ActionInput['action'];
  userId: number | null;
}

async function memberRow(tx: Store, id: number): Promise<UserRow> {
  const row = await first(tx.select().from(users).where(eq(users.id, id)));
  if (!row) throw notFound(moderationMessages.memberRequired);
  return row;
}

const hiddenWhere = (entity: string, id: number) =>
  and(eq(moderationHidden.entity, entity), eq(moderationHidden.recordId, id));

/** Deletes through the entity's own delete and cascade (the sync handler), as the official account does. */
async function deleteRecord(deps: Deps, tx: Store, entity: string, row: RecordRow): Promise<void> {
  const handler = syncHandlerOf(entity);
  if (!handler?.apply || row.uid === null) throw badRequest(moderationMessages.notDeletable);
  try {
    await handler.apply({
      store: tx,
      user: await memberRow(tx, OFFICIAL_USER_ID),
      config: deps.config,
      mutation: {
        mutationId: uuidv7(),
        entity: entity as SyncEntity,
        op: 'delete',
        uid: row.uid,
        payload: {},
        createdAt: new Date().toISOString(),
      },
    });
  } catch (err) {
    // Kinds only their owner deletes (spots, routes, groups, messages): hide them instead.
    if (err instanceof HttpError && err.status === 403) throw badRequest(moderationMessages.notDeletable);
    throw err;
  }
  await tx.delete(moderationHidden).where(hiddenWhere(entity, row.id));
}

/** Whom a member action concerns: `userId`, or the author of the record named. */
async function affectedMember(tx: Store, input: ActionInput, row: RecordRow | undefined): Promise<UserRow> {
  const id = input.userId ?? row?.authorId;
  if (id === undefined) throw badRequest(moderationMessages.memberRequired);
  return memberRow(tx, id);
}

export async function takeAction(deps: Deps, moderator: UserRow, input: ActionInput): Promise<ActionOutcome> {
  return deps.db.transaction(async (tx) => {
    const { action, entity } = input;
    const row = entity !== null && input.id !== null ? await recordRow(tx, entity, input.id) : undefined;
    if (entity !== null && !row && action !== 'dismiss') throw notFound(moderationMessages.notFound);
    const recordId = row?.id ?? input.id;
    let userId: number | null = row?.authorId ?? input.userId;
    let days: number | null = null;

    if (action === 'hide' && entity && row) {
      if (!isHideable(entity)) throw badRequest(moderationMessages.notHideable);
      const values = { reason: input.reason, moderatorId: moderator.id, hiddenAt: new Date().toISOString() };
      const held = await first(
        tx.select({ id: moderationHidden.id }).from(moderationHidden).where(hiddenWhere(entity, row.id)),
      );
      if (held) await tx.update(moderationHidden).set(values).where(eq(moderationHidden.id, held.id));
      else
        await tx
          .insert(moderationHidden)
          .values({ ...values, entity, recordId: row.id, ownerId: row.authorId });
      await relogRecord(tx, entity, row.id);
    } else if (action === 'restore' && entity && row) {
      const removed = await tx
        .delete(moderationHidden)
        .where(hiddenWhere(entity, row.id))
        .returning({ id: moderationHidden.id });
      if (removed.length === 0) throw badRequest(moderationMessages.notHidden);
      await relogRecord(tx, entity, row.id);
    } else if (action === 'delete' && entity && row) {
      if (entity === 'users') throw badRequest(moderationMessages.notDeletable);
      await deleteRecord(deps, tx, entity, row);
    } else if (action === 'warn' || action === 'suspend' || action === 'unsuspend') {
      const member = await affectedMember(tx, input, row);
      userId = member.id;
      if (action !== 'unsuspend' && isStaff(member))
        throw badRequest(moderationMessages.cannotActOnModerators);
      if (action === 'suspend') {
        days = input.days;
        const until =
          days === null ? SUSPENDED_UNTIL_LIFTED : new Date(Date.now() + days * DAY_MS).toISOString();
        await tx
          .update(users)
          .set({ suspendedUntil: until, suspensionReason: input.reason })
          .where(eq(users.id, member.id));
      } else if (action === 'unsuspend') {
        if (member.suspendedUntil === null) throw badRequest(moderationMessages.notSuspended);
        await tx
          .update(users)
          .set({ suspendedUntil: null, suspensionReason: null })
          .where(eq(users.id, member.id));
      }
    }
    // Every action on a record settles the reports about it. A hidden record cannot be reported, so the
    // only open report a restore settles is the system's own (a new account's held post, released).
    if (entity !== null && recordId !== null) await closeReports(tx, entity, recordId);

    const logged = await insertedRow(
      tx
        .insert(moderationActions)
        .values({ moderatorId: moderator.id, action, entity, recordId, userId, reason: input.reason, days })
        .returning({ id: moderationActions.id }),
    );
    // The member hears of every action on their record or account; a dismissal changed nothing for them.
    if (userId !== null && action !== 'dismiss')
      await moderationActed(tx, {
        actionId: logged.id,
        action,
        recipientId: userId,
        entity,
        recordId,
        reason: input.reason,
      });
    return { id: logged.id, action, userId };
  });
}
