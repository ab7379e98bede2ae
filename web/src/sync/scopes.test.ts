/**
 * Bounded sync on the device (README.md C14–C16; PROTOCOL.md S25–S31) against the real server in process,
 * with a window of WINDOW records (SYNC_WINDOW) so that a few finds move its boundary. The devices are
 * not told the window: they keep what the server's answers say.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { PullRequestBody, PullResponse } from '@schema/contracts/sync';
import { createFind } from '../../../sync-server/src/sync/test-fixtures';
import { WINDOWED_ENTITIES } from './entities';
import { DEFAULT_WINDOW, evictOutsideScopes, windowSize } from './evict';
import { writeLocal } from './outbox';
import { fetchRecord } from './remote';
import {
  device,
  member,
  queueComment,
  queueFind,
  signedIn,
  type Device,
  type FetchWrapper,
} from './test-utils';
import { serverPerFile } from './test-utils';

const WINDOW = 3;
const server = serverPerFile({ SYNC_WINDOW: String(WINDOW) });

/** Another member's finds, created over REST (newest last). */
async function community(count: number, prefix = 'Community find'): Promise<string[]> {
  const { client } = await signedIn(server.t, server.name('other'));
  const uids: string[] = [];
  for (let i = 0; i < count; i++) uids.push((await createFind(client, { title: `${prefix} ${i}` })).uid);
  return uids;
}

/** Records the body of every pull request a device sends. */
function pullBodies(bodies: PullRequestBody[]): FetchWrapper {
  return (inner) => async (input, init) => {
    if (input === '/api/sync/pull' && typeof init?.body === 'string')
      bodies.push(JSON.parse(init.body) as PullRequestBody);
    return inner(input, init);
  };
}

const onDevice = async (dev: Device) => new Set(await dev.db.finds.toCollection().primaryKeys());

