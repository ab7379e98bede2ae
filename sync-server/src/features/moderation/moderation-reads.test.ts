/**
 * A record a moderator hid, on every REST read, the activity feed and the first-look HTML
 * (docs/moderation.md "Hidden records"): gone for a third member and a signed-out visitor (404 on its own
 * read, absent from lists and searches), present with `hiddenByModerator` for its author; restore brings it
 * back. Comments under a hidden record are hidden with it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_MARKER } from '../../lib/page-hints';
import { createTestApp, type TestApp } from '../../test/harness';
import { createFind, official, signedIn, type TestClient } from '../../sync/test-fixtures';

type Member = { client: TestClient; user: { id: number } };
type Row = { id: number; hiddenByModerator?: { reason: string } };
let t: TestApp;
let author: Member;
let other: Member;
let mod: Member;
let anon: TestClient;
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-moderation-'));

beforeAll(async () => {
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    `<!doctype html><html><head></head><body><div id="boot-shell">${PREVIEW_MARKER}</div><div id="root"></div></body></html>`,
  );
  t = await createTestApp({ WEB_DIR: webDir });
  author = await signedIn(t, 'hidden-author');
  other = await signedIn(t, 'third-member');
  mod = await signedIn(t, 'reads-moderator');
  anon = t.client();
  const boss = await official(t);
  expect((await boss.put(`/api/users/${mod.user.id}/role`, { role: 'moderator' })).status).toBe(200);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const REASON = 'Gives away a scheduled site';
async function act(action: 'hide' | 'restore', entity: string, id: number) {
  const res = await mod.client.post('/api/moderation/actions', { action, entity, id, reason: REASON });
  expect(res.status, res.text).toBe(201);
}
async function created<T = Row>(client: TestClient, url: string, body: Record<string, unknown>) {
  const res = await client.post(url, body);
  expect(res.status, res.text).toBe(201);
  return res.json as T;
}
/** The row with `id` in a list answer, or undefined. */
async function inList(client: TestClient, url: string, id: number): Promise<Row | undefined> {
  const res = await client.get(url);
  expect(res.status, `${url}: ${res.text}`).toBe(200);
  return (res.json as Row[]).find((row) => row.id === id);
}

/**
 * Hides the record, checks every read for the third member, the visitor and the author (the author's rows
 * carry the notice), restores it and checks the reads again.
 */
async function hiddenEverywhere(entity: string, id: number, one: string | null, lists: string[]) {
  const expectShown = async (shown: boolean) => {
    for (const client of [other.client, anon]) {
      if (one) expect((await client.get(one)).status, one).toBe(shown ? 200 : 404);
      for (const list of lists) expect(!!(await inList(client, list, id)), list).toBe(shown);
    }
    const notice = shown ? undefined : { reason: REASON };
    if (one) expect((await author.client.get(one)).json.hiddenByModerator, one).toEqual(notice);
    for (const list of lists)
      expect((await inList(author.client, list, id))?.hiddenByModerator, `author ${list}`).toEqual(notice);
  };
  await expectShown(true);
  await act('hide', entity, id);
  await expectShown(false);
  if (one) expect((await mod.client.get(one)).json.hiddenByModerator).toEqual({ reason: REASON });
  await act('restore', entity, id);
  await expectShown(true);
}

