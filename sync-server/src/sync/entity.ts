/**
 * A synced entity, declared (PROTOCOL.md "Entity descriptors"). One object says everything the sync
 * layer needs to know about an entity: its name, how a queued create, update or delete is applied
 * through the owning feature's service (the REST routes' own functions), how its rows are loaded for a
 * pull, who may see a row, and which payload fields name uploaded photos. entities.ts lists them; the
 * contract suite (contract.test.ts) runs the rules every writable entity must keep against each one.
 */
import type { z } from 'zod';
import type { PullEntity } from '@schema/contracts/sync';
import { HttpError } from '../lib/errors';
import { parseWith } from '../lib/validate';
import { requireBlobUrl } from './blobs';
import { requirePrivateBlobUrl } from './private-blobs';
import type {
  ApplyContext,
  ApplyOutcome,
  EntityRef,
  EntityScope,
  LoadedRows,
  Store,
  SyncEntityHandler,
  Viewer,
} from './registry';

export type { EntityScope, RecordWindow } from './registry';

/**
 * Who may see a row (S13, S14, S16). Declared here and checked by the contract suite, so a loader and its
 * declaration cannot drift apart:
 * - `public`: every caller, signed in or not; `ownerOnlyFields` reach the row's owner alone (S16);
 * - `member-only`: only the member whose row it is (likes, promotions: S14, S22); other callers never
 *   hear of it, not even as a tombstone;
 * - `rules`: rows that can stop being visible to a caller (a spot made private): the caller then pulls a
 *   tombstone (S13). The entity's contract fixture must say how to hide one;
 * - `participants`: rows between two members (messages): logged with `owner_id` and `parent_owner_id`
 *   naming them, pulled by each of them in `own` and by nobody else, not even pinned or as a tombstone.
 */
export type Visibility =
  | { rows: 'public'; ownerOnlyFields?: readonly string[] }
  | { rows: 'member-only' }
  | { rows: 'participants' }
  | { rows: 'rules'; rule: string };

/** A payload field naming a photo uploaded first (S9), and the entity's message while it is missing (S10). */
export interface BlobField {
  field: string;
  missing: string;
  /**
   * A private photo (a message's): uploaded with `?for={entity}`, kept per uploader, never under
   * `/uploads/`; its URL is this route of the entity's own, which decides who may read it (private-blobs.ts).
   */
  privateUrl?: (filename: string) => string;
}

export interface WriteContext extends ApplyContext {
  /** The mutation's uid (lower case, S1) as a record reference. */
  ref: { uid: string };
  /**
   * The URL of the photo a declared blob field names, looked up only when the service calls it — a replayed
   * create answers `duplicate` even if its photo row is gone. Throws `photo-missing` with the field's message.
   */
  blob: (field: string, sha256: string) => () => Promise<string>;
}

/** Applies one operation; rejections are thrown as the REST route's HttpError (S5). */
export type WriteOp = (ctx: WriteContext) => Promise<ApplyOutcome>;

export interface EntityWrites {
  /**
   * What a mutation's uid names: the record itself (S1, S4: a second create of it is `duplicate`), or the
   * parent a member marks (a like: one per member and parent; creating it again is `applied`, no new row).
   */
  uid: 'record' | 'parent';
  create: WriteOp;
  update: WriteOp;
  delete: WriteOp;
}

export interface SyncedEntity {
  entity: PullEntity;
  visibility: Visibility;
  /** Which pull scopes carry it and whose its rows are (S25–S31; registry.ts EntityScope). */
  scope: EntityScope;
  load: (store: Store, viewer: Viewer, refs: EntityRef[]) => Promise<LoadedRows>;
  /** Absent for read-only entities: their mutations are rejected `unsupported-entity` (S7). */
  write?: EntityWrites;
  blobs?: readonly BlobField[];
}

/** An operation whose payload is validated with the REST route's schema first: its message is the rejection (S5). */
export function writeOp<S extends z.ZodType>(
  payload: S,
  apply: (ctx: WriteContext, input: z.output<S>) => Promise<ApplyOutcome>,
): WriteOp {
  return async (ctx) => apply(ctx, parseWith(payload, ctx.mutation.payload));
}

