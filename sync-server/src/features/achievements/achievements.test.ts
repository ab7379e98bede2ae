/**
 * Achievements earned from real activity (docs/product/achievements.md, the README's criteria table): for
 * each one, the activity through REST and as a pushed offline write, its threshold minus one (still
 * locked), and deleting the activity afterwards (still unlocked). Unlocks are read back as another caller
 * sees them, which evaluates nothing: what is earned was unlocked by the write itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACHIEVEMENTS, type Achievement } from '@schema/contracts/achievements';
import { createTestApp, type TestApp } from '../../test/harness';
import { mutation, newUid, signedIn } from '../../sync/test-fixtures';
import { EARLY_BIRD_MEMBERS, PROGRESS } from './progress';
import {
  comment,
  del,
  earnedIds,
  makeEvent,
  makeFind,
  makePost,
  makeSpot,
  makeStory,
  mark,
  ownView,
  periods,
  pushOne,
  type Member,
  type Via,
} from './test-fixtures';

let t: TestApp;
let other: Member;
let members = 0;

beforeAll(async () => {
  t = await createTestApp();
  other = await signedIn(t, 'other');
});
afterAll(() => t.close());

const fresh = () => signedIn(t, `member${++members}`);

/**
 * One achievement's story: `act(i)` does the i-th earning activity and answers the path that deletes it.
 * `setup` prepares what the activity needs (another member's post to comment on).
 */
interface Case {
  id: string;
  act: (member: Member, via: Via, i: number) => Promise<string>;
}

const cases: Case[] = [
  { id: 'first-treasure', act: async (m, via, i) => `/api/finds/${await makeFind(t, via, m.client, i)}` },
  { id: 'treasure-hunter', act: async (m, via, i) => `/api/finds/${await makeFind(t, via, m.client, i)}` },
  {
    id: 'historian',
    act: async (m, via, i) => `/api/finds/${await makeFind(t, via, m.client, i, periods[i] ?? 'Roman')}`,
  },
  { id: 'first-post', act: async (m, via, i) => `/api/posts/${await makePost(via, m.client, i)}` },
  { id: 'conversation-starter', act: async (m, via, i) => `/api/posts/${await makePost(via, m.client, i)}` },
  {
    id: 'forum-helper',
    act: async (m, via) => {
      const postUid = await makePost('rest', other.client);
      return `/api/comments/${await comment(via, m.client, postUid)}`;
    },
  },
  { id: 'map-explorer', act: async (m, via, i) => `/api/locations/${await makeSpot(via, m.client, i)}` },
  {
    id: 'pathfinder',
    act: async (m, via, i) => {
      const eventUid = await makeEvent('rest', other.client, i);
      await mark(via, m.client, 'events', eventUid);
      return `/api/events/${eventUid}/join`;
    },
  },
  { id: 'wellbeing-advocate', act: async (m, via) => `/api/stories/${await makeStory(via, m.client)}` },
];

describe.each(cases)('$id', ({ id, act }) => {
  const goal = ACHIEVEMENTS.find((x) => x.id === id)?.goal ?? 0;

  it.each<Via>(['rest', 'push'])(
    'unlocks at its goal through %s, not before, and stays when the activity is deleted',
    async (via) => {
      const member = await fresh();
      const undo: string[] = [];
      for (let i = 0; i < goal - 1; i++) undo.push(await act(member, via, i));
      expect(await earnedIds(t, member.user.id)).not.toContain(id);
      expect(await ownView(member, id)).toMatchObject({
        isUnlocked: false,
        progress: goal - 1,
        maxProgress: goal,
      });

      undo.push(await act(member, via, goal - 1));
      expect(await earnedIds(t, member.user.id)).toContain(id);

      for (const path of undo) await del(member.client, path);
      expect(await earnedIds(t, member.user.id)).toContain(id);
      expect(await ownView(member, id)).toMatchObject({ isUnlocked: true, progress: goal });
    },
  );
});

describe('forum-helper', () => {
  it('counts comments on other members’ posts only', async () => {
    const member = await fresh();
    const own = await makePost('rest', member.client);
    for (let i = 0; i < 12; i++) await comment('rest', member.client, own);
    expect(await ownView(member, 'forum-helper')).toMatchObject({ isUnlocked: false, progress: 0 });
  });
});

describe('historian', () => {
  it('counts distinct periods, not finds', async () => {
    const member = await fresh();
    for (let i = 0; i < 6; i++) await makeFind(t, 'rest', member.client, i, i < 3 ? 'Roman' : periods[i - 3]);
    expect(await ownView(member, 'historian')).toMatchObject({ isUnlocked: false, progress: 4 });
  });
});

