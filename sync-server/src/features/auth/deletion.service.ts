/**
 * DELETE /api/users/{id}. Foreign keys cascade the member's rows (sessions included); this file deals
 * with what a cascade cannot:
 * - the stored counters of other members' posts, finds and events that the member's likes, comments
 *   and attendances fed are recomputed, so no count includes vanished rows;
 * - every synced row that vanishes gets its tombstone in the change log (sync PROTOCOL.md S11, S13),
 *   and every find whose counters moved an upsert, so other devices drop or refresh them.
 * All in one transaction: a failure leaves the account and every count as they were.
 */
import { eq, inArray, or, sql } from 'drizzle-orm';
import {
  categories,
  comments,
  eventAttendees,
  events,
  findComments,
  findLikes,
  finds,
  postLikes,
  posts,
  users,
} from '@schema/db/tables';
import { accountMessages, authMessages } from '@schema/contracts/auth';
import { OFFICIAL_USER_ID } from '@schema/contracts/constants';
import type { Deps } from '../../deps';
import type { UserRow } from '../../lib/auth/session';
import { forbidden } from '../../lib/errors';
import { recordChange } from '../../sync/changelog';
// IN lists in chunks: SQLite and PostgreSQL drivers bound the parameters of one statement.
import { chunked } from '../../sync/registry';

const distinct = (values: number[]) => [...new Set(values)];

export function deleteAccount(deps: Deps, actor: UserRow, targetId: number): void {
  if (targetId === OFFICIAL_USER_ID) throw forbidden(authMessages.cannotDeleteDefault);
  if (actor.id !== targetId) throw forbidden(accountMessages.permissionDenied);
  const id = actor.id;

  deps.db.transaction((tx) => {
    // What the cascade is about to remove, read first: afterwards it is gone.
    const ownFinds = tx
      .select({ id: finds.id, uid: finds.uid })
      .from(finds)
      .where(eq(finds.userId, id))
      .all();
    const ownFindIds = new Set(ownFinds.map((f) => f.id));
    const ownFindsQuery = tx.select({ id: finds.id }).from(finds).where(eq(finds.userId, id));
    // The member's comments and likes anywhere, and everyone's on the member's finds.
    const goneComments = tx
      .select({ id: findComments.id, uid: findComments.uid, findId: findComments.findId })
      .from(findComments)
      .where(or(eq(findComments.userId, id), inArray(findComments.findId, ownFindsQuery)))
      .all();
    const goneLikes = tx
      .select({ userId: findLikes.userId, findId: findLikes.findId, findUid: finds.uid })
      .from(findLikes)
      .innerJoin(finds, eq(finds.id, findLikes.findId))
      .where(or(eq(findLikes.userId, id), inArray(findLikes.findId, ownFindsQuery)))
      .all();
    // Other members' finds, posts, events and categories whose counters this member's rows fed.
    const touchedFindIds = distinct(
      [...goneComments, ...goneLikes].map((r) => r.findId).filter((f) => !ownFindIds.has(f)),
    );
    const touchedPostIds = distinct(
      [
        ...tx.select({ id: postLikes.postId }).from(postLikes).where(eq(postLikes.userId, id)).all(),
        ...tx.select({ id: comments.postId }).from(comments).where(eq(comments.userId, id)).all(),
      ].map((r) => r.id),
    );
    // The member's posts, and the comments and promotions that go with the account (forum conventions,
    // PROTOCOL.md S13, S22: a promotion is logged as entity id = the member, uid = the post's uid).
    const ownPosts = tx
      .select({ id: posts.id, uid: posts.uid })
      .from(posts)
      .where(eq(posts.userId, id))
      .all();
    const ownPostsQuery = tx.select({ id: posts.id }).from(posts).where(eq(posts.userId, id));
    const gonePostComments = tx
      .select({ id: comments.id, uid: comments.uid })
      .from(comments)
      .where(or(eq(comments.userId, id), inArray(comments.postId, ownPostsQuery)))
      .all();
    const gonePostLikes = tx
      .select({ userId: postLikes.userId, postUid: posts.uid })
      .from(postLikes)
      .innerJoin(posts, eq(posts.id, postLikes.postId))
      .where(or(eq(postLikes.userId, id), inArray(postLikes.postId, ownPostsQuery)))
      .all();
    const touchedEventIds = distinct(
      tx
        .select({ id: eventAttendees.eventId })
        .from(eventAttendees)
        .where(eq(eventAttendees.userId, id))
        .all()
        .map((r) => r.id),
    );
    const touchedCategoryIds = distinct(
      tx
        .select({ id: posts.categoryId })
        .from(posts)
        .where(eq(posts.userId, id))
        .all()
        .map((r) => r.id),
    );

    tx.delete(users).where(eq(users.id, id)).run();

    for (const part of chunked(touchedPostIds)) {
      const refreshed = tx
        .update(posts)
        .set({
          likes: sql`(select count(*) from ${postLikes} where ${postLikes.postId} = ${posts.id})`,
          comments: sql`(select count(*) from ${comments} where ${comments.postId} = ${posts.id})`,
        })
        .where(inArray(posts.id, part))
        .returning({ id: posts.id, uid: posts.uid })
        .all();
      for (const post of refreshed) recordChange(tx, 'posts', post.id, post.uid, 'upsert');
    }
    for (const part of chunked(touchedFindIds)) {
      const refreshed = tx
        .update(finds)
        .set({
          likes: sql`(select count(*) from ${findLikes} where ${findLikes.findId} = ${finds.id})`,
          commentCount: sql`(select count(*) from ${findComments} where ${findComments.findId} = ${finds.id})`,
        })
        .where(inArray(finds.id, part))
        .returning({ id: finds.id, uid: finds.uid })
        .all();
      for (const find of refreshed) recordChange(tx, 'finds', find.id, find.uid, 'upsert');
    }
    for (const part of chunked(touchedEventIds)) {
      tx.update(events)
        .set({
          attendeeCount: sql`(select count(*) from ${eventAttendees} where ${eventAttendees.eventId} = ${events.id})`,
        })
        .where(inArray(events.id, part))
        .run();
    }
    for (const part of chunked(touchedCategoryIds)) {
      tx.update(categories)
        .set({ count: sql`(select count(*) from ${posts} where ${posts.categoryId} = ${categories.id})` })
        .where(inArray(categories.id, part))
        .run();
    }

    // Tombstones, in the shapes the finds feature logs them (find_likes: entity id = the liker, uid = the find's).
    for (const comment of goneComments) recordChange(tx, 'find_comments', comment.id, comment.uid, 'delete');
    for (const like of goneLikes) recordChange(tx, 'find_likes', like.userId, like.findUid, 'delete');
    for (const find of ownFinds) recordChange(tx, 'finds', find.id, find.uid, 'delete');
    for (const comment of gonePostComments) recordChange(tx, 'comments', comment.id, comment.uid, 'delete');
    for (const like of gonePostLikes) recordChange(tx, 'post_likes', like.userId, like.postUid, 'delete');
    for (const post of ownPosts) recordChange(tx, 'posts', post.id, post.uid, 'delete');
    recordChange(tx, 'users', id, null, 'delete');
  });
}