/** The operations made by unsupported(): they refuse every mutation, an empty update included. */
const unsupportedOps = new WeakSet<WriteOp>();

/** An operation the entity does not have (posts are never edited, a like is only added or removed). */
export function unsupported(message: string): WriteOp {
  const op: WriteOp = async () => {
    throw new HttpError(400, 'unsupported-operation', message);
  };
  unsupportedOps.add(op);
  return op;
}

/**
 * An update naming no field changes nothing, on every entity (PROTOCOL.md S17): it is applied without
 * reaching the feature, whose SQL would have no column to set and whose rules would have nothing to check.
 */
const isEmptyUpdate = (write: EntityWrites, mutation: ApplyContext['mutation']): boolean =>
  mutation.op === 'update' && Object.keys(mutation.payload).length === 0 && !unsupportedOps.has(write.update);

/**
 * S8: a write whose parent is gone (a comment on a find deleted — or never accepted — on the server) is
 * rejected as 'parent-missing' with the REST message, so the client can tell it from a bad input.
 */
export async function parentRequired<T>(apply: () => Promise<T>): Promise<T> {
  try {
    return await apply();
  } catch (err) {
    if (err instanceof HttpError && err.status === 404)
      throw new HttpError(404, 'parent-missing', err.message);
    throw err;
  }
}

export const applied = (id: number | undefined): ApplyOutcome =>
  id === undefined ? { status: 'applied' } : { status: 'applied', id };

/** S4: a create of a uid that already exists answers the existing record as `duplicate`. */
export const createdOrDuplicate = (created: boolean, id: number): ApplyOutcome => ({
  status: created ? 'applied' : 'duplicate',
  id,
});

/** The runtime seam push and pull call (registry.ts), made from a declaration. */
export function handlerFor(entity: SyncedEntity): SyncEntityHandler {
  const { write } = entity;
  const base = {
    entity: entity.entity,
    load: entity.load,
    scope: entity.scope,
    memberOnly: entity.visibility.rows === 'member-only',
    participantsOnly: entity.visibility.rows === 'participants',
    privatePhotoUrl: entity.blobs?.find((b) => b.privateUrl)?.privateUrl,
  };
  if (!write) return base;
  const fields = new Map((entity.blobs ?? []).map((b) => [b.field, b]));
  return {
    ...base,
    async apply(ctx) {
      if (isEmptyUpdate(write, ctx.mutation)) return applied(undefined);
      const blob = (field: string, sha256: string) => {
        const declared = fields.get(field);
        if (declared === undefined) throw new Error(`${entity.entity} declares no blob field '${field}'`);
        // A private photo is looked up among the writer's own uploads only.
        if (declared.privateUrl)
          return () => requirePrivateBlobUrl(ctx.store, ctx.user.id, sha256, declared.missing);
        return () => requireBlobUrl(ctx.store, sha256, declared.missing);
      };
      return write[ctx.mutation.op]({ ...ctx, ref: { uid: ctx.mutation.uid }, blob });
    },
  };
}

export function handlersFor(entities: readonly SyncedEntity[]): ReadonlyMap<string, SyncEntityHandler> {
  const handlers = new Map<string, SyncEntityHandler>();
  for (const entity of entities) {
    if (handlers.has(entity.entity)) throw new Error(`sync entity '${entity.entity}' is registered twice`);
    handlers.set(entity.entity, handlerFor(entity));
  }
  checkScopes(handlers);
  return handlers;
}

/** A scope declaration naming a parent or a window that is not there fails at start-up, not in a pull. */
function checkScopes(handlers: ReadonlyMap<string, SyncEntityHandler>): void {
  const windows = new Set<string>();
  for (const { entity, scope } of handlers.values()) {
    if (
      (scope.kind === 'child' || scope.kind === 'counts') &&
      handlers.get(scope.parent)?.scope.kind !== 'owned'
    )
      throw new Error(
        `sync entity '${entity}' names parent '${scope.parent}', which is not a registered owned entity`,
      );
    if (scope.kind === 'owned' && scope.window) {
      if (windows.has(scope.window.scope)) throw new Error(`window ${scope.window.scope} is declared twice`);
      windows.add(scope.window.scope);
    }
  }
}
