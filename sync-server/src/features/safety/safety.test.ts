/**
 * Safe return REST (docs/notifications.md "Safe return"): validation messages, one trip at a time, nobody
 * but the member sees a trip, and the safety contacts' one question with its signed-out page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safetyMessages as m } from '@schema/contracts/safety';
import { loadConfig } from '../../lib/config';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  answerConsent,
  consentToken,
  inMinutes,
  mailTo,
  runJobs,
  tripBody,
  type TestClient,
} from './test-fixtures';

let t: TestApp;
let walker: TestClient;
let other: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  walker = (await t.member('Walker')).client;
  other = (await t.member('Other')).client;
});
afterAll(() => t.close());

const spot = (client: TestClient, isShared: boolean) =>
  client.post('/api/locations', {
    name: isShared ? 'Shared stubble' : 'Secret pasture',
    latitude: 52.6309,
    longitude: 1.2974,
    type: 'Field',
    isShared,
  });

describe('POST /api/safety/trips', () => {
  it('refuses a signed-out caller', async () => {
    expect((await t.client().post('/api/safety/trips', tripBody())).status).toBe(401);
  });

  it.each([
    ['a return time in the past', { expectedReturnAt: inMinutes(-5).toISOString() }, m.returnPast],
    [
      'a return time more than 24 hours ahead',
      { expectedReturnAt: inMinutes(24 * 60 + 5).toISOString() },
      m.returnTooFar,
    ],
    ['no return time', { expectedReturnAt: undefined }, m.returnRequired],
    [
      'four contacts',
      { contacts: ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com'] },
      m.contactsTooMany,
    ],
    ['a malformed address', { contacts: ['pal@example.com', 'pal@'] }, m.contactInvalid],
  ])('answers 400 with the clear message for %s', async (_case, extra, message) => {
    const res = await walker.post('/api/safety/trips', tripBody(extra));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'validation-failed', message });
    expect(await walker.get('/api/safety/trips/current')).toMatchObject({ status: 200, json: null });
  });

  it("refuses another member's private spot as if it did not exist; takes a shared one and the member's own", async () => {
    const secret = await spot(other, false);
    const res = await walker.post('/api/safety/trips', tripBody({ spotId: secret.json.id }));
    expect(res).toMatchObject({ status: 400, json: { message: m.spotInvalid } });

    const shared = await spot(other, true);
    const started = await walker.post('/api/safety/trips', tripBody({ spotId: shared.json.id }));
    expect(started.status).toBe(201);
    expect(started.json).toMatchObject({
      spotId: shared.json.id,
      spotName: 'Shared stubble',
      state: 'active',
    });
    await walker.post(`/api/safety/trips/${started.json.id}/checkin`);

    const own = await spot(walker, false);
    const mine = await walker.post('/api/safety/trips', tripBody({ spotId: own.json.id }));
    expect(mine).toMatchObject({ status: 201, json: { spotName: 'Secret pasture' } });
    await walker.post(`/api/safety/trips/${mine.json.uid}/checkin`);
  });

  it('starts one trip at a time: 201 with the trip, then 409 until the member checks in', async () => {
    const body = tripBody({
      contacts: ['One@Example.com'],
      latitude: 51.5,
      longitude: -1.8,
      shareLastPosition: true,
    });
    const started = await walker.post('/api/safety/trips', body);
    expect(started.status).toBe(201);
    expect(started.json).toMatchObject({
      uid: expect.any(String),
      expectedReturnAt: new Date(body.expectedReturnAt).toISOString(),
      contacts: [{ email: 'one@example.com', state: 'asked' }],
      latitude: 51.5,
      longitude: -1.8,
      shareLastPosition: true,
      state: 'active',
      endedAt: null,
    });
    expect((await walker.get('/api/safety/trips/current')).json).toMatchObject({ id: started.json.id });
    expect(await walker.post('/api/safety/trips', tripBody())).toMatchObject({
      status: 409,
      json: { message: m.tripActive },
    });

    const moved = await walker.post(`/api/safety/trips/${started.json.uid}/position`, {
      latitude: 51.51,
      longitude: -1.79,
    });
    expect(moved.status).toBe(200);
    const extended = await walker.post(`/api/safety/trips/${started.json.id}/extend`, { minutes: 30 });
    expect(extended.json.expectedReturnAt).toBe(
      new Date(Date.parse(body.expectedReturnAt) + 30 * 60_000).toISOString(),
    );
    expect(await walker.post(`/api/safety/trips/${started.json.id}/extend`, { minutes: 45 })).toMatchObject({
      status: 400,
      json: { message: m.extendInvalid },
    });

    const back = await walker.post(`/api/safety/trips/${started.json.id}/checkin`);
    expect(back.json).toMatchObject({ state: 'back', endedAt: expect.any(String) });
    expect((await walker.get('/api/safety/trips/current')).json).toBeNull();
    expect(await walker.post(`/api/safety/trips/${started.json.id}/extend`, { minutes: 30 })).toMatchObject({
      status: 409,
      json: { message: m.tripEnded },
    });
  });

  it('refuses a position for a trip that does not share it', async () => {
    const started = await walker.post('/api/safety/trips', tripBody());
    const res = await walker.post(`/api/safety/trips/${started.json.id}/position`, {
      latitude: 51,
      longitude: -1,
    });
    expect(res).toMatchObject({ status: 400, json: { message: m.positionNotShared } });
    await walker.post(`/api/safety/trips/${started.json.id}/checkin`);
  });
});

describe('only the member sees their trips', () => {
  it('answers 404 to anyone else, by id or uid, for every route', async () => {
    const started = await walker.post('/api/safety/trips', tripBody());
    for (const ref of [started.json.id, started.json.uid]) {
      for (const res of [
        await other.get(`/api/safety/trips/${ref}`),
        await other.post(`/api/safety/trips/${ref}/checkin`),
        await other.post(`/api/safety/trips/${ref}/extend`, { minutes: 30 }),
        await other.post(`/api/safety/trips/${ref}/position`, { latitude: 51, longitude: -1 }),
        await other.del(`/api/safety/trips/${ref}`),
      ])
        expect(res).toMatchObject({ status: 404, json: { message: m.tripNotFound } });
    }
    expect((await other.get('/api/safety/trips/current')).json).toBeNull();
    expect((await walker.get(`/api/safety/trips/${started.json.uid}`)).json).toMatchObject({
      state: 'active',
    });
    await walker.post(`/api/safety/trips/${started.json.id}/checkin`);
  });
});

describe('safety contacts', () => {
  it('asks each new address once, by e-mail, with a link to a page that works signed out', async () => {
    const started = await walker.post(
      '/api/safety/trips',
      tripBody({ contacts: ['kim@example.com', 'lee@example.com'] }),
    );
    await runJobs(t, new Date());
    const token = consentToken(t, 'kim@example.com');
    expect(mailTo(t, 'kim@example.com')[0]?.subject).toBe(
      'Walker asked you to be their safety contact on DigQuest',
    );

    const page = await t.client().get(`/api/safety/contacts/consent?token=${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain('Walker would like you to be a safety contact');
    expect(page.text).toMatch(/<button[^>]*>Agree<\/button>/);
    expect(page.text).toContain('No thanks');

    expect((await answerConsent(t.client(), token, 'agree')).text).toContain(
      'You are now a safety contact for Walker',
    );
    expect((await answerConsent(t.client(), consentToken(t, 'lee@example.com'), 'decline')).status).toBe(200);
    expect((await walker.get(`/api/safety/trips/${started.json.id}`)).json.contacts).toEqual([
      { email: 'kim@example.com', state: 'agreed' },
      { email: 'lee@example.com', state: 'declined' },
    ]);
    await walker.post(`/api/safety/trips/${started.json.id}/checkin`);

    // Named again on a later trip: never asked again, whatever they answered.
    const again = await walker.post(
      '/api/safety/trips',
      tripBody({ contacts: ['lee@example.com', 'kim@example.com'] }),
    );
    await runJobs(t, new Date());
    expect(mailTo(t, 'kim@example.com')).toHaveLength(1);
    expect(mailTo(t, 'lee@example.com')).toHaveLength(1);
    await walker.post(`/api/safety/trips/${again.json.id}/checkin`);
  });

  it('answers a bad link with 400 "This link is not valid or has expired"', async () => {
    for (const url of ['/api/safety/contacts/consent?token=made-up', '/api/safety/contacts/consent']) {
      const res = await t.client().get(url);
      expect(res.status).toBe(400);
      expect(res.text).toContain(m.consentInvalid);
    }
    const posted = await answerConsent(t.client(), 'made-up', 'agree');
    expect(posted.status).toBe(400);
    expect(posted.text).toContain(m.consentInvalid);
  });
});

describe('SAFE_RETURN_GRACE_MINUTES', () => {
  it('defaults to 30 and refuses what is not 1 to 720 minutes', () => {
    expect(loadConfig({}).safeReturnGraceMinutes).toBe(30);
    expect(loadConfig({ SAFE_RETURN_GRACE_MINUTES: '45' }).safeReturnGraceMinutes).toBe(45);
    for (const bad of ['0', '-5', '2.5', 'soon'])
      expect(() => loadConfig({ SAFE_RETURN_GRACE_MINUTES: bad })).toThrow('SAFE_RETURN_GRACE_MINUTES');
    expect(() => loadConfig({ SAFE_RETURN_GRACE_MINUTES: '721' })).toThrow('at most 720');
  });
});
