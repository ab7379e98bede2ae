/**
 * Follows in pulls (docs/product/social.md "Offline"; PROTOCOL.md S13, S26): the follower pulls their
 * follow in `own` and its tombstone after an unfollow; when the member followed deletes their account the
 * follow vanishes with it and reaches the follower's devices as a tombstone. The member followed and a
 * stranger never hear of it in `own`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { deleteOwnAccount, pullScopes, signedIn, type TestClient } from '../../sync/test-fixtures';
import { followAs } from './test-fixtures';

type Member = { client: TestClient; user: { id: number } };
let t: TestApp;
let follower: Member;
let stranger: Member;

beforeAll(async () => {
  t = await createTestApp();
  follower = await signedIn(t, 'follower');
  stranger = await signedIn(t, 'stranger');
});
afterAll(() => t.close());

const ownConnections = async (client: TestClient, cursor = '') => {
  const { changes, cursors } = await pullScopes(client, { own: cursor });
  return { changes: changes.filter((c) => c.entity === 'user_connections'), cursor: cursors.own ?? '' };
};

describe('user_connections in pulls', () => {
  it('the follower pulls the follow and, after an unfollow, its tombstone; others never hear of it', async () => {
    const followed = await signedIn(t, 'followed');
    await followAs(follower.client, followed.user.id);
    const first = await ownConnections(follower.client);
    expect(first.changes).toEqual([
      expect.objectContaining({
        op: 'upsert',
        data: expect.objectContaining({ followerId: follower.user.id, followingId: followed.user.id }),
      }),
    ]);
    for (const other of [followed, stranger])
      expect((await ownConnections(other.client)).changes).toEqual([]);
    await followAs(follower.client, followed.user.id, 'unfollow');
    expect((await ownConnections(follower.client, first.cursor)).changes).toEqual([
      expect.objectContaining({ op: 'delete', uid: first.changes[0]?.uid }),
    ]);
  });

  it('the member followed deletes their account: the follow reaches the follower as a tombstone', async () => {
    const leaving = await signedIn(t, 'leaving');
    await followAs(follower.client, leaving.user.id);
    const before = await ownConnections(follower.client);
    const uid = before.changes.find((c) => c.op === 'upsert')?.uid;
    expect(uid).toBeDefined();
    expect((await deleteOwnAccount(leaving.client, leaving.user.id)).status).toBe(200);
    expect((await ownConnections(follower.client, before.cursor)).changes).toEqual([
      expect.objectContaining({ op: 'delete', uid }),
    ]);
    expect(await t.sql('SELECT * FROM user_connections WHERE following_id = ?', leaving.user.id)).toEqual([]);
  });
});
