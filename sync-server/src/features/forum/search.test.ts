/**
 * Forum search (SQLite FTS5, PostgreSQL tsvector, over title and content): member input is never query
 * syntax, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '@schema/contracts/forum';
import { createTestApp, type TestApp } from '../../test/harness';
import { deleteOwnAccount, queryPlans, signedIn, type TestClient } from '../../sync/test-fixtures';
import { listPosts } from './posts-service';
import { posts as postsTable } from '@schema/db/tables';
import { BROAD_SEARCH_MATCHES, toForumSearch, toFtsQuery } from './search';
import { createPost } from './test-fixtures';

describe('toFtsQuery', () => {
  it('quotes every term, ANDs them, and makes only the last a prefix (from two characters)', () => {
    expect(toFtsQuery('roman coin')).toBe('"roman" "coin"*');
    expect(toFtsQuery('  hammered   ')).toBe('"hammered"*');
    expect(toFtsQuery('roman c')).toBe('"roman" "c"');
    expect(toFtsQuery('co')).toBe('"co"*');
  });

  it('neutralises FTS5 syntax: operators, column filters, quotes, stars, brackets', () => {
    expect(toFtsQuery('coin OR NOT NEAR(a b)')).toBe('"coin" "OR" "NOT" "NEAR(a" "b)"*');
    expect(toFtsQuery('title:secret')).toBe('"title:secret"*');
    expect(toFtsQuery('say "hi"')).toBe('"say" """hi"""*');
    expect(toFtsQuery('^start* -x +y')).toBe('"^start*" "-x" "+y"*');
  });

  it('drops terms with nothing searchable, and answers null when none is left', () => {
    expect(toFtsQuery('*** coin ???')).toBe('"coin"*');
    for (const q of ['', '   ', '"', '***', '% _ \\', '😀']) expect(toFtsQuery(q)).toBeNull();
  });

  it('bounds the number and length of terms', () => {
    expect(toFtsQuery(Array.from({ length: 30 }, (_, i) => `t${i}`).join(' '))?.split(' ')).toHaveLength(12);
    expect(toFtsQuery('x'.repeat(500))).toBe(`"${'x'.repeat(64)}"*`);
  });
});

describe('GET /api/posts?q=', () => {
  let t: TestApp;
  let anon: TestClient;
  const posts: Record<string, Post> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const alice = await signedIn(t, 'alice');
    anon = t.client();
    posts.penny = await createPost(alice.client, {
      title: 'Hammered penny found',
      content: 'Edward I, cut half, on stubble near York.',
    });
    posts.brooch = await createPost(alice.client, {
      title: 'Saxon brooch question',
      content: 'Is this a disc brooch? Gilt, with garnet settings.',
      categoryId: 2,
    });
    posts.cafe = await createPost(alice.client, {
      title: 'Detecting near the café',
      content: 'Beach permits at the "Old Pier" — who to ask?',
    });
  });
  afterAll(() => t.close());

  const search = async (q: string, extra = '') => {
    const res = await anon.get(`/api/posts?q=${encodeURIComponent(q)}${extra}`);
    expect(res.status).toBe(200);
    return (res.json as Post[]).map((p) => p.title);
  };

  it('matches title and content, every term, the last as a prefix', async () => {
    expect(await search('penny')).toEqual(['Hammered penny found']);
    expect(await search('stubble york')).toEqual(['Hammered penny found']);
    expect(await search('hammer')).toEqual(['Hammered penny found']);
    expect(await search('hammer york')).toEqual([]);
    expect(await search('brooch')).toEqual(['Saxon brooch question']);
    expect(await search('BROOCH garnet')).toEqual(['Saxon brooch question']);
  });

  it('ignores accents and punctuation', async () => {
    expect(await search('cafe')).toEqual(['Detecting near the café']);
    expect(await search('"old pier"')).toEqual(['Detecting near the café']);
  });

  it('combines with the category filter and sorting', async () => {
    expect(await search('brooch', '&category=2')).toEqual(['Saxon brooch question']);
    expect(await search('brooch', '&category=1')).toEqual([]);
    expect(await search('near', '&sort=popular')).toHaveLength(2);
  });

  it.each([
    '"',
    '""',
    "'",
    '*',
    'penny*',
    'NEAR(',
    'a AND',
    'OR',
    'title:',
    'x:y',
    '(',
    ')',
    '^',
    '-',
    '+',
    '\\',
    '%',
    '_',
    '{}',
    'a"b',
    '\u0000',
    '😀',
    'né\u0301e',
    'x'.repeat(2000),
  ])('special characters never cause a 500: %j', async (q) => {
    const res = await anon.get(`/api/posts?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.json)).toBe(true);
  });

  it('a query with nothing searchable finds nothing rather than everything', async () => {
    expect(await search('***')).toEqual([]);
  });

  it('follows every write of posts: edits, deletes, and the cascade of an account deletion', async () => {
    const bob = await signedIn(t, 'bob');
    const extra = await createPost(bob.client, {
      title: 'Temporary musket ball',
      content: 'To be deleted shortly after.',
    });
    expect(await search('musket')).toEqual(['Temporary musket ball']);
    await t.sql("UPDATE posts SET title = 'Temporary pistol ball' WHERE id = ?", extra.id);
    expect([await search('musket'), await search('pistol')]).toEqual([[], ['Temporary pistol ball']]);
    await t.sql('DELETE FROM posts WHERE id = ?', extra.id);
    expect(await search('pistol')).toEqual([]);
    await createPost(bob.client, { title: 'Cannonball from Naseby', content: 'Gone with my account.' });
    expect(await search('cannonball')).toHaveLength(1);
    expect((await deleteOwnAccount(bob.client, bob.user.id)).status).toBe(200);
    expect(await search('cannonball')).toEqual([]);
    await expectSearchIndexIntact(t);
  });

  it('a broad search (more matches than BROAD_SEARCH_MATCHES) pages newest first like a narrow one', async () => {
    const carol = await signedIn(t, 'carol');
    await t.db.insert(postsTable).values(
      Array.from({ length: BROAD_SEARCH_MATCHES + 10 }, (_, i) => ({
        uid: crypto.randomUUID(),
        title: `Trowel ${i}`,
        content: 'A common word: trowel.',
        userId: carol.user.id,
        categoryId: 1,
        createdAt: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString(),
      })),
    );
    const first = await anon.get('/api/posts?q=trowel&limit=3');
    expect(first.json.map((p: Post) => p.title)).toEqual([
      `Trowel ${BROAD_SEARCH_MATCHES + 9}`,
      `Trowel ${BROAD_SEARCH_MATCHES + 8}`,
      `Trowel ${BROAD_SEARCH_MATCHES + 7}`,
    ]);
    const second = await anon.get(`/api/posts?q=trowel&limit=3&cursor=${first.headers.get('x-next-cursor')}`);
    expect(second.json.map((p: Post) => p.title)).toEqual([
      `Trowel ${BROAD_SEARCH_MATCHES + 6}`,
      `Trowel ${BROAD_SEARCH_MATCHES + 5}`,
      `Trowel ${BROAD_SEARCH_MATCHES + 4}`,
    ]);
    expect((await anon.get('/api/posts?q=trowel&category=2')).json).toEqual([]);
  });

  it('S32: newest first, a search reads the FTS index backwards and stops at the page: no sort of the matches', async () => {
    const [plan] = (
      await queryPlans(t, async (store) => {
        await listPosts(store, {
          search: toForumSearch('trowel') ?? undefined,
          sort: 'recent',
          after: { at: '2024-01-01T00:05:00.000Z', id: 400 },
          categoryId: 1,
          limit: 20,
        });
      })
    ).map((p) => p.plan.join(' | '));
    if (t.engine === 'sqlite') {
      expect(plan).toMatch(/SCAN posts_fts VIRTUAL TABLE INDEX/);
      expect(plan).not.toMatch(/SCAN posts(?!_fts)|TEMP B-TREE/);
    } else {
      // PostgreSQL: served by an index, never a scan of every post (here the category's posts).
      expect(plan).not.toMatch(/Seq Scan on posts/);
      // A term with few matches is looked up in the tsvector index (migrations/pg/0003_forum_search.sql).
      const [lookup] = await queryPlans(t, async (store) => {
        await listPosts(store, {
          search: toForumSearch('brooch') ?? undefined,
          sort: 'recent',
          after: null,
          limit: 20,
        });
      });
      expect(lookup?.plan.join(' | ')).toMatch(/Bitmap Index Scan on posts_search/);
    }
  });
});

/**
 * The search index agrees with the table after direct writes: FTS5's own integrity check on SQLite; on
 * PostgreSQL the GIN index is an expression index, kept by the database itself, and must still be valid.
 */
async function expectSearchIndexIntact(t: TestApp) {
  if (t.engine === 'sqlite') {
    await t.sql("INSERT INTO posts_fts(posts_fts, rank) VALUES ('integrity-check', 1)");
    return;
  }
  const [index] = await t.sql(
    "SELECT indisvalid AS valid FROM pg_index WHERE indexrelid = to_regclass('posts_search')",
  );
  expect(index).toEqual({ valid: true });
}
