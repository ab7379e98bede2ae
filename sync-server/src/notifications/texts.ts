/**
 * What a notification says and where it leads (docs/notifications.md "What notifies"). Members are named
 * as the recipient may see them (sync/visibility.ts nameFor: a name that looks like an e-mail address is
 * masked, as on every page), and records by their title where they have one.
 */
import { eq, getTableColumns } from 'drizzle-orm';
import type { AnySQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { users } from '@schema/db/tables';
import type { Store } from '../lib/db';
import { first } from '../lib/query';
import { nameFor } from '../sync/visibility';

/** How the pages of the records members engage with are called and reached, by their sync entity. */
export const RECORD_PAGES: Readonly<Record<string, { noun: string; url: (id: number) => string }>> = {
  finds: { noun: 'find', url: (id) => `/finds/${id}` },
  posts: { noun: 'post', url: (id) => `/forum/post/${id}` },
  events: { noun: 'event', url: (id) => `/events/${id}` },
  stories: { noun: 'story', url: (id) => `/wellbeing/stories/${id}` },
  groups: { noun: 'group', url: (id) => `/groups/${id}` },
};

export const pageOf = (entity: string, id: number) => RECORD_PAGES[entity]?.url(id) ?? '/';
export const nounOf = (entity: string) => RECORD_PAGES[entity]?.noun ?? 'post';

/** Bodies are a preview, not the whole text (the push payload and the list show a line or two). */
const BODY_MAX = 200;
export const preview = (text: string) =>
  text.length > BODY_MAX ? `${text.slice(0, BODY_MAX - 1).trimEnd()}…` : text;

/** `“Title”`, or '' for a record without one (a story). */
export const quoted = (title: string | null | undefined) => (title ? `“${title}”` : '');

/** The actor's name as the recipient sees it. */
export async function actorName(store: Store, actorId: number, recipientId: number): Promise<string> {
  const row = await first(
    store.select({ username: users.username }).from(users).where(eq(users.id, actorId)),
  );
  return row ? nameFor({ id: recipientId }, actorId, row.username) : 'Someone';
}

type Titled = SQLiteTable & { id: AnySQLiteColumn<{ data: number; notNull: true }> };

/** A record's title (or a group's name): the column `title` or `name` of its table, when it has one. */
export async function recordTitle(store: Store, table: Titled, id: number): Promise<string | null> {
  const columns = getTableColumns(table);
  const column = columns['title'] ?? columns['name'];
  if (!column) return null;
  const row = await first(store.select({ title: column }).from(table).where(eq(table.id, id)));
  return typeof row?.title === 'string' ? row.title : null;
}

/** '3 people liked your find “Roman coin”' — or, for the first like, the liker's name. */
export const likedTitle = (who: string, count: number, entity: string, title: string | null) =>
  `${count > 1 ? `${count} people` : who} liked your ${nounOf(entity)}${title ? ` ${quoted(title)}` : ''}`;
