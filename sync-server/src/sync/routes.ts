/**
 * Sync endpoints, mounted under /api (PROTOCOL.md):
 *   POST /api/sync/push              signed in; applies queued mutations → PushResponse
 *   POST /api/sync/pull              anyone ('own' signed in); { scopes, pins?, limit? } → PullResponse (S25–S31)
 *   POST /api/sync/blobs/check       signed in; { sha256: [...] } → { stored: BlobAck[] }, always 200 (S9)
 *   PUT  /api/sync/blobs/{sha256}    signed in; raw image bytes → BlobAck
 *        ?for={entity}               a private photo of that entity (messages): stored for the uploader only
 */
import { Hono } from 'hono';
import {
  blobCheckRequestSchema,
  pullRequestSchema,
  pushRequestSchema,
  sha256Schema,
  type BlobCheckResponse,
} from '@schema/contracts/sync';
import type { AppEnv } from '../env';
import type { Deps } from '../deps';
import { requireUser } from '../lib/auth/session';
import { badRequest } from '../lib/errors';
import { metricsFor } from '../lib/metrics';
import { parseWith, readJson } from '../lib/validate';
import { findBlobs, putBlob } from './blobs';
import { putPrivateBlob } from './private-blobs';
import { defaultSyncHandlers } from './entities';
import { applyWithinLimits } from './push-limits';
import type { SyncEntityHandler } from './registry';
import { pullScopes } from './scoped-pull';

/** The web app shows this and pauses the outbox until the member signs in again (nothing is dropped). */
export const SIGN_IN_TO_SYNC = 'Sign in to sync';
export const NO_PRIVATE_PHOTOS = 'This kind of record takes no private photos.';

export function syncRoutes(
  deps: Deps,
  handlers: ReadonlyMap<string, SyncEntityHandler> = defaultSyncHandlers(),
) {
  const app = new Hono<AppEnv>();
  const metrics = metricsFor(deps.config);

  app.post('/sync/push', async (c) => {
    const user = requireUser(c, SIGN_IN_TO_SYNC);
    const { mutations } = await readJson(c, pushRequestSchema);
    // S6: answered per mutation, even when every one failed unexpectedly (never the batch's 500).
    const { results } = await applyWithinLimits(deps, user, mutations, handlers);
    const declared = c.req.header('content-length');
    metrics.syncPush(results, declared === undefined ? undefined : Number(declared));
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
    // Serialised here rather than by c.json, to count the answer's size (GET /metrics).
    const json = JSON.stringify(body);
    metrics.syncPull(body.changes.length, Buffer.byteLength(json));
    return c.body(json, 200, { 'Content-Type': 'application/json' });
  });

  app.put('/sync/blobs/:sha256', async (c) => {
    const user = requireUser(c, SIGN_IN_TO_SYNC);
    const sha256 = parseWith(sha256Schema, c.req.param('sha256').toLowerCase());
    const audience = c.req.query('for');
    const privateUrl = audience === undefined ? undefined : handlers.get(audience)?.privatePhotoUrl;
    if (audience !== undefined && !privateUrl) throw badRequest(NO_PRIVATE_PHOTOS);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const type = c.req.header('content-type');
    const { ack, created } = privateUrl
      ? await putPrivateBlob(deps, user.id, sha256, type, bytes, privateUrl)
      : await putBlob(deps, user.id, sha256, type, bytes);
    return c.json(ack, created ? 201 : 200);
  });

  // Before an upload: which photos of a push batch the server already holds (S9). Always 200, so a photo
  // not stored yet is an answer, not an error the browser logs.
  app.post('/sync/blobs/check', async (c) => {
    requireUser(c, SIGN_IN_TO_SYNC);
    const { sha256 } = await readJson(c, blobCheckRequestSchema);
    return c.json({ stored: await findBlobs(deps.db, sha256) } satisfies BlobCheckResponse);
  });

  return app;
}
