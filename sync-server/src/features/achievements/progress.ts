/**
 * How far a member is towards each achievement, counted from real rows (docs/product/achievements.md,
 * the README's criteria table). One function per achievement id; each is one indexed count. Deleting the
 * activity lowers the count but never takes an earned achievement back (service.ts only ever inserts).
 */
import { and, countDistinct, count, eq, isNotNull, ne, type SQL } from 'drizzle-orm';
import {
  comments,
  eventAttendees,
  findLikes,
  finds,
  locations,
  postLikes,
  posts,
  routeCompletions,
  stories,
  storyLikes,
  userOnboarding,
} from '@schema/db/tables';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Store } from '../../lib/db';
import { first } from '../../lib/query';

export type ProgressOf = (store: Store, userId: number) => Promise<number>;

/** The first members: ids are never reused (AUTOINCREMENT / identity), so the 100 lowest are the first 100. */
export const EARLY_BIRD_MEMBERS = 100;

async function counted(query: PromiseLike<{ n: number }[]>): Promise<number> {
  const [row] = await query;
  return Number(row?.n ?? 0);
}

const rowsOf = (store: Store, table: SQLiteTable, where: SQL) =>
  counted(store.select({ n: count() }).from(table).where(where));

async function onboarding(store: Store, userId: number) {
  return first(store.select().from(userOnboarding).where(eq(userOnboarding.userId, userId)));
}

/** Likes members gave to this member's finds, posts and stories (their own likes included: one each). */
async function likesReceived(store: Store, userId: number): Promise<number> {
  const onFinds = await counted(
    store
      .select({ n: count() })
      .from(findLikes)
      .innerJoin(finds, eq(findLikes.findId, finds.id))
      .where(eq(finds.userId, userId)),
  );
  const onPosts = await counted(
    store
      .select({ n: count() })
      .from(postLikes)
      .innerJoin(posts, eq(postLikes.postId, posts.id))
      .where(eq(posts.userId, userId)),
  );
  const onStories = await counted(
    store
      .select({ n: count() })
      .from(storyLikes)
      .innerJoin(stories, eq(storyLikes.storyId, stories.id))
      .where(eq(stories.userId, userId)),
  );
  return onFinds + onPosts + onStories;
}

export const PROGRESS: Readonly<Record<string, ProgressOf>> = {
  'welcome-aboard': async (store, userId) =>
    ((await onboarding(store, userId))?.completedSteps ?? []).includes('welcome') ? 1 : 0,
  'digquest-explorer': async (store, userId) => ((await onboarding(store, userId))?.isCompleted ? 1 : 0),
  'first-post': (store, userId) => rowsOf(store, posts, eq(posts.userId, userId)),
  'conversation-starter': (store, userId) => rowsOf(store, posts, eq(posts.userId, userId)),
  'forum-helper': (store, userId) =>
    counted(
      store
        .select({ n: count() })
        .from(comments)
        .innerJoin(posts, eq(comments.postId, posts.id))
        .where(and(eq(comments.userId, userId), ne(posts.userId, userId))),
    ),
  'first-treasure': (store, userId) => rowsOf(store, finds, eq(finds.userId, userId)),
  'treasure-hunter': (store, userId) => rowsOf(store, finds, eq(finds.userId, userId)),
  historian: (store, userId) =>
    counted(
      store
        .select({ n: countDistinct(finds.period) })
        .from(finds)
        .where(and(eq(finds.userId, userId), isNotNull(finds.period), ne(finds.period, ''))),
    ),
  'map-explorer': (store, userId) => rowsOf(store, locations, eq(locations.userId, userId)),
  // Distinct routes: walking the same route three times is one route completed (docs/product/achievements.md).
  'route-master': (store, userId) =>
    counted(
      store
        .select({ n: countDistinct(routeCompletions.routeId) })
        .from(routeCompletions)
        .where(eq(routeCompletions.userId, userId)),
    ),
  pathfinder: (store, userId) => rowsOf(store, eventAttendees, eq(eventAttendees.userId, userId)),
  'wellbeing-advocate': (store, userId) => rowsOf(store, stories, eq(stories.userId, userId)),
  'community-leader': likesReceived,
  'early-bird': async (_store, userId) => (userId <= EARLY_BIRD_MEMBERS ? 1 : 0),
};
