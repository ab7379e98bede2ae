/**
 * A member's notification preferences (docs/notifications.md): what `GET /api/notifications/preferences`
 * answers, what delivery reads, and the token of the one-click unsubscribe link every e-mail carries.
 * No row means the defaults of the contracts; a row is created on the first change or the first e-mail.
 */
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { notificationPreferences } from '@schema/db/tables';
import {
  defaultChannels,
  notificationKinds,
  type NotificationChannels,
  type NotificationPreferences,
  type NotificationPreferencesInput,
} from '@schema/contracts/notifications';
import type { Store } from '../lib/db';
import { first } from '../lib/query';

type Row = typeof notificationPreferences.$inferSelect;

/** Stored choices over the defaults, kind by kind, so a kind added later starts at its default. */
function mergeChannels(stored: unknown): NotificationChannels {
  const channels = defaultChannels();
  if (typeof stored !== 'object' || stored === null) return channels;
  const byKind = new Map(Object.entries(stored));
  for (const kind of notificationKinds) {
    const choice: unknown = byKind.get(kind);
    if (typeof choice !== 'object' || choice === null) continue;
    const fields = new Map(Object.entries(choice));
    for (const channel of ['inApp', 'push', 'email'] as const) {
      const on = fields.get(channel);
      if (typeof on === 'boolean') channels[kind][channel] = on;
    }
  }
  return channels;
}

function fromRow(row: Row | undefined): NotificationPreferences {
  return {
    channels: mergeChannels(row?.channels),
    quietStart: row?.quietStart ?? null,
    quietEnd: row?.quietEnd ?? null,
    timeZone: row?.timeZone ?? null,
    previews: row?.previews ?? false,
    messageDigest: row?.messageDigest ?? false,
  };
}

const newUnsubscribeToken = () => randomBytes(32).toString('base64url');

async function readRow(store: Store, userId: number): Promise<Row | undefined> {
  return first(
    store.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)),
  );
}

/** The member's preferences, every field present (defaults when they never chose). */
export async function readPreferences(store: Store, userId: number): Promise<NotificationPreferences> {
  return fromRow(await readRow(store, userId));
}

/** Several members' preferences at once (an event change told to every attendee), by member id. */
export async function readPreferencesOf(
  store: Store,
  userIds: readonly number[],
): Promise<Map<number, NotificationPreferences>> {
  const rows = new Map<number, Row>();
  // Chunks keep each statement under the engines' bound-parameter limits.
  for (let i = 0; i < userIds.length; i += 500) {
    const chunk = userIds.slice(i, i + 500);
    for (const row of await store
      .select()
      .from(notificationPreferences)
      .where(inArray(notificationPreferences.userId, chunk)))
      rows.set(row.userId, row);
  }
  return new Map(userIds.map((id) => [id, fromRow(rows.get(id))]));
}

/** The member's row, created with the defaults and a fresh unsubscribe token when absent. */
async function ensureRow(store: Store, userId: number): Promise<Row> {
  await store
    .insert(notificationPreferences)
    .values({ userId, unsubscribeToken: newUnsubscribeToken() })
    .onConflictDoNothing({ target: notificationPreferences.userId });
  const row = await readRow(store, userId);
  if (!row) throw new Error('The notification preferences row was not created');
  return row;
}

/** The secret of the member's unsubscribe links (created on first use; it works signed out). */
export async function unsubscribeTokenFor(store: Store, userId: number): Promise<string> {
  const existing = await readRow(store, userId);
  return existing ? existing.unsubscribeToken : (await ensureRow(store, userId)).unsubscribeToken;
}

/** Applies a validated change (absent fields stay) and answers the whole preferences. */
export async function writePreferences(
  store: Store,
  userId: number,
  input: NotificationPreferencesInput,
): Promise<NotificationPreferences> {
  const current = fromRow(await ensureRow(store, userId));
  const channels = { ...current.channels };
  for (const kind of notificationKinds) {
    const choice = input.channels?.[kind];
    if (choice) channels[kind] = { ...choice };
  }
  await store
    .update(notificationPreferences)
    .set({
      channels,
      ...(input.quietStart !== undefined ? { quietStart: input.quietStart } : {}),
      ...(input.quietEnd !== undefined ? { quietEnd: input.quietEnd } : {}),
      ...(input.timeZone !== undefined ? { timeZone: input.timeZone } : {}),
      ...(input.previews !== undefined ? { previews: input.previews } : {}),
      ...(input.messageDigest !== undefined ? { messageDigest: input.messageDigest } : {}),
      updatedAt: new Date().toISOString(),
    })
    .where(eq(notificationPreferences.userId, userId));
  return readPreferences(store, userId);
}

/** The member a token of an unsubscribe link belongs to, or undefined. */
export async function memberOfUnsubscribeToken(store: Store, token: string): Promise<number | undefined> {
  const row = await first(
    store
      .select({ userId: notificationPreferences.userId })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.unsubscribeToken, token)),
  );
  return row?.userId;
}

/** Turns e-mail off for one kind, or for every kind when none is named (the one-click unsubscribe). */
export async function turnEmailOff(
  store: Store,
  userId: number,
  kind?: (typeof notificationKinds)[number],
): Promise<void> {
  const current = await readPreferences(store, userId);
  const channels = { ...current.channels };
  for (const k of kind ? [kind] : notificationKinds) channels[k] = { ...channels[k], email: false };
  await ensureRow(store, userId);
  await store
    .update(notificationPreferences)
    .set({ channels, updatedAt: new Date().toISOString() })
    .where(eq(notificationPreferences.userId, userId));
}