describe('scoped pull (C14)', () => {
  it('C14 S25 S26: a member pulls own, reference, pinned and every window, one cursor each in sync_state; a visitor asks no own', async () => {
    const m = await member(server.t, server.name('scopes'));
    const bodies: PullRequestBody[] = [];
    const dev = await device(server.t, m, { wrap: pullBodies(bodies) });
    const visitorBodies: PullRequestBody[] = [];
    const visitor = await device(server.t, null, { wrap: pullBodies(visitorBodies) });
    await Promise.all([dev.engine.sync(), visitor.engine.sync()]);

    expect(bodies[0]?.scopes.map((s) => s.scope).sort()).toEqual(
      [
        'own',
        'pinned',
        'recent:events',
        'recent:finds',
        'recent:locations',
        'recent:posts',
        'recent:stories',
        'reference',
      ].sort(),
    );
    expect(bodies[0]?.scopes.every((s) => s.cursor === '')).toBe(true);
    expect(visitorBodies[0]?.scopes.map((s) => s.scope)).not.toContain('own');
    const state = await dev.db.sync_state.get('pull');
    expect(state?.key === 'pull' && Object.keys(state.cursors).sort()).toEqual(
      [
        'own',
        'pinned',
        'recent:events',
        'recent:finds',
        'recent:locations',
        'recent:posts',
        'recent:stories',
        'reference',
      ].sort(),
    );
    // The next pull continues every scope from its own cursor.
    bodies.length = 0;
    await dev.engine.sync();
    expect(bodies[0]?.scopes.every((s) => s.cursor !== '')).toBe(true);
    await Promise.all([dev.close(), visitor.close()]);
  });

  it('C11 C14: signed in while a cycle runs as a visitor (the start-up session check), the engine pulls own at once', async () => {
    const m = await member(server.t, server.name('late'));
    const client = server.t.client();
    client.cookie = m.cookie;
    const own = await createFind(client, { title: 'Mine, from another device' });
    const bodies: PullRequestBody[] = [];
    const late: { dev?: Device } = {};
    // The first pull leaves as a visitor's; before its answer lands, the session check signs the member in.
    const signInDuringPull: FetchWrapper = (inner) => async (input, init) => {
      if (input === '/api/sync/pull' && typeof init?.body === 'string') {
        bodies.push(JSON.parse(init.body) as PullRequestBody);
        if (bodies.length === 1) await late.dev?.signIn(m);
      }
      return inner(input, init);
    };
    const dev = await device(server.t, null, { wrap: signInDuringPull });
    late.dev = dev;
    await dev.engine.sync();
    expect(bodies[0]?.scopes.map((s) => s.scope)).not.toContain('own');
    expect(bodies.some((b) => b.scopes.some((s) => s.scope === 'own'))).toBe(true);
    expect(await dev.db.finds.get(own.uid)).toBeDefined();
    await dev.close();
  });

  it('C14 C11: a viewer change restarts own and pinned and keeps the windows and reference where they were', async () => {
    const first = await member(server.t, server.name('viewer'));
    const second = await member(server.t, server.name('viewer'));
    const dev = await device(server.t, first);
    await dev.engine.sync();
    const before = await dev.db.sync_state.get('pull');
    if (before?.key !== 'pull') throw new Error('no pull state');
    // The same device state as the first member left it, now with the second member signed in.
    const bodies: PullRequestBody[] = [];
    const watched = await device(server.t, second, { wrap: pullBodies(bodies) });
    await watched.db.sync_state.put({ ...before, viewerId: first.user.id });
    await watched.engine.sync();
    const asked = new Map(bodies[0]?.scopes.map((s) => [s.scope, s.cursor]));
    expect(asked.get('own')).toBe('');
    expect(asked.get('pinned')).toBe('');
    expect(asked.get('recent:finds')).not.toBe('');
    expect(asked.get('reference')).not.toBe('');
    await Promise.all([dev.close(), watched.close()]);
  });

  it('C14 S30: counters reach a record the device holds without the record, and never create one it does not hold', async () => {
    const m = await member(server.t, server.name('counts'));
    const dev = await device(server.t, m);
    const [old] = await community(1, 'Soon outside');
    const inWindow = await community(WINDOW, 'Window');
    await dev.engine.sync();
    expect(await dev.db.finds.get(old ?? '')).toBeUndefined();
    const liker = await signedIn(server.t, server.name('liker'));
    for (const uid of [old, inWindow[0]])
      expect((await liker.client.post(`/api/finds/${uid}/like`)).status).toBeLessThan(300);
    await dev.engine.sync();
    expect(await dev.db.finds.get(inWindow[0] ?? '')).toMatchObject({ likes: 1 });
    expect(await dev.db.finds.get(old ?? '')).toBeUndefined();
    await dev.close();
  });
});

