/**
 * Sessions: an httpOnly, SameSite=Lax cookie holding a random token whose hash is stored in `sessions`.
 * The session alone decides who acts; a `userId` sent by the client is never trusted.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { and, eq, gt, lt } from 'drizzle-orm';
import { sessions, users } from '@schema/db/tables';
import type { AppEnv } from '../../env';
import type { Config } from '../config';
import { usesHttps } from '../config';
import type { Db } from '../db';
import { unauthorized } from '../errors';
import { first } from '../query';
import { hashToken, newToken } from './tokens';
import type { UserRow } from './user-row';

export const SESSION_COOKIE = 'dq_session';
const SESSION_DAYS = 30;
/**
 * A session seen again after this long is marked seen and extended: active members stay signed in, and
 * the home page's Community Members counts a member active in the last 24 hours by `lastSeenAt`
 * (docs/product/home.md). One write per member every quarter of an hour at most.
 */
const RENEW_AFTER_MS = 15 * 60 * 1000;

export type { UserRow } from './user-row';

const expiry = () => new Date(Date.now() + SESSION_DAYS * 24 * 60 * 60 * 1000).toISOString();

export async function startSession(c: Context, db: Db, config: Config, userId: number): Promise<void> {
  const token = newToken();
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt: expiry() });
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: usesHttps(config),
    path: '/',
    maxAge: SESSION_DAYS * 24 * 60 * 60,
  });
}

export async function endSession(c: Context, db: Db, config: Config): Promise<void> {
  const token = getCookie(c, SESSION_COOKIE);
  if (token) await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: usesHttps(config) });
}

/** Ends every session of a member (password reset, account deletion). */
export async function endAllSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Resolves the cookie to a member and puts it on `c.var.user` (null when signed out or expired). */
export function sessionMiddleware(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('user', null);
    const token = getCookie(c, SESSION_COOKIE);
    if (token) {
      const now = new Date().toISOString();
      const tokenHash = hashToken(token);
      const row = await first(
        db
          .select({ user: users, lastSeenAt: sessions.lastSeenAt })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now))),
      );
      if (row) {
        c.set('user', row.user);
        if (Date.now() - Date.parse(row.lastSeenAt) > RENEW_AFTER_MS) {
          await db
            .update(sessions)
            .set({ lastSeenAt: now, expiresAt: expiry() })
            .where(eq(sessions.tokenHash, tokenHash));
        }
      }
    }
    await next();
  };
}

export async function pruneExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date().toISOString()));
}

/** The signed-in member, or a 401 with the given message. */
export function requireUser(c: Context<AppEnv>, message?: string): UserRow {
  const user = c.get('user');
  if (!user) throw unauthorized(message);
  return user;
}
