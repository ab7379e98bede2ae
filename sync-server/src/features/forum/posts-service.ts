/**
 * Forum posts: every query and rule (docs/product/forum.md "Rules and messages", "Permissions"; docs/sync.md). REST
 * routes and sync push handlers call these same functions, so a post written offline obeys the rules of
 * one written online. Every write runs in a transaction (nested in push's own as a savepoint) that also
 * keeps the category's post count and appends to the change log, so pulls see exactly what happened.
 */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { categories, imageStorage, posts, users } from '@schema/db/tables';
import { forumMessages, UPLOADED_IMAGE_URL, type Post } from '@schema/contracts/forum';
import type { UserRow } from '../../lib/auth/session';
import { badRequest, notFound } from '../../lib/errors';
import { first, insertedRow } from '../../lib/query';
import { idEquals, integerBound } from '../../lib/sql';
import { recordChange } from '../../sync/changelog';
import { loadRowsById, whereRef } from '../../sync/registry';
import type { EntityRef, LoadedRows, RecordRef, Store, Viewer } from '../../sync/registry';
import { deleteOwnedRecord, ownRecordForCreate } from '../../sync/records';
import { adjustCategoryCount, requirePostCategory } from './categories-service';
import { postEngagement } from './engagement';
import { isFtsError } from '../../lib/search-terms';
import { holdIfLinky, notHiddenFrom, withHiddenNotices } from '../../lib/moderation';
import { HELD_FOR_MODERATOR } from '@schema/contracts/moderation';
import { isBroadSearch, matchesSearch, newestMatchingIds, type ForumSearch } from './search';
import { toPost, type PostRow } from './shape';

/** An image URL now, a lookup run only once the post is known to be new (sync blobs), or none. */
export type PostImage = string | (() => Promise<string>) | null;

const byRef = (ref: RecordRef): SQL => whereRef(posts, ref);

function selectPosts(store: Store) {
  return store
    .select({ post: posts, username: users.username, categoryName: categories.name })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .innerJoin(categories, eq(categories.id, posts.categoryId));
}

type JoinedPost = { post: PostRow; username: string; categoryName: string };
const wire = (row: JoinedPost, viewer: Viewer): Post =>
  toPost(row.post, row.username, row.categoryName, viewer);

export async function postRow(store: Store, ref: RecordRef): Promise<PostRow | undefined> {
  return first(store.select().from(posts).where(byRef(ref)));
}

export async function requirePostRow(store: Store, ref: RecordRef): Promise<PostRow> {
  const row = await postRow(store, ref);
  if (!row) throw notFound(forumMessages.postNotFound);
  return row;
}

/** `viewer`: who reads it (an author's e-mail-like name is theirs alone in full); a visitor by default. */
export async function getPost(store: Store, ref: RecordRef, viewer: Viewer = null): Promise<Post> {
  const row = await first(selectPosts(store).where(byRef(ref)));
  if (!row) throw notFound(forumMessages.postNotFound);
  return wire(row, viewer);
}

/** Keyset cursors: the last row's sort key, so a page never repeats or skips rows inserted meanwhile. */
export type RecentCursor = { at: string; id: number };
export type PopularCursor = { views: number; id: number };

export type PostListQuery = {
  /** A search from search.ts toForumSearch (never raw member input). */
  search?: ForumSearch | undefined;
  categoryId?: number | undefined;
  userId?: number | undefined;
  limit: number;
} & ({ sort: 'recent'; after: RecentCursor | null } | { sort: 'popular'; after: PopularCursor | null });

/**
 * Newest first (created_at, then id), or Most Popular (views, then id). Fetches `limit + 1` rows so the
 * route can tell whether another page follows. Row-value comparisons keep paging an index range scan. A
 * search listed newest first is ordered by id — the order posts were written in, which is created_at's
 * for every post written through the service — so it can be read from the FTS index backwards and stop
 * at the page (search.ts, S32). Shaped for `viewer` (a visitor by default, as the first look reads them).
 */
export async function listPosts(store: Store, query: PostListQuery, viewer: Viewer = null): Promise<Post[]> {
  try {
    const newestSearch = query.search !== undefined && query.sort === 'recent';
    const rows = await selectPosts(store)
      .where(and(...(await postFilters(store, query, viewer))))
      .orderBy(
        ...(query.sort === 'popular'
          ? [desc(posts.views), desc(posts.id)]
          : newestSearch
            ? [desc(posts.id)]
            : [desc(posts.createdAt), desc(posts.id)]),
      )
      .limit(query.limit + 1);
    const shaped = rows.map((row) => wire(row, viewer));
    return await withHiddenNotices(store, 'posts', shaped, viewer?.id, (post) => post.userId);
  } catch (err) {
    // search.ts quotes every term, so this should never happen; if SQLite disagrees it is bad input, not a 500.
    if (query.search !== undefined && isFtsError(err)) throw badRequest('Invalid search');
    throw err;
  }
}

