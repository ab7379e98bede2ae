/**
 * POST /api/sync/push: applies a member's queued offline writes (docs/sync.md "Writes"; PROTOCOL.md S1–S8).
 *
 * Each mutation runs in its own database transaction through the owning feature's service functions — the
 * same ones the REST routes call, so a change made offline obeys exactly the rules of one made online.
 * The mutation id is recorded in that same transaction: either the write and its id are both stored or
 * neither is, so a client that never saw the answer (dropped response, reload, crash) can resend the
 * whole batch and each already-applied mutation answers `duplicate` without being applied twice.
 */
import { eq } from 'drizzle-orm';
import { syncMutations } from '@schema/db/tables';
import type { Mutation, PushResult } from '@schema/contracts/sync';
import type { Deps } from '../deps';
import type { UserRow } from '../lib/auth/session';
import { HttpError } from '../lib/errors';
import { suspendedError, WRITABLE_WHILE_SUSPENDED } from '../lib/moderation';
import { first } from '../lib/query';
import type { ApplyOutcome, SyncEntityHandler } from './registry';

export const UNSUPPORTED_ENTITY_MESSAGE = 'This kind of record cannot be synced yet.';
export const INTERNAL_REJECTION_MESSAGE = 'The server could not apply this change. It will be retried.';
export const FOREIGN_MUTATION_MESSAGE = 'This change was already sent by another member.';

/** Thrown from inside the transaction when a mutation id was already applied: nothing is written. */
class AlreadyApplied extends Error {}

/**
 * One answer per mutation, in order. Never a whole-batch failure: an unexpected error is its mutation's
 * `internal` rejection (S6), so one bad mutation cannot make the device resend the batch forever.
 */
export interface PushOutcome {
  results: PushResult[];
}

/**
 * Applies mutations strictly in the order given (S2). A rejection does not stop the batch: later
 * mutations are still tried, and those that depended on the rejected one are rejected in turn
 * (e.g. a comment on a find whose create was rejected answers 'parent-missing').
 */
export async function applyMutations(
  deps: Deps,
  user: UserRow,
  mutations: readonly Mutation[],
  handlers: ReadonlyMap<string, SyncEntityHandler>,
): Promise<PushOutcome> {
  const results: PushResult[] = [];
  for (const mutation of mutations) {
    // Uids are compared as stored: lower case (docs/sync.md: uids are device-made, any case may arrive).
    results.push(await applyOne(deps, user, { ...mutation, uid: mutation.uid.toLowerCase() }, handlers));
  }
  return { results };
}

async function applyOne(
  deps: Deps,
  user: UserRow,
  mutation: Mutation,
  handlers: ReadonlyMap<string, SyncEntityHandler>,
): Promise<PushResult> {
  const { mutationId } = mutation;
  try {
    const outcome: ApplyOutcome = await deps.db.transaction(async (tx) => {
      const seen = await first(
        tx
          .select({ userId: syncMutations.userId })
          .from(syncMutations)
          .where(eq(syncMutations.mutationId, mutationId)),
      );
      if (seen) {
        // S3: a replay. A mutation id is the sender's; another member reusing it is refused, not merged.
        if (seen.userId !== user.id) throw new HttpError(409, 'mutation-conflict', FOREIGN_MUTATION_MESSAGE);
        throw new AlreadyApplied();
      }
      const handler = handlers.get(mutation.entity);
      // S7: entities whose features are not built yet are refused explicitly, never silently dropped.
      if (!handler?.apply) throw new HttpError(400, 'unsupported-entity', UNSUPPORTED_ENTITY_MESSAGE);
      // A suspended member's writes are refused one by one with the reason, so each stays on the device in
      // "Not synced" (docs/moderation.md); deletes and their own private records still go through.
      const suspended = suspendedError(user);
      if (suspended && mutation.op !== 'delete' && !WRITABLE_WHILE_SUSPENDED.has(mutation.entity))
        throw suspended;
      const applied = await handler.apply({ store: tx, user, mutation, config: deps.config });
      await tx
        .insert(syncMutations)
        .values({ mutationId, userId: user.id, entity: mutation.entity, op: mutation.op });
      return applied;
    });
    return outcome.id === undefined
      ? { mutationId, status: outcome.status }
      : { mutationId, status: outcome.status, id: outcome.id };
  } catch (err) {
    if (err instanceof AlreadyApplied) return { mutationId, status: 'duplicate' };
    // S5: the REST route's own code and message, so "Not synced" reads like the online form.
    if (err instanceof HttpError)
      return { mutationId, status: 'rejected', code: err.code, message: err.message };
    // S6: a bug or a transient database error: logged, answered per mutation, retryable by the client. Its
    // own transaction was rolled back, so nothing of it was written; the next mutation gets a new one.
    deps.logger.error({ err, mutationId, entity: mutation.entity, op: mutation.op }, 'sync mutation failed');
    return { mutationId, status: 'rejected', code: 'internal', message: INTERNAL_REJECTION_MESSAGE };
  }
}
