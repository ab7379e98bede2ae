/**
 * The Activity Feed (docs/product/social.md "The feed"): what the members I follow, and I, did — new finds,
 * forum posts, events created, stories, public groups joined — newest first. Derived at read time from the existing tables, no
 * `activities` table to keep in step: for each kind, the keys of the newest `limit + 1` rows by the authors
 * (me and a subquery of whom I follow) from its covering `(user_id, created_at)` index; the four lists are
 * merged and cut, and only the page's rows are then read. A reader who follows many (half the community)
 * would make that index read grow with everything they follow: each kind first walks its newest FEED_WALK rows
 * by `created_at` alone, keeping the followed authors' (one lookup each in the follow pair index), and only
 * when that walk neither fills the page nor reaches the kind's oldest row does it read the authors' index as
 * above. Either way the cost stays flat as the community grows (`npm run bench:growth`, `npm run
 * bench:feed`). Keyset paging on (created_at, kind, id).
 *
 * Never a find's coordinates, or anything else than title or text (docs/privacy.md).
 */
import { and, count, desc, eq, exists, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import {
  events,
  finds,
  groupMemberships,
  groups,
  posts,
  stories,
  userConnections,
  users,
} from '@schema/db/tables';
import { activityKinds, type ActivityKind, type FeedItem } from '@schema/contracts/social';
import { defaultAvatarUrl } from '@schema/contracts/users';
import { badRequest } from '../../lib/errors';
import { notHiddenFrom } from '../../lib/moderation';
import type { Store } from '../../sync/registry';
import { shownMember } from './shown';

/** The last item of a page: where the next one starts. */
export interface FeedCursor {
  createdAt: string;
  kind: ActivityKind;
  id: number;
}

interface Source {
  kind: ActivityKind;
  table: SQLiteTable;
  id: AnySQLiteColumn<{ data: number; notNull: true }>;
  uid: AnySQLiteColumn<{ data: string; notNull: true }>;
  userId: AnySQLiteColumn<{ data: number; notNull: true }>;
  createdAt: AnySQLiteColumn<{ data: string; notNull: true }>;
  content: AnySQLiteColumn | SQL;
  /** Which of the table's rows are activities (a join of a public group only). */
  rows?: SQL;
  /** What the item links to, when not the row itself (a join links to its group). */
  entity?: { id: SQL<number>; uid: SQL<string> };
  /**
   * Rows shown to `viewerId` as moderation has it (docs/moderation.md): a record a moderator hid is left
   * out, except for its author's own feed.
   */
  shown: (viewerId: number) => SQL;
}

/** The group a membership row names, for the feed's correlated reads. */
const ofGroup = <T>(column: AnySQLiteColumn) =>
  sql<T>`(select ${column} from ${groups} where ${groups.id} = ${groupMemberships.groupId})`;

const SOURCES: readonly Source[] = [
  {
    kind: 'find',
    table: finds,
    shown: (viewerId) => notHiddenFrom('finds', finds.id, finds.userId, viewerId),
    id: finds.id,
    uid: finds.uid,
    userId: finds.userId,
    createdAt: finds.createdAt,
    content: finds.title,
  },
  {
    kind: 'post',
    table: posts,
    shown: (viewerId) => notHiddenFrom('posts', posts.id, posts.userId, viewerId),
    id: posts.id,
    uid: posts.uid,
    userId: posts.userId,
    createdAt: posts.createdAt,
    content: posts.title,
  },
  {
    kind: 'event',
    table: events,
    shown: (viewerId) => notHiddenFrom('events', events.id, events.userId, viewerId),
    id: events.id,
    uid: events.uid,
    userId: events.userId,
    createdAt: events.createdAt,
    content: events.title,
  },
  {
    kind: 'story',
    table: stories,
    shown: (viewerId) => notHiddenFrom('stories', stories.id, stories.userId, viewerId),
    id: stories.id,
    uid: stories.uid,
    userId: stories.userId,
    createdAt: stories.createdAt,
    content: stories.content,
  },
  {
    // Joined a group: public groups only — a private group never reaches a feed (docs/privacy.md).
    kind: 'group',
    table: groupMemberships,
    // A join of a group a moderator hid is left out of every feed (the joiner is not the group's author).
    shown: () => notHiddenFrom('groups', groupMemberships.groupId, groupMemberships.groupId, null),
    id: groupMemberships.id,
    uid: groupMemberships.uid,
    userId: groupMemberships.userId,
    createdAt: groupMemberships.joinedAt,
    content: ofGroup<string>(groups.name),
    rows: and(
      eq(groupMemberships.status, 'active'),
      eq(groupMemberships.role, 'member'),
      inArray(
        groupMemberships.groupId,
        sql`(select ${groups.id} from ${groups} where not ${groups.isPrivate})`,
      ),
    ),
    entity: { id: ofGroup<number>(groups.id), uid: ofGroup<string>(groups.uid) },
  },
];

/** The newest rows of a kind examined before its authors' index is read instead. */
export const FEED_WALK = 2000;

const rank = (kind: ActivityKind) => activityKinds.indexOf(kind);

export function parseFeedCursor(raw: unknown): FeedCursor | null {
  if (raw === null) return null;
  if (typeof raw === 'object' && 'createdAt' in raw && 'kind' in raw && 'id' in raw) {
    const kind = activityKinds.find((k) => k === raw.kind);
    const { createdAt, id } = raw;
    if (kind && typeof createdAt === 'string' && typeof id === 'number' && Number.isSafeInteger(id))
      return { createdAt, kind, id };
  }
  throw badRequest('Invalid cursor');
}

/** Rows of `source` after the cursor in (created_at desc, kind, id desc) order. */
function after(source: Source, cursor: FeedCursor | null): SQL | undefined {
  if (!cursor) return undefined;
  const older = lt(source.createdAt, cursor.createdAt);
  const r = rank(source.kind);
  const c = rank(cursor.kind);
  if (r < c) return older;
  const sameTime = eq(source.createdAt, cursor.createdAt);
  return or(older, r > c ? sameTime : and(sameTime, lt(source.id, Math.min(cursor.id, 2_147_483_647))));
}

interface FeedKey {
  source: Source;
  id: number;
  createdAt: string;
}

const byFeedOrder = (a: FeedKey, b: FeedKey) =>
  b.createdAt.localeCompare(a.createdAt) || rank(a.source.kind) - rank(b.source.kind) || b.id - a.id;

/**
 * A page of `viewerId`'s feed: `limit + 1` items so the route can tell whether another page follows. Two
 * steps: the keys (id, created_at) of each kind, read from the covering `(user_id, created_at)` index alone,
 * merged and cut to the page; then only the page's rows are read with their authors.
 */
const shownTo = (viewerId: number, row: { userId: number; username: string; avatarUrl: string | null }) => {
  const shown =
    row.userId === viewerId
      ? { username: row.username, avatarUrl: row.avatarUrl ?? defaultAvatarUrl(row.username) }
      : shownMember({ username: row.username, avatarUrl: row.avatarUrl });
  return { username: shown.username, avatarUrl: shown.avatarUrl };
};

/**
 * The kind's page keys from its newest FEED_WALK rows after the cursor (the `created_at` index, newest first),
 * each author checked in the follow pair index; null when that walk cannot tell (it found too few and did not
 * reach the oldest row), so the caller reads the authors' index instead.
 */
async function newestWalk(
  store: Store,
  source: Source,
  viewerId: number,
  page: { cursor: FeedCursor | null; limit: number },
): Promise<{ id: number; createdAt: string }[] | null> {
  const newest = store
    .select({ id: source.id, createdAt: source.createdAt, userId: source.userId })
    .from(source.table)
    .where(and(source.rows, source.shown(viewerId), after(source, page.cursor)))
    .orderBy(desc(source.createdAt), desc(source.id))
    .limit(FEED_WALK)
    .as('newest');
  const follows = store
    .select({ one: sql`1` })
    .from(userConnections)
    .where(and(eq(userConnections.followerId, viewerId), eq(userConnections.followingId, newest.userId)));
  const rows = await store
    .select({ id: newest.id, createdAt: newest.createdAt })
    .from(newest)
    .where(or(eq(newest.userId, viewerId), exists(follows)))
    .orderBy(desc(newest.createdAt), desc(newest.id))
    .limit(page.limit + 1);
  if (rows.length > page.limit) return rows;
  const [walked] = await store.select({ n: count() }).from(newest);
  return (walked?.n ?? FEED_WALK) < FEED_WALK ? rows : null;
}

export async function feedFor(
  store: Store,
  viewerId: number,
  page: { cursor: FeedCursor | null; limit: number },
): Promise<FeedItem[]> {
  const followed = store
    .select({ id: userConnections.followingId })
    .from(userConnections)
    .where(eq(userConnections.followerId, viewerId));
  const keys: FeedKey[] = [];
  for (const source of SOURCES) {
    const walked = await newestWalk(store, source, viewerId, page);
    const rows =
      walked ??
      (await store
        .select({ id: source.id, createdAt: source.createdAt })
        .from(source.table)
        .where(
          and(
            or(eq(source.userId, viewerId), inArray(source.userId, followed)),
            source.rows,
            source.shown(viewerId),
            after(source, page.cursor),
          ),
        )
        .orderBy(desc(source.createdAt), desc(source.id))
        .limit(page.limit + 1));
    keys.push(...rows.map((row) => ({ source, ...row })));
  }
  const pageKeys = keys.sort(byFeedOrder).slice(0, page.limit + 1);
  const items = new Map<string, FeedItem>();
  for (const source of SOURCES) {
    const ids = pageKeys.filter((k) => k.source === source).map((k) => k.id);
    if (ids.length === 0) continue;
    const rows = await store
      .select({
        id: source.id,
        entityId: source.entity?.id ?? source.id,
        entityUid: source.entity?.uid ?? source.uid,
        userId: source.userId,
        createdAt: source.createdAt,
        content: sql<string | null>`${source.content}`,
        username: users.username,
        avatarUrl: users.avatarUrl,
      })
      .from(source.table)
      .innerJoin(users, eq(users.id, source.userId))
      .where(and(inArray(source.id, ids), source.rows));
    for (const row of rows)
      items.set(`${source.kind}:${row.id}`, {
        id: `${source.kind}:${row.id}`,
        kind: source.kind,
        entityId: row.entityId,
        entityUid: row.entityUid,
        userId: row.userId,
        // Masked for others (shown.ts); the reader's own items show their own name.
        ...shownTo(viewerId, row),
        content: row.content ?? '',
        created_at: row.createdAt,
      });
  }
  // A row deleted between the two reads is left out.
  return pageKeys.flatMap((k) => items.get(`${k.source.kind}:${k.id}`) ?? []);
}
