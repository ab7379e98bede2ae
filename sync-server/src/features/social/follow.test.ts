/**
 * Follow, connections and stats (docs/product/social.md "API calls"): every path tried by a signed-out
 * visitor, a stranger, a follower and the member followed, on the engine the run names (DB_ENGINE).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialMessages } from '@schema/contracts/social';
import { createTestApp, type TestApp } from '../../test/harness';
import { signedIn, type TestClient } from '../../sync/test-fixtures';
import { errorOf, followAs } from './test-fixtures';

type Member = { client: TestClient; user: { id: number; username: string } };
let t: TestApp;
let member: Member;
let follower: Member;
let stranger: Member;
let anon: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  member = await signedIn(t, 'member');
  follower = await signedIn(t, 'follower');
  stranger = await signedIn(t, 'stranger');
  anon = t.client();
});
afterAll(() => t.close());

const connectionRows = () =>
  t.sql(
    'SELECT follower_id AS "followerId", following_id AS "followingId" FROM user_connections ORDER BY id',
  );

describe('POST /api/social/follow', () => {
  it('anonymous: 401 with the sign-in text, nothing stored', async () => {
    expect(errorOf(await followAs(anon, member.user.id))).toEqual([401, socialMessages.authRequired]);
    expect(await connectionRows()).toEqual([]);
  });

  it('following yourself is a 400; an unknown member a 404; a bad action a 400', async () => {
    expect(errorOf(await followAs(member.client, member.user.id))).toEqual([400, socialMessages.followSelf]);
    expect(errorOf(await followAs(member.client, 999_999))).toEqual([404, socialMessages.userNotFound]);
    expect(errorOf(await followAs(member.client, follower.user.id, 'like'))).toEqual([
      400,
      socialMessages.actionInvalid,
    ]);
    expect(errorOf(await followAs(member.client, undefined))).toEqual([400, socialMessages.targetRequired]);
    expect(await connectionRows()).toEqual([]);
  });

  it('a follow is the session member’s, whatever userId says, and is idempotent', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await followAs(follower.client, member.user.id, 'follow', { userId: stranger.user.id });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ success: true, message: socialMessages.updated, isFollowing: true });
    }
    expect(await connectionRows()).toEqual([{ followerId: follower.user.id, followingId: member.user.id }]);
  });

  it('unfollow removes it, and again changes nothing', async () => {
    await followAs(stranger.client, member.user.id);
    for (let i = 0; i < 2; i++) {
      const res = await followAs(stranger.client, member.user.id, 'unfollow');
      expect(res.json).toMatchObject({ isFollowing: false });
    }
    expect(await connectionRows()).toEqual([{ followerId: follower.user.id, followingId: member.user.id }]);
  });
});

describe('GET /api/social/connections and /api/social/stats', () => {
  it('anonymous: 401 on both', async () => {
    expect(errorOf(await anon.get('/api/social/connections'))).toEqual([401, socialMessages.authRequired]);
    expect(errorOf(await anon.get('/api/social/stats'))).toEqual([401, socialMessages.authRequired]);
  });

  it('the member sees their follower; the follower sees whom they follow; a stranger sees only their own', async () => {
    const mine = await member.client.get('/api/social/connections');
    expect(mine.json).toEqual({
      following: [],
      followers: [expect.objectContaining({ id: follower.user.id, username: 'follower' })],
    });
    // Public fields only: never an e-mail address (docs/privacy.md).
    expect(JSON.stringify(mine.json)).not.toContain('@example.com');
    const theirs = await follower.client.get('/api/social/connections');
    expect(theirs.json).toEqual({
      following: [expect.objectContaining({ id: member.user.id, connectionUid: expect.any(String) })],
      followers: [],
    });
    expect((await stranger.client.get('/api/social/connections')).json).toEqual({
      following: [],
      followers: [],
    });
  });

  it('stats are counted by the server for the caller', async () => {
    await t.sql(
      "INSERT INTO finds (uid, title, user_id, image_url) VALUES ('f-1', 'Buckle', ?, '/x.jpg'), ('f-2', 'Coin', ?, '/y.jpg')",
      member.user.id,
      member.user.id,
    );
    expect((await member.client.get('/api/social/stats')).json).toEqual({
      followers: 1,
      following: 0,
      posts: 0,
      finds: 2,
    });
    expect((await follower.client.get('/api/social/stats')).json).toEqual({
      followers: 0,
      following: 1,
      posts: 0,
      finds: 0,
    });
    // A stranger's tiles are their own: none of the above counts for them.
    await stranger.client.post('/api/posts', {
      title: 'Stranger asks',
      content: 'Anyone near Thetford?',
      categoryId: 1,
      imageUrl: null,
    });
    expect((await stranger.client.get('/api/social/stats')).json).toEqual({
      followers: 0,
      following: 0,
      posts: 1,
      finds: 0,
    });
  });
});

describe('GET /api/users/{id}/profile', () => {
  it('anyone reads public fields, stats and finds without coordinates; isFollowing is the caller’s', async () => {
    const seen = await anon.get(`/api/users/${member.user.id}/profile`);
    expect(seen.status).toBe(200);
    expect(seen.json).toMatchObject({
      id: member.user.id,
      username: 'member',
      stats: { followers: 1, finds: 2 },
      isFollowing: false,
    });
    expect(JSON.stringify(seen.json)).not.toMatch(/latitude|longitude|@example\.com/);
    expect((await follower.client.get(`/api/users/${member.user.id}/profile`)).json).toMatchObject({
      isFollowing: true,
    });
    expect((await stranger.client.get(`/api/users/${member.user.id}/profile`)).json).toMatchObject({
      isFollowing: false,
    });
    expect(errorOf(await anon.get('/api/users/999999/profile'))).toEqual([404, socialMessages.userNotFound]);
    expect(errorOf(await anon.get('/api/users/abc/profile'))).toEqual([404, socialMessages.userNotFound]);
  });
});

describe('GET /api/social/following and /api/social/connections/{id}', () => {
  it('following: 401 signed out; a member’s own follows as records; a stranger’s list is theirs', async () => {
    expect(errorOf(await anon.get('/api/social/following'))).toEqual([401, socialMessages.authRequired]);
    const mine = await follower.client.get('/api/social/following');
    expect(mine.json).toEqual([
      expect.objectContaining({
        followerId: follower.user.id,
        followingId: member.user.id,
        status: 'pending',
      }),
    ]);
    expect((await stranger.client.get('/api/social/following')).json).toEqual([]);
    expect((await member.client.get('/api/social/following')).json).toEqual([]);
  });

  it('one connection by id or uid, to anyone (follows are public); an unknown one is a 404', async () => {
    const [connection] = (await follower.client.get('/api/social/following')).json as {
      id: number;
      uid: string;
    }[];
    for (const ref of [connection?.id, connection?.uid])
      expect((await anon.get(`/api/social/connections/${ref}`)).json).toMatchObject({
        followerId: follower.user.id,
        followingId: member.user.id,
      });
    expect(errorOf(await anon.get('/api/social/connections/999999'))).toEqual([
      404,
      socialMessages.connectionNotFound,
    ]);
  });
});