describe('eviction (C16)', () => {
  it("C16 S26 S27: a member's own records survive eviction and reach a second device complete", async () => {
    const m = await member(server.t, server.name('own'));
    const phone = await device(server.t, m);
    const own: string[] = [];
    for (let i = 0; i < WINDOW + 2; i++) own.push(await queueFind(phone, m.user.id, { title: `Mine ${i}` }));
    await phone.engine.sync();
    const others = await community(WINDOW + 2);
    await phone.engine.sync();

    const held = await onDevice(phone);
    for (const uid of own) expect(held.has(uid)).toBe(true);
    // Of the others, only the newest WINDOW stay.
    expect(others.filter((uid) => held.has(uid))).toEqual(others.slice(-WINDOW));

    const laptop = await device(server.t, m);
    await laptop.engine.sync();
    const second = await onDevice(laptop);
    for (const uid of own) expect(second.has(uid)).toBe(true);
    expect(others.filter((uid) => second.has(uid))).toEqual(others.slice(-WINDOW));
    await Promise.all([phone.close(), laptop.close()]);
  });

  it('C16 S27: a window boundary that moves (new finds push an old one out) drops the old one, never the member’s own', async () => {
    const m = await member(server.t, server.name('boundary'));
    const dev = await device(server.t, m);
    const [oldest] = await community(1, 'Oldest');
    const mine = await queueFind(dev, m.user.id, { title: 'Mine at the edge' });
    await dev.engine.sync();
    await community(WINDOW - 1, 'Filler');
    await dev.engine.sync();
    expect(await dev.db.finds.get(mine)).toBeDefined();
    expect(await dev.db.finds.get(oldest ?? '')).toBeUndefined();

    // The boundary moves past the member's find: it stays, on this device and a new one.
    await community(WINDOW, 'Newer');
    await dev.engine.sync();
    expect(await dev.db.finds.get(mine)).toMatchObject({ title: 'Mine at the edge' });
    expect(await dev.db.finds.count()).toBe(WINDOW + 1);
    await dev.close();
  });

  it('C16 C6: a record with a queued change is never evicted — a refused comment, another member’s queued like', async () => {
    const m = await member(server.t, server.name('pending'));
    const other = await member(server.t, server.name('pending'));
    const dev = await device(server.t, m);
    const [commented, liked] = await community(2, 'Engaged');
    await community(WINDOW - 2, 'Filler');
    await dev.engine.sync();
    // A comment the server refuses stays queued (Not synced) under its find.
    await queueComment(dev, m.user.id, commented ?? '', 'ab');
    // The other member's like waits for their session on this shared device (C6).
    await writeLocal(dev.db, {
      entity: 'find_likes',
      op: 'create',
      uid: liked ?? '',
      userId: other.user.id,
      record: { uid: liked ?? '', userId: other.user.id, findId: null, created_at: new Date().toISOString() },
    });
    await dev.db.pins.clear(); // only the queued changes keep them now
    await community(WINDOW, 'Newer');
    expect(await dev.engine.sync()).toMatchObject({ rejected: 1 });
    const held = await onDevice(dev);
    expect(held.has(commented ?? '')).toBe(true);
    expect(held.has(liked ?? '')).toBe(true);
    expect(
      await dev.db.find_comments
        .where('findUid')
        .equals(commented ?? '')
        .count(),
    ).toBe(1);
    await dev.close();
  });

  it('C16 S27: a device evicts down to the window the server says (SYNC_WINDOW=3), keeping own, pending and pinned records', async () => {
    const m = await member(server.t, server.name('told'));
    const other = await member(server.t, server.name('told'));
    const dev = await device(server.t, m);
    expect(windowSize(await dev.db.sync_state.get('pull'), 'recent:finds')).toBe(DEFAULT_WINDOW);
    const [opened, liked] = await community(2, 'Old');
    const mine = await queueFind(dev, m.user.id, { title: 'Mine, soon outside the window' });
    await dev.engine.sync();
    expect(await fetchRecord(dev.db, dev.fetch, 'finds', opened ?? '')).toBe(opened);
    // Another member's like waits on this shared device for their session (C6): pending, never evicted.
    await writeLocal(dev.db, {
      entity: 'find_likes',
      op: 'create',
      uid: liked ?? '',
      userId: other.user.id,
      record: { uid: liked ?? '', userId: other.user.id, findId: null, created_at: new Date().toISOString() },
    });
    const newer = await community(WINDOW + 2, 'Newer');
    await dev.engine.sync();

    const state = await dev.db.sync_state.get('pull');
    const told = Object.fromEntries(WINDOWED_ENTITIES.map((e) => [e.scope.window, WINDOW]));
    expect(state?.key === 'pull' && state.windows).toEqual(told);
    expect([...(await onDevice(dev))].sort()).toEqual([mine, opened, liked, ...newer.slice(-WINDOW)].sort());
    await dev.close();
  });

  it('C16: before a server says its window (or from one that does not), the device keeps the default 300', async () => {
    const m = await member(server.t, server.name('untold'));
    const withoutWindows: FetchWrapper = (inner) => async (input, init) => {
      const res = await inner(input, init);
      if (input !== '/api/sync/pull') return res;
      const body = (await res.json()) as PullResponse;
      const scopes = body.scopes.map(({ window: _told, ...scope }) => scope);
      return Response.json({ ...body, scopes }, { status: res.status });
    };
    const dev = await device(server.t, m, { wrap: withoutWindows });
    // Each batch enters the window and reaches the device; with N = 3 the first would then leave.
    const finds: string[] = [];
    for (const batch of ['Untold', 'Untold later']) {
      finds.push(...(await community(WINDOW, batch)));
      await dev.engine.sync();
    }
    const state = await dev.db.sync_state.get('pull');
    expect(state?.key === 'pull' && state.windows).toEqual({});
    const held = await onDevice(dev);
    expect(finds.every((uid) => held.has(uid))).toBe(true);
    await dev.close();
  });

  it('C16 C15: pins beyond the budget leave first by reason, then least recently used', async () => {
    const m = await member(server.t, server.name('budget'));
    const dev = await device(server.t, m);
    const old = await community(4, 'Pinned');
    await community(WINDOW, 'Window');
    await dev.engine.sync();
    for (const uid of old) await fetchRecord(dev.db, dev.fetch, 'finds', uid);
    const pins = [
      { reason: 'seen', lastUsedAt: 40 },
      { reason: 'opened', lastUsedAt: 20 },
      { reason: 'opened', lastUsedAt: 30 },
      { reason: 'kept', lastUsedAt: 1, list: 'a kept list' },
    ] as const;
    await dev.db.pins.bulkPut(
      pins.map((pin, i) => ({ entity: 'finds' as const, uid: old[i] ?? '', hydrated: true, ...pin })),
    );

    // N is the window the server said (SYNC_WINDOW=3), kept from the last pull.
    const report = await evictOutsideScopes(dev.db, { viewerId: m.user.id, pinBudget: 2 });
    expect(report).toMatchObject({ pins: 2, records: 2 });
    const held = await onDevice(dev);
    expect(old.map((uid) => held.has(uid))).toEqual([false, false, true, true]);
    await dev.close();
  });
});

