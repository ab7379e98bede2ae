/**
 * Finds search (S32): FTS5 with the trigram tokenizer over title, description and location; member input
 * sanitised like the forum's, never FTS5 syntax, never a 500; terms of one or two characters looked up in
 * an index of their own over every find; the search reads the index backwards and stops at the page it
 * returns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Find } from '@schema/contracts/finds';
import { createTestApp, type TestApp } from '../../test/harness';
import { FIND_DESCRIPTION_MAX } from '@schema/contracts/finds-constants';
import { createFind, insertFinds, queryPlans, signedIn, type TestClient } from '../../sync/test-fixtures';
import { toFindSearch } from './search';
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
    expect(toFindSearch('roman coin')).toEqual({
      fts: '"roman" "coin"',
      long: ['roman', 'coin'],
      short: [],
      shortFts: null,
    });
    expect(toFindSearch('au coin')).toEqual({
      fts: '"coin"',
      long: ['coin'],
      short: ['au'],
      shortFts: '"a\u001fu"',
    });
    expect(toFindSearch('coin OR NOT NEAR(a b)')).toEqual({
      fts: '"coin" "NOT" "NEAR(a"',
      long: ['coin', 'NOT', 'NEAR(a'],
      short: ['OR', 'b)'],
      shortFts: '"O\u001fR" "b\u001f)"',
    });
    expect(toFindSearch('say "hi there"')?.fts).toBe('"say" """hi" "there"""');
  });

  it('S32: a term of one or two characters is the one trigram finds_fts_short holds for it, char(31) spaced', () => {
    expect(toFindSearch('au')).toEqual({ fts: null, long: [], short: ['au'], shortFts: '"a\u001fu"' });
    expect(toFindSearch('é 😀x "a')?.shortFts).toBe('"\u001fé\u001f" "😀\u001fx" """\u001fa"');
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

  it('S32: short terms alone fold case and accents as long terms do, and match a field of two characters', async () => {
    expect(await search('fe')).toEqual(['Gold ring']);
    expect(await search('FÉ')).toEqual(['Gold ring']);
    expect(await search('É')).toEqual(['Musket ball', 'Gold ring', 'Roman denarius']);
    expect(await search('ld ri')).toEqual(['Gold ring']);
    expect(await search('au')).toEqual([]);
    await createFind(alice.client, { title: 'Pin', description: 'Brass', location: 'Ur' }, 5);
    expect(await search('ur')).toEqual(['Pin']);
    expect(await search('u')).toEqual(['Pin', 'Musket ball', 'Gold ring', 'Roman denarius']);
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

  it('S32: follows every write of finds: edits and deletes, in both indexes', async () => {
    const find = await createFind(alice.client, { title: 'Temporary thimble' }, 4);
    expect([await search('thimble'), await search('hi')]).toEqual([
      ['Temporary thimble'],
      ['Temporary thimble'],
    ]);
    await t.sql("UPDATE finds SET title = 'Temporary buckle' WHERE id = ?", find.id);
    expect([await search('thimble'), await search('hi')]).toEqual([[], []]);
    expect([await search('buckle'), await search('ck')]).toEqual([
      ['Temporary buckle'],
      ['Temporary buckle'],
    ]);
    // Likes and comments change no searched text: the index stays as it was.
    await t.sql('UPDATE finds SET likes = likes + 1 WHERE id = ?', find.id);
    expect(await search('ck')).toEqual(['Temporary buckle']);
    expect((await alice.client.del(`/api/finds/${find.id}`)).status).toBe(200);
    expect([await search('buckle'), await search('ck')]).toEqual([[], []]);
    await expectSearchIndexIntact(t);
  });

  it('S32: a short term reaches the last characters of the longest description', async () => {
    const description = `${'x'.repeat(FIND_DESCRIPTION_MAX - 2)}qé`;
    await createFind(alice.client, { title: 'Long notes', description, location: 'Kent' }, 6);
    expect([await search('QE'), await search('xq'), await search('q')]).toEqual([
      ['Long notes'],
      ['Long notes'],
      ['Long notes'],
    ]);
  });

  it('S32: pages newest first, short terms too, over every find however old', async () => {
    await insertFinds(t, alice.user.id, 30, { title: (i) => `Trowel ${i}` });
    const first = await anon.get('/api/finds?q=trowel&limit=3');
    expect(first.json.map((f: Find) => f.title)).toEqual(['Trowel 29', 'Trowel 28', 'Trowel 27']);
    const next = await anon.get(`/api/finds?q=trowel&limit=3&cursor=${first.headers.get('x-next-cursor')}`);
    expect(next.json.map((f: Find) => f.title)).toEqual(['Trowel 26', 'Trowel 25', 'Trowel 24']);
    // More finds than the 5,000 newest that short terms alone once looked at.
    await insertFinds(t, alice.user.id, 5_000, { title: () => 'Plain' });
    expect(await search('ld')).toEqual(['Gold ring']);
    expect(await search('gold')).toEqual(['Gold ring']);
    const short = await anon.get('/api/finds?q=ow&limit=3');
    expect(short.json.map((f: Find) => f.title)).toEqual(['Trowel 29', 'Trowel 28', 'Trowel 27']);
    const shortNext = await anon.get(`/api/finds?q=ow&limit=3&cursor=${short.headers.get('x-next-cursor')}`);
    expect(shortNext.json.map((f: Find) => f.title)).toEqual(['Trowel 26', 'Trowel 25', 'Trowel 24']);
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
      // Short terms alone: their own index, read the same way.
      expect(short).toMatch(/SCAN finds_fts_short VIRTUAL TABLE INDEX/);
      expect(short).not.toMatch(/SCAN finds(?!_fts)|TEMP B-TREE/);
    } else {
      // PostgreSQL: every query is served by an index (here the primary key's range below the cursor).
      expect(fts).not.toMatch(/Seq Scan on finds/);
      // Short terms: the index of every find's one- and two-character substrings
      // (migrations/pg/*_finds_short_search.sql).
      expect(short).toMatch(/Bitmap Index Scan on finds_short_search/);
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
 * The search indexes agree with the table after direct writes: FTS5's own integrity checks on SQLite (the
 * short terms' index is contentless: it can only check itself, so it also holds exactly the finds' rowids);
 * on PostgreSQL the GIN indexes are expression indexes, kept by the database itself, and must still be valid.
 */
async function expectSearchIndexIntact(t: TestApp) {
  if (t.engine === 'sqlite') {
    await t.sql("INSERT INTO finds_fts(finds_fts, rank) VALUES ('integrity-check', 1)");
    await t.sql("INSERT INTO finds_fts_short(finds_fts_short, rank) VALUES ('integrity-check', 1)");
    const [rowids] = await t.sql(
      `SELECT (SELECT group_concat(id) FROM (SELECT id FROM finds ORDER BY id)) AS finds,
        (SELECT group_concat(rowid) FROM (SELECT rowid FROM finds_fts_short ORDER BY rowid)) AS indexed`,
    );
    expect(rowids?.indexed).toBe(rowids?.finds);
    return;
  }
  const indexes = await t.sql(
    "SELECT indisvalid AS valid FROM pg_index WHERE indexrelid IN (to_regclass('finds_search'), to_regclass('finds_short_search'))",
  );
  expect(indexes).toEqual([{ valid: true }, { valid: true }]);
}
