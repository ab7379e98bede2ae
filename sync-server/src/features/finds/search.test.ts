/**
 * Finds search (S32): FTS5 with the trigram tokenizer over title, description and location; member input
 * sanitised like the forum's, never FTS5 syntax, never a 500; short terms scan a bounded number of finds;
 * the search reads the index backwards and stops at the page it returns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Find } from '@schema/contracts/finds';
import { createTestApp, type TestApp } from '../../test/harness';
import { createFind, insertFinds, queryPlans, signedIn, type TestClient } from '../../sync/test-fixtures';
import { SHORT_TERMS_SCAN, toFindSearch } from './search';
import { listFinds } from './service';

/** Every C0 control, DEL and the C1 controls. */
const CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
  '\u007F',
  '\u0085',
  '\u009F',
];

describe('toFindSearch', () => {
  it('S32: quotes every term of three characters or more for the trigram index, keeps shorter ones apart', () => {
    expect(toFindSearch('roman coin')).toEqual({ fts: '"roman" "coin"', long: ['roman', 'coin'], short: [] });
    expect(toFindSearch('au coin')).toEqual({ fts: '"coin"', long: ['coin'], short: ['au'] });
    expect(toFindSearch('au')).toEqual({ fts: null, long: [], short: ['au'] });
    expect(toFindSearch('coin OR NOT NEAR(a b)')).toEqual({
      fts: '"coin" "NOT" "NEAR(a"',
      long: ['coin', 'NOT', 'NEAR(a'],
      short: ['OR', 'b)'],
    });
    expect(toFindSearch('say "hi there"')?.fts).toBe('"say" """hi" "there"""');
  });

  it('S32: a control character separates words and never reaches FTS5; nothing searchable is null', () => {
    expect(toFindSearch('roman\u0000coin')?.fts).toBe('"roman" "coin"');
    for (const control of CONTROLS)
      for (const input of [control, `abc${control}def`, `"${control}"`]) {
        const found = toFindSearch(input);
        for (const text of [found?.fts ?? '', ...(found?.long ?? []), ...(found?.short ?? [])])
          expect(text).not.toMatch(/\p{Cc}/u);
      }
    for (const q of ['', '   ', '"', '***', '% _ \\', '😀']) expect(toFindSearch(q)).toBeNull();
  });
});

