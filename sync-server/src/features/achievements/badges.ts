/**
 * Member badges (docs/product/accounts.md "Badges"): 'Top Poster' goes to at most TOP_POSTERS members with
 * the most forum posts in the last TOP_POSTER_DAYS days, each with at least TOP_POSTER_MIN_POSTS of them —
 * ties to whoever reached their count first (the lower newest post id). 'Founder' is the official
 * account's and needs no query (badgesFor).
 */
import { asc, count, desc, gte, max } from 'drizzle-orm';
import { posts } from '@schema/db/tables';
import { TOP_POSTER_DAYS, TOP_POSTER_MIN_POSTS, TOP_POSTERS } from '@schema/contracts/users-display';
import type { Store } from '../../lib/db';

export async function topPosters(store: Store, now = new Date()): Promise<number[]> {
  const since = new Date(now.getTime() - TOP_POSTER_DAYS * 86_400_000).toISOString();
  const rows = await store
    .select({ userId: posts.userId, n: count(), last: max(posts.id) })
    .from(posts)
    .where(gte(posts.createdAt, since))
    .groupBy(posts.userId)
    .having(gte(count(), TOP_POSTER_MIN_POSTS))
    .orderBy(desc(count()), asc(max(posts.id)))
    .limit(TOP_POSTERS);
  return rows.map((r) => r.userId);
}
