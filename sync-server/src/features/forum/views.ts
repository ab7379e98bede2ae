/**
 * Post views (spec 1 §2 "view count"): counted by the server once per visitor, per post, per UTC day —
 * never once per reload. Views are counted by POST /api/posts/{id}/view, which the post page sends once
 * when it opens; GET /api/posts/{id} never counts, so refreshes, pulls, prefetches and service-worker
 * revalidation cannot inflate the number.
 *
 * The visitor is the member when signed in (`m:<id>`). Otherwise it is an HMAC of the client address and
 * user agent under a random salt that exists for one UTC day only: no address is stored, and when the day
 * ends its salt and its view rows are deleted, so yesterday's keys cannot be linked to anyone — not even
 * by someone holding the database. The posts' `views` counters are what remains.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { eq, ne, sql } from 'drizzle-orm';
import { postViews, postViewSalts, posts } from '@schema/db/tables';
import type { PostViewResult } from '@schema/contracts/forum';
import { clientAddress } from '../../lib/client-address';
import { recordChange } from '../../sync/changelog';
import type { Store } from '../../sync/registry';
import { requirePostRow } from './posts-service';
import type { RecordRef } from './shape';

export type Visitor = { memberId: number } | { address: string; userAgent: string };

export function visitorOf(c: Context, memberId: number | null): Visitor {
  if (memberId !== null) return { memberId };
  return { address: clientAddress(c), userAgent: (c.req.header('user-agent') ?? '').slice(0, 512) };
}

/** Today's salt, made on the day's first view; past days' salts and view rows are deleted then. */
function saltFor(tx: Store, day: string): string {
  const existing = tx
    .select({ salt: postViewSalts.salt })
    .from(postViewSalts)
    .where(eq(postViewSalts.day, day))
    .get();
  if (existing) return existing.salt;
  tx.delete(postViewSalts).where(ne(postViewSalts.day, day)).run();
  tx.delete(postViews).where(ne(postViews.day, day)).run();
  const salt = randomBytes(32).toString('base64url');
  tx.insert(postViewSalts).values({ day, salt }).run();
  return salt;
}

function visitorKey(tx: Store, visitor: Visitor, day: string): string {
  if ('memberId' in visitor) return `m:${visitor.memberId}`;
  const digest = createHmac('sha256', saltFor(tx, day))
    .update(`${visitor.address}\n${visitor.userAgent}`)
    .digest('base64url');
  return `v:${digest}`;
}

/** Counts the view if this visitor has not been counted for this post today; answers the post's count. */
export function recordView(
  store: Store,
  postRef: RecordRef,
  visitor: Visitor,
  now = new Date(),
): PostViewResult {
  return store.transaction((tx) => {
    const post = requirePostRow(tx, postRef);
    const day = now.toISOString().slice(0, 10);
    // Members' keys need no salt, but the day's first view of any kind prunes the days before it.
    saltFor(tx, day);
    const key = visitorKey(tx, visitor, day);
    const inserted = tx
      .insert(postViews)
      .values({ postId: post.id, visitorKey: key, day })
      .onConflictDoNothing()
      .run().changes;
    if (inserted === 0) return { views: post.views, counted: false };
    const updated = tx
      .update(posts)
      .set({ views: sql`${posts.views} + 1` })
      .where(eq(posts.id, post.id))
      .returning({ views: posts.views })
      .get();
    // Everyone's copy of the post follows the counter (collapsed per pull page, S12).
    recordChange(tx, 'posts', post.id, post.uid, 'upsert');
    return { views: updated?.views ?? post.views + 1, counted: true };
  });
}
