/**
 * My data (docs/export.md; docs/api.md "My data"), mounted under /api:
 *   GET  /me/export   signed in; the member's archive (application/zip), built at most
 *                     EXPORT_BUILDS_PER_DAY times a day and kept 24 h: resumable (Range, If-Range), a retry
 *                     gets the same file; `?fresh=1` builds a new one (counted)
 *   POST /me/import   signed in; body: an export ZIP (application/zip, raw); → ImportResult
 */
import fs from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { Hono } from 'hono';
import {
  EXPORT_BUILDS_PER_DAY,
  EXPORT_WINDOW_MS,
  IMPORT_MAX_BYTES,
  IMPORTS_PER_DAY,
  exportFileName,
  myDataMessages,
} from '@schema/contracts/my-data';
import type { AppEnv } from '../../env';
import type { Deps } from '../../deps';
import { requireUser } from '../../lib/auth/session';
import { badRequest, tooLarge, unsupportedMedia } from '../../lib/errors';
import { RateLimiter, RetryLaterError, secondsUntil } from '../../lib/rate-limit';
import { defaultSyncHandlers } from '../../sync/entities';
import type { SyncEntityHandler } from '../../sync/registry';
import { buildExport } from './build';
import { buildOnce, currentExport } from './export-files';
import { importExport } from './importer';
import { serveFile } from './serve-file';

const memberKey = (id: number) => `member:${id}`;

export function myDataRoutes(
  deps: Deps,
  handlers: ReadonlyMap<string, SyncEntityHandler> = defaultSyncHandlers(),
) {
  const app = new Hono<AppEnv>();
  const { db, config } = deps;
  const builds = new RateLimiter(db, 'my-data-export', EXPORT_BUILDS_PER_DAY, EXPORT_WINDOW_MS);
  const imports = new RateLimiter(db, 'my-data-import', IMPORTS_PER_DAY, EXPORT_WINDOW_MS);

  app.get('/me/export', async (c) => {
    const user = requireUser(c, myDataMessages.signIn);
    const fresh = c.req.query('fresh') === '1';
    let built = fresh ? null : await currentExport(config, user.id);
    if (!built) {
      // Only a build counts: resuming or retrying the built file is free.
      if (!(await builds.hit(memberKey(user.id))))
        throw new RetryLaterError(
          myDataMessages.tooManyExports,
          secondsUntil(await builds.waitMs(memberKey(user.id))),
        );
      built = await buildOnce(config, user.id, async (file) => {
        await buildExport(deps, user, file, handlers);
      });
    }
    return serveFile(c, {
      file: built.file,
      size: built.size,
      etag: `"${user.id}-${built.builtAt}-${built.size}"`,
      contentType: 'application/zip',
      filename: exportFileName(user.username, new Date(built.builtAt)),
    });
  });

  app.post('/me/import', async (c) => {
    const user = requireUser(c, myDataMessages.signInToImport);
    const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/zip' && type !== 'application/x-zip-compressed')
      throw unsupportedMedia(myDataMessages.notZip);
    if (!(await imports.hit(memberKey(user.id))))
      throw new RetryLaterError(
        myDataMessages.tooManyImports,
        secondsUntil(await imports.waitMs(memberKey(user.id))),
      );
    const body = c.req.raw.body;
    if (!body) throw badRequest(myDataMessages.notAnExport);
    // Spooled to a file first, counted as it comes: memory stays flat, and the ZIP is read by its
    // central directory, from the end (zip-reader.ts).
    const dir = path.join(config.dataDir, 'imports');
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(dir, `${user.id}-${randomBytes(8).toString('hex')}.zip`);
    try {
      let size = 0;
      await pipeline(
        Readable.fromWeb(body as NodeReadableStream<Uint8Array>),
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            size += chunk.byteLength;
            if (size > IMPORT_MAX_BYTES) throw tooLarge(myDataMessages.importTooLarge);
            yield chunk;
          }
        },
        createWriteStream(file),
      );
      const fh = await fs.open(file, 'r');
      try {
        return c.json(await importExport(deps, user, fh, size, handlers));
      } finally {
        await fh.close();
      }
    } finally {
      await fs.rm(file, { force: true });
    }
  });

  return app;
}
