/**
 * GET /api/events (docs/product/events.md "API calls"): Upcoming soonest first, Past most recent first,
 * All latest date first; search by title or location ignoring case; keyset pages that never repeat or
 * skip an event; the same answer for every caller.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '@schema/contracts/events';
import { createTestApp, type TestApp } from '../../test/harness';
import { signedIn, type TestClient } from '../../sync/test-fixtures';
import { daysFromNow, insertEvents, official } from './test-fixtures';

let t: TestApp;
let alice: { client: TestClient; user: { id: number } };
let anon: TestClient;

/** Days from now of the fixture events, in insertion order. */
const OFFSETS = [3, -2, 10, -30, 1, -1, 45];
const TITLES = [
  'Beach dig at Walton',
  'Roman villa survey',
  'Finds identification evening',
  'Club AGM',
  'Stubble field rally',
  '50%_off detector demo',
  'Charity rally',
];
const LOCATIONS = ['Essex', 'Cirencester', 'Norwich', 'Village hall', 'Suffolk', 'Online', 'Norfolk'];
let ids: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedIn(t, 'alice');
  anon = t.client();
  ids = (
    await insertEvents(t, alice.user.id, OFFSETS.length, {
      date: (i) => daysFromNow(OFFSETS[i] ?? 0),
      title: (i) => TITLES[i] ?? '',
      location: (i) => LOCATIONS[i] ?? '',
    })
  ).map((r) => r.id);
});
afterAll(() => t.close());

const titles = (events: Event[]) => events.map((e) => e.title);
const list = async (client: TestClient, query: string) => {
  const res = await client.get(`/api/events${query}`);
  expect(res.status).toBe(200);
  return res.json as Event[];
};

describe('filters and order', () => {
  it('upcoming: soonest first, only events after now', async () => {
    expect(titles(await list(anon, '?filter=upcoming'))).toEqual([
      'Stubble field rally',
      'Beach dig at Walton',
      'Finds identification evening',
      'Charity rally',
    ]);
  });

  it('past: most recent first', async () => {
    expect(titles(await list(anon, '?filter=past'))).toEqual([
      '50%_off detector demo',
      'Roman villa survey',
      'Club AGM',
    ]);
  });

  it('all (also without a filter): latest date first', async () => {
    const all = titles(await list(anon, '?filter=all'));
    expect(all).toEqual([
      'Charity rally',
      'Finds identification evening',
      'Beach dig at Walton',
      'Stubble field rally',
      '50%_off detector demo',
      'Roman villa survey',
      'Club AGM',
    ]);
    expect(titles(await list(anon, ''))).toEqual(all);
  });

  it('an unknown filter or cursor is a 400', async () => {
    expect((await anon.get('/api/events?filter=soon')).status).toBe(400);
    expect((await anon.get('/api/events?cursor=bm90LWpzb24')).status).toBe(400);
    const bad = Buffer.from(JSON.stringify({ date: 5, id: 'x' })).toString('base64url');
    expect((await anon.get(`/api/events?cursor=${bad}`)).status).toBe(400);
  });

  it('every caller gets the same list, with attendeeCount computed by the server', async () => {
    const [first] = ids;
    await alice.client.post(`/api/events/${first}/join`);
    const moderator = await official(t);
    await moderator.post(`/api/events/${first}/join`);
    const answers = await Promise.all([anon, alice.client, moderator].map((c) => list(c, '?filter=all')));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]?.find((e) => e.id === first)?.attendeeCount).toBe(2);
  });
});

describe('search (?q=) by title or location, ignoring case', () => {
  it.each([
    ['RALLY', 'upcoming', ['Stubble field rally', 'Charity rally']],
    ['norfolk', 'all', ['Charity rally']],
    ['nor', 'all', ['Charity rally', 'Finds identification evening']],
    ['ROMAN', 'past', ['Roman villa survey']],
    ['roman', 'upcoming', []],
    ['  walton  ', 'all', ['Beach dig at Walton']],
  ])('%s in %s', async (q, filter, expected) => {
    expect(titles(await list(anon, `?filter=${filter}&q=${encodeURIComponent(q)}`))).toEqual(expected);
  });

  it('takes LIKE’s wildcards literally', async () => {
    expect(titles(await list(anon, `?q=${encodeURIComponent('50%_off')}`))).toEqual([
      '50%_off detector demo',
    ]);
    expect(titles(await list(anon, `?q=${encodeURIComponent('%')}`))).toEqual(['50%_off detector demo']);
    expect(titles(await list(anon, `?q=${encodeURIComponent('_')}`))).toEqual(['50%_off detector demo']);
    expect(titles(await list(anon, `?q=${encodeURIComponent('\\')}`))).toEqual([]);
  });
});

describe('paging', () => {
  it.each(['upcoming', 'past', 'all'])(
    '%s: pages of 2 follow X-Next-Cursor without repeating or skipping',
    async (filter) => {
      const whole = await list(anon, `?filter=${filter}`);
      const seen: number[] = [];
      let url = `/api/events?filter=${filter}&limit=2`;
      for (let pages = 0; pages < 10; pages++) {
        const res = await anon.get(url);
        seen.push(...(res.json as Event[]).map((e) => e.id));
        const next = res.headers.get('x-next-cursor');
        if (!next) break;
        url = `/api/events?filter=${filter}&limit=2&cursor=${next}`;
      }
      expect(seen).toEqual(whole.map((e) => e.id));
    },
  );

  it('events on the same instant are ordered by id and paged apart', async () => {
    const t2 = await createTestApp();
    try {
      const bob = await signedIn(t2, 'bob');
      const when = daysFromNow(5);
      const rows = await insertEvents(t2, bob.user.id, 5, { date: () => when });
      const seen: number[] = [];
      let url = '/api/events?filter=upcoming&limit=2';
      for (;;) {
        const res = await t2.client().get(url);
        seen.push(...(res.json as Event[]).map((e) => e.id));
        const next = res.headers.get('x-next-cursor');
        if (!next) break;
        url = `/api/events?filter=upcoming&limit=2&cursor=${next}`;
      }
      expect(seen).toEqual(rows.map((r) => r.id));
    } finally {
      await t2.close();
    }
  });
});