// Each test hides records of several kinds and reads them as three viewers before and after a restore:
// well under a second on SQLite, but many seconds on PostgreSQL under a full parallel run.
describe('hidden records on REST reads', { timeout: 60_000 }, () => {
  it('posts: the list, each sort and the search', async () => {
    const post = await created(author.client, '/api/posts', {
      title: 'Quernstone fragment',
      content: 'Found at the field edge.',
      categoryId: 1,
      imageUrl: null,
    });
    await hiddenEverywhere('posts', post.id, `/api/posts/${post.id}`, [
      '/api/posts?limit=100',
      '/api/posts?sort=popular&limit=100',
      '/api/posts?search=quernstone',
      '/api/posts?search=quernstone&sort=popular',
    ]);
  });

  it('stories: the list', async () => {
    const story = await created(author.client, '/api/stories', {
      content: 'Detecting got me through a long winter; a story for everyone.',
    });
    await hiddenEverywhere('stories', story.id, `/api/stories/${story.id}`, ['/api/stories?limit=100']);
  });

  it('events: one, the list and the search', async () => {
    const event = await created(author.client, '/api/events', {
      title: 'Stubble dig at Wymondham',
      description: 'Permission farmland, bring a spade.',
      location: 'Norfolk, UK',
      eventDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    await hiddenEverywhere('events', event.id, `/api/events/${event.id}`, [
      '/api/events?limit=100',
      '/api/events?filter=upcoming&limit=100',
      '/api/events?q=Wymondham',
    ]);
    // Its attendees go with it.
    const attendees = `/api/events/${event.id}/attendees`;
    await act('hide', 'events', event.id);
    for (const client of [other.client, anon]) expect((await client.get(attendees)).status).toBe(404);
    expect((await author.client.get(attendees)).status).toBe(200);
    await act('restore', 'events', event.id);
    expect((await other.client.get(attendees)).status).toBe(200);
  });

  it('groups: one, the list, the search and a member’s groups', async () => {
    const group = await created(author.client, '/api/groups', { name: 'Coastal Combers' });
    expect((await other.client.post(`/api/groups/${group.id}/join`, {})).status).toBe(201);
    await hiddenEverywhere('groups', group.id, `/api/groups/${group.id}`, [
      '/api/groups?limit=100',
      '/api/groups?q=coastal',
    ]);
    await act('hide', 'groups', group.id);
    expect(await inList(other.client, '/api/social/groups', group.id)).toBeUndefined();
    // Its members and requests go with it, but to its creator.
    for (const list of ['members', 'requests']) {
      expect((await other.client.get(`/api/groups/${group.id}/${list}`)).status).toBe(404);
      expect((await author.client.get(`/api/groups/${group.id}/${list}`)).status).toBe(200);
    }
    await act('restore', 'groups', group.id);
    expect(await inList(other.client, '/api/social/groups', group.id)).toBeDefined();
    expect((await other.client.get(`/api/groups/${group.id}/members`)).status).toBe(200);
  });

  it('shared spots: one, the list and near', async () => {
    const spot = await created(author.client, '/api/locations', {
      name: 'Stubble field by the church',
      latitude: 52.612345,
      longitude: 1.287654,
      type: 'Field',
      isShared: true,
    });
    await hiddenEverywhere('locations', spot.id, `/api/locations/${spot.id}`, [
      '/api/locations?limit=100',
      '/api/locations?near=52.61,1.28&radiusKm=10',
    ]);
  });

  it('public routes: one, the list and near', async () => {
    const route = await created(author.client, '/api/routes', {
      name: 'Headland loop',
      startLat: 52.6,
      startLng: 1.28,
      endLat: 52.61,
      endLng: 1.3,
      difficulty: 'easy',
      isPublic: true,
    });
    await hiddenEverywhere('routes', route.id, `/api/routes/${route.id}`, [
      '/api/routes?limit=100',
      '/api/routes?near=52.6,1.28&radiusKm=5',
    ]);
  });
});

describe('comments', { timeout: 60_000 }, () => {
  it('a hidden comment leaves every kind of comment list; its writer sees it with the notice', async () => {
    const find = await createFind(author.client, { title: 'Bronze Age palstave' });
    const post = await created(author.client, '/api/posts', {
      title: 'Palstave',
      content: 'Looped and ribbed.',
      categoryId: 1,
      imageUrl: null,
    });
    const event = await created(author.client, '/api/events', {
      title: 'Beach dig',
      description: 'Low tide, bring a scoop.',
      location: 'Norfolk, UK',
      eventDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    const story = await created(author.client, '/api/stories', {
      content: 'The hobby gave me friends; a story long enough to share.',
    });
    const group = await created(author.client, '/api/groups', { name: 'Palstave Hunters' });
    const parents: Array<[string, string, string]> = [
      ['find_comments', `/api/finds/${find.id}/comments`, `/api/finds/${find.id}/comments`],
      ['comments', '/api/comments', `/api/posts/${post.id}/comments`],
      ['event_comments', `/api/events/${event.id}/comments`, `/api/events/${event.id}/comments`],
      ['story_comments', `/api/stories/${story.id}/comments`, `/api/stories/${story.id}/comments`],
      ['group_comments', `/api/groups/${group.id}/comments`, `/api/groups/${group.id}/comments`],
    ];
    for (const [entity, addUrl, listUrl] of parents) {
      const comment = await created(author.client, addUrl, {
        content: 'Lovely patina on it.',
        postId: post.id,
      });
      await act('hide', entity, comment.id);
      for (const client of [other.client, anon])
        expect(await inList(client, listUrl, comment.id), `${entity} others`).toBeUndefined();
      expect((await inList(author.client, listUrl, comment.id))?.hiddenByModerator, entity).toEqual({
        reason: REASON,
      });
      await act('restore', entity, comment.id);
      expect(await inList(author.client, listUrl, comment.id), entity).toBeDefined();
      expect(await inList(anon, listUrl, comment.id), entity).toBeDefined();
    }
  });

  it('comments under a hidden record are hidden with it', async () => {
    const post = await created(author.client, '/api/posts', {
      title: 'Hidden thread',
      content: 'A thread about a find.',
      categoryId: 1,
      imageUrl: null,
    });
    const reply = await created(other.client, '/api/comments', {
      postId: post.id,
      content: 'Nice one, well found.',
    });
    await act('hide', 'posts', post.id);
    const url = `/api/posts/${post.id}/comments`;
    expect((await other.client.get(url)).status).toBe(404);
    expect((await anon.get(url)).status).toBe(404);
    expect(
      (await other.client.post('/api/comments', { postId: post.id, content: 'Again, well found.' })).status,
    ).toBe(404);
    expect(await inList(author.client, url, reply.id)).toBeDefined();
    expect(await inList(mod.client, url, reply.id)).toBeDefined();
    await act('restore', 'posts', post.id);
    expect(await inList(anon, url, reply.id)).toBeDefined();
  });
});

describe('the activity feed and profiles', { timeout: 60_000 }, () => {
  it('a hidden find and post leave a follower’s feed and the profile’s lists and counts', async () => {
    const follower = await signedIn(t, 'feed-follower');
    expect(
      (await follower.client.post('/api/social/follow', { targetUserId: author.user.id, action: 'follow' }))
        .status,
    ).toBe(200);
    const find = await createFind(author.client, { title: 'Feed brooch' });
    const feedHas = async (client: TestClient) =>
      ((await client.get('/api/social/feed')).json as { id: string }[]).some(
        (i) => i.id === `find:${find.id}`,
      );
    const profile = async (client: TestClient) =>
      (await client.get(`/api/users/${author.user.id}/profile`)).json as {
        finds: { id: number }[];
        stats: { finds: number };
      };
    const before = await profile(anon);
    expect(await feedHas(follower.client)).toBe(true);

    await act('hide', 'finds', find.id);
    expect(await feedHas(follower.client)).toBe(false);
    expect(await feedHas(author.client)).toBe(true);
    const hidden = await profile(anon);
    expect(hidden.stats.finds).toBe(before.stats.finds - 1);
    expect(hidden.finds.some((f) => f.id === find.id)).toBe(false);
    expect((await profile(author.client)).stats.finds).toBe(before.stats.finds);

    await act('restore', 'finds', find.id);
    expect(await feedHas(follower.client)).toBe(true);
    expect((await profile(anon)).stats.finds).toBe(before.stats.finds);
  });
});

describe('first looks', { timeout: 60_000 }, () => {
  it('a hidden record leaves the first looks of lists, and its own page has none', async () => {
    const find = await createFind(author.client, { title: 'Zoomorphic strap end' });
    const post = await created(author.client, '/api/posts', {
      title: 'Zoomorphic buckle plate',
      content: 'Post content here.',
      categoryId: 1,
      imageUrl: null,
    });
    const event = await created(author.client, '/api/events', {
      title: 'Zoomorphic rally',
      description: 'A rally.',
      location: 'Norfolk, UK',
      eventDate: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const story = await created(author.client, '/api/stories', {
      content: 'Zoomorphic dreams: a story long enough to be shared.',
    });
    const pages: Array<[string, number, string, string]> = [
      ['finds', find.id, '/finds', `/finds/${find.id}`],
      ['posts', post.id, '/forum', `/forum/post/${post.id}`],
      ['events', event.id, '/events', `/events/${event.id}`],
      ['stories', story.id, '/wellbeing', `/wellbeing/stories/${story.id}`],
    ];
    const shows = async (url: string) => (await anon.get(url)).text.includes('Zoomorphic');
    for (const [entity, id, list, one] of pages) {
      expect(await shows(list), list).toBe(true);
      expect(await shows(one), one).toBe(true);
      await act('hide', entity, id);
      expect(await shows(list), list).toBe(false);
      expect(await shows(one), one).toBe(false);
      await act('restore', entity, id);
      expect(await shows(one), one).toBe(true);
    }
  });
});
