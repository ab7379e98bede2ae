/**
 * A username that looks like an e-mail address reaches nobody but its member in full (docs/privacy.md,
 * docs/product/accounts.md): a member signs up as `jonathan.smith@example.co.uk`, writes something of
 * every kind, and every list, detail, search, first look and pull answer is read raw — as a visitor signed
 * out and as another member — for any trace of the address. The member still reads their own name.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PinRef, PullEntity } from '@schema/contracts/sync';
import { eventBody } from './features/events/test-fixtures';
import { postBody } from './features/forum/test-fixtures';
import { spotBody } from './features/locations/test-fixtures';
import { storyBody } from './features/stories/test-fixtures';
import { PREVIEW_MARKER } from './lib/page-hints';
import { createTestApp, type TestApp } from './test/harness';
import { createFind, pullAll, signedIn, type TestClient } from './sync/test-fixtures';

const NAME = 'jonathan.smith@example.co.uk';
const MASKED = 'jon***@e***.uk';
/** What must never show: the address, its parts, or its URL-encoded form (an avatar's address). */
const TRACES = ['jonathan', 'smith', 'example.co.uk', 'example.co', '%40example'];
const tracesIn = (body: string) => TRACES.filter((trace) => body.toLowerCase().includes(trace));

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-masked-'));
let t: TestApp;
let jonathan: { client: TestClient; id: number };
let other: { client: TestClient; user: { id: number } };
let anon: TestClient;
const ids: Record<string, number> = {};
const pins: PinRef[] = [];

