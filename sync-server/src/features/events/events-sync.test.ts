/**
 * Events through sync (PROTOCOL.md S1–S8, S13, S14, S17, S27, S30): what an offline device meets when its
 * queued event writes arrive late. The shared rules are the contract suite's (sync/contract.test.ts);
 * these are the events' own: dates that passed while the device was offline, joins of events that
 * started or vanished, and the counts that travel as `event_counts`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventMessages } from '@schema/contracts/events';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  deleteOwnAccount,
  mutation,
  newUid,
  pullScopes,
  push,
  signedIn,
  type TestClient,
} from '../../sync/test-fixtures';
import { createEvent, daysFromNow, eventBody, moveToPast } from './test-fixtures';

let t: TestApp;
let alice: { client: TestClient; user: { id: number } };
let bob: { client: TestClient; user: { id: number } };

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedIn(t, 'alice');
  bob = await signedIn(t, 'bob');
});
afterAll(() => t.close());

describe('offline event writes arriving late', () => {
  it('S5: an event saved offline whose date has passed by the time it syncs is refused with the form’s message', async () => {
    const create = mutation('events', 'create', newUid(), eventBody({ eventDate: daysFromNow(-0.01) }));
    const { results } = await push(alice.client, [create]);
    expect(results[0]).toEqual({
      mutationId: create.mutationId,
      status: 'rejected',
      code: 'validation-failed',
      message: eventMessages.dateInFuture,
    });
    // The member picks a new date: the fix is resent under the same mutation id.
    const fixed = { ...create, payload: { ...create.payload, eventDate: daysFromNow(3) } };
    expect((await push(alice.client, [fixed])).results[0]).toMatchObject({ status: 'applied' });
  });

  it('S4: a create replayed under a new mutation id after its date passed is the same event (duplicate)', async () => {
    const create = mutation('events', 'create', newUid(), eventBody());
    const first = (await push(alice.client, [create])).results[0];
    await moveToPast(t, first?.id ?? 0);
    const again = await push(alice.client, [{ ...create, mutationId: newUid() }]);
    expect(again.results[0]).toMatchObject({ status: 'duplicate', id: first?.id });
  });

  it('S5 S17: an update moving the date into the past is refused; a delete wins over a later update', async () => {
    const event = await createEvent(alice.client);
    const late = mutation('events', 'update', event.uid, { eventDate: daysFromNow(-1) });
    expect((await push(alice.client, [late])).results[0]).toMatchObject({
      status: 'rejected',
      code: 'validation-failed',
      message: eventMessages.dateInFuture,
    });
    const foreign = mutation('events', 'update', event.uid, { title: 'Taken over by bob' });
    expect((await push(bob.client, [foreign])).results[0]).toMatchObject({
      status: 'rejected',
      code: 'forbidden',
      message: eventMessages.notOwner,
    });
    await push(alice.client, [mutation('events', 'delete', event.uid)]);
    expect(
      (await push(alice.client, [mutation('events', 'update', event.uid, { title: 'Too late now' })]))
        .results[0],
    ).toMatchObject({ status: 'rejected', code: 'not-found', message: eventMessages.notFound });
    // S8: deleting it again is what the member meant: applied.
    expect((await push(alice.client, [mutation('events', 'delete', event.uid)])).results[0]).toMatchObject({
      status: 'applied',
    });
  });

  it('a join queued offline for an event that started meanwhile is rejected 409-style with the REST message', async () => {
    const event = await createEvent(alice.client);
    await moveToPast(t, event.id);
    const join = mutation('event_attendees', 'create', event.uid);
    const rest = await bob.client.post(`/api/events/${event.id}/join`);
    expect((await push(bob.client, [join])).results[0]).toEqual({
      mutationId: join.mutationId,
      status: 'rejected',
      code: rest.json.code,
      message: eventMessages.alreadyTookPlace,
    });
    expect(rest.status).toBe(409);
    // The organiser alone: they attend from the event's creation.
    expect((await bob.client.get(`/api/events/${event.id}`)).json.attendeeCount).toBe(1);
  });

  it('S8: a join of a deleted event is parent-missing (Event Not Found); leaving it is applied', async () => {
    const event = await createEvent(alice.client);
    await alice.client.del(`/api/events/${event.id}`);
    expect(
      (await push(bob.client, [mutation('event_attendees', 'create', event.uid)])).results[0],
    ).toMatchObject({
      status: 'rejected',
      code: 'parent-missing',
      message: eventMessages.notFound,
    });
    expect(
      (await push(bob.client, [mutation('event_attendees', 'delete', event.uid)])).results[0],
    ).toMatchObject({
      status: 'applied',
    });
    expect(
      (await push(bob.client, [mutation('event_attendees', 'update', event.uid)])).results[0],
    ).toMatchObject({ status: 'rejected', message: eventMessages.attendanceNotEditable });
  });
});

describe('pulls', () => {
  it('S27 S30: every caller holds new events in recent:events; a join travels as event_counts, the attendance to its member only', async () => {
    const anon = t.client();
    const start = await pullScopes(anon, { 'recent:events': '' });
    const event = await createEvent(alice.client);
    const afterCreate = await pullScopes(anon, { 'recent:events': start.cursors['recent:events'] ?? '' });
    // Counted with its organiser, who attends from the event's creation.
    expect(afterCreate.changes.filter((c) => c.entity === 'events' && c.uid === event.uid)).toEqual([
      expect.objectContaining({ op: 'upsert', data: expect.objectContaining({ attendeeCount: 1 }) }),
    ]);
    expect(afterCreate.changes.find((c) => c.entity === 'users')).toBeDefined();

    await push(bob.client, [mutation('event_attendees', 'create', event.uid)]);
    const afterJoin = await pullScopes(anon, { 'recent:events': afterCreate.cursors['recent:events'] ?? '' });
    expect(afterJoin.changes.map((c) => [c.entity, c.op, c.data])).toEqual([
      ['event_counts', 'upsert', { uid: event.uid, id: event.id, attendeeCount: 2, commentCount: 0 }],
    ]);
    // Bob's own devices learn that he attends (own); Alice, the organiser, holds her own attendance only.
    const bobs = await pullScopes(bob.client, { own: '' });
    expect(bobs.changes.filter((c) => c.entity === 'event_attendees').map((c) => c.uid)).toContain(event.uid);
    const alices = await pullScopes(alice.client, { own: '' });
    expect(
      alices.changes
        .filter((c) => c.entity === 'event_attendees' && c.uid === event.uid)
        .map((c) => c.data?.userId),
    ).toEqual([alice.user.id]);
    // From an empty cursor the event itself comes, counts included (S30: its counts are left out then).
    expect(alices.changes.filter((c) => c.uid === event.uid && c.entity === 'events')).toEqual([
      expect.objectContaining({ entity: 'events', data: expect.objectContaining({ attendeeCount: 2 }) }),
    ]);
  });

  it('S13: deleting an event tombstones it and its comments for every device', async () => {
    const event = await createEvent(alice.client);
    const comment = mutation('event_comments', 'create', newUid(), {
      eventUid: event.uid,
      content: 'Count me in',
    });
    await push(bob.client, [comment, mutation('event_attendees', 'create', event.uid)]);
    const anon = t.client();
    const before = await pullScopes(anon, { pinned: '' }, { pins: [{ entity: 'events', uid: event.uid }] });
    await alice.client.del(`/api/events/${event.id}`);
    const after = await pullScopes(
      anon,
      { pinned: before.cursors.pinned ?? '' },
      { pins: [{ entity: 'events', uid: event.uid }] },
    );
    expect(after.changes.map((c) => [c.entity, c.op, c.uid]).sort()).toEqual(
      [
        ['event_comments', 'delete', comment.uid],
        ['events', 'delete', event.uid],
      ].sort(),
    );
    const bobs = await pullScopes(bob.client, { own: '' });
    expect(bobs.changes.filter((c) => c.entity === 'event_attendees' && c.uid === event.uid)).toEqual([
      expect.objectContaining({ op: 'delete' }),
    ]);
  });
});

describe('account deletion (the engagement cascade)', () => {
  it('S13 S30: the organiser’s events are tombstoned; a leaving attendee’s count is recomputed and logged', async () => {
    const carol = await signedIn(t, 'carol');
    const dave = await signedIn(t, 'dave');
    const carols = await createEvent(carol.client);
    const alices = await createEvent(alice.client);
    await carol.client.post(`/api/events/${alices.id}/join`);
    await dave.client.post(`/api/events/${carols.id}/join`);
    const anon = t.client();
    const pins = [carols, alices].map((e) => ({ entity: 'events' as const, uid: e.uid }));
    const before = await pullScopes(anon, { pinned: '' }, { pins });

    expect((await deleteOwnAccount(carol.client, carol.user.id)).status).toBe(200);
    expect((await anon.get(`/api/events/${carols.id}`)).status).toBe(404);
    expect((await anon.get(`/api/events/${alices.id}`)).json.attendeeCount).toBe(1);
    const after = await pullScopes(anon, { pinned: before.cursors.pinned ?? '' }, { pins });
    expect(after.changes.filter((c) => c.uid === carols.uid).map((c) => [c.entity, c.op])).toEqual([
      ['events', 'delete'],
    ]);
    expect(after.changes.filter((c) => c.uid === alices.uid).map((c) => [c.entity, c.data])).toEqual([
      ['event_counts', { uid: alices.uid, id: alices.id, attendeeCount: 1, commentCount: 0 }],
    ]);
    // Dave attended Carol's event: his devices drop the attendance.
    const daves = await pullScopes(dave.client, { own: '' });
    expect(daves.changes.filter((c) => c.entity === 'event_attendees' && c.uid === carols.uid)).toEqual([
      expect.objectContaining({ op: 'delete' }),
    ]);
  });
});