async function postFilters(store: Store, query: PostListQuery, viewer: Viewer): Promise<SQL[]> {
  // Posts a moderator hid (or held): left out, except for their author (docs/moderation.md).
  const where: SQL[] = [notHiddenFrom('posts', posts.id, posts.userId, viewer?.id ?? null)];
  if (query.categoryId !== undefined) where.push(eq(posts.categoryId, query.categoryId));
  if (query.userId !== undefined) where.push(idEquals(posts.userId, query.userId));
  const afterId = query.after ? integerBound(query.after.id) : null;
  if (query.search !== undefined && query.sort === 'recent')
    return newestMatchingIds(store, query.search, where, afterId, query.limit + 1);
  if (query.search !== undefined)
    where.push(matchesSearch(store, query.search, await isBroadSearch(store, query.search)));
  if (query.sort === 'popular' && query.after)
    where.push(sql`(${posts.views}, ${posts.id}) < (${integerBound(query.after.views)}, ${afterId})`);
  if (query.sort === 'recent' && query.after)
    where.push(sql`(${posts.createdAt}, ${posts.id}) < (${query.after.at}, ${afterId})`);
  return where;
}

/**
 * A post picture given as a URL must be one this server stored (POST /api/upload-image), so a post can
 * never embed a third-party address that tracks its readers.
 */
export async function requireStoredImage(store: Store, url: string): Promise<string> {
  const filename = UPLOADED_IMAGE_URL.test(url) ? url.slice('/uploads/'.length) : null;
  const stored = filename
    ? await first(
        store.select({ id: imageStorage.id }).from(imageStorage).where(eq(imageStorage.filename, filename)),
      )
    : undefined;
  if (!stored)
    throw badRequest(forumMessages.invalidImageUrl, { fields: { imageUrl: forumMessages.invalidImageUrl } });
  return url;
}

/** S4: the member's own post under this uid (a replayed create); another member's uid is a conflict. */
export async function existingPostForCreate(
  store: Store,
  user: UserRow,
  uid: string,
): Promise<PostRow | undefined> {
  return ownRecordForCreate(await postRow(store, { uid }), user, forumMessages.uidTaken);
}

export interface PostCreateFields {
  title: string;
  content: string;
  categoryId: number;
}

export async function createPost(
  store: Store,
  user: UserRow,
  input: PostCreateFields,
  options: { uid?: string | undefined; image: PostImage },
): Promise<{ post: Post; created: boolean }> {
  return store.transaction(async (tx) => {
    // The replay check comes first: a queued create already applied answers duplicate even if its
    // category has been removed since.
    const existing = options.uid ? await existingPostForCreate(tx, user, options.uid) : undefined;
    if (existing) return { post: await getPost(tx, { id: existing.id }, user), created: false };
    const category = await requirePostCategory(tx, input.categoryId);
    const imageUrl = typeof options.image === 'function' ? await options.image() : options.image;
    // Stamped by this process's clock, the one the online window (community-service) is measured with.
    const now = new Date().toISOString();
    const row = await insertedRow(
      tx
        .insert(posts)
        .values({
          uid: options.uid ?? uuidv7(),
          userId: user.id,
          categoryId: category.id,
          title: input.title,
          content: input.content,
          imageUrl,
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
    );
    await adjustCategoryCount(tx, category.id, 1);
    await recordChange(tx, 'posts', row.id, row.uid, 'upsert', { ownerId: row.userId });
    const post = toPost(row, user.username, category.name, user);
    // A new account's post with many links waits for a moderator (docs/moderation.md "New accounts").
    const held = await holdIfLinky(tx, user, 'posts', row.id, `${input.title}\n${input.content}`);
    return {
      post: held ? { ...post, hiddenByModerator: { reason: HELD_FOR_MODERATOR } } : post,
      created: true,
    };
  });
}

/**
 * The author, or the official account as moderator (docs/product/forum.md "Permissions"). Comments,
 * promotions and view rows go with the post (foreign-key cascade); their removals are logged here so
 * other devices drop them too. `missingOk`: a replayed sync delete of a vanished post succeeds quietly.
 */
export async function deletePost(
  store: Store,
  user: UserRow,
  ref: RecordRef,
  options: { missingOk?: boolean } = {},
): Promise<number | undefined> {
  return store.transaction(async (tx) =>
    deleteOwnedRecord(tx, user, await postRow(tx, ref), {
      ...options,
      entity: 'posts',
      messages: { notFound: forumMessages.postNotFound, forbidden: forumMessages.notOwnerDelete },
      remove: async (row) => {
        await postEngagement.parentDeleted(tx, row);
        await tx.delete(posts).where(eq(posts.id, row.id));
        await adjustCategoryCount(tx, row.categoryId, -1);
      },
    }),
  );
}

/** Pull loader: posts are public; a missing id (deleted, or gone with its author) is a tombstone. */
export async function loadPostsForPull(store: Store, viewer: Viewer, refs: EntityRef[]): Promise<LoadedRows> {
  return loadRowsById(refs, async (ids) => {
    const rows = await selectPosts(store).where(inArray(posts.id, ids));
    return rows.map((row) => {
      const post = wire(row, viewer);
      return { id: post.id, uid: post.uid, data: post, userIds: [post.userId] };
    });
  });
}
