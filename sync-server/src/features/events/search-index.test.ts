/**
 * Events search through its index (list.ts; SQLite's events_fts, PostgreSQL's trigram indexes): the index
 * follows every write — an event renamed or moved is found by its new title and place and not its old ones,
 * a deleted event is not found — and a term matching many events (the date-range walk) or few (the index)
 * answers the same list the plain substring search would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '@schema/contracts/events';
import { createTestApp, type TestApp } from '../../test/harness';
import { signedIn, type TestClient } from '../../sync/test-fixtures';
import { BROAD_EVENT_MATCHES } from './list';
import { createEvent, daysFromNow, eventBody, insertEvents } from './test-fixtures';

let t: TestApp;
let alice: { client: TestClient; user: { id: number } };

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedIn(t, 'alice');
});
afterAll(() => t.close());

const search = async (q: string, filter = 'all') => {
  const res = await t.client().get(`/api/events?filter=${filter}&q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return (res.json as Event[]).map((e) => e.title);
};

describe('the search index follows writes', () => {
  it('an event renamed and moved is found by its new title and place, not its old ones', async () => {
    const event = await createEvent(alice.client, { title: 'Lantern walk', location: 'Woodbridge' });
    expect(await search('lantern')).toEqual(['Lantern walk']);
    expect(await search('woodbridge')).toEqual(['Lantern walk']);

    const res = await alice.client.put(
      `/api/events/${event.id}`,
      eventBody({ title: 'Torchlight parade', location: 'Ipswich' }),
    );
    expect(res.status).toBe(200);
    expect(await search('lantern')).toEqual([]);
    expect(await search('woodbridge')).toEqual([]);
    expect(await search('torchlight')).toEqual(['Torchlight parade']);
    expect(await search('IPSWICH')).toEqual(['Torchlight parade']);
  });

  it('a deleted event is not found', async () => {
    const event = await createEvent(alice.client, { title: 'Quarry open day', location: 'Barnack' });
    expect(await search('quarry')).toEqual(['Quarry open day']);
    expect((await alice.client.del(`/api/events/${event.id}`)).status).toBe(200);
    expect(await search('quarry')).toEqual([]);
    expect(await search('barnack')).toEqual([]);
  });

  it('a term spanning words, with quotes, or under three characters is still a plain substring', async () => {
    await createEvent(alice.client, { title: 'The "big" swap meet', location: 'Long Sutton' });
    expect(await search('g sut')).toEqual(['The "big" swap meet']);
    expect(await search('"big"')).toEqual(['The "big" swap meet']);
    expect(await search('"')).toEqual(['The "big" swap meet']);
    expect(await search('wa')).toEqual(['The "big" swap meet']);
    expect(await search('zzyzx')).toEqual([]);
  });
});

describe('broad and narrow terms answer the same way', () => {
  it('a term in more events than BROAD_EVENT_MATCHES, and a rare one among them, page by date', async () => {
    const count = BROAD_EVENT_MATCHES + 20;
    await insertEvents(t, alice.user.id, count, {
      date: (i) => daysFromNow(1 + i),
      title: (i) => (i % 100 === 7 ? `Heathland sweep ${i}` : `Heathland dig ${i}`),
      location: () => 'Thetford',
    });
    const broad = await search('heathland', 'upcoming');
    expect(broad.slice(0, 3)).toEqual(['Heathland dig 0', 'Heathland dig 1', 'Heathland dig 2']);
    expect(await search('sweep', 'upcoming')).toEqual(
      Array.from({ length: 6 }, (_, k) => `Heathland sweep ${k * 100 + 7}`),
    );
    expect(await search('sweep', 'past')).toEqual([]);
  });
});
