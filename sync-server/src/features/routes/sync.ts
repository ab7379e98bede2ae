/**
 * Routes and completions as synced entities (sync-server/src/sync/PROTOCOL.md): a route made or edited
 * offline, and a walk completed offline, are applied through the REST routes' own service functions, so
 * "Not synced" reads like the form.
 *
 * - `routes`: visibility by rule (a private route is its owner's alone); scope `own` for the owner, `pinned`
 *   for a public route a device keeps. No community window: recommendations read public routes by REST
 *   near the member. On conflict the last update wins per field (S17), and a delete wins (`not-found`).
 * - `route_completions`: member-only children of a route (one row per walk). A create may carry a rating;
 *   an update rates the route (one rating per member, changeable). A completion of a route that is gone, or
 *   private to someone else, is rejected `parent-missing` (S8).
 */
import {
  completionSyncCreatePayloadSchema,
  completionSyncUpdatePayloadSchema,
  routeSyncCreatePayloadSchema,
  routeSyncUpdatePayloadSchema,
} from '@schema/contracts/ar-routes';
import {
  applied,
  createdOrDuplicate,
  parentRequired,
  writeOp,
  type SyncedEntity,
  type WriteOp,
} from '../../sync/entity';
import {
  completeRoute,
  deleteCompletion,
  existingCompletion,
  loadCompletionsForPull,
  rateByCompletion,
} from './completions';
import { createRoute, deleteRoute, existingRouteForCreate, loadRoutesForPull, updateRoute } from './service';

const validatedCreate = writeOp(routeSyncCreatePayloadSchema, async ({ store, user, mutation }, input) => {
  const { route, created } = await createRoute(store, user, input, { uid: mutation.uid });
  return createdOrDuplicate(created, route.id);
});

/** S4 first: a replayed create is the same route, whatever its payload says now. */
const create: WriteOp = async (ctx) => {
  const existing = await existingRouteForCreate(ctx.store, ctx.user, ctx.ref.uid);
  return existing ? createdOrDuplicate(false, existing.id) : validatedCreate(ctx);
};

export const routesEntity: SyncedEntity = {
  entity: 'routes',
  visibility: { rows: 'rules', rule: 'a private route is seen by its owner only' },
  scope: { kind: 'owned' },
  load: loadRoutesForPull,
  write: {
    uid: 'record',
    create,
    update: writeOp(routeSyncUpdatePayloadSchema, async ({ store, user, ref }, input) =>
      applied((await updateRoute(store, user, ref, input)).id),
    ),
    delete: async ({ store, user, ref }) => applied(await deleteRoute(store, user, ref, { missingOk: true })),
  },
};

const validatedCompletion = writeOp(
  completionSyncCreatePayloadSchema,
  async ({ store, user, mutation }, input) => {
    const { completion, created } = await parentRequired(() =>
      completeRoute(
        store,
        user,
        { uid: input.routeUid.toLowerCase() },
        {
          uid: mutation.uid,
          completedAt: input.completedAt,
          rating: input.rating,
        },
      ),
    );
    return createdOrDuplicate(created, completion.id);
  },
);

export const routeCompletionsEntity: SyncedEntity = {
  entity: 'route_completions',
  visibility: { rows: 'member-only' },
  scope: { kind: 'child', parent: 'routes' },
  load: loadCompletionsForPull,
  write: {
    uid: 'record',
    // S4 first: a replayed completion is the same walk, even if its route has gone private since.
    create: async (ctx) => {
      const existing = await existingCompletion(ctx.store, ctx.user, ctx.ref.uid);
      return existing ? createdOrDuplicate(false, existing.id) : validatedCompletion(ctx);
    },
    update: writeOp(completionSyncUpdatePayloadSchema, async ({ store, user, ref }, input) =>
      applied(await rateByCompletion(store, user, ref, input.rating)),
    ),
    delete: async ({ store, user, ref }) => applied(await deleteCompletion(store, user, ref)),
  },
};
