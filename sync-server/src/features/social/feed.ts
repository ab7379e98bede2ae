/**
 * The Activity Feed (docs/product/social.md "Feed"): what the members I follow, and I, did — new finds,
 * forum posts, events created, stories — newest first. Derived at read time from the existing tables, no
 * `activities` table to keep in step: each kind is one query on its `(user_id, created_at)` index
 * restricted to the authors (me and a subquery of whom I follow), newest first, `limit + 1` rows; the four
 * answers are merged and cut. A page costs four index reads however many members and activities there are
 * (`npm run bench:feed`). Keyset paging on (created_at, kind, id), so a deep page costs what the first does.
 *
 * Never a find's coordinates, or anything else than title or text (docs/privacy.md).
 */
import { and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { events, finds, posts, stories, userConnections, users } from '@schema/db/tables';
import { activityKinds, type ActivityKind, type FeedItem } from '@schema/contracts/social';
import { defaultAvatarUrl } from '@schema/contracts/users';
import { badRequest } from '../../lib/errors';
import type { Store } from '../../sync/registry';

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
  content: AnySQLiteColumn;
}

const SOURCES: readonly Source[] = [
  {
    kind: 'find',
    table: finds,
    id: finds.id,
    uid: finds.uid,
    userId: finds.userId,
    createdAt: finds.createdAt,
    content: finds.title,
  },
  {
    kind: 'post',
    table: posts,
    id: posts.id,
    uid: posts.uid,
    userId: posts.userId,
    createdAt: posts.createdAt,
    content: posts.title,
  },
  {
    kind: 'event',
    table: events,
    id: events.id,
    uid: events.uid,
    userId: events.userId,
    createdAt: events.createdAt,
    content: events.title,
  },
  {
    kind: 'story',
    table: stories,
    id: stories.id,
    uid: stories.uid,
    userId: stories.userId,
    createdAt: stories.createdAt,
    content: stories.content,
  },
];

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

/** A page of `viewerId`'s feed: `limit + 1` items so the route can tell whether another page follows. */
export async function feedFor(
  store: Store,
  viewerId: number,
  page: { cursor: FeedCursor | null; limit: number },
): Promise<FeedItem[]> {
  const followed = store
    .select({ id: userConnections.followingId })
    .from(userConnections)
    .where(eq(userConnections.followerId, viewerId));
  const items: FeedItem[] = [];
  for (const source of SOURCES) {
    const authors = or(eq(source.userId, viewerId), inArray(source.userId, followed));
    const rows = await store
      .select({
        id: source.id,
        uid: source.uid,
        userId: source.userId,
        createdAt: source.createdAt,
        content: sql<string | null>`${source.content}`,
        username: users.username,
        avatarUrl: users.avatarUrl,
      })
      .from(source.table)
      .innerJoin(users, eq(users.id, source.userId))
      .where(and(authors, after(source, page.cursor)))
      .orderBy(desc(source.createdAt), desc(source.id))
      .limit(page.limit + 1);
    for (const row of rows)
      items.push({
        id: `${source.kind}:${row.id}`,
        kind: source.kind,
        entityId: row.id,
        entityUid: row.uid,
        userId: row.userId,
        username: row.username,
        avatarUrl: row.avatarUrl ?? defaultAvatarUrl(row.username),
        content: row.content ?? '',
        created_at: row.createdAt,
      });
  }
  items.sort(
    (a, b) =>
      (b.created_at ?? '').localeCompare(a.created_at ?? '') ||
      rank(a.kind) - rank(b.kind) ||
      b.entityId - a.entityId,
  );
  return items.slice(0, page.limit + 1);
}
