/**
 * Fixtures of the synced entities only the server makes (a notification), for the shared suite
 * (entities.test.ts): how to have the server make one for a member, the one change a device may make of
 * it, and a device's create the server refuses.
 */
import { uuidv7 } from 'uuidv7';
import type { LocalNotification, OutboxError } from '@web/db/database';
import { isRow } from '@web/db/entity-fields';
import type { FixtureContext } from './fixture-writes';
import type { LocalWrite } from './outbox';
import { appFetch, member as signedInMember } from './test-utils';
import { jsonInit, request } from './transport';

/** An entity only the server makes (a notification); a device may only update it. */
export interface ServerMadeFixture {
  /** Has the server make one for `ctx.member` (through another member's act): its uid. */
  made(ctx: FixtureContext): Promise<string>;
  /** The change a device may make of it, and the fields it leaves on the record. */
  update: Record<string, unknown>;
  /** A device's create, refused (the server makes them), and its answer; a device's delete gets the same. */
  refused(ctx: FixtureContext): Promise<{ write: LocalWrite; error: OutboxError }>;
}

/** A notification comes of another member's message (docs/notifications.md "What notifies"). */
export const notificationsFixture: ServerMadeFixture = {
  async made({ t, member }) {
    const writer = await signedInMember(t, `writer-${uuidv7().slice(-12)}`);
    const sent = await request(
      appFetch(t, () => writer.cookie),
      '/api/social/messages',
      jsonInit('POST', { receiverId: member.user.id, content: 'Fancy a dig on Sunday?' }),
    );
    if (sent.status !== 201) throw new Error(`send message: ${sent.status}`);
    const page = await request(
      appFetch(t, () => member.cookie),
      '/api/notifications',
    );
    const list = isRow(page.data) && Array.isArray(page.data.notifications) ? page.data.notifications : [];
    const newest: unknown = list[0];
    const uid = isRow(newest) ? newest.uid : undefined;
    if (typeof uid !== 'string') throw new Error(`no notification for the message: ${page.status}`);
    return uid;
  },
  update: { readAt: '2026-11-27T20:15:00.000Z' },
  refused: async ({ member }) => {
    const uid = uuidv7();
    const record: LocalNotification = {
      uid,
      id: null,
      kind: 'message',
      actorId: null,
      entity: null,
      entityId: null,
      title: 'Made up on a device',
      body: '',
      url: '/notifications',
      count: 1,
      created_at: new Date().toISOString(),
      readAt: null,
    };
    return {
      write: { entity: 'notifications', op: 'create', uid, userId: member.user.id, payload: {}, record },
      // The server's text (sync-server/src/features/notifications/service.ts `notificationTexts.serverMade`).
      error: {
        code: 'unsupported-operation',
        message: 'Notifications come from the server: a device can only mark them read or unread.',
      },
    };
  },
};
