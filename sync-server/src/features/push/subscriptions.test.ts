/**
 * The VAPID public key and the push subscription API (docs/notifications.md "Push"), through the real app
 * on both engines: https only, no private or loopback push services unless PUSH_ALLOWED_HOSTS names them,
 * one row per endpoint, and a member deletes only their own.
 */
import fs from 'node:fs';
import path from 'node:path';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationMessages } from '@schema/contracts/notifications';
import { anotherServer, createTestApp, type TestApp } from '../../test/harness';
import { loadConfig } from '../../lib/config';
import { startTestPushService, type TestPushService } from '../../lib/push/test-push-service';

let push: TestPushService;
let t: TestApp;

beforeAll(async () => {
  push = await startTestPushService();
  t = await createTestApp({ PUSH_ALLOWED_HOSTS: push.host });
});
afterAll(async () => {
  await t.close();
  await push.close();
});

/** A subscription body as the browser's PushSubscription.toJSON() gives it. */
function subscriptionAt(endpoint: string, label = 'Phone') {
  const { keys } = push.subscription();
  return { endpoint, keys, label };
}

const rowsFor = (endpoint: string) =>
  t.sql('SELECT user_id, label, p256dh FROM push_subscriptions WHERE endpoint = ?', endpoint);

describe('the VAPID public key', () => {
  it('is generated once into DATA_DIR/vapid.json (mode 600) and shared by servers on that directory', async () => {
    const res = await t.client().get('/api/push/vapid-public-key');
    expect(res.status).toBe(200);
    expect(Buffer.from(res.json.publicKey, 'base64url')).toHaveLength(65);
    const file = path.join(t.dataDir, 'vapid.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).publicKey).toBe(res.json.publicKey);

    const second = await anotherServer(t);
    try {
      expect((await second.client().get('/api/push/vapid-public-key')).json.publicKey).toBe(
        res.json.publicKey,
      );
    } finally {
      await second.close();
    }
  });

  it('comes from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set, and no file is written', async () => {
    const keys = webPush.generateVAPIDKeys();
    const own = await createTestApp({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey });
    try {
      expect((await own.client().get('/api/push/vapid-public-key')).json.publicKey).toBe(keys.publicKey);
      expect(fs.existsSync(path.join(own.dataDir, 'vapid.json'))).toBe(false);
    } finally {
      await own.close();
    }
  });

  it('must be set in pairs and well formed, or the server does not start', () => {
    const keys = webPush.generateVAPIDKeys();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(/both, or neither/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://example.com' })).toThrow(/VAPID_SUBJECT/);
    expect(() => loadConfig({ PUSH_ALLOWED_HOSTS: 'localhost' })).toThrow(/host:port/);
    expect(loadConfig({ PUSH_ALLOWED_HOSTS: ' 127.0.0.1:8080 , [::1]:99' }).push.allowedHosts).toEqual([
      '127.0.0.1:8080',
      '[::1]:99',
    ]);
  });
});

describe('push subscriptions', () => {
  it('need a signed-in member', async () => {
    const body = subscriptionAt('https://push.example.com/abc');
    expect((await t.client().post('/api/push/subscriptions', body)).status).toBe(401);
    expect((await t.client().del('/api/push/subscriptions', { endpoint: body.endpoint })).status).toBe(401);
  });

  it('accept an https push service on a public address, and the allowed test host over http', async () => {
    const { client, user } = await t.member('PushSubscriber');
    const publicEndpoint = 'https://93.184.215.14/wpush/v2/abc';
    const res = await client.post('/api/push/subscriptions', subscriptionAt(publicEndpoint));
    expect(res.status).toBe(201);
    expect(await rowsFor(publicEndpoint)).toEqual([
      expect.objectContaining({ user_id: user.id, label: 'Phone' }),
    ]);

    const local = push.subscription();
    const allowed = await client.post('/api/push/subscriptions', { ...local, privateKey: undefined });
    expect(allowed.status).toBe(201);
    expect(await rowsFor(local.endpoint)).toHaveLength(1);
  });

  it('refuse other schemes, and private, loopback, link-local and unique-local addresses', async () => {
    const { client } = await t.member('PushRefused');
    const refused = [
      'http://93.184.215.14/push',
      'ftp://93.184.215.14/push',
      'https://127.0.0.1/push',
      'https://127.0.0.1:8443/push',
      'https://10.1.2.3/push',
      'https://172.16.0.1/push',
      'https://192.168.1.10/push',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/push',
      'https://0.0.0.0/push',
      'https://[::1]/push',
      'https://[fd00::1]/push',
      'https://[fe80::1]/push',
      'https://[::ffff:127.0.0.1]/push',
      'https://[::ffff:a9fe:a9fe]/push',
      'https://localhost/push',
      'https://push.localhost/push',
      'https://intranet/push',
      // The allowed test host on another port is not allowed.
      `http://127.0.0.1:${Number(push.host.split(':')[1]) + 1}/push`,
    ];
    for (const endpoint of refused) {
      const res = await client.post('/api/push/subscriptions', subscriptionAt(endpoint));
      expect(res.status, endpoint).toBe(400);
      expect(res.json.message, endpoint).toBe(notificationMessages.endpointRefused);
    }
    const malformed = await client.post('/api/push/subscriptions', {
      endpoint: 'https://push.example.com/x',
      keys: { p256dh: '!'.repeat(90), auth: '!'.repeat(22) },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.json.message).toBe(notificationMessages.keysInvalid);
    expect((await client.post('/api/push/subscriptions', { endpoint: 'nope' })).status).toBe(400);
  });

  it('keep one row per endpoint: posting again refreshes its keys and moves it to the member signed in now', async () => {
    const first = await t.member('DeviceFirstOwner');
    const second = await t.member('DeviceSecondOwner');
    const endpoint = push.subscription().endpoint;
    expect((await first.client.post('/api/push/subscriptions', subscriptionAt(endpoint, 'Old'))).status).toBe(
      201,
    );
    const refreshed = subscriptionAt(endpoint, 'New');
    const again = await first.client.post('/api/push/subscriptions', refreshed);
    expect(again.status).toBe(200);
    expect(await rowsFor(endpoint)).toEqual([
      { user_id: first.user.id, label: 'New', p256dh: refreshed.keys.p256dh },
    ]);
    expect(
      (await second.client.post('/api/push/subscriptions', subscriptionAt(endpoint, 'Shared'))).status,
    ).toBe(200);
    expect(await rowsFor(endpoint)).toEqual([
      expect.objectContaining({ user_id: second.user.id, label: 'Shared' }),
    ]);
  });

  it('are deleted only by their own member', async () => {
    const owner = await t.member('DeviceOwner');
    const other = await t.member('DeviceStranger');
    const endpoint = push.subscription().endpoint;
    await owner.client.post('/api/push/subscriptions', subscriptionAt(endpoint));
    expect((await other.client.del('/api/push/subscriptions', { endpoint })).status).toBe(404);
    expect(await rowsFor(endpoint)).toHaveLength(1);
    expect((await owner.client.del('/api/push/subscriptions', { endpoint })).status).toBe(204);
    expect(await rowsFor(endpoint)).toHaveLength(0);
    expect((await owner.client.del('/api/push/subscriptions', { endpoint })).status).toBe(404);
  });
});
