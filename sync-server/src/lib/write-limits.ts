/**
 * Per-member limits on what members write for others to read (docs/api.md "Rate limits"): messages,
 * comments of every kind (on finds, forum posts, events, stories and in groups) and forum posts, each
 * config.writeRateLimits[kind] per WRITE_WINDOW_MS. The counters are the shared ones of lib/rate-limit.ts,
 * so every app server counts into the same rows, and the REST route and the sync push of the same write
 * count against the same limit: REST through `limitWrites` (by path, below), sync through
 * sync/push-limits.ts (by entity). Over the limit the answer is a 429 with Retry-After, or, in a push, the
 * mutation's `rate-limited` rejection, which the web app keeps queued and sends again later.
 * Only new records count: a replayed create (S4), an edit or a refused write does not.
 * During an account's first 24 hours the limits are config.newAccountWriteRateLimits (lower; same counters),
 * docs/moderation.md "New accounts".
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import type { UserRow } from './auth/user-row';
import type { Config } from './config';
import { isNewAccount } from './moderation';
import type { Store } from './db';
import { RateLimiter, RetryLaterError, secondsUntil } from './rate-limit';

export type WriteKind = 'messages' | 'comments' | 'posts';

export const WRITE_WINDOW_MS = 10 * 60 * 1000;

export const WRITE_LIMIT_MESSAGES: Readonly<Record<WriteKind, string>> = {
  messages: 'You have sent a lot of messages in a short time. Please wait a few minutes and try again.',
  comments: 'You have written a lot of comments in a short time. Please wait a few minutes and try again.',
  posts: 'You have started a lot of posts in a short time. Please wait a few minutes and try again.',
};

/** The REST routes that create each kind (POST), as mounted under /api. */
const LIMITED_ROUTES: ReadonlyArray<readonly [RegExp, WriteKind]> = [
  [/^\/api\/social\/messages$/, 'messages'],
  [/^\/api\/posts$/, 'posts'],
  // Forum replies take the post in the body; the other parents take it in the path.
  [/^\/api\/comments$/, 'comments'],
  [/^\/api\/(finds|events|stories|groups)\/[^/]+\/comments$/, 'comments'],
];

/** The synced entities whose creates each kind counts (PROTOCOL.md "Rate limits"). */
export const LIMITED_SYNC_CREATES: Readonly<Record<string, WriteKind>> = {
  messages: 'messages',
  posts: 'posts',
  comments: 'comments',
  find_comments: 'comments',
  event_comments: 'comments',
  story_comments: 'comments',
  group_comments: 'comments',
};

/** Who writes: their id and, for the new-account limits, when they signed up. */
export type Writer = Pick<UserRow, 'id' | 'createdAt'>;

function limiter(store: Store, config: Config, kind: WriteKind, writer: Writer, now: number): RateLimiter {
  const limits = isNewAccount(writer.createdAt, now)
    ? config.newAccountWriteRateLimits
    : config.writeRateLimits;
  return new RateLimiter(store, `writes-${kind}`, limits[kind], WRITE_WINDOW_MS);
}

const memberKey = (memberId: number) => `member:${memberId}`;

/**
 * Counts one new `kind` record of the member, or throws a 429 that says how long to wait (counting
 * nothing). Given a transaction, the count rolls back with the write.
 */
export async function countWrite(
  store: Store,
  config: Config,
  kind: WriteKind,
  writer: Writer,
  now = Date.now(),
): Promise<void> {
  const counter = limiter(store, config, kind, writer, now);
  if (await counter.hit(memberKey(writer.id), now)) return;
  const wait = await counter.waitMs(memberKey(writer.id), now);
  throw new RetryLaterError(WRITE_LIMIT_MESSAGES[kind], secondsUntil(wait));
}

/**
 * The REST side, for every route: a POST to a limited path is counted before the route runs (so a member
 * over the limit is answered 429 without anything being read or written), and given back unless the route
 * answered 201 Created — a replay (200), a refusal or an error made nothing new.
 */
export function limitWrites(store: Store, config: Config): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get('user');
    if (c.req.method !== 'POST' || !user) return next();
    const kind = LIMITED_ROUTES.find(([path]) => path.test(c.req.path))?.[1];
    if (!kind) return next();
    const now = Date.now();
    await countWrite(store, config, kind, user, now);
    try {
      await next();
    } finally {
      if (c.res.status !== 201) await limiter(store, config, kind, user, now).release(memberKey(user.id));
    }
  };
}