describe('GET /api/finds?q=', () => {
  let t: TestApp;
  let anon: TestClient;
  let alice: Awaited<ReturnType<typeof signedIn>>;
  const titles = async (query: string) => {
    const res = await anon.get(`/api/finds?${query}`);
    expect(res.status).toBe(200);
    return (res.json as Find[]).map((f) => f.title);
  };
  const search = (q: string, extra = '') => titles(`q=${encodeURIComponent(q)}${extra}`);

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signedIn(t, 'alice');
    anon = t.client();
    await createFind(alice.client, {
      title: 'Roman denarius',
      description: 'Silver, worn',
      location: 'Norfolk',
    });
    await createFind(
      alice.client,
      { title: 'Gold ring', description: 'Found near the café', location: 'Kent', period: 'Medieval' },
      2,
    );
    await createFind(alice.client, { title: 'Musket ball', description: 'Lead', location: 'Naseby' }, 3);
  });
  afterAll(() => t.close());

  it('S32: matches any part of a word in title, description or location, every term, any case and accent', async () => {
    expect(await search('denarius')).toEqual(['Roman denarius']);
    expect(await search('oman')).toEqual(['Roman denarius']);
    expect(await search('NORFOLK')).toEqual(['Roman denarius']);
    expect(await search('cafe')).toEqual(['Gold ring']);
    expect(await search('silver worn')).toEqual(['Roman denarius']);
    expect(await search('silver kent')).toEqual([]);
    expect(await search('ring', '&period=Medieval')).toEqual(['Gold ring']);
    expect(await search('ring', '&period=Roman')).toEqual([]);
    expect(await search('ball', `&userId=${alice.user.id}`)).toEqual(['Musket ball']);
  });

  it('S32: terms under three characters match too, alone or beside longer ones', async () => {
    expect(await search('ld')).toEqual(['Gold ring']);
    expect(await search('le ball')).toEqual(['Musket ball']);
    expect(await search('zz ball')).toEqual([]);
  });

  it('S32: special characters and every control character answer 200, never a 500', async () => {
    const inputs = [
      '"',
      "'",
      '*',
      'NEAR(',
      'a AND',
      'title:',
      '(',
      '^',
      '\\',
      '%',
      '_',
      'a"b',
      '😀',
      'x'.repeat(2000),
    ];
    for (const control of CONTROLS) inputs.push(control, `ro${control}man`, `"${control}"`);
    for (const q of inputs) {
      const res = await anon.get(`/api/finds?q=${encodeURIComponent(q)}`);
      expect(res.status, JSON.stringify(q)).toBe(200);
    }
    expect(await search('Roman\u0000denarius')).toEqual(['Roman denarius']);
  });

  it('S32: follows every write of finds: edits and deletes', async () => {
    const find = await createFind(alice.client, { title: 'Temporary thimble' }, 4);
    expect(await search('thimble')).toEqual(['Temporary thimble']);
    await t.sql("UPDATE finds SET title = 'Temporary buckle' WHERE id = ?", find.id);
    expect([await search('thimble'), await search('buckle')]).toEqual([[], ['Temporary buckle']]);
    expect((await alice.client.del(`/api/finds/${find.id}`)).status).toBe(200);
    expect(await search('buckle')).toEqual([]);
    await expectSearchIndexIntact(t);
  });

  it('S32: pages newest first; short terms alone look at the newest SHORT_TERMS_SCAN finds only', async () => {
    await insertFinds(t, alice.user.id, 30, { title: (i) => `Trowel ${i}` });
    const first = await anon.get('/api/finds?q=trowel&limit=3');
    expect(first.json.map((f: Find) => f.title)).toEqual(['Trowel 29', 'Trowel 28', 'Trowel 27']);
    const next = await anon.get(`/api/finds?q=trowel&limit=3&cursor=${first.headers.get('x-next-cursor')}`);
    expect(next.json.map((f: Find) => f.title)).toEqual(['Trowel 26', 'Trowel 25', 'Trowel 24']);
    await insertFinds(t, alice.user.id, SHORT_TERMS_SCAN, { title: () => 'Plain' });
    expect(await search('ld')).toEqual([]);
    expect(await search('gold')).toEqual(['Gold ring']);
  });

  it('S32: reads the index and stops at the page: no scan of finds (SQLite: backwards, no sort of the matches)', async () => {
    const plans = await queryPlans(t, async (store) => {
      await listFinds(store, null, { q: 'trowel', before: 20, limit: 5, period: 'Roman' });
      await listFinds(store, null, { q: 'au', before: null, limit: 5 });
    });
    const [fts, short] = plans.map((p) => p.plan.join(' | '));
    if (t.engine === 'sqlite') {
      // SQLite reads the FTS index backwards, so no sort of the matches either.
      expect(fts).toMatch(/SCAN finds_fts VIRTUAL TABLE INDEX/);
      expect(fts).not.toMatch(/SCAN finds(?!_fts)|TEMP B-TREE/);
      // Short terms: the primary key walked backwards from the newest, its floor found in SHORT_TERMS_SCAN rows.
      expect(short).toMatch(/SEARCH finds USING INTEGER PRIMARY KEY \(rowid>\?\)/);
    } else {
      // PostgreSQL: every query is served by an index (here the primary key's range below the cursor).
      expect(fts).not.toMatch(/Seq Scan on finds/);
      // Short terms: a range of the primary key from the floor, found by walking it backwards.
      expect(short).toMatch(/Index Scan Backward using finds_pkey on finds/);
      expect(short).not.toMatch(/Seq Scan on finds/);
      // A term with few matches is looked up in the trigram index (migrations/pg/0004_finds_search.sql).
      const [lookup] = await queryPlans(t, async (store) => {
        await listFinds(store, null, { q: 'trowel', before: null, limit: 5 });
      });
      expect(lookup?.plan.join(' | ')).toMatch(/Bitmap Index Scan on finds_search/);
    }
  });
});

/**
 * The search index agrees with the table after direct writes: FTS5's own integrity check on SQLite; on
 * PostgreSQL the GIN index is an expression index, kept by the database itself, and must still be valid.
 */
async function expectSearchIndexIntact(t: TestApp) {
  if (t.engine === 'sqlite') {
    await t.sql("INSERT INTO finds_fts(finds_fts, rank) VALUES ('integrity-check', 1)");
    return;
  }
  const [index] = await t.sql(
    "SELECT indisvalid AS valid FROM pg_index WHERE indexrelid = to_regclass('finds_search')",
  );
  expect(index).toEqual({ valid: true });
}
