/**
 * Moderation state every feature reads (docs/moderation.md): who moderates, who is suspended, and which
 * records a moderator hid. Shared code, so features (their REST reads), the sync pull and the write
 * refusals use one definition; the moderation feature itself writes these rows.
 */
import { and, eq, inArray, sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { OFFICIAL_USER_ID } from '@schema/contracts/constants';
import { uuidv7 } from 'uuidv7';
import {
  countLinks,
  HELD_FOR_MODERATOR,
  isHideable,
  isNewAccount,
  isSuspended,
  NEW_ACCOUNT_MAX_LINKS,
  suspendedMessage,
  type HiddenByModerator,
  type HideableEntity,
} from '@schema/contracts/moderation';
import { moderationHidden, reports, users } from '@schema/db/tables';
import type { AppEnv } from '../env';
import type { UserRow } from './auth/user-row';
import type { Store } from './db';
import { HttpError, notFound } from './errors';
import { first } from './query';

/** Moderators and the official account, which moderates whatever its role says. */
export function isStaff(user: Pick<UserRow, 'id' | 'role'> | null | undefined): boolean {
  return !!user && (user.id === OFFICIAL_USER_ID || user.role === 'moderator');
}

/** The refusal every write of a suspended member gets, REST (403) and push (per mutation). */
export function suspendedError(user: Pick<UserRow, 'suspendedUntil' | 'suspensionReason'>): HttpError | null {
  if (!isSuspended(user.suspendedUntil)) return null;
  return new HttpError(403, 'suspended', suspendedMessage(user.suspendedUntil ?? '', user.suspensionReason));
}

/**
 * REST writes a suspended member may still make: signing in and out, their password, reading (pull and
 * the photo check are POSTs), notifications and their settings, push subscriptions, the safe-return timer
 * (safety first), blocking someone, reporting, their warnings and data export, marking messages read, and
 * every DELETE (removing their own records or account). Sync push is judged per mutation (sync/push.ts).
 */
const ALLOWED_WHILE_SUSPENDED: readonly RegExp[] = [
  /^\/api\/users\/(login|logout|reset-password(\/confirm)?)$/,
  /^\/api\/resend-verification$/,
  /^\/api\/sync\/(push|pull|blobs\/check)$/,
  /^\/api\/notifications(\/.*)?$/,
  /^\/api\/push\/subscriptions$/,
  /^\/api\/safety\//,
  /^\/api\/users\/[^/]+\/block$/,
  /^\/api\/reports$/,
  // Asking for a review of one's hidden record: an appeal, which a suspension must not silence.
  /^\/api\/moderation\/review$/,
  /^\/api\/me\/(warnings|export)/,
  /^\/api\/social\/messages\/read$/,
  /^\/api\/posts\/[^/]+\/view$/,
  /^\/api\/(preferences|onboarding)$/,
];

/** Every other REST write of a suspended member is refused before its route runs (one place, not per route). */
export function refuseSuspendedWrites(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get('user');
    const method = c.req.method;
    if (!user || method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || method === 'DELETE')
      return next();
    const refusal = suspendedError(user);
    if (refusal && !ALLOWED_WHILE_SUSPENDED.some((re) => re.test(c.req.path))) throw refusal;
    return next();
  };
}

/** Sync entities whose mutations a suspended member may still push: their own, read by nobody else. */
export const WRITABLE_WHILE_SUSPENDED: ReadonlySet<string> = new Set([
  'notifications',
  'onboarding',
  'safety_trips',
  // Reporting stays open to a suspended member on every path, as POST /api/reports does.
  'reports',
]);

export interface HiddenRecord extends HiddenByModerator {
  ownerId: number;
}

/** The hidden records among `ids` of an entity, by id: one query. */
export async function hiddenAmong(
  store: Store,
  entity: string,
  ids: readonly number[],
): Promise<Map<number, HiddenRecord>> {
  const out = new Map<number, HiddenRecord>();
  if (ids.length === 0 || !isHideable(entity)) return out;
  for (let i = 0; i < ids.length; i += 900) {
    const rows = await store
      .select({
        id: moderationHidden.recordId,
        ownerId: moderationHidden.ownerId,
        reason: moderationHidden.reason,
      })
      .from(moderationHidden)
      .where(
        and(eq(moderationHidden.entity, entity), inArray(moderationHidden.recordId, ids.slice(i, i + 900))),
      );
    for (const row of rows) out.set(row.id, { ownerId: row.ownerId, reason: row.reason });
  }
  return out;
}

export async function hiddenRecord(
  store: Store,
  entity: string,
  id: number,
): Promise<HiddenRecord | undefined> {
  return first(
    store
      .select({ ownerId: moderationHidden.ownerId, reason: moderationHidden.reason })
      .from(moderationHidden)
      .where(and(eq(moderationHidden.entity, entity), eq(moderationHidden.recordId, id))),
  );
}