describe('pins (C15)', () => {
  it('C15 S28: opening a find outside the window reads it with its comments, keeps it pinned and follows its changes', async () => {
    const m = await member(server.t, server.name('opener'));
    const dev = await device(server.t, m);
    const author = await signedIn(server.t, server.name('author'));
    const find = await createFind(author.client, { title: 'Bronze Age axe' });
    await author.client.post(`/api/finds/${find.id}/comments`, { content: 'Palstave, lovely' });
    await community(WINDOW);
    await dev.engine.sync();
    expect(await dev.db.finds.get(find.uid)).toBeUndefined();

    // A shared link: /finds/42 on a device that never held it.
    expect(await fetchRecord(dev.db, dev.fetch, 'finds', String(find.id))).toBe(find.uid);
    expect(await dev.db.pins.get(['finds', find.uid])).toMatchObject({ reason: 'opened', hydrated: false });
    await dev.engine.sync();
    expect(await dev.db.pins.get(['finds', find.uid])).toMatchObject({ hydrated: true });
    expect(await dev.db.find_comments.where('findUid').equals(find.uid).count()).toBe(1);

    // Pinned, it stays through eviction and its new comments and counters arrive.
    await author.client.post(`/api/finds/${find.id}/comments`, { content: 'Found near the river' });
    await community(WINDOW);
    await dev.engine.sync();
    expect(await dev.db.finds.get(find.uid)).toMatchObject({ title: 'Bronze Age axe', commentCount: 2 });
    expect(await dev.db.find_comments.where('findUid').equals(find.uid).count()).toBe(2);
    await dev.close();
  });
});
