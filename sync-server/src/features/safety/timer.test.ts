/**
 * The safe-return timer (docs/notifications.md "Safe return"): jobs in the database, run by the worker at
 * a moved clock. Past its time and the grace, exactly one alert e-mail reaches each agreed contact and
 * none a contact who never agreed; a check-in before then sends nothing; an extension moves the alert; the
 * alert survives a restart; a trip started offline starts its timer when the device's queue arrives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { jobs } from '@schema/db/tables';
import { anotherServer, createTestApp, type TestApp } from '../../test/harness';
import { mutation, newUid, push } from '../../sync/test-fixtures';
import { startTestPushService } from '../../lib/push/test-push-service';
import { formatTime } from './mails';
import { agreedContacts, inMinutes, mailTo, runJobs, tripBody } from './test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let members = 0;
/** A fresh member with two agreed contacts and one address that was asked but never answered. */
async function setUp(app: TestApp = t) {
  const name = `Rambler${++members}`;
  const { client, user } = await app.member(name);
  const friends = [`friend${members}@example.com`, `sister${members}@example.com`];
  await agreedContacts(app, client, friends);
  const stranger = `stranger${members}@example.com`;
  return { name, client, user, friends, stranger, contacts: [...friends, stranger] };
}

const alerts = (app: TestApp, to: string) =>
  mailTo(app, to).filter((m) => m.subject.startsWith('Safety alert'));

