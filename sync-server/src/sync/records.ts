/**
 * The record rules every member-owned synced entity shares, for its service (REST and push alike):
 * a create by uid that answers the existing record (S4) and a delete by the owner or the moderator that
 * tolerates a record already gone (S8) and logs its tombstone (S13).
 *
 * Offline and on conflict: a client that lost an answer resends its create under the same uid and gets the
 * stored record back, never a second one; another member sending that uid is refused, not merged. A queued
 * delete of something already deleted elsewhere holds as the member meant it.
 */
import type { PullEntity } from '@schema/contracts/sync';
import type { UserRow } from '../lib/auth/user-row';
import { conflict, forbidden, notFound } from '../lib/errors';
import { recordChange } from './changelog';
import type { Store } from './registry';
import { isModerator, isOwner } from './visibility';

/**
 * S4: the record a create's uid already names, when it is the member's own (the create is a replay);
 * another member's uid is a conflict, not a way to read or take over their record.
 */
export function ownRecordForCreate<R extends { userId: number }>(
  existing: R | undefined,
  user: UserRow,
  uidTaken: string,
): R | undefined {
  if (existing && existing.userId !== user.id) throw conflict(uidTaken);
  return existing;
}

export interface OwnedDelete<R> {
  entity: PullEntity;
  /** `missingOk`: a replayed or already-applied sync delete of a vanished record succeeds quietly. */
  missingOk?: boolean;
  messages: { notFound: string; forbidden: string };
  /** Deletes the row (and what goes with it); the tombstone is logged afterwards. */
  remove: (row: R) => Promise<void>;
}

/** The owner, or the official account as moderator, deletes; call inside the delete's transaction. */
export async function deleteOwnedRecord<R extends { id: number; uid: string; userId: number }>(
  tx: Store,
  user: UserRow,
  row: R | undefined,
  spec: OwnedDelete<R>,
): Promise<number | undefined> {
  if (!row) {
    if (spec.missingOk) return undefined;
    throw notFound(spec.messages.notFound);
  }
  const viewer = { id: user.id };
  if (!isOwner(viewer, row.userId) && !isModerator(viewer)) throw forbidden(spec.messages.forbidden);
  await spec.remove(row);
  await recordChange(tx, spec.entity, row.id, row.uid, 'delete', { ownerId: row.userId });
  return row.id;
}
