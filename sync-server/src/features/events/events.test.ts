/**
 * Events REST (docs/product/events.md "API calls", "Permissions"): every path tried by a signed-out
 * visitor, another member, the organiser (creator) and the moderator (the official account), on the
 * engine the run names (DB_ENGINE).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventMessages } from '@schema/contracts/events';
import { createTestApp, type TestApp } from '../../test/harness';
import { newUid, signedIn, type TestClient } from '../../sync/test-fixtures';
import { createEvent, daysFromNow, errorOf, eventBody, moveToPast, official } from './test-fixtures';

let t: TestApp;
let creator: { client: TestClient; user: { id: number; username: string } };
let other: { client: TestClient; user: { id: number } };
let anon: TestClient;
let moderator: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  creator = await signedIn(t, 'organiser');
  other = await signedIn(t, 'other');
  anon = t.client();
  moderator = await official(t);
});
afterAll(() => t.close());

const PUBLIC_USER_KEYS = ['avatarUrl', 'bio', 'created_at', 'id', 'username'];

describe('POST /api/events', () => {
  it('anonymous: 401 with the sign-in message, nothing stored', async () => {
    expect(errorOf(await anon.post('/api/events', eventBody()))).toEqual([401, eventMessages.loginToCreate]);
  });

  it('a member (creator, another member, the moderator alike) creates an event owned by the session, whatever userId says', async () => {
    for (const [client, id] of [
      [creator.client, creator.user.id],
      [other.client, other.user.id],
      [moderator, 1],
    ] as const) {
      const res = await client.post('/api/events', eventBody({ userId: 999, title: '  Spaced title  ' }));
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({
        userId: id,
        title: 'Spaced title',
        // The organiser attends their own event from its creation.
        attendeeCount: 1,
        commentCount: 0,
        location: 'Norfolk, UK',
      });
      expect(res.json.eventDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
  });

  it('stores the date as the UTC instant it names, whatever offset it was written with', async () => {
    const res = await creator.client.post(
      '/api/events',
      eventBody({ eventDate: '2099-07-05T15:30:00+01:00' }),
    );
    expect(res.json.eventDate).toBe('2099-07-05T14:30:00.000Z');
  });

  it.each([
    [{ title: 'Dig' }, eventMessages.titleTooShort],
    [{ title: 'x'.repeat(101) }, eventMessages.titleTooLong],
    [{ location: 'a' }, eventMessages.locationRequired],
    [{ location: undefined }, eventMessages.locationRequired],
    [{ location: 'x'.repeat(201) }, eventMessages.locationTooLong],
    [{ description: 'x'.repeat(5001) }, eventMessages.descriptionTooLong],
    [{ eventDate: undefined }, eventMessages.dateRequired],
    [{ eventDate: 'next Tuesday' }, eventMessages.dateInvalid],
    [{ eventDate: '2099-01-05T15:30' }, eventMessages.dateInvalid],
    [{ eventDate: daysFromNow(-1) }, eventMessages.dateInFuture],
  ])('refuses %j with its message and field', async (fields, message) => {
    const res = await creator.client.post('/api/events', eventBody(fields));
    expect(errorOf(res)).toEqual([400, message]);
    expect(Object.values(res.json.fields ?? {})).toContain(message);
  });

  it('S4: the same uid again answers the same event (200); another member’s uid is a 409', async () => {
    const uid = newUid();
    const first = await creator.client.post('/api/events', eventBody({ uid }));
    expect(first.status).toBe(201);
    const again = await creator.client.post('/api/events', eventBody({ uid, title: 'Something else' }));
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ id: first.json.id, uid, title: first.json.title });
    // Replayed after its date has passed: still the same event, not a refusal.
    await moveToPast(t, first.json.id);
    expect((await creator.client.post('/api/events', eventBody({ uid }))).status).toBe(200);
    expect(errorOf(await other.client.post('/api/events', eventBody({ uid })))).toEqual([
      409,
      eventMessages.uidTaken,
    ]);
  });

  it('malformed JSON is a 400, not a 500', async () => {
    const res = await creator.client.request('POST', '/api/events', '{"title":');
    expect(res.status).toBe(400);
  });
});

describe('GET /api/events/{id}', () => {
  it('every caller reads an event by id or uid; a missing one is the 404 with the spec text', async () => {
    const event = await createEvent(creator.client);
    for (const client of [anon, other.client, creator.client, moderator]) {
      expect((await client.get(`/api/events/${event.id}`)).json).toEqual(event);
      expect((await client.get(`/api/events/${event.uid.toUpperCase()}`)).json).toEqual(event);
    }
    expect(errorOf(await anon.get('/api/events/999999'))).toEqual([404, eventMessages.notFound]);
    expect(errorOf(await anon.get(`/api/events/${newUid()}`))).toEqual([404, eventMessages.notFound]);
    expect((await anon.get('/api/events/not-an-id')).status).toBe(400);
    expect((await anon.get('/api/events/99999999999')).status).toBe(404);
  });
});

describe('PUT /api/events/{id}', () => {
  it('anonymous 401, another member 403, the moderator 403 (edit is the organiser’s), missing 404', async () => {
    const event = await createEvent(creator.client);
    const body = { title: 'Changed by someone else' };
    expect(errorOf(await anon.put(`/api/events/${event.id}`, body))).toEqual([
      401,
      eventMessages.loginToEdit,
    ]);
    expect(errorOf(await other.client.put(`/api/events/${event.id}`, body))).toEqual([
      403,
      eventMessages.notOwner,
    ]);
    expect(errorOf(await moderator.put(`/api/events/${event.id}`, body))).toEqual([
      403,
      eventMessages.notOwner,
    ]);
    expect(errorOf(await creator.client.put('/api/events/999999', body))).toEqual([
      404,
      eventMessages.notFound,
    ]);
    expect((await anon.get(`/api/events/${event.id}`)).json.title).toBe(event.title);
  });

  it('the organiser edits (the spec’s full body, userId ignored, or only some fields)', async () => {
    const event = await createEvent(creator.client);
    const date = daysFromNow(10);
    const full = await creator.client.put(`/api/events/${event.uid}`, {
      title: 'Evening finds identification',
      description: '',
      location: 'Village hall, Diss',
      eventDate: date,
      userId: other.user.id,
    });
    expect(full.status).toBe(200);
    expect(full.json).toMatchObject({
      id: event.id,
      userId: creator.user.id,
      title: 'Evening finds identification',
      description: '',
      location: 'Village hall, Diss',
      eventDate: date,
    });
    const partial = await creator.client.put(`/api/events/${event.id}`, { description: 'Bring your finds.' });
    expect(partial.json).toMatchObject({
      title: 'Evening finds identification',
      description: 'Bring your finds.',
    });
    expect(errorOf(await creator.client.put(`/api/events/${event.id}`, { title: 'abc' }))).toEqual([
      400,
      eventMessages.titleTooShort,
    ]);
    expect(errorOf(await creator.client.put(`/api/events/${event.id}`, { location: '' }))).toEqual([
      400,
      eventMessages.locationRequired,
    ]);
  });

  it('a changed date must be in the future; a past event keeps its date while its text is fixed', async () => {
    const event = await createEvent(creator.client);
    expect(
      errorOf(await creator.client.put(`/api/events/${event.id}`, { eventDate: daysFromNow(-2) })),
    ).toEqual([400, eventMessages.dateInFuture]);
    await moveToPast(t, event.id);
    const stored = (await anon.get(`/api/events/${event.id}`)).json;
    const fixed = await creator.client.put(`/api/events/${event.id}`, {
      title: stored.title,
      description: 'Thanks all for coming!',
      location: stored.location,
      eventDate: stored.eventDate,
    });
    expect(fixed.status).toBe(200);
    expect(fixed.json.description).toBe('Thanks all for coming!');
  });
});

describe('DELETE /api/events/{id}', () => {
  it('anonymous 401, another member 403, missing 404; the organiser deletes', async () => {
    const event = await createEvent(creator.client);
    expect(errorOf(await anon.del(`/api/events/${event.id}`))).toEqual([401, eventMessages.loginToDelete]);
    expect(errorOf(await other.client.del(`/api/events/${event.id}`))).toEqual([
      403,
      eventMessages.notOwnerDelete,
    ]);
    expect(errorOf(await creator.client.del('/api/events/999999'))).toEqual([404, eventMessages.notFound]);
    const res = await creator.client.del(`/api/events/${event.uid}`);
    expect(res.json).toEqual({ success: true, id: event.id });
    expect((await anon.get(`/api/events/${event.id}`)).status).toBe(404);
  });

  it('the moderator deletes any event, with its comments and attendances', async () => {
    const event = await createEvent(creator.client);
    await other.client.post(`/api/events/${event.id}/join`);
    await other.client.post(`/api/events/${event.id}/comments`, { content: 'See you there' });
    expect((await moderator.del(`/api/events/${event.id}`)).status).toBe(200);
    expect((await anon.get(`/api/events/${event.id}`)).status).toBe(404);
    expect(await t.sql('SELECT * FROM event_attendees WHERE event_id = ?', event.id)).toEqual([]);
    expect(await t.sql('SELECT * FROM event_comments WHERE event_id = ?', event.id)).toEqual([]);
  });
});

describe('POST /api/events/{id}/join and /attend', () => {
  it('anonymous: 401 with the spec text', async () => {
    const event = await createEvent(creator.client);
    for (const verb of ['join', 'attend'])
      expect(errorOf(await anon.post(`/api/events/${event.id}/${verb}`))).toEqual([
        401,
        eventMessages.loginToJoin,
      ]);
  });

  it('another member and the moderator join the organiser; join and attend are one act, counted once', async () => {
    const event = await createEvent(creator.client);
    expect((await other.client.post(`/api/events/${event.id}/join`)).json).toEqual({
      isAttending: true,
      attendeeCount: 2,
    });
    expect((await other.client.post(`/api/events/${event.uid}/attend`)).json).toEqual({
      isAttending: true,
      attendeeCount: 2,
    });
    // The organiser already attends: joining again changes nothing.
    expect((await creator.client.post(`/api/events/${event.id}/attend`)).json.attendeeCount).toBe(2);
    expect((await moderator.post(`/api/events/${event.id}/join`)).json.attendeeCount).toBe(3);
    expect((await anon.get(`/api/events/${event.id}`)).json.attendeeCount).toBe(3);
  });

  it('a past event is refused with a clear 409; a missing one is the 404', async () => {
    const event = await createEvent(creator.client);
    await moveToPast(t, event.id);
    for (const client of [other.client, moderator]) {
      const res = await client.post(`/api/events/${event.id}/join`);
      expect(errorOf(res)).toEqual([409, eventMessages.alreadyTookPlace]);
      expect(res.json.code).toBe('conflict');
    }
    // Only the organiser, who attends from the event's creation.
    expect((await anon.get(`/api/events/${event.id}`)).json.attendeeCount).toBe(1);
    expect(
      await t.sql('SELECT user_id AS "userId" FROM event_attendees WHERE event_id = ?', event.id),
    ).toEqual([{ userId: creator.user.id }]);
    expect(errorOf(await other.client.post(`/api/events/${newUid()}/join`))).toEqual([
      404,
      eventMessages.notFound,
    ]);
  });

  it('joining again after the event started is still the one attendance (idempotent), not a refusal', async () => {
    const event = await createEvent(creator.client);
    await other.client.post(`/api/events/${event.id}/join`);
    await moveToPast(t, event.id);
    expect((await other.client.post(`/api/events/${event.id}/join`)).json).toEqual({
      isAttending: true,
      attendeeCount: 2,
    });
  });
});

describe('DELETE /api/events/{id}/join (leave)', () => {
  it('anonymous 401; a member leaves (twice is harmless); leaving a past event is allowed', async () => {
    const event = await createEvent(creator.client);
    await other.client.post(`/api/events/${event.id}/join`);
    await moderator.post(`/api/events/${event.id}/join`);
    expect(errorOf(await anon.del(`/api/events/${event.id}/join`))).toEqual([401, eventMessages.loginToJoin]);
    expect((await other.client.del(`/api/events/${event.id}/join`)).json).toEqual({
      isAttending: false,
      attendeeCount: 2,
    });
    expect((await other.client.del(`/api/events/${event.id}/attend`)).json.attendeeCount).toBe(2);
    // The organiser attends their own event and cannot leave it (organiser.test.ts).
    expect(errorOf(await creator.client.del(`/api/events/${event.id}/join`))).toEqual([
      409,
      eventMessages.organiserAttends,
    ]);
    await moveToPast(t, event.id);
    expect((await moderator.del(`/api/events/${event.id}/join`)).json).toEqual({
      isAttending: false,
      attendeeCount: 1,
    });
  });
});

describe('GET /api/events/{id}/attendees', () => {
  it('every caller reads the attendees in the order they joined (the organiser first), public profile fields only', async () => {
    const event = await createEvent(creator.client);
    await other.client.post(`/api/events/${event.id}/join`);
    for (const client of [anon, other.client, creator.client, moderator]) {
      const res = await client.get(`/api/events/${event.uid}/attendees`);
      expect(res.status).toBe(200);
      expect(res.json.map((a: { id: number }) => a.id)).toEqual([creator.user.id, other.user.id]);
      for (const attendee of res.json)
        expect(Object.keys(attendee).sort()).toEqual(
          [...PUBLIC_USER_KEYS, 'isOrganizer', 'joined_at'].sort(),
        );
      expect(res.text).not.toContain('@example.com');
    }
    const paged = await anon.get(`/api/events/${event.id}/attendees?limit=1`);
    expect(paged.json).toHaveLength(1);
    const next = paged.headers.get('x-next-cursor');
    expect(next).toBeTruthy();
    const rest = await anon.get(`/api/events/${event.id}/attendees?limit=1&cursor=${next}`);
    expect(rest.json.map((a: { id: number }) => a.id)).toEqual([other.user.id]);
    expect(errorOf(await anon.get(`/api/events/${newUid()}/attendees`))).toEqual([
      404,
      eventMessages.notFound,
    ]);
  });
});

describe('comments on events (the engagement module)', () => {
  it('anonymous may read but not write; members comment; the writer edits; writer or moderator deletes', async () => {
    const event = await createEvent(creator.client);
    expect(errorOf(await anon.post(`/api/events/${event.id}/comments`, { content: 'Hello' }))).toEqual([
      401,
      eventMessages.loginToComment,
    ]);
    expect(errorOf(await other.client.post(`/api/events/${event.id}/comments`, { content: 'ab' }))).toEqual([
      400,
      eventMessages.commentTooShort,
    ]);
    const posted = await other.client.post(`/api/events/${event.id}/comments`, { content: 'Count me in' });
    expect(posted.status).toBe(201);
    expect(posted.json).toMatchObject({ eventId: event.id, eventUid: event.uid, userId: other.user.id });
    const second = await creator.client.post(`/api/events/${event.uid}/comments`, {
      content: 'Great, see you',
    });
    for (const client of [anon, other.client, creator.client, moderator])
      expect((await client.get(`/api/events/${event.id}/comments`)).json).toHaveLength(2);
    expect((await anon.get(`/api/events/${event.id}`)).json.commentCount).toBe(2);

    const commentPath = `/api/event-comments/${posted.json.id}`;
    expect(errorOf(await creator.client.put(commentPath, { content: 'Not yours' }))).toEqual([
      403,
      eventMessages.notCommentOwnerEdit,
    ]);
    expect(errorOf(await moderator.put(commentPath, { content: 'Not yours' }))).toEqual([
      403,
      eventMessages.notCommentOwnerEdit,
    ]);
    expect((await other.client.put(commentPath, { content: 'Count me and my son in' })).json.content).toBe(
      'Count me and my son in',
    );
    expect(errorOf(await creator.client.del(commentPath))).toEqual([
      403,
      eventMessages.notCommentOwnerDelete,
    ]);
    expect((await moderator.del(commentPath)).status).toBe(200);
    expect((await creator.client.del(`/api/event-comments/${second.json.uid}`)).status).toBe(200);
    expect((await anon.get(`/api/events/${event.id}`)).json.commentCount).toBe(0);
  });
});

describe('GET /api/users/{id} (the organiser card)', () => {
  it('answers public fields only, to every caller', async () => {
    for (const client of [anon, other.client, creator.client, moderator]) {
      const res = await client.get(`/api/users/${creator.user.id}`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.json).sort()).toEqual(PUBLIC_USER_KEYS);
      expect(res.json.username).toBe(creator.user.username);
      expect(res.text).not.toContain('@example.com');
    }
  });
});
