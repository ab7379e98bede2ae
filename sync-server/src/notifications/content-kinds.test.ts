/**
 * What acts on records notify (docs/notifications.md "What notifies"): a comment on a find, post, story or
 * event; likes, batched per record per hour; an achievement; an event changed or cancelled — each for the
 * recipient, never for the actor, never from a member the recipient blocked, never to a member no longer
 * attending; and the member's preferences (a kind off everywhere, in-app off). On the engine the run names.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { createFind } from '../sync/test-fixtures';
import { createEvent, daysFromNow } from '../features/events/test-fixtures';
import { writePreferences } from '../delivery/preferences';
import { notify, type NotificationInput } from './notify';
import { blocks, held, ok, someone, type Member } from './test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Each parent a comment notifies the owner of: how to make one, comment on it, like it, and its page. */
const PARENTS = [
  {
    noun: 'find',
    make: async (m: Member) => (await createFind(m.client, { title: 'Roman coin' })).id,
    comment: (m: Member, id: number, content: string) =>
      ok(m.client, `/api/finds/${id}/comments`, { content }),
    like: (m: Member, id: number) => ok(m.client, `/api/finds/${id}/like`),
    url: (id: number) => `/finds/${id}`,
    titled: ' “Roman coin”',
  },
  {
    noun: 'post',
    make: async (m: Member) =>
      (
        await ok(m.client, '/api/posts', {
          title: 'Best coil?',
          content: 'Which coil for clay?',
          categoryId: 1,
          imageUrl: null,
        })
      ).id as number,
    comment: (m: Member, id: number, content: string) =>
      ok(m.client, '/api/comments', { postId: id, content }),
    like: (m: Member, id: number) => ok(m.client, `/api/posts/${id}/like`),
    url: (id: number) => `/forum/post/${id}`,
    titled: ' “Best coil?”',
  },
  {
    noun: 'story',
    make: async (m: Member) =>
      (await ok(m.client, '/api/stories', { content: 'A morning on the stubble that changed my week.' }))
        .id as number,
    comment: (m: Member, id: number, content: string) =>
      ok(m.client, `/api/stories/${id}/comments`, { content }),
    like: (m: Member, id: number) => ok(m.client, `/api/stories/${id}/like`),
    url: (id: number) => `/wellbeing/stories/${id}`,
    titled: '',
  },
  {
    noun: 'event',
    make: async (m: Member) => (await createEvent(m.client, { title: 'Stubble dig' })).id,
    comment: (m: Member, id: number, content: string) =>
      ok(m.client, `/api/events/${id}/comments`, { content }),
    like: null,
    url: (id: number) => `/events/${id}`,
    titled: ' “Stubble dig”',
  },
] as const;

describe.each(PARENTS)('comment on a $noun', (p) => {
  it('its owner is told, once (an edit does not notify again); the writer never; nor for their own comment', async () => {
    const [owner, writer] = [await someone(t, 'owner'), await someone(t, 'writer')];
    const id = await p.make(owner);
    await p.comment(owner, id, 'My own remark');
    await p.comment(writer, id, 'What a beauty');
    expect(await held(t, owner, 'comment')).toEqual([
      expect.objectContaining({
        actorId: writer.user.id,
        entityId: id,
        title: `${writer.user.username} commented on your ${p.noun}${p.titled}`,
        body: 'What a beauty',
        url: p.url(id),
      }),
    ]);
    expect(await held(t, writer, 'comment')).toEqual([]);
  });

  it('not from a member its owner blocked', async () => {
    const [owner, pest] = [await someone(t, 'owner'), await someone(t, 'pest')];
    const id = await p.make(owner);
    await blocks(owner, pest);
    await p.comment(pest, id, 'Nice one mate');
    expect(await held(t, owner, 'comment')).toEqual([]);
  });
});

describe.each(PARENTS.filter((p) => p.like !== null))('likes on a $noun', (p) => {
  it('batched: three likes within the hour are one notification counting 3; a like an hour later a new one', async () => {
    // Ten minutes into an hour, so the three likes fall in one clock hour however long the test takes.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 600_000);
    const owner = await someone(t, 'owner');
    const likers = [
      await someone(t, 'a'),
      await someone(t, 'b'),
      await someone(t, 'c'),
      await someone(t, 'd'),
    ];
    const id = await p.make(owner);
    await p.like?.(owner, id);
    await p.like?.(likers[0]!, id);
    expect(await held(t, owner, 'likes')).toEqual([
      expect.objectContaining({
        count: 1,
        title: `${likers[0]!.user.username} liked your ${p.noun}${p.titled}`,
      }),
    ]);
    for (const liker of likers.slice(1, 3)) await p.like?.(liker, id);
    expect(await held(t, owner, 'likes')).toEqual([
      expect.objectContaining({
        count: 3,
        entityId: id,
        url: p.url(id),
        title: `3 people liked your ${p.noun}${p.titled}`,
      }),
    ]);
    vi.setSystemTime(Date.now() + 3_600_000);
    await p.like?.(likers[3]!, id);
    expect((await held(t, owner, 'likes')).map((n) => n.count)).toEqual([3, 1]);
    for (const liker of likers) expect(await held(t, liker, 'likes')).toEqual([]);
  });

  it('not from a member its owner blocked', async () => {
    const [owner, pest] = [await someone(t, 'owner'), await someone(t, 'pest')];
    const id = await p.make(owner);
    await blocks(owner, pest);
    await p.like?.(pest, id);
    expect(await held(t, owner, 'likes')).toEqual([]);
  });
});

