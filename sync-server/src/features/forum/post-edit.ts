/**
 * Editing a post (docs/moderation.md "Actions"): a published post is never edited, except by its author
 * while a moderator has it hidden — the author puts it right, and the edit asks for a review. One function
 * for REST (PATCH /api/posts/{id}) and the sync update, so both answer the same codes and messages.
 *
 * Offline, the author's device keeps the edit queued; when it arrives, a post restored meanwhile (no longer
 * hidden) refuses it as any published post would, and a post deleted meanwhile is parent-missing (S8).
 */
import { eq } from 'drizzle-orm';
import { forumMessages, type Post, type PostEditInput } from '@schema/contracts/forum';
import { posts } from '@schema/db/tables';
import type { UserRow } from '../../lib/auth/session';
import { forbidden, notFound } from '../../lib/errors';
import { hiddenRecord, shownUnlessHidden } from '../../lib/moderation';
import { recordChange } from '../../sync/changelog';
import type { RecordRef, Store } from '../../sync/registry';
import { getPost, postRow } from './posts-service';

export async function editHiddenPost(
  store: Store,
  user: UserRow,
  ref: RecordRef,
  input: PostEditInput,
): Promise<Post> {
  return store.transaction(async (tx) => {
    const row = await postRow(tx, ref);
    if (!row) throw notFound(forumMessages.postNotFound);
    const hidden = await hiddenRecord(tx, 'posts', row.id);
    // Another member learns nothing of a hidden post: it is missing to them.
    if (row.userId !== user.id)
      throw hidden ? notFound(forumMessages.postNotFound) : forbidden(forumMessages.notOwnerEdit);
    if (!hidden) throw forbidden(forumMessages.postNotEditable);
    await tx
      .update(posts)
      .set({ ...input, updatedAt: new Date().toISOString() })
      .where(eq(posts.id, row.id));
    await recordChange(tx, 'posts', row.id, row.uid, 'upsert', { ownerId: row.userId });
    return shownUnlessHidden(
      tx,
      'posts',
      await getPost(tx, { id: row.id }, user),
      user,
      forumMessages.postNotFound,
    );
  });
}
