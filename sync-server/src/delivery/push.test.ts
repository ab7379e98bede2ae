/**
 * Delivering notifications by web push (docs/notifications.md "Push") through the real app and its job
 * queue on both engines, against a local push service the test starts: the request's headers, its VAPID
 * signature, its payload decrypted with the browser's keys as a browser would; 410 and failures; message
 * previews; quiet hours in the member's zone.
 */
import { describe, expect, it } from 'vitest';
import { enqueueJob } from '../lib/jobs/queue';
import { anotherServer } from '../test/harness';
import { verifyVapid } from '../lib/push/test-push-service';
import {
  at,
  deliveryTestApp,
  mailTo,
  markRead,
  newMember,
  notify,
  pushesTo,
  subscribe,
} from './test-fixtures';

const d = deliveryTestApp();

describe('web push', () => {
  it('sends a request with TTL, aes128gcm, a valid VAPID signature and a payload the browser decrypts', async () => {
    const owner = await newMember(d, 'PushFindOwner');
    const commenter = await newMember(d, 'PushCommenter');
    const subscription = await subscribe(d, owner);
    const when = at(2, 12);
    await notify(
      d,
      owner.user.id,
      {
        kind: 'comment',
        actorId: commenter.user.id,
        title: 'PushCommenter commented on your find',
        body: 'Lovely hammered penny',
        url: '/finds/7',
      },
      when,
    );
    const before = Math.floor(Date.now() / 1000);
    await d.t.runJobs(when);

    const [request, ...more] = pushesTo(d, subscription);
    expect(more).toHaveLength(0);
    expect(request?.headers).toMatchObject({
      ttl: '86400',
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
      urgency: 'normal',
    });
    expect(request?.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    const claims = verifyVapid(request?.headers.authorization ?? '', d.vapidPublicKey);
    expect(claims.aud).toBe(`http://${d.push.host}`);
    expect(claims.sub).toBe('mailto:no-reply@digquest.local');
    expect(claims.exp).toBeGreaterThan(before);
    expect(claims.exp).toBeLessThanOrEqual(before + 24 * 60 * 60 + 60);
    // A key the server does not hold does not verify it.
    const stranger = d.push.subscription().keys.p256dh;
    expect(() =>
      verifyVapid(request?.headers.authorization?.replace(d.vapidPublicKey, stranger) ?? '', stranger),
    ).toThrow();

    expect(request && d.push.decrypt(request, subscription)).toEqual({
      title: 'PushCommenter commented on your find',
      body: 'Lovely hammered penny',
      url: '/finds/7',
      tag: expect.stringMatching(/^notification-/),
      kind: 'comment',
    });
    // Comments are not e-mailed unless the member asks.
    expect(mailTo(d, owner)).toHaveLength(0);
  });

  it('gives repeats of one grouped notification the same Topic and tag, so the newer replaces the older', async () => {
    const owner = await newMember(d, 'PushLikesOwner');
    const subscription = await subscribe(d, owner);
    const when = at(3, 9);
    const id = await notify(
      d,
      owner.user.id,
      { kind: 'likes', title: '2 people liked your find', groupKey: 'likes:finds:9' },
      when,
    );
    await d.t.runJobs(when);
    await d.t.sql(
      'UPDATE notifications SET title = ?, count = 3 WHERE id = ?',
      '3 people liked your find',
      id,
    );
    await enqueueJob(d.t.db, 'notification.deliver', { notificationId: id }, { runAt: when });
    await d.t.runJobs(when);
    const [first, second] = pushesTo(d, subscription);
    expect(first?.headers.topic).toBe(second?.headers.topic);
    const payloads = [first, second].map((r) => r && d.push.decrypt(r, subscription));
    expect(payloads).toEqual([
      expect.objectContaining({ title: '2 people liked your find', tag: 'notification-likes:finds:9' }),
      expect.objectContaining({ title: '3 people liked your find', tag: 'notification-likes:finds:9' }),
    ]);
  });

  it('deletes a subscription the push service answers 404 or 410 for, and retries the job when it answers 500', async () => {
    const owner = await newMember(d, 'PushGoneOwner');
    const gone = await subscribe(d, owner);
    const unknown = await subscribe(d, owner);
    const failing = await subscribe(d, owner);
    d.push.answer(new URL(gone.endpoint).pathname, 410);
    d.push.answer(new URL(unknown.endpoint).pathname, 404);
    d.push.answer(new URL(failing.endpoint).pathname, 500);
    const when = at(4, 10);
    const id = await notify(d, owner.user.id, { kind: 'follow', title: 'Someone followed you' }, when);
    await d.t.runJobs(when);

    for (const dropped of [gone, unknown]) {
      expect(pushesTo(d, dropped)).toHaveLength(1);
      expect(
        await d.t.sql('SELECT id FROM push_subscriptions WHERE endpoint = ?', dropped.endpoint),
      ).toHaveLength(0);
    }
    const [job] = await d.t.sql(
      "SELECT state, attempts, last_error FROM jobs WHERE kind = 'notification.deliver' AND payload LIKE ?",
      `%"notificationId":${id}%`,
    );
    expect(job).toMatchObject({ state: 'queued', attempts: 1 });
    expect(String(job?.last_error)).toMatch(/500/);

    d.push.answer(new URL(failing.endpoint).pathname, 201);
    await d.t.runJobs(at(4, 12));
    expect(pushesTo(d, failing)).toHaveLength(2);
    expect(pushesTo(d, gone)).toHaveLength(1);
    expect(pushesTo(d, unknown)).toHaveLength(1);
    expect(
      await d.t.sql('SELECT id FROM push_subscriptions WHERE endpoint = ?', failing.endpoint),
    ).toHaveLength(1);
  });

  it('shows only who wrote a message, unless the member turned previews on', async () => {
    const reader = await newMember(d, 'PreviewReader');
    const sender = await newMember(d, 'PreviewSender');
    const subscription = await subscribe(d, reader);
    const secret = 'The hoard is under the third oak';
    const when = at(5, 11);
    await notify(
      d,
      reader.user.id,
      {
        kind: 'message',
        actorId: sender.user.id,
        title: 'PreviewSender wrote to you',
        body: secret,
        url: '/social',
      },
      when,
    );
    await d.t.runJobs(when);
    const [hidden] = pushesTo(d, subscription);
    const hiddenPayload = hidden && d.push.decrypt(hidden, subscription);
    expect(hiddenPayload).toMatchObject({
      title: 'New message from PreviewSender',
      body: '',
      kind: 'message',
    });
    expect(JSON.stringify(hiddenPayload)).not.toContain('oak');
    expect(hidden?.headers.urgency).toBe('high');
    // The message e-mail (on by default) keeps the text off too.
    expect(mailTo(d, reader)).toHaveLength(1);
    expect(mailTo(d, reader)[0]?.text).not.toContain('oak');

    await reader.client.put('/api/notifications/preferences', { previews: true });
    await notify(
      d,
      reader.user.id,
      { kind: 'message', actorId: sender.user.id, title: 'PreviewSender wrote to you', body: secret },
      when,
    );
    await d.t.runJobs(when);
    const shown = pushesTo(d, subscription)[1];
    expect(shown && d.push.decrypt(shown, subscription)).toMatchObject({
      title: 'PreviewSender wrote to you',
      body: secret,
    });
  });

  it('pushes what a real act notifies, also a kind kept out of the app (created read, for push alone)', async () => {
    const followed = await newMember(d, 'PushFollowed');
    const follower = await newMember(d, 'PushFollower');
    const subscription = await subscribe(d, followed);
    await followed.client.put('/api/notifications/preferences', {
      channels: { follow: { inApp: false, push: true, email: false } },
    });
    const res = await follower.client.post('/api/social/follow', {
      targetUserId: followed.user.id,
      action: 'follow',
    });
    expect(res.status).toBeLessThan(300);
    const [row] = await d.t.sql(
      "SELECT read_at FROM notifications WHERE user_id = ? AND kind = 'follow'",
      followed.user.id,
    );
    expect(row?.read_at).not.toBeNull();
    await d.t.runJobs();
    const pushed = pushesTo(d, subscription).map((r) => d.push.decrypt(r, subscription));
    expect(pushed).toEqual([
      expect.objectContaining({ kind: 'follow', title: expect.stringContaining('PushFollower') }),
    ]);
  });

  it('waits during quiet hours in the member’s time zone and pushes at their end, if still unread', async () => {
    const owner = await newMember(d, 'QuietOwner');
    const subscription = await subscribe(d, owner);
    await owner.client.put('/api/notifications/preferences', {
      quietStart: '22:00',
      quietEnd: '07:00',
      timeZone: 'America/New_York',
    });
    // 04:00 UTC is 23:00 in New York in January (UTC−5): quiet until 07:00 there, 12:00 UTC.
    const night = at(7, 4);
    await notify(d, owner.user.id, { kind: 'event-changed', title: 'Kept unread' }, night);
    const readLater = await notify(
      d,
      owner.user.id,
      { kind: 'event-changed', title: 'Read before morning' },
      night,
    );
    await d.t.runJobs(night);
    expect(pushesTo(d, subscription)).toHaveLength(0);
    const waiting = await d.t.sql(
      "SELECT run_at FROM jobs WHERE kind = 'notification.deliver' AND dedupe_key LIKE 'push-after-quiet:%' AND state = 'queued'",
    );
    expect(waiting.map((j) => new Date(String(j.run_at)).toISOString())).toContain(at(7, 12).toISOString());

    await markRead(d, readLater, at(7, 8));
    await d.t.runJobs(at(7, 11, 59));
    expect(pushesTo(d, subscription)).toHaveLength(0);
    await d.t.runJobs(at(7, 12));
    const pushed = pushesTo(d, subscription).map((r) => d.push.decrypt(r, subscription));
    expect(pushed).toEqual([expect.objectContaining({ title: 'Kept unread' })]);

    // Outside quiet hours (12:00 in New York) a push goes at once.
    await notify(d, owner.user.id, { kind: 'event-changed', title: 'At noon' }, at(7, 17));
    await d.t.runJobs(at(7, 17));
    expect(pushesTo(d, subscription)).toHaveLength(2);
  });

  it('Q10 at the push service: two app servers with two workers each push each notification once', async () => {
    const u = await anotherServer(d.t, { PUSH_ALLOWED_HOSTS: d.push.host });
    try {
      const when = at(5, 10);
      const devices = [];
      for (let i = 0; i < 40; i++) {
        const reader = await newMember(d, `RacingReader${i}`);
        devices.push(await subscribe(d, reader));
        await notify(d, reader.user.id, { kind: 'follow', title: `Digger ${i} followed you` }, when);
      }
      const ran = await Promise.all([d.t.runJobs(when), u.runJobs(when), d.t.runJobs(when), u.runJobs(when)]);
      // Counted where it matters, at the push service: one request per device, none repeated.
      expect(devices.map((device) => pushesTo(d, device).length)).toEqual(devices.map(() => 1));
      // Both servers delivered some: the race was real.
      expect(ran[0]! + ran[2]!).toBeGreaterThan(0);
      expect(ran[1]! + ran[3]!).toBeGreaterThan(0);
    } finally {
      await u.close();
    }
  }, 60_000);
});
