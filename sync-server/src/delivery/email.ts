/**
 * Notification e-mails (docs/notifications.md "E-mail"): one per notification for the kinds a member turned
 * e-mail on for, and the daily digest of unread messages. Every one carries the RFC 8058 one-click
 * unsubscribe headers and the same link in its text; the link's token names the member, so it works
 * signed out, and only a POST to it changes anything.
 */
import { eq, inArray } from 'drizzle-orm';
import { users } from '@schema/db/tables';
import { maskEmailLike } from '@schema/contracts/users-display';
import type { NotificationKind } from '@schema/contracts/notifications';
import type { Config } from '../lib/config';
import type { Deps } from '../deps';
import type { Store } from '../lib/db';
import { first } from '../lib/query';
import { unsubscribeTokenFor } from './preferences';

/** The one-click link: e-mail off for `kind`, or for every kind without one. */
export function unsubscribeUrl(config: Config, token: string, kind?: NotificationKind): string {
  const query = new URLSearchParams({ token, ...(kind ? { kind } : {}) });
  return `${config.publicUrl}/api/notifications/unsubscribe?${query.toString()}`;
}

/** A member's name as others see it (masked when it looks like an e-mail address). */
export async function shownNames(store: Store, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await store
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, maskEmailLike(row.username)]));
}

export interface NotificationEmail {
  userId: number;
  kind: NotificationKind;
  subject: string;
  /** Paragraphs before the link and the unsubscribe footer. */
  lines: string[];
  /** Path in the app (`/messages/3`) the e-mail links to. */
  url: string;
}

/** Sends one notification e-mail to the member's address; false when the member is gone. */
export async function sendNotificationEmail(deps: Deps, email: NotificationEmail): Promise<boolean> {
  const member = await first(
    deps.db.select({ email: users.email }).from(users).where(eq(users.id, email.userId)),
  );
  if (!member?.email) return false;
  const token = await unsubscribeTokenFor(deps.db, email.userId);
  const unsubscribe = unsubscribeUrl(deps.config, token, email.kind);
  const text = [
    ...email.lines,
    `Open it in DigQuest: ${deps.config.publicUrl}${email.url}`,
    '--',
    `You get this e-mail because of your notification settings in DigQuest.`,
    `Stop these e-mails: ${unsubscribe}`,
  ].join('\n\n');
  await deps.mailer.send({
    to: member.email,
    subject: email.subject,
    text: `${text}\n`,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
  return true;
}
