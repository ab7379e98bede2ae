/**
 * The first looks of the community pages (docs/architecture.md "First paint"): `/events`, an event,
 * `/wellbeing` and a story carry the records an anonymous visitor may read; `/ar-routes`, `/achievements`,
 * `/social` and `/map` carry a layout shell with no records, which the app ends with its first render. None
 * shows a private route, a spot or its coordinates, or an e-mail-like name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventMessages } from '@schema/contracts/events-constants';
import { MENTAL_BENEFITS } from '@schema/contracts/wellbeing-content';
import { createEvent, daysFromNow, moveToPast } from '../features/events/test-fixtures';
import { createSpot } from '../features/locations/test-fixtures';
import { shareStory } from '../features/stories/test-fixtures';
import type { TestApp } from '../test/harness';
import { signedIn, type TestClient } from '../sync/test-fixtures';
import { modulePreloads, previewOf, startPreviewSite, type PreviewSite } from './preview-test-site';

const CHUNKS = {
  'src/features/events/index.ts': 'assets/events-v1.js',
  'src/features/wellbeing/index.ts': 'assets/wellbeing-w1.js',
  'src/features/map/ar-routes.ts': 'assets/ar-routes-a1.js',
  'src/features/achievements/index.ts': 'assets/achievements-c1.js',
  'src/features/social/index.ts': 'assets/social-s1.js',
  'src/features/map/index.ts': 'assets/map-m1.js',
};

const cardTitles = (preview: string) =>
  [...preview.matchAll(/<div class="break-words text-lg font-semibold leading-snug">([^<]*)<\/div>/g)].map(
    (m) => m[1],
  );

describe("the community pages' first look", () => {
  let site: PreviewSite;
  let t: TestApp;
  let anon: TestClient;
  let alice: TestClient;

  beforeAll(async () => {
    site = await startPreviewSite('community-preview', CHUNKS);
    t = site.t;
    anon = t.client();
    alice = (await signedIn(t, 'alice')).client;
  });
  afterAll(() => site.close());

  it('is not written for the events and the hub while they have nothing to show', async () => {
    for (const url of ['/events', '/wellbeing']) {
      const page = (await anon.get(url)).text;
      expect(previewOf(page), url).toBeNull();
      expect(modulePreloads(page), url).toHaveLength(1);
    }
  });

  it('shows the upcoming events soonest first, as the list opens, and no past one', async () => {
    const organiser = (await signedIn(t, 'rally.host@example.com')).client;
    for (let n = 1; n <= 7; n += 1)
      await createEvent(organiser, { title: `Club dig number ${n}`, eventDate: daysFromNow(n + 1) });
    const past = await createEvent(alice, { title: 'Last year’s rally on the Downs' });
    await moveToPast(t, past.id);
    const res = await anon.get('/events');
    const preview = previewOf(res.text)!;
    expect(preview).toContain('data-path="/events"');
    expect(preview).toContain('Detecting Events');
    const listed = (await anon.get('/api/events?filter=upcoming&limit=6')).json as { title: string }[];
    expect(cardTitles(preview)).toEqual(listed.map((e) => e.title));
    expect(cardTitles(preview)[0]).toBe('Club dig number 1');
    expect(preview).not.toContain('Last year’s rally');
    expect(preview).toContain('Norfolk, UK');
    expect(preview).toContain('1 attending');
    expect(preview).not.toMatch(/<(a|button|input|select)\b/);
    // Under a first look the route's code is left to the entry.
    expect(modulePreloads(res.text)).toEqual([]);
  });

  it("shows an event's title, date, place and description, with its organiser's name masked", async () => {
    const organiser = (await signedIn(t, 'field.lead@example.com')).client;
    const event = await createEvent(organiser, {
      title: 'Summer rally at Low Farm',
      description: 'Two days on pasture.\nCamping on site.',
      location: 'Low Farm, Suffolk',
      eventDate: '2031-07-05T09:30:00.000Z',
    });
    const preview = previewOf((await anon.get(`/events/${event.id}`)).text)!;
    expect(preview).toContain(`data-path="/events/${event.id}"`);
    expect(preview).toContain('Summer rally at Low Farm');
    expect(preview).toContain('Two days on pasture.\nCamping on site.');
    expect(preview).toContain('Low Farm, Suffolk');
    // The UK's clock: 09:30 UTC is 10:30 BST.
    expect(preview).toContain('Saturday 5 July 2031 at 10:30');
    expect(preview).toContain('Upcoming Event');
    expect(preview).toContain(eventMessages.loginToJoin);
    expect(preview).not.toContain('field.lead@example.com');
    expect(previewOf((await anon.get(`/events/${event.uid}`)).text)).toContain('Summer rally at Low Farm');
    for (const url of ['/events/999999', '/events/not-an-id', '/events/create', `/events/${event.id}/edit`]) {
      expect(previewOf((await anon.get(url)).text), url).toBeNull();
    }
  });

  it('shows the hub with its own words and the newest stories; a story’s page with the whole story', async () => {
    const writer = (await signedIn(t, 'quiet.walker@example.com')).client;
    await shareStory(alice, { content: 'An older story about a wet Tuesday in the shed.' });
    const long = 'A long walk on the headland, and then another one. '.repeat(10).trim();
    const newest = await shareStory(writer, { content: long, yearsDetecting: 0 });
    const res = await anon.get('/wellbeing');
    const preview = previewOf(res.text)!;
    expect(preview).toContain('data-path="/wellbeing"');
    expect(preview).toContain(MENTAL_BENEFITS[0]!.title);
    expect(preview).toContain('An older story about a wet Tuesday');
    expect(preview.indexOf(long)).toBeLessThan(preview.indexOf('An older story'));
    expect(preview).toContain('New to detecting');
    expect(preview).toContain('Read the whole story');
    expect(preview).not.toContain('quiet.walker@example.com');
    expect(modulePreloads(res.text)).toEqual([]);

    const story = previewOf((await anon.get(`/wellbeing/stories/${newest.id}`)).text)!;
    expect(story).toContain(`data-path="/wellbeing/stories/${newest.id}"`);
    expect(story).toContain(long);
    expect(story).not.toContain('Read the whole story');
    expect(story).not.toContain('quiet.walker@example.com');
    expect(previewOf((await anon.get('/wellbeing/stories/999999')).text)).toBeNull();
  });

  it('gives /ar-routes, /achievements and /social a layout shell the app ends at once, with their code', async () => {
    for (const [url, heading] of [
      ['/ar-routes', 'Location needed'],
      ['/achievements', 'Sign in to earn these badges'],
      ['/social', 'Social Dashboard'],
    ] as const) {
      const page = (await anon.get(url)).text;
      const preview = previewOf(page);
      expect(preview, url).toContain('data-shell="layout"');
      // No data-path: the app's first render ends it (web/src/lib/boot-shell.ts bootPreviewShows).
      expect(preview, url).not.toContain('data-path');
      expect(preview, url).toContain(heading);
      expect(modulePreloads(page), url).toHaveLength(1);
    }
    expect(previewOf((await anon.get('/ar-routes?x=1')).text)).toBeNull();
  });

  it("gives /map a full-bleed shell with the map's loading outline in the map's box, and its code", async () => {
    const page = (await anon.get('/map')).text;
    const preview = previewOf(page)!;
    expect(preview).toContain('data-shell="layout"');
    expect(preview).not.toContain('data-path');
    // index.css makes the shell a column the window's height around it, as the full-bleed layout is.
    expect(preview).toMatch(/^<div id="boot-preview" data-shell="layout" class="boot-full-bleed [^"]*flex-1/);
    // MapLoading's image (web/src/features/map/components/map-loading.tsx), so the app reuses it.
    expect(preview).toMatch(
      /<img src="\/images\/map-outline\.svg" alt="" fetchpriority="high" class="absolute inset-0 size-full object-cover/,
    );
    expect(preview).toContain('Detecting Map');
    expect(preview).not.toMatch(/<(a|button|input|select|h1)\b/);
    expect(modulePreloads(page)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/map-m1.js" fetchpriority="low" />',
    ]);
    // A linked position is the app's to show: the shell is the same, and never carries it.
    const linked = (await anon.get('/map?lat=52.123456&lng=-1.654321')).text;
    expect(previewOf(linked)).toBeNull();
    expect(linked).not.toContain('52.123456');
    expect(previewOf((await anon.get('/map/spots/1/letter')).text)).toBeNull();
  });

  it('never shows a private route, a spot or a position to an anonymous visitor', async () => {
    const secret = {
      name: 'Secret headland permission',
      description: 'Only mine to walk.',
      startLat: 52.987654,
      startLng: 1.123456,
      endLat: 52.99,
      endLng: 1.13,
      waypoints: [],
      estimatedDuration: 60,
      difficulty: 'easy',
      terrainType: 'Farmland',
      historicalPeriods: ['Roman'],
      isPublic: false,
    };
    expect((await alice.post('/api/routes', secret)).status).toBe(201);
    expect(
      (await alice.post('/api/routes', { ...secret, name: 'Shared Roman road walk', isPublic: true })).status,
    ).toBe(201);
    await createSpot(alice, { name: 'Hidden hoard field', latitude: 51.234567, longitude: -0.765432 });
    // Shared spots are on the map for every visitor, but read on the device, never written into the page.
    await createSpot(alice, {
      name: 'Shared beach spot',
      latitude: 50.345678,
      longitude: -4.876543,
      isPrivate: false,
    });
    for (const url of ['/events', '/wellbeing', '/ar-routes', '/achievements', '/social', '/map']) {
      const page = (await anon.get(url)).text;
      for (const hidden of [
        'Secret headland permission',
        // Public routes too: they are recommended around the visitor, never listed in the HTML.
        'Shared Roman road walk',
        '52.987654',
        'Hidden hoard field',
        '51.234567',
        '0.765432',
        'Shared beach spot',
        '50.345678',
        '4.876543',
      ])
        expect(page, `${url}: ${hidden}`).not.toContain(hidden);
    }
  });

  it('escapes what members wrote', async () => {
    await createEvent(alice, { title: '<img src=x onerror=alert(1)> dig', eventDate: daysFromNow(1) });
    await shareStory(alice, { content: 'A story with <script>alert("x")</script> inside it.' });
    const events = previewOf((await anon.get('/events')).text)!;
    expect(events).toContain('&lt;img src=x onerror=alert(1)&gt; dig');
    expect(events).not.toContain('<img');
    const hub = previewOf((await anon.get('/wellbeing')).text)!;
    expect(hub).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(hub).not.toContain('<script>');
  });
});