async function created(client: TestClient, url: string, body: unknown, pin?: PullEntity) {
  const res = await client.post(url, body);
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${res.text}`);
  const record = res.json as { id: number; uid?: string };
  if (pin && record.uid) pins.push({ entity: pin, uid: record.uid });
  return record;
}

beforeAll(async () => {
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    `<!doctype html><html><head></head><body><div id="boot-shell">${PREVIEW_MARKER}</div><div id="root"></div></body></html>`,
  );
  t = await createTestApp({ WEB_DIR: webDir });
  anon = t.client();
  other = await signedIn(t, 'other');
  const client = t.client();
  // Signed up as people do when they take their address for a name.
  const res = await client.post('/api/users/register', {
    username: NAME,
    email: NAME,
    password: 'a-good-password',
  });
  expect(res.status).toBe(201);
  jonathan = { client, id: (res.json as { id: number }).id };

  const find = await createFind(client, { title: 'Roman brooch' });
  pins.push({ entity: 'finds', uid: find.uid });
  ids.find = find.id;
  ids.post = (await created(client, '/api/posts', postBody(), 'posts')).id;
  ids.event = (await created(client, '/api/events', eventBody(), 'events')).id;
  ids.story = (await created(client, '/api/stories', storyBody(), 'stories')).id;
  ids.route = (await created(client, '/api/routes', routeBody, 'routes')).id;
  ids.spot = (await created(client, '/api/locations', spotBody({ isShared: true }), 'locations')).id;
  ids.group = (await created(client, '/api/groups', { name: 'Norfolk Diggers' }, 'groups')).id;
  await created(client, `/api/finds/${ids.find}/comments`, { content: 'Found it by the hedge.' });
  await created(client, '/api/comments', { postId: ids.post, content: 'A reply of my own.' });
  await created(client, `/api/events/${ids.event}/comments`, { content: 'See you all there.' });
  await created(client, `/api/stories/${ids.story}/comments`, { content: 'Still true a year on.' });
  expect((await client.post(`/api/events/${ids.event}/attend`)).status).toBeLessThan(300);
  // The other member joins the group, so both read its members and its discussion.
  expect((await other.client.post(`/api/groups/${ids.group}/join`)).status).toBeLessThan(300);
  await created(client, `/api/groups/${ids.group}/comments`, { content: 'Welcome, everyone.' });
  await created(client, `/api/events/${ids.event}/comments`, { content: 'Bring a spade.' });
  expect(
    (await other.client.post('/api/social/follow', { targetUserId: jonathan.id, action: 'follow' })).status,
  ).toBeLessThan(300);
  expect(
    (await client.post('/api/social/follow', { targetUserId: other.user.id, action: 'follow' })).status,
  ).toBeLessThan(300);
  ids.message = (
    await created(client, '/api/social/messages', { receiverId: other.user.id, content: 'Hello!' })
  ).id;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const routeBody = {
  name: 'Roman road to the ford',
  description: 'Along the agger, past the villa field.',
  startLat: 52.6,
  startLng: 1.28,
  endLat: 52.61,
  endLng: 1.3,
  waypoints: [],
  estimatedDuration: 90,
  difficulty: 'moderate',
  terrainType: 'Farmland',
  historicalPeriods: ['Roman'],
  isPublic: true,
};

/** Every read a visitor or member can make that shows the member or what they wrote. */
const publicReads = () => [
  '/api/finds',
  `/api/finds/${ids.find}`,
  `/api/finds/${ids.find}/comments`,
  '/api/finds?q=Roman',
  '/api/posts',
  `/api/posts/${ids.post}`,
  `/api/posts/${ids.post}/comments`,
  '/api/events',
  `/api/events/${ids.event}`,
  `/api/events/${ids.event}/attendees`,
  `/api/events/${ids.event}/comments`,
  '/api/stories',
  `/api/stories/${ids.story}`,
  `/api/stories/${ids.story}/comments`,
  '/api/routes',
  `/api/routes/${ids.route}`,
  '/api/locations',
  `/api/locations/${ids.spot}`,
  '/api/groups',
  `/api/groups/${ids.group}`,
  `/api/groups/${ids.group}/members`,
  '/api/users',
  `/api/users/${jonathan.id}`,
  `/api/users/${jonathan.id}/profile`,
  `/api/users/${jonathan.id}/achievements`,
  '/api/community/members',
  '/api/badges',
  '/finds',
  `/finds/${ids.find}`,
  '/forum',
  `/forum/post/${ids.post}`,
];

/** What only a signed-in member reads: their groups, the discussion, the feed, connections, messages. */
const memberReads = () => [
  `/api/groups/${ids.group}/comments`,
  '/api/social/groups',
  '/api/social/feed',
  '/api/social/connections',
  '/api/social/following',
  '/api/social/messages',
  `/api/social/messages?with=${jonathan.id}`,
  `/api/social/messages/${ids.message}`,
];

/** Each read that failed or showed a trace of the address, with what it showed. */
async function leaksFor(client: TestClient, urls: string[]) {
  const leaks: string[] = [];
  for (const url of urls) {
    const res = await client.get(url);
    if (res.status !== 200) leaks.push(`${url}: ${res.status}`);
    else if (tracesIn(res.text).length > 0) leaks.push(`${url}: ${tracesIn(res.text).join(', ')}`);
  }
  return leaks;
}

describe('a name that looks like an e-mail address', () => {
  it('reaches a visitor signed out nowhere in full: lists, details, comments, search and first looks', async () => {
    expect(await leaksFor(anon, publicReads())).toEqual([]);
    const finds = (await anon.get('/api/finds')).json as Array<{ userId: number; username: string }>;
    expect(finds.find((f) => f.userId === jonathan.id)?.username).toBe(MASKED);
    // The first looks are really written (they name the author), masked.
    expect((await anon.get(`/forum/post/${ids.post}`)).text).toContain(MASKED);
  });

  it('reaches another member nowhere in full, the social pages included', async () => {
    expect(await leaksFor(other.client, [...publicReads(), ...memberReads()])).toEqual([]);
  });

  it('travels masked in every pull, whatever the scope or pin', async () => {
    // The other member was also told of Jonathan's acts: their notifications name him, masked.
    for (const [client, own] of [
      [anon, []],
      [other.client, ['notifications']],
    ] as const) {
      const pulled = await pullAll(client, { pins, limit: 2000 });
      const masked = pulled.changes.filter((c) => JSON.stringify(c.data ?? {}).includes(MASKED));
      expect(new Set(masked.map((c) => c.entity))).toEqual(
        new Set([
          'users',
          ...['finds', 'posts', 'events', 'stories', 'routes', 'locations', 'groups'],
          ...['find_comments', 'comments', 'event_comments', 'story_comments', 'group_comments'],
          ...own,
        ]),
      );
      expect(tracesIn(JSON.stringify(pulled.changes))).toEqual([]);
    }
  });

  it('is never confirmed by a lookup by name or a search; the id still finds the member', async () => {
    for (const client of [anon, other.client]) {
      for (const guess of [NAME, NAME.toUpperCase(), MASKED]) {
        const res = await client.get(`/api/users/by-username/${encodeURIComponent(guess)}`);
        expect(res.status, guess).toBe(404);
        expect(tracesIn(res.text)).toEqual([]);
      }
      for (const q of ['smith', 'jonathan', 'example.co.uk', '@']) {
        const res = await client.get(`/api/users?q=${encodeURIComponent(q)}`);
        expect(
          (res.json as Array<{ id: number }>).map((u) => u.id),
          q,
        ).not.toContain(jonathan.id);
      }
      const byId = await client.get(`/api/users/${jonathan.id}`);
      expect(byId.json).toMatchObject({ id: jonathan.id, username: MASKED });
    }
    const nobody = await anon.get(`/api/users/by-username/${encodeURIComponent('nobody@example.com')}`);
    expect([nobody.status, nobody.json?.message]).toEqual([
      404,
      (await anon.get('/api/users/by-username/nobody-here')).json?.message,
    ]);
  });

  it('is shown in full to the member themself, on REST and in their pull', async () => {
    const own = jonathan.client;
    expect(
      ((await own.get(`/api/users/by-username/${encodeURIComponent(NAME)}`)).json as { id: number }).id,
    ).toBe(jonathan.id);
    for (const url of [
      `/api/finds/${ids.find}`,
      `/api/posts/${ids.post}`,
      `/api/events/${ids.event}`,
      `/api/events/${ids.event}/attendees`,
      `/api/stories/${ids.story}`,
      `/api/routes/${ids.route}`,
      `/api/locations/${ids.spot}`,
      `/api/groups/${ids.group}`,
      `/api/groups/${ids.group}/members`,
      `/api/groups/${ids.group}/comments`,
      `/api/finds/${ids.find}/comments`,
      '/api/social/feed',
    ]) {
      const res = await own.get(url);
      expect(res.status, url).toBe(200);
      expect(res.text, url).toContain(NAME);
    }
    const pulled = await pullAll(own, { pins, limit: 2000 });
    const finds = pulled.changes.filter((c) => c.entity === 'finds' && c.id === ids.find);
    expect(finds[0]?.data).toMatchObject({ username: NAME });
  });
});
