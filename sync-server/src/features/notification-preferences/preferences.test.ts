/**
 * GET/PUT /api/notifications/preferences and the one-click unsubscribe link (docs/notifications.md
 * "E-mail"), through the real app on both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultChannels, notificationMessages } from '@schema/contracts/notifications';
import { createTestApp, type TestApp } from '../../test/harness';
import { readPreferences, unsubscribeTokenFor } from '../../delivery/preferences';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('notification preferences', () => {
  it('need a signed-in member', async () => {
    expect((await t.client().get('/api/notifications/preferences')).status).toBe(401);
    expect((await t.client().put('/api/notifications/preferences', { previews: true })).status).toBe(401);
  });

  it('answer the defaults before any choice: every kind in the app and by push, e-mail for messages only', async () => {
    const { client } = await t.member('PrefDefaults');
    const res = await client.get('/api/notifications/preferences');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      channels: defaultChannels(),
      quietStart: null,
      quietEnd: null,
      timeZone: null,
      previews: false,
      messageDigest: false,
    });
    expect(res.json.channels.message.email).toBe(true);
    expect(res.json.channels.comment.email).toBe(false);
  });

  it('keep what a PUT names, leave the rest, and answer the whole preferences', async () => {
    const { client, user } = await t.member('PrefWriter');
    const res = await client.put('/api/notifications/preferences', {
      channels: { comment: { inApp: true, push: false, email: true } },
      quietStart: '22:00',
      quietEnd: '07:00',
      timeZone: 'Europe/London',
      previews: true,
    });
    expect(res.status).toBe(200);
    expect(res.json.channels.comment).toEqual({ inApp: true, push: false, email: true });
    expect(res.json.channels.message).toEqual(defaultChannels().message);
    expect(res.json).toMatchObject({
      quietStart: '22:00',
      quietEnd: '07:00',
      timeZone: 'Europe/London',
      previews: true,
      messageDigest: false,
    });

    const second = await client.put('/api/notifications/preferences', { messageDigest: true });
    expect(second.json).toMatchObject({ quietStart: '22:00', previews: true, messageDigest: true });
    expect(second.json.channels.comment.email).toBe(true);
    expect(await readPreferences(t.db, user.id)).toEqual(second.json);
    expect((await client.get('/api/notifications/preferences')).json).toEqual(second.json);

    const cleared = await client.put('/api/notifications/preferences', { quietStart: null, quietEnd: null });
    expect(cleared.json).toMatchObject({ quietStart: null, quietEnd: null, timeZone: 'Europe/London' });
  });

  it('refuse malformed times, half-set quiet hours, unknown zones and kinds with the contract messages', async () => {
    const { client } = await t.member('PrefRefused');
    const cases: [unknown, string][] = [
      [{ quietStart: '25:00', quietEnd: '07:00' }, notificationMessages.timeInvalid],
      [{ quietStart: '7am', quietEnd: '07:00' }, notificationMessages.timeInvalid],
      [{ quietStart: '22:00' }, notificationMessages.quietBoth],
      [{ quietStart: '22:00', quietEnd: null }, notificationMessages.quietBoth],
      [{ timeZone: 'Mars/Olympus_Mons' }, notificationMessages.timeZoneInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await client.put('/api/notifications/preferences', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toBe(message);
    }
    const badKind = await client.put('/api/notifications/preferences', {
      channels: { gossip: { inApp: true, push: true, email: true } },
    });
    expect(badKind.status).toBe(400);
    const badChoice = await client.put('/api/notifications/preferences', {
      channels: { message: { push: 'yes' } },
    });
    expect(badChoice.status).toBe(400);
    expect((await client.put('/api/notifications/preferences', 'not json')).status).toBe(400);
    // Nothing of the refused writes was kept.
    expect((await client.get('/api/notifications/preferences')).json.quietStart).toBeNull();
  });
});

describe('the one-click unsubscribe link', () => {
  it('turns e-mail off for its kind when POSTed signed out, also from another origin (RFC 8058)', async () => {
    const { client, user } = await t.member('Unsubscriber');
    await client.put('/api/notifications/preferences', {
      channels: { comment: { inApp: true, push: true, email: true } },
    });
    const token = await unsubscribeTokenFor(t.db, user.id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await unsubscribeTokenFor(t.db, user.id)).toBe(token);

    const url = `/api/notifications/unsubscribe?token=${token}&kind=comment`;
    // A webmail page posting the one-click request: cross-site, no cookie.
    const res = await t.client().request('POST', url, 'List-Unsubscribe=One-Click', {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://mail.example.net',
      'sec-fetch-site': 'cross-site',
    });
    expect(res.status).toBe(200);
    const prefs = await readPreferences(t.db, user.id);
    expect(prefs.channels.comment).toEqual({ inApp: true, push: true, email: false });
    expect(prefs.channels.message.email).toBe(true);
  });

  it('turns every e-mail off without a kind', async () => {
    const { user } = await t.member('UnsubscribeAll');
    const token = await unsubscribeTokenFor(t.db, user.id);
    const res = await t.client().post(`/api/notifications/unsubscribe?token=${token}`);
    expect(res.status).toBe(200);
    const prefs = await readPreferences(t.db, user.id);
    expect(Object.values(prefs.channels).every((choice) => !choice.email && choice.push)).toBe(true);
  });

  it('shows a page with a button on GET and changes nothing (a link prefetcher must not unsubscribe)', async () => {
    const { user } = await t.member('Prefetched');
    const token = await unsubscribeTokenFor(t.db, user.id);
    const res = await t.client().get(`/api/notifications/unsubscribe?token=${token}&kind=message`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.text).toContain('<form method="post"');
    expect(res.text).toContain(`token=${token}&amp;kind=message`);
    expect((await readPreferences(t.db, user.id)).channels.message.email).toBe(true);
  });

  it('refuses a wrong or missing token with 400', async () => {
    const { user } = await t.member('WrongToken');
    await unsubscribeTokenFor(t.db, user.id);
    for (const query of ['?token=not-a-real-token', '', '?token=x&kind=gossip']) {
      const res = await t.client().post(`/api/notifications/unsubscribe${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.message).toBe(notificationMessages.unsubscribeInvalid);
    }
    const page = await t.client().get('/api/notifications/unsubscribe?token=nope');
    expect(page.status).toBe(400);
    expect(page.text).toContain(notificationMessages.unsubscribeInvalid);
    expect((await readPreferences(t.db, user.id)).channels.message.email).toBe(true);
  });
});