describe('the safe-return timer', () => {
  it('past its time + grace: one alert to each agreed contact, none to one who never agreed, sent once', async () => {
    const { name, client, friends, stranger, contacts } = await setUp();
    const spotRes = await client.post('/api/locations', {
      name: 'Long Meadow',
      latitude: 52.6309,
      longitude: 1.2974,
      type: 'Field',
      isShared: false,
    });
    const started = await client.post(
      '/api/safety/trips',
      tripBody({ contacts, spotId: spotRes.json.id, shareLastPosition: true }),
    );
    expect(started.status).toBe(201);
    await client.post(`/api/safety/trips/${started.json.id}/position`, { latitude: 52.64, longitude: 1.31 });
    const due = Date.parse(started.json.expectedReturnAt);

    await runJobs(t, new Date(due + 1000));
    const reminder = mailTo(t, `${name.toLowerCase()}@example.com`).filter(
      (m) => m.subject === 'Are you back?',
    );
    expect(reminder).toHaveLength(1);
    expect(reminder[0]?.text).toContain('/safety?checkin=1');
    for (const to of contacts) expect(alerts(t, to)).toEqual([]);

    await runJobs(t, new Date(due + 29 * 60_000));
    for (const to of contacts) expect(alerts(t, to)).toEqual([]);

    await runJobs(t, new Date(due + 31 * 60_000));
    await runJobs(t, new Date(due + 3 * 3_600_000));
    for (const to of friends) expect(alerts(t, to)).toHaveLength(1);
    expect(mailTo(t, stranger).filter((m) => !m.subject.includes('asked you'))).toEqual([]);

    const text = alerts(t, friends[0] ?? '')[0]?.text ?? '';
    expect(text).toContain(`You agreed to be a safety contact for ${name}`);
    expect(text).toContain(`expected to be back by ${formatTime(started.json.expectedReturnAt, null)}`);
    expect(text).toContain('Spot: Long Meadow');
    expect(text).toMatch(/OS grid reference: TG \d{4} \d{4}/);
    expect(text).toContain('/map?lat=52.63090&lng=1.29740');
    expect(text).toContain('52.64000, 1.31000');
    expect(text).toContain('call 999 and ask for the police');
    expect((await client.get('/api/safety/trips/current')).json).toMatchObject({ state: 'alerted' });

    // "I'm back" after the alert: the agreed contacts hear the all-clear, the stranger nothing.
    await client.post(`/api/safety/trips/${started.json.uid}/checkin`);
    await runJobs(t, new Date(due + 4 * 3_600_000));
    for (const to of friends)
      expect(mailTo(t, to).filter((m) => m.subject === `${name} is back safe`)).toHaveLength(1);
    expect(mailTo(t, stranger)).toHaveLength(1);
  });

  it('"Are you back?" reaches the phone by push too: urgent, with its buttons, once per return time', async () => {
    const service = await startTestPushService();
    const app = await createTestApp({ PUSH_ALLOWED_HOSTS: service.host });
    try {
      const { client } = await app.member('PocketPhone');
      const phone = service.subscription();
      const subscribed = await client.post('/api/push/subscriptions', {
        endpoint: phone.endpoint,
        keys: phone.keys,
      });
      expect(subscribed.status).toBe(201);
      const reminders = () =>
        service.received
          .filter((r) => r.path === new URL(phone.endpoint).pathname)
          .map((r) => ({ urgency: r.headers.urgency, payload: service.decrypt(r, phone) }))
          .filter((r) => (r.payload as { kind?: string }).kind === 'safety');
      const started = await client.post('/api/safety/trips', tripBody());
      const { id } = started.json;
      const due = Date.parse(started.json.expectedReturnAt);

      await runJobs(app, new Date(due - 60_000));
      expect(reminders()).toEqual([]);
      await runJobs(app, new Date(due + 1000));
      await runJobs(app, new Date(due + 5 * 60_000));
      expect(reminders()).toEqual([
        {
          urgency: 'high',
          payload: expect.objectContaining({
            title: 'Are you back?',
            url: '/safety',
            tag: `safety-${id}`,
            actions: [
              expect.objectContaining({ title: "I'm back", post: `/api/safety/trips/${id}/checkin` }),
              expect.objectContaining({ title: 'Extend 30 min', post: `/api/safety/trips/${id}/extend` }),
            ],
          }),
        },
      ]);

      // Extended after it went out: asked again at the new time.
      await client.post(`/api/safety/trips/${id}/extend`, { minutes: 30 });
      await runJobs(app, new Date(due + 30 * 60_000 + 1000));
      expect(reminders()).toHaveLength(2);
    } finally {
      await app.close();
      await service.close();
    }
  });

  it('a check-in before the time sends nothing, then or later', async () => {
    const { name, client, contacts } = await setUp();
    const started = await client.post('/api/safety/trips', tripBody({ contacts }));
    const sent = t.mail.length;
    expect((await client.post(`/api/safety/trips/${started.json.id}/checkin`)).status).toBe(200);
    const due = Date.parse(started.json.expectedReturnAt);
    await runJobs(t, new Date(due + 3 * 3_600_000));
    // The one question to the address never asked before goes out at the start, whatever happens next.
    const mine = [...contacts, `${name.toLowerCase()}@example.com`];
    const timerMail = t.mail
      .slice(sent)
      .filter((m) => mine.includes(m.to) && !m.subject.includes('asked you'));
    expect(timerMail).toEqual([]);
  });

  it('an extension moves the reminder and the alert', async () => {
    const { client, friends } = await setUp();
    const started = await client.post('/api/safety/trips', tripBody({ contacts: friends }));
    const due = Date.parse(started.json.expectedReturnAt);
    await runJobs(t, new Date(due + 1000)); // the first "Are you back?"
    const extended = await client.post(`/api/safety/trips/${started.json.id}/extend`, { minutes: 60 });
    expect(Date.parse(extended.json.expectedReturnAt)).toBe(due + 60 * 60_000);

    await runJobs(t, new Date(due + 31 * 60_000));
    for (const to of friends) expect(alerts(t, to)).toEqual([]);
    await runJobs(t, new Date(due + 60 * 60_000 + 1000));
    for (const to of friends) expect(alerts(t, to)).toEqual([]);
    await runJobs(t, new Date(due + 91 * 60_000));
    for (const to of friends) expect(alerts(t, to)).toHaveLength(1);
    // The member did not share their position: the alert says so, and gives none.
    const text = alerts(t, friends[0] ?? '')[0]?.text ?? '';
    expect(text).toContain("chose not to share their phone's position");
    expect(text).not.toContain('/map?');
  });

  it('the alert survives a server restart: the trip started on one server, the alert sent by the next', async () => {
    const first = await anotherServer(t);
    const { client, friends } = await setUp(first);
    const started = await client.post('/api/safety/trips', tripBody({ contacts: friends }));
    expect(started.status).toBe(201);
    await first.close();

    const next = await anotherServer(t);
    try {
      await runJobs(next, new Date(Date.parse(started.json.expectedReturnAt) + 31 * 60_000));
      for (const to of friends) expect(alerts(next, to)).toHaveLength(1);
    } finally {
      await next.close();
    }
  });

  it('a trip started offline starts its timer when the queued create arrives, with the configured grace', async () => {
    const short = await createTestApp({ SAFE_RETURN_GRACE_MINUTES: '10' });
    try {
      const { client, friends } = await setUp(short);
      const uid = newUid();
      const expectedReturnAt = inMinutes(45).toISOString();
      const create = mutation('safety_trips', 'create', uid, {
        expectedReturnAt,
        contacts: friends,
        shareLastPosition: false,
      });
      const { results } = await push(client, [create]);
      expect(results[0]).toMatchObject({ status: 'applied', id: expect.any(Number) });
      const id = results[0]?.id ?? 0;
      const queued = await short.db
        .select({ key: jobs.dedupeKey, runAt: jobs.runAt })
        .from(jobs)
        .where(and(eq(jobs.state, 'queued'), like(jobs.dedupeKey, `safety-%:${id}`)));
      expect(queued.map((j) => j.key).sort()).toEqual([`safety-alert:${id}`, `safety-due:${id}`]);
      const due = Date.parse(expectedReturnAt);
      // Scheduled on arrival with the server's own grace, as a trip started online is.
      const alertAt = queued.find((j) => j.key === `safety-alert:${id}`)?.runAt;
      expect(Date.parse(String(alertAt))).toBe(due + 10 * 60_000);

      await runJobs(short, new Date(due + 1000));
      await runJobs(short, new Date(due + 11 * 60_000));
      for (const to of friends) expect(alerts(short, to)).toHaveLength(1);

      // "I'm back" queued on the phone arrives later: the trip ends; nothing more goes to the contacts' alerts.
      const back = await push(client, [mutation('safety_trips', 'update', uid, { action: 'checkin' })]);
      expect(back.results[0]).toMatchObject({ status: 'applied' });
      expect((await client.get(`/api/safety/trips/${uid}`)).json).toMatchObject({ state: 'back' });
    } finally {
      await short.close();
    }
  });
});
