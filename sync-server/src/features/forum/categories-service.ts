/**
 * Forum categories (docs/product/data-model.md: name, slug, description, icon, count). They are made by the server
 * (seed/initial.ts), never by members. `count` is the number of posts in the category and is kept here,
 * in the transaction of the post's create or delete, so it can never drift from the rows behind it.
 *
 * Change log: categories are logged by database triggers (migration *_forum_search.sql; on PostgreSQL
 * migrations/pg/0002_change_log.sql), not by these
 * functions, because the seeds and account deletion write them too (PROTOCOL.md S21).
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { categories } from '@schema/db/tables';
import { forumMessages, type Category } from '@schema/contracts/forum';
import { badRequest, notFound } from '../../lib/errors';
import { first } from '../../lib/query';
import { idEquals, nonNegative } from '../../lib/sql';
import { loadRowsById, type EntityRef, type LoadedRows, type Store, type Viewer } from '../../sync/registry';
import { toCategory, type CategoryRow } from './shape';

/** A category named by id or slug, as `?category=` and `/categories/{id}` allow. */
export type CategoryRef = { id: number } | { slug: string };

export function parseCategoryRef(raw: string): CategoryRef {
  const text = raw.trim();
  return /^\d{1,15}$/.test(text) ? { id: Number(text) } : { slug: text.toLowerCase() };
}

export async function findCategory(store: Store, ref: CategoryRef): Promise<CategoryRow | undefined> {
  const where = 'id' in ref ? idEquals(categories.id, ref.id) : eq(categories.slug, ref.slug);
  return first(store.select().from(categories).where(where));
}

/** In id order: the seed's order. The web sorts by count for Popular Categories. */
export async function listCategories(store: Store): Promise<Category[]> {
  return (await store.select().from(categories).orderBy(asc(categories.id))).map(toCategory);
}

export async function getCategory(store: Store, ref: CategoryRef): Promise<Category> {
  const row = await findCategory(store, ref);
  if (!row) throw notFound(forumMessages.categoryNotFound);
  return toCategory(row);
}

/**
 * The category a new post goes in. A missing one (never existed, or removed while the post waited in an
 * outbox) is the form's own message: the member picks another category (PROTOCOL.md S20).
 */
export async function requirePostCategory(store: Store, categoryId: number): Promise<CategoryRow> {
  const row = await findCategory(store, { id: categoryId });
  if (!row)
    throw badRequest(forumMessages.categoryRequired, {
      fields: { categoryId: forumMessages.categoryRequired },
    });
  return row;
}

/** Never below zero, even for rows written before counts were kept. */
export async function adjustCategoryCount(tx: Store, categoryId: number, delta: 1 | -1): Promise<void> {
  await tx
    .update(categories)
    .set({ count: nonNegative(sql`${categories.count} + ${delta}`) })
    .where(eq(categories.id, categoryId));
}

/** Pull loader: categories are public; a removed one is a tombstone. */
export async function loadCategoriesForPull(
  store: Store,
  _viewer: Viewer,
  refs: EntityRef[],
): Promise<LoadedRows> {
  return loadRowsById(refs, async (ids) =>
    (await store.select().from(categories).where(inArray(categories.id, ids))).map((row) => ({
      id: row.id,
      uid: null,
      data: toCategory(row),
      userIds: [],
    })),
  );
}
