/**
 * What the delivery tests share (push.test.ts, email.test.ts): the real app with a local push service it may
 * call (PUSH_ALLOWED_HOSTS), notifications written as notify writes them (a row and its
 * 'notification.deliver' job), and what reached each device and mailbox. The queue is run at chosen times
 * with t.runJobs.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { notifications } from '@schema/db/tables';
import type { NotificationKind } from '@schema/contracts/notifications';
import { createTestApp, type TestApp } from '../test/harness';
import { enqueueJob } from '../lib/jobs/queue';
import { insertedRow } from '../lib/query';
import {
  startTestPushService,
  type TestPushService,
  type TestSubscription,
} from '../lib/push/test-push-service';

/** Starts the push service and the app for the calling test file (closed after it). */
export function deliveryTestApp() {
  let push: TestPushService | undefined;
  let app: TestApp | undefined;
  let vapidPublicKey = '';
  beforeAll(async () => {
    push = await startTestPushService();
    app = await createTestApp({ PUSH_ALLOWED_HOSTS: push.host });
    vapidPublicKey = (await app.client().get('/api/push/vapid-public-key')).json.publicKey;
  });
  afterAll(async () => {
    await app?.close();
    await push?.close();
  });
  const ready = () => {
    if (!app || !push) throw new Error('deliveryTestApp: used before its beforeAll ran');
    return { t: app, push };
  };
  return {
    get t() {
      return ready().t;
    },
    get push() {
      return ready().push;
    },
    get vapidPublicKey() {
      return vapidPublicKey;
    },
    ready,
  };
}

export type DeliveryTestApp = ReturnType<typeof deliveryTestApp>;

/** A winter day next year (no daylight saving anywhere in the northern zones used here), hour in UTC. */
const year = new Date().getUTCFullYear() + 1;
export const at = (day: number, hour: number, minute = 0) => new Date(Date.UTC(year, 0, day, hour, minute));

export type Member = Awaited<ReturnType<TestApp['member']>>;

/**
 * A new member whose notifications so far (the welcome achievement of signing up) are read: the pushes
 * and e-mails a test counts are then only those of the notifications it made.
 */
export async function newMember(d: DeliveryTestApp, username: string): Promise<Member> {
  const { t } = d.ready();
  const created = await t.member(username);
  await t.sql(
    'UPDATE notifications SET read_at = ? WHERE user_id = ? AND read_at IS NULL',
    new Date().toISOString(),
    created.user.id,
  );
  return created;
}

export async function subscribe(d: DeliveryTestApp, member: Member): Promise<TestSubscription> {
  const { push } = d.ready();
  const subscription = push.subscription();
  const { endpoint, keys } = subscription;
  const res = await member.client.post('/api/push/subscriptions', { endpoint, keys, label: 'Phone' });
  expect(res.status).toBe(201);
  return subscription;
}

export const pushesTo = (d: DeliveryTestApp, subscription: TestSubscription) =>
  d.push.received.filter((r) => r.path === new URL(subscription.endpoint).pathname);

export const mailTo = (d: DeliveryTestApp, member: Member) =>
  d.t.mail.filter((m) => m.to === `${member.user.username.toLowerCase()}@example.com`);

export interface NotificationFields {
  kind: NotificationKind;
  actorId?: number;
  title: string;
  body?: string;
  url?: string;
  groupKey?: string;
}

/** What notify does: the row, and its delivery job, due at `when`. */
export async function notify(
  d: DeliveryTestApp,
  userId: number,
  fields: NotificationFields,
  when: Date,
): Promise<number> {
  const { t } = d.ready();
  const row = await insertedRow(
    t.db
      .insert(notifications)
      .values({
        uid: uuidv7(),
        userId,
        kind: fields.kind,
        actorId: fields.actorId ?? null,
        title: fields.title,
        body: fields.body ?? '',
        url: fields.url ?? '/notifications',
        groupKey: fields.groupKey ?? null,
        createdAt: when.toISOString(),
      })
      .returning({ id: notifications.id }),
  );
  await enqueueJob(t.db, 'notification.deliver', { notificationId: row.id }, { runAt: when });
  return row.id;
}

export const markRead = (d: DeliveryTestApp, id: number, when: Date) =>
  d.t.sql('UPDATE notifications SET read_at = ? WHERE id = ?', when.toISOString(), id);
