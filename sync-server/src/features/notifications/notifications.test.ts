/**
 * The member's notifications over REST and sync (docs/notifications.md "What notifies"): GET
 * /api/notifications (signed in, newest first, paged, with the unread count), POST
 * /api/notifications/read (those ids of the member's, or all), PATCH /api/notifications/{id}, and the
 * `notifications` entity: pulled by their member alone, read state updated from a device, never created
 * or deleted by one. On the engine the run names (DB_ENGINE).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationsPage, NotificationWire } from '@schema/contracts/notifications';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  mutation,
  newUid,
  pullAll,
  pullScopes,
  push,
  signedIn,
  type TestClient,
} from '../../sync/test-fixtures';
import { notificationTexts } from './service';

type Member = { client: TestClient; user: { id: number; username: string } };
let t: TestApp;
let alice: Member;
let bob: Member;
let fans: Member[];

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedIn(t, 'alice');
  bob = await signedIn(t, 'bob');
  fans = [];
  // Five follows of Alice, one of Bob: a notification each.
  for (let i = 0; i < 5; i++) fans.push(await signedIn(t, `fan${i}`));
  for (const fan of fans)
    await fan.client.post('/api/social/follow', { targetUserId: alice.user.id, action: 'follow' });
  await fans[0]!.client.post('/api/social/follow', { targetUserId: bob.user.id, action: 'follow' });
});
afterAll(() => t.close());

const follows = (list: NotificationWire[]) => list.filter((n) => n.kind === 'follow');
const page = async (client: TestClient, query = '') => {
  const res = await client.get(`/api/notifications${query}`);
  expect(res.status).toBe(200);
  return res.json as NotificationsPage;
};

describe('GET /api/notifications', () => {
  it('signed out: 401', async () => {
    const res = await t.client().get('/api/notifications');
    expect([res.status, res.json.message]).toEqual([401, notificationTexts.signIn]);
    expect((await t.client().post('/api/notifications/read', {})).status).toBe(401);
  });

  it('the member’s own only, newest first, paged by cursor, with the unread count', async () => {
    const all = await page(alice.client, '?limit=200');
    const mine = follows(all.notifications);
    expect(mine.map((n) => n.actorId)).toEqual(fans.map((f) => f.user.id).reverse());
    expect(mine[0]).toMatchObject({
      title: `${fans[4]!.user.username} started following you`,
      readAt: null,
      count: 1,
    });
    expect(all.unread).toBe(all.notifications.length);
    const seen: number[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const next: NotificationsPage = await page(
        alice.client,
        `?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(next.notifications.length).toBeLessThanOrEqual(2);
      seen.push(...next.notifications.map((n) => n.id));
      cursor = next.nextCursor;
    }
    expect(seen).toEqual(all.notifications.map((n) => n.id));
    expect(follows((await page(bob.client)).notifications).map((n) => n.actorId)).toEqual([fans[0]!.user.id]);
  });

  it('answers { notifications, unread, nextCursor }, each notification with exactly the documented fields', async () => {
    const dave = await signedIn(t, 'dave');
    const fan = fans[1]!;
    const startedAt = Date.now();
    await fan.client.post('/api/social/follow', { targetUserId: dave.user.id, action: 'follow' });
    const res = await dave.client.get('/api/notifications');
    expect(res.status).toBe(200);
    const [row] = await t.sql('SELECT id, uid FROM notifications WHERE user_id = ?', dave.user.id);
    // The issue's fields plus `uid` (the synced entity's key) and `count` (likes batched into one row), as
    // docs/notifications.md "On the server: REST and sync" lists them; no other key.
    expect(res.json).toStrictEqual({
      notifications: [
        {
          id: Number(row?.id),
          uid: row?.uid,
          kind: 'follow',
          actorId: fan.user.id,
          entity: 'users',
          entityId: fan.user.id,
          title: `${fan.user.username} started following you`,
          body: '',
          url: `/users/${fan.user.id}`,
          count: 1,
          createdAt: expect.any(String),
          readAt: null,
        },
      ],
      unread: 1,
      nextCursor: null,
    });
    const createdAt = (res.json as NotificationsPage).notifications[0]!.createdAt;
    expect(new Date(createdAt).toISOString()).toBe(createdAt);
    expect(Date.parse(createdAt)).toBeGreaterThanOrEqual(Math.floor(startedAt / 1000) * 1000);
    expect(Date.parse(createdAt)).toBeLessThanOrEqual(Date.now());
  });

  it('a malformed cursor or limit is a 400', async () => {
    expect((await alice.client.get('/api/notifications?cursor=nope')).status).toBe(400);
    expect((await alice.client.get('/api/notifications?limit=0')).status).toBe(400);
  });
});

describe('marking read', () => {
  it('POST /read { ids } marks those of the member’s; another member’s ids are ignored; without ids, all', async () => {
    const carol = await signedIn(t, 'carol');
    for (const fan of fans.slice(0, 3))
      await fan.client.post('/api/social/follow', { targetUserId: carol.user.id, action: 'follow' });
    const bobs = (await page(bob.client)).notifications[0]!;
    const [newest, ...rest] = (await page(carol.client)).notifications;
    const before = (await page(carol.client)).unread;
    const res = await carol.client.post('/api/notifications/read', { ids: [newest!.id, bobs.id] });
    expect(res.json).toEqual({ marked: 1, unread: before - 1 });
    expect((await page(bob.client)).notifications[0]?.readAt).toBeNull();
    const after = (await page(carol.client)).notifications;
    expect(after[0]?.readAt).toEqual(expect.any(String));
    expect(after.slice(1).every((n) => n.readAt === null)).toBe(true);
    expect((await carol.client.post('/api/notifications/read', {})).json).toEqual({
      marked: rest.length,
      unread: 0,
    });
    expect((await page(carol.client)).notifications.every((n) => n.readAt !== null)).toBe(true);
  });

  it('malformed ids are a 400 with the contract’s message', async () => {
    const res = await alice.client.post('/api/notifications/read', { ids: ['x'] });
    expect([res.status, res.json.message]).toEqual([400, 'Please choose the notifications to mark as read']);
  });

  it('PATCH /{id} marks one read or unread again; another member’s is a 404', async () => {
    const [one] = (await page(alice.client)).notifications;
    const readAt = new Date().toISOString();
    expect((await alice.client.patch(`/api/notifications/${one!.uid}`, { readAt })).json).toMatchObject({
      id: one!.id,
      readAt,
    });
    expect(
      (await alice.client.patch(`/api/notifications/${one!.id}`, { readAt: null })).json.readAt,
    ).toBeNull();
    const res = await bob.client.patch(`/api/notifications/${one!.id}`, { readAt });
    expect([res.status, res.json.message]).toEqual([404, notificationTexts.notFound]);
  });
});

describe('sync', () => {
  it('a pull carries them to their member only, in own; never to another member or a visitor, pinned or not', async () => {
    const mine = (await page(alice.client)).notifications;
    const pins = mine.map((n) => ({ entity: 'notifications' as const, uid: n.uid }));
    const pulled = (await pullScopes(alice.client, { own: '' })).changes.filter(
      (c) => c.entity === 'notifications',
    );
    expect(pulled.map((c) => c.uid).sort()).toEqual(mine.map((n) => n.uid).sort());
    expect(pulled.find((c) => c.uid === mine[0]!.uid)?.data).toEqual({ ...mine[0] });
    for (const client of [bob.client, t.client()]) {
      const { changes } = await pullAll(client, { pins });
      expect(
        changes.filter((c) => c.entity === 'notifications' && pins.some((p) => p.uid === c.uid)),
      ).toEqual([]);
    }
  });

  it('a device marks one read; its other devices pull the change; another member’s update is not-found; creates and deletes are refused', async () => {
    const [one] = (await page(alice.client)).notifications;
    const { cursors } = await pullScopes(alice.client, { own: '' });
    const readAt = new Date().toISOString();
    const { results } = await push(alice.client, [mutation('notifications', 'update', one!.uid, { readAt })]);
    expect(results[0]).toMatchObject({ status: 'applied', id: one!.id });
    const { changes } = await pullScopes(alice.client, cursors);
    expect(changes.find((c) => c.uid === one!.uid)?.data).toMatchObject({ readAt });
    const others = await push(bob.client, [
      mutation('notifications', 'update', one!.uid, { readAt: null }),
      mutation('notifications', 'create', newUid(), { kind: 'follow', title: 'Fake' }),
      mutation('notifications', 'delete', one!.uid),
    ]);
    expect(others.results.map((r) => [r.status, r.code])).toEqual([
      ['rejected', 'not-found'],
      ['rejected', 'unsupported-operation'],
      ['rejected', 'unsupported-operation'],
    ]);
    expect((await page(alice.client)).notifications[0]?.readAt).toBe(readAt);
  });
});
