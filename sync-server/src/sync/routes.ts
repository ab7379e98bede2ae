/**
 * Sync endpoints, mounted under /api (PROTOCOL.md):
 *   POST /api/sync/push              signed in; applies queued mutations → PushResponse
 *   POST /api/sync/pull              anyone ('own' signed in); { scopes, pins?, limit? } → PullResponse (S25–S31)
 *   GET  /api/sync/pull              anyone; the whole log after ?cursor= (?limit=) → LegacyPullResponse;
 *                                    kept until the web client pulls by scopes, then removed
 *   PUT  /api/sync/blobs/{sha256}    signed in; raw image bytes → BlobAck
 *   GET|HEAD /api/sync/blobs/{sha256} signed in; BlobAck if stored, 404 if not (so an upload is resumed)
 */
import { Hono } from 'hono';
import {
  DEFAULT_PULL_LIMIT,
  MAX_PULL_LIMIT,
  pullRequestSchema,
  pushRequestSchema,
  sha256Schema,
} from '@schema/contracts/sync';
import type { AppEnv } from '../env';
import type { Deps } from '../deps';
import { requireUser } from '../lib/auth/session';
import { HttpError, badRequest, notFound } from '../lib/errors';
import { parseWith, readJson } from '../lib/validate';
import { findBlob, putBlob } from './blobs';
import { defaultSyncHandlers } from './entities';
import { parsePullCursor, pullChanges, pullEpoch } from './pull';
import { applyMutations, INTERNAL_REJECTION_MESSAGE } from './push';
import type { SyncEntityHandler } from './registry';
import { pullScopes } from './scoped-pull';

/** The web app shows this and pauses the outbox until the member signs in again (nothing is dropped). */
export const SIGN_IN_TO_SYNC = 'Sign in to sync';
export const BLOB_NOT_FOUND = 'This photo has not been uploaded yet.';

export function syncRoutes(
  deps: Deps,
  handlers: ReadonlyMap<string, SyncEntityHandler> = defaultSyncHandlers(),
) {
  const app = new Hono<AppEnv>();

  app.post('/sync/push', async (c) => {
    const user = requireUser(c, SIGN_IN_TO_SYNC);
    const { mutations } = await readJson(c, pushRequestSchema);
    const { results, allFailed } = await applyMutations(deps, user, mutations, handlers);
    // S6: nothing could be answered, so nothing was applied: a 5xx makes the client retry with backoff.
    if (allFailed) throw new HttpError(500, 'internal', INTERNAL_REJECTION_MESSAGE);
    return c.json({ results });
  });

  app.post('/sync/pull', async (c) => {
    const request = await readJson(c, pullRequestSchema);
    // S26: a member's own records need their session; the other scopes are public.
    const user = request.scopes.some((s) => s.scope === 'own')
      ? requireUser(c, SIGN_IN_TO_SYNC)
      : c.get('user');
    const body = await pullScopes(deps.db, user ? { id: user.id } : null, request, handlers, {
      windowSize: deps.config.syncWindow,
    });
    // Shaped for this caller (own coordinates, own likes): never stored by a shared cache.
    c.header('Cache-Control', 'private, no-store');
    return c.json(body);
  });

  app.get('/sync/pull', async (c) => {
    const cursor = parsePullCursor(c.req.query('cursor'), pullEpoch(handlers));
    if (cursor === null) throw badRequest('Invalid cursor');
    const rawLimit = c.req.query('limit');
    const limit = rawLimit === undefined || rawLimit === '' ? DEFAULT_PULL_LIMIT : Number(rawLimit);
    if (!Number.isInteger(limit) || limit < 1) throw badRequest('limit must be a positive whole number');
    const user = c.get('user');
    const body = await pullChanges(
      deps.db,
      user ? { id: user.id } : null,
      cursor,
      Math.min(limit, MAX_PULL_LIMIT),
      handlers,
    );
    // Shaped for this caller (own coordinates, own likes): never stored by a shared cache.
    c.header('Cache-Control', 'private, no-store');
    return c.json(body);
  });

  app.put('/sync/blobs/:sha256', async (c) => {
    const user = requireUser(c, SIGN_IN_TO_SYNC);
    const sha256 = parseWith(sha256Schema, c.req.param('sha256').toLowerCase());
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const { ack, created } = await putBlob(deps, user.id, sha256, c.req.header('content-type'), bytes);
    return c.json(ack, created ? 201 : 200);
  });

  // Hono answers HEAD with this GET handler minus the body.
  app.get('/sync/blobs/:sha256', async (c) => {
    requireUser(c, SIGN_IN_TO_SYNC);
    const ack = await findBlob(deps.db, parseWith(sha256Schema, c.req.param('sha256').toLowerCase()));
    if (!ack) throw notFound(BLOB_NOT_FOUND);
    return c.json(ack);
  });

  return app;
}