describe('community-leader', () => {
  /** 50 likes: five members each like the member's 8 posts, a find and a story (10 parents). */
  it.each<Via>(['rest', 'push'])(
    'unlocks at the 50th like received through %s and stays when likes are taken back',
    async (via) => {
      const member = await fresh();
      const parents: ['finds' | 'posts' | 'stories', string][] = [
        ['finds', await makeFind(t, 'rest', member.client, 1)],
        ['stories', await makeStory('rest', member.client)],
      ];
      for (let i = 0; i < 8; i++) parents.push(['posts', await makePost('rest', member.client, i)]);
      const likers = await Promise.all([1, 2, 3, 4, 5].map(() => fresh()));
      const likes = likers.flatMap((liker) => parents.map(([kind, uid]) => ({ liker, kind, uid })));
      const last = likes.pop();
      for (const like of likes) await mark(via, like.liker.client, like.kind, like.uid);
      expect(await ownView(member, 'community-leader')).toMatchObject({ isUnlocked: false, progress: 49 });

      if (!last) throw new Error('no like left');
      await mark(via, last.liker.client, last.kind, last.uid);
      expect(await earnedIds(t, member.user.id)).toContain('community-leader');

      await del(last.liker.client, `/api/${last.kind}/${last.uid}/like`);
      expect(await earnedIds(t, member.user.id)).toContain('community-leader');
    },
  );

  it('does not count likes the member gives', async () => {
    const member = await fresh();
    const postUid = await makePost('rest', other.client);
    await mark('rest', member.client, 'posts', postUid);
    expect(await ownView(member, 'community-leader')).toMatchObject({ progress: 0 });
  });
});

describe('early-bird (secret)', () => {
  it('is earned on registering as one of the first 100 members, and reads ??? to those without it', async () => {
    const client = t.client();
    const res = await client.post('/api/users/register', {
      username: 'earlyone',
      email: 'earlyone@example.com',
      password: 'early-password',
    });
    expect(res.status).toBe(201);
    const { id } = res.json as { id: number };
    expect(await earnedIds(t, id)).toContain('early-bird');

    const anonymous = (await t.client().get('/api/achievements')).json as Achievement[];
    expect(anonymous.find((x) => x.id === 'early-bird')).toMatchObject({
      name: '???',
      description: '???',
      isSecret: true,
      isUnlocked: false,
    });
    const mine = (await client.get('/api/achievements')).json as Achievement[];
    expect(mine.find((x) => x.id === 'early-bird')).toMatchObject({ name: 'Early Bird', isUnlocked: true });
  });

  it('is not earned by the 101st member: ids are never reused, so above 100 joined later', async () => {
    expect(await PROGRESS['early-bird']?.(t.db, EARLY_BIRD_MEMBERS)).toBe(1);
    expect(await PROGRESS['early-bird']?.(t.db, EARLY_BIRD_MEMBERS + 1)).toBe(0);
  });
});

describe('route-master', () => {
  const route = async (client: Member['client'], i: number) => {
    const res = await client.post('/api/routes', {
      name: `Achievement route ${i}`,
      startLat: 52.6,
      startLng: 1.28,
      endLat: 52.61,
      endLng: 1.3,
      difficulty: 'easy',
    });
    if (res.status !== 201) throw new Error(`create route: ${res.status} ${res.text}`);
    return res.json as { id: number; uid: string };
  };
  const complete = async (via: Via, member: Member, routeUid: string) => {
    if (via === 'push')
      return pushOne(member.client, mutation('route_completions', 'create', newUid(), { routeUid }));
    const res = await member.client.post(`/api/routes/${routeUid}/complete`, {});
    if (res.status >= 300) throw new Error(`complete: ${res.status} ${res.text}`);
  };

  it.each<Via>(['rest', 'push'])(
    'via %s: two distinct routes (one walked twice) stay locked, the third unlocks, deleting it does not relock',
    async (via) => {
      const member = await fresh();
      const routes = [
        await route(member.client, 1),
        await route(member.client, 2),
        await route(member.client, 3),
      ];
      await complete(via, member, routes[0]!.uid);
      await complete(via, member, routes[0]!.uid);
      await complete(via, member, routes[1]!.uid);
      expect(await earnedIds(t, member.user.id)).not.toContain('route-master');
      await complete(via, member, routes[2]!.uid);
      expect(await earnedIds(t, member.user.id)).toContain('route-master');
      await del(member.client, `/api/routes/${routes[2]!.uid}`);
      expect(await earnedIds(t, member.user.id)).toContain('route-master');
    },
  );
});

describe('GET /api/users/{id}/achievements', () => {
  it('answers 404 for a member who does not exist, and hides progress from others', async () => {
    expect((await t.client().get('/api/users/999999/achievements')).status).toBe(404);
    const member = await fresh();
    await makePost('rest', member.client);
    const seen = (await other.client.get(`/api/users/${member.user.id}/achievements`)).json as Achievement[];
    expect(seen.map((x) => x.id)).toEqual(['first-post']);
    expect(seen[0]).toMatchObject({ isUnlocked: true, progress: 1 });
  });
});
