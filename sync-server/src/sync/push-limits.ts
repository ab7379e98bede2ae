/**
 * Rate limits on pushes (PROTOCOL.md S33; docs/api.md "Rate limits"), around applyMutations:
 * - every member may push config.pushRateLimit mutations per PUSH_WINDOW_MS: a batch is let through as far
 *   as the allowance goes, the rest answered `rate-limited`; with nothing left, the whole request is a 429
 *   with Retry-After;
 * - new messages, comments and posts count against the same per-member limits as their REST routes
 *   (lib/write-limits.ts), in the mutation's own transaction, so a refused one leaves nothing behind.
 * Once one mutation is refused for a limit, the rest of the batch is refused the same way, in order (S2):
 * a later mutation may depend on it (a comment on the refused post). The web app keeps `rate-limited`
 * mutations queued and sends them again later; they never land in "Not synced".
 */
import type { Mutation, PushResult } from '@schema/contracts/sync';
import type { Deps } from '../deps';
import type { UserRow } from '../lib/auth/session';
import { RateLimiter, RetryLaterError, secondsUntil } from '../lib/rate-limit';
import { countWrite, LIMITED_SYNC_CREATES } from '../lib/write-limits';
import { applyMutations, type PushOutcome } from './push';
import type { SyncEntityHandler } from './registry';

export const PUSH_WINDOW_MS = 10 * 60 * 1000;
export const TOO_MANY_CHANGES_MESSAGE =
  'You have sent a lot of changes in a short time. They are kept on this device and will be sent in a few minutes.';

const memberKey = (memberId: number) => `member:${memberId}`;

/** The refusal of a mutation that was not tried: the same code and message as the one that stopped the batch. */
const refused = (mutation: Mutation, reason: RetryLaterError): PushResult => ({
  mutationId: mutation.mutationId,
  status: 'rejected',
  code: reason.code,
  message: reason.message,
});

/**
 * The handlers for one push: each new record of a limited kind is counted in its mutation's transaction
 * (a refusal rolls the write back); after the first refusal every later mutation is refused too.
 */
function limitedHandlers(
  deps: Deps,
  handlers: ReadonlyMap<string, SyncEntityHandler>,
  stopped: { by: RetryLaterError | null },
): ReadonlyMap<string, SyncEntityHandler> {
  const wrapped = new Map<string, SyncEntityHandler>();
  for (const [entity, handler] of handlers) {
    const { apply } = handler;
    const kind = LIMITED_SYNC_CREATES[entity];
    if (!apply) {
      wrapped.set(entity, handler);
      continue;
    }
    wrapped.set(entity, {
      ...handler,
      async apply(ctx) {
        if (stopped.by) throw stopped.by;
        const outcome = await apply(ctx);
        if (kind && ctx.mutation.op === 'create' && outcome.status === 'applied') {
          try {
            await countWrite(ctx.store, deps.config, kind, ctx.user);
          } catch (err) {
            if (err instanceof RetryLaterError) stopped.by = err;
            throw err;
          }
        }
        return outcome;
      },
    });
  }
  return wrapped;
}

/** applyMutations within the member's push allowance and write limits (see above). */
export async function applyWithinLimits(
  deps: Deps,
  user: UserRow,
  mutations: readonly Mutation[],
  handlers: ReadonlyMap<string, SyncEntityHandler>,
): Promise<PushOutcome> {
  const allowance = new RateLimiter(deps.db, 'pushes', deps.config.pushRateLimit, PUSH_WINDOW_MS);
  const key = memberKey(user.id);
  const allowed = await allowance.hitUpTo(key, mutations.length);
  if (allowed === 0 && mutations.length > 0)
    throw new RetryLaterError(TOO_MANY_CHANGES_MESSAGE, secondsUntil(await allowance.waitMs(key)));

  const stopped: { by: RetryLaterError | null } = { by: null };
  const outcome = await applyMutations(
    deps,
    user,
    mutations.slice(0, allowed),
    limitedHandlers(deps, handlers, stopped),
  );
  // Mutations a write limit refused did no work: they do not use up the push allowance.
  const refusedForLimits = outcome.results.filter(
    (r) => r.status === 'rejected' && r.code === 'rate-limited',
  ).length;
  if (refusedForLimits > 0) await allowance.release(key, Date.now(), refusedForLimits);
  const notTried = mutations.slice(allowed);
  if (notTried.length === 0) return outcome;
  const reason =
    stopped.by ?? new RetryLaterError(TOO_MANY_CHANGES_MESSAGE, secondsUntil(await allowance.waitMs(key)));
  return { ...outcome, results: [...outcome.results, ...notTried.map((m) => refused(m, reason))] };
}