describe('achievement', () => {
  it('the member who unlocks one is told, once; nobody else', async () => {
    const [finder, other] = [await someone(t, 'finder'), await someone(t, 'other')];
    await createFind(finder.client);
    await createFind(finder.client, {}, 2);
    expect(await held(t, finder, 'achievement')).toEqual([
      expect.objectContaining({
        actorId: null,
        title: 'Achievement unlocked: First Treasure',
        url: '/achievements',
      }),
    ]);
    expect(await held(t, other, 'achievement')).toEqual([]);
  });
});

describe('event-changed and event-cancelled', () => {
  it('attendees hear of a new date, time, place or title, and of the cancellation; the organiser, those who left and those who blocked the organiser do not', async () => {
    const [organiser, going, left, blocker] = [
      await someone(t, 'organiser'),
      await someone(t, 'going'),
      await someone(t, 'left'),
      await someone(t, 'blocker'),
    ];
    const event = await createEvent(organiser.client, { title: 'Field day', location: 'Kent' });
    for (const m of [going, left, blocker]) await ok(m.client, `/api/events/${event.id}/join`);
    await left.client.del(`/api/events/${event.id}/join`);
    await blocks(blocker, organiser);
    // What nobody plans around: the description.
    await organiser.client.put(`/api/events/${event.id}`, { description: 'Bring a flask.' });
    expect(await held(t, going, 'event-changed')).toEqual([]);
    await organiser.client.put(`/api/events/${event.id}`, { eventDate: daysFromNow(9), location: 'Surrey' });
    expect(await held(t, going, 'event-changed')).toEqual([
      expect.objectContaining({
        actorId: organiser.user.id,
        entity: 'events',
        entityId: event.id,
        title: '“Field day” has changed: new date and time, place',
        url: `/events/${event.id}`,
      }),
    ]);
    expect((await held(t, going, 'event-changed'))[0]?.body).toContain('Surrey');
    for (const m of [organiser, left, blocker]) expect(await held(t, m, 'event-changed')).toEqual([]);
    await organiser.client.del(`/api/events/${event.id}`);
    expect(await held(t, going, 'event-cancelled')).toEqual([
      expect.objectContaining({ title: '“Field day” has been cancelled', url: '/events' }),
    ]);
    for (const m of [organiser, left, blocker]) expect(await held(t, m, 'event-cancelled')).toEqual([]);
  });
});

describe('preferences', () => {
  it('a kind turned off on every channel creates nothing; with only in-app off it is created already read', async () => {
    const [quiet, halfQuiet, fan] = [
      await someone(t, 'quiet'),
      await someone(t, 'half'),
      await someone(t, 'fan'),
    ];
    await writePreferences(t.db, quiet.user.id, {
      channels: { follow: { inApp: false, push: false, email: false } },
    });
    await writePreferences(t.db, halfQuiet.user.id, {
      channels: { follow: { inApp: false, push: true, email: false } },
    });
    for (const m of [quiet, halfQuiet])
      await fan.client.post('/api/social/follow', { targetUserId: m.user.id, action: 'follow' });
    expect(await held(t, quiet, 'follow')).toEqual([]);
    expect(await held(t, halfQuiet, 'follow')).toEqual([
      expect.objectContaining({ readAt: expect.any(String) }),
    ]);
  });
});

describe('one transaction with the act', () => {
  it('an act that rolls back leaves no notification and no delivery job; one that commits leaves both', async () => {
    const [owner, fan] = [await someone(t, 'owner'), await someone(t, 'fan')];
    const input = {
      recipientId: owner.user.id,
      kind: 'follow',
      actorId: fan.user.id,
      entity: 'users',
      entityId: fan.user.id,
      title: `${fan.user.username} started following you`,
      body: '',
      url: `/users/${fan.user.id}`,
      groupKey: `follow:${fan.user.id}`,
    } satisfies NotificationInput;
    const deliveries = async () =>
      (await t.sql("SELECT dedupe_key FROM jobs WHERE kind = 'notification.deliver' ORDER BY id")).map(
        (j) => j.dedupe_key,
      );
    const before = await deliveries();
    await expect(
      t.db.transaction(async (tx) => {
        await notify(tx, input);
        throw new Error('the act failed');
      }),
    ).rejects.toThrow('the act failed');
    expect(await held(t, owner, 'follow')).toEqual([]);
    expect(await deliveries()).toEqual(before);

    await t.db.transaction((tx) => notify(tx, input));
    const [row] = await held(t, owner, 'follow');
    expect(await deliveries()).toEqual([...before, `deliver:${row?.id}`]);
  });
});