/**
 * A REST read of one record: a hidden one is 404 (with the feature's own not-found message) to everyone but
 * its author and moderators, who get it with `hiddenByModerator: { reason }`.
 */
export async function shownUnlessHidden<T extends { id: number }>(
  store: Store,
  entity: string,
  record: T,
  user: Pick<UserRow, 'id' | 'role'> | null,
  notFoundMessage: string,
): Promise<T & { hiddenByModerator?: HiddenByModerator }> {
  const hidden = await hiddenRecord(store, entity, record.id);
  if (!hidden) return record;
  if (user?.id !== hidden.ownerId && !isStaff(user)) throw notFound(notFoundMessage);
  return { ...record, hiddenByModerator: { reason: hidden.reason } };
}

/**
 * A list's condition: the row is not hidden, or it is the viewer's own (an author keeps seeing their
 * hidden records in their lists). One indexed NOT EXISTS (moderation_hidden_record).
 */
export function notHiddenFrom(
  entity: string,
  id: Column,
  owner: Column,
  viewerId: number | Placeholder | null,
): SQL {
  const hidden = sql`not exists (select 1 from ${moderationHidden} where ${moderationHidden.entity} = ${entity} and ${moderationHidden.recordId} = ${id})`;
  return viewerId === null ? hidden : sql`(${hidden} or ${owner} = ${viewerId})`;
}

/**
 * A list's rows after `notHiddenFrom`: the viewer's own hidden ones get their notice (`hiddenByModerator`).
 * Only the viewer's own rows are looked up, so a list without any (a visitor's, most pages) costs nothing.
 */
export async function withHiddenNotices<T extends { id: number }>(
  store: Store,
  entity: string,
  rows: T[],
  viewerId: number | null | undefined,
  ownerOf: (row: T) => number,
): Promise<Array<T & { hiddenByModerator?: HiddenByModerator }>> {
  if (viewerId === null || viewerId === undefined) return rows;
  const own = rows.filter((row) => ownerOf(row) === viewerId).map((row) => row.id);
  const hidden = await hiddenAmong(store, entity, own);
  if (hidden.size === 0) return rows;
  return rows.map((row) => {
    const mark = hidden.get(row.id);
    return mark ? { ...row, hiddenByModerator: { reason: mark.reason } } : row;
  });
}

/** Whether the member `viewerId` moderates (read only when a hidden record makes it matter). */
async function viewerModerates(store: Store, viewerId: number | null | undefined): Promise<boolean> {
  if (viewerId === null || viewerId === undefined) return false;
  if (viewerId === OFFICIAL_USER_ID) return true;
  const row = await first(store.select({ role: users.role }).from(users).where(eq(users.id, viewerId)));
  return row?.role === 'moderator';
}

/**
 * The records among `ids` that `viewerId` may not see because a moderator hid them (everyone but their
 * author and moderators): what goes under them — comments — is hidden with them. One query, plus the
 * viewer's role when something is hidden from a member.
 */
export async function hiddenFromViewer(
  store: Store,
  entity: string,
  ids: readonly number[],
  viewerId: number | null | undefined,
): Promise<ReadonlySet<number>> {
  const hidden = await hiddenAmong(store, entity, ids);
  const gone = new Set<number>();
  for (const [id, mark] of hidden) if (mark.ownerId !== viewerId) gone.add(id);
  if (gone.size > 0 && (await viewerModerates(store, viewerId))) return new Set();
  return gone;
}

export { isNewAccount };

/**
 * A new account's post or comment with more than NEW_ACCOUNT_MAX_LINKS links is stored but held for a
 * moderator (docs/moderation.md "New accounts"): hidden under HELD_FOR_MODERATOR (no moderator), with a
 * system report (no reporter) that puts it in the queue; a moderator's `restore` releases it. Called in
 * the write's transaction, REST and sync push alike; answers whether it held the record.
 */
export async function holdIfLinky(
  tx: Store,
  writer: Pick<UserRow, 'id' | 'createdAt'>,
  entity: HideableEntity,
  recordId: number,
  text: string,
): Promise<boolean> {
  if (!isNewAccount(writer.createdAt) || countLinks(text) <= NEW_ACCOUNT_MAX_LINKS) return false;
  const already = await hiddenRecord(tx, entity, recordId);
  if (already) return true;
  await tx
    .insert(moderationHidden)
    .values({ entity, recordId, ownerId: writer.id, reason: HELD_FOR_MODERATOR, moderatorId: null });
  await tx
    .insert(reports)
    .values({ uid: uuidv7(), reporterId: null, entity, recordId, reason: 'spam', note: HELD_FOR_MODERATOR });
  return true;
}
