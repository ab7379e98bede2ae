/**
 * An author asking the moderators to look again at their hidden record (docs/moderation.md "Hidden
 * records"): a system report (no reporter, reason `other`) that puts the record back in the queue. Every
 * edit of a hidden record asks — heard in one place, the change log's listener, so REST and sync push,
 * finds, posts, stories, events, comments, groups, spots and routes alike — and `POST /api/moderation/review`
 * asks without an edit. One open review per record: asking again while one is open changes nothing.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import {
  isHideable,
  moderationMessages,
  REVIEW_AFTER_EDIT,
  REVIEW_ASKED,
  type HideableEntity,
} from '@schema/contracts/moderation';
import { reports } from '@schema/db/tables';
import type { UserRow } from '../../lib/auth/user-row';
import type { Store } from '../../lib/db';
import { badRequest, notFound } from '../../lib/errors';
import { hiddenRecord } from '../../lib/moderation';
import { first } from '../../lib/query';
import type { ChangeListener } from '../../sync/changelog';
import { recordRow } from './records';

/**
 * Opens the record's review unless a system report on it is open already (a review, or a new account's
 * held post): answers whether it opened one.
 */
async function openReview(
  tx: Store,
  entity: HideableEntity,
  recordId: number,
  note: string,
): Promise<boolean> {
  const open = await first(
    tx
      .select({ id: reports.id })
      .from(reports)
      .where(
        and(
          eq(reports.entity, entity),
          eq(reports.recordId, recordId),
          isNull(reports.reporterId),
          eq(reports.openKey, 1),
        ),
      ),
  );
  if (open) return false;
  await tx
    .insert(reports)
    .values({ uid: uuidv7(), reporterId: null, entity, recordId, reason: 'other', note });
  return true;
}

/**
 * The change log's listener: a hidden record logged again by a write of its own row was edited — only its
 * author can write it while it is hidden (everyone else gets 404) — so it goes back to the queue. Hiding
 * and restoring re-log without listeners (relogRecord), so they never ask.
 */
export const reviewOnAuthorEdit: ChangeListener = async (tx, change) => {
  if (change.op !== 'upsert' || change.entityId === undefined || !isHideable(change.entity)) return;
  const hidden = await hiddenRecord(tx, change.entity, change.entityId);
  if (!hidden || hidden.ownerId !== change.owner.ownerId) return;
  await openReview(tx, change.entity, change.entityId, REVIEW_AFTER_EDIT);
};

/**
 * `POST /api/moderation/review`: only the author of a hidden record may ask (404 for everyone else, as the
 * record is to them); a record that is not hidden has nothing to review (400). Answers whether it opened one.
 */
export async function askForReview(
  store: Store,
  user: UserRow,
  input: { entity: HideableEntity; id: number },
): Promise<boolean> {
  return store.transaction(async (tx) => {
    const hidden = await hiddenRecord(tx, input.entity, input.id);
    if (hidden && hidden.ownerId !== user.id) throw notFound(moderationMessages.notFound);
    if (!hidden) {
      // The author's own record that is not hidden, or someone else's / nothing: told apart only for its author.
      const row = await recordRow(tx, input.entity, input.id);
      if (row?.authorId === user.id) throw badRequest(moderationMessages.notHidden);
      throw notFound(moderationMessages.notFound);
    }
    return openReview(tx, input.entity, input.id, REVIEW_ASKED);
  });
}
