/** Helpers for the forum tests (never imported by the app). */
import { eq } from 'drizzle-orm';
import { categories } from '@schema/db/tables';
import type { Category, Post } from '@schema/contracts/forum';
import type { TestApp } from '../../test/harness';
import type { TestClient } from '../../sync/test-fixtures';

export { errorOf, official } from '../../sync/test-fixtures';

export const postBody = (extra: Record<string, unknown> = {}) => ({
  title: 'Hammered penny on stubble',
  content: 'Found a cut half of an Edward I penny this morning.',
  categoryId: 1,
  imageUrl: null,
  ...extra,
});

/** Creates a post over REST and returns its wire JSON. */
export async function createPost(client: TestClient, extra: Record<string, unknown> = {}): Promise<Post> {
  const res = await client.post('/api/posts', postBody(extra));
  if (res.status !== 201) throw new Error(`create post: ${res.status} ${res.text}`);
  return res.json as Post;
}

export async function categoryCount(t: TestApp, id: number): Promise<number | undefined> {
  const [row] = await t.db.select({ count: categories.count }).from(categories).where(eq(categories.id, id));
  return row?.count;
}

export async function categoryOf(client: TestClient, id: number): Promise<Category> {
  return (await client.get(`/api/categories/${id}`)).json as Category;
}
