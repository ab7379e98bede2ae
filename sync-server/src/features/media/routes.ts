/**
 * Uploads and generated images, mounted at '/':
 *   POST /api/upload         multipart `file` (avatar by default; `kind=photo` for a photo) → 201 { url, thumbUrl }
 *   POST /api/upload-image   multipart `image` (forum post picture) → 201 { imageUrl, thumbUrl }
 *   GET  /uploads/:file      a stored WebP from the photo store (lib/photo-store.ts), cached for a year
 *                            (names are content hashes)
 *   GET  /avatars/:seed      a generated default avatar, `/avatars/<username>.svg`
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../env';
import type { Deps } from '../../deps';
import { badRequest, notFound, tooLarge } from '../../lib/errors';
import { IMAGE_TOO_LARGE_MESSAGE, storeImage, type ImageKind } from '../../lib/images';
import { requireUser } from '../../lib/auth/session';
import { MAX_IMAGE_BYTES } from '@schema/contracts/constants';
import {
  avatarSeed,
  defaultAvatar,
  etagMatches,
  readUpload,
  UPLOAD_CONTENT_TYPE,
  uploadEtag,
  uploadExists,
} from './service';

const SELECT_IMAGE_MESSAGE = 'Please select an image file';
const LOGIN_MESSAGE = 'Please log in';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A week: avatars change only when DiceBear's artwork does, and the ETag revalidates cheaply after. */
const AVATAR_CACHE = 'public, max-age=604800';

interface ImagePart {
  bytes: Uint8Array;
  name: string;
  kind: ImageKind | undefined;
}

/** The named file part of a multipart body; a missing, empty or malformed part is a 400. */
async function readImagePart(c: Context<AppEnv>, field: string): Promise<ImagePart> {
  let body: Record<string, string | File>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw badRequest(SELECT_IMAGE_MESSAGE);
  }
  const file = body[field];
  if (file === undefined || typeof file === 'string' || file.size === 0)
    throw badRequest(SELECT_IMAGE_MESSAGE);
  // The body limit already bounds the request; this gives the product's message
  // (docs/product/constants.md#images) before reading the part.
  if (file.size > MAX_IMAGE_BYTES) throw tooLarge(IMAGE_TOO_LARGE_MESSAGE);
  const kind = body.kind;
  return {
    bytes: new Uint8Array(await file.arrayBuffer()),
    name: file.name,
    kind: kind === 'photo' || kind === 'avatar' ? kind : undefined,
  };
}

export function mediaRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.post('/api/upload', async (c) => {
    const user = requireUser(c, LOGIN_MESSAGE);
    const part = await readImagePart(c, 'file');
    // The spec uses this endpoint for profile pictures, hence the square avatar default.
    const stored = await storeImage(deps, part.bytes, {
      uploadedBy: user.id,
      originalName: part.name,
      kind: part.kind ?? 'avatar',
    });
    return c.json({ url: stored.url, thumbUrl: stored.thumbUrl }, 201);
  });

  app.post('/api/upload-image', async (c) => {
    const user = requireUser(c, LOGIN_MESSAGE);
    const part = await readImagePart(c, 'image');
    const stored = await storeImage(deps, part.bytes, {
      uploadedBy: user.id,
      originalName: part.name,
      kind: 'photo',
    });
    return c.json({ imageUrl: stored.url, thumbUrl: stored.thumbUrl }, 201);
  });

  app.get('/uploads/:file', async (c) => {
    const filename = c.req.param('file');
    const etag = uploadEtag(filename);
    if (!etag) throw notFound('Image not found');
    const headers = { 'Cache-Control': IMMUTABLE, ETag: etag };
    // A revalidation only needs to know the photo is still there, not its bytes (from S3, a HEAD).
    if (etagMatches(c.req.header('if-none-match'), etag)) {
      if (!(await uploadExists(deps.config, filename))) throw notFound('Image not found');
      return c.body(null, 304, headers);
    }
    const file = await readUpload(deps.config, filename);
    if (!file) throw notFound('Image not found');
    return c.body(file.body, 200, {
      ...headers,
      'Content-Type': UPLOAD_CONTENT_TYPE,
      'Content-Length': String(file.length),
    });
  });
  // Deeper paths are never ours either; answer JSON 404 rather than the web app's index.html.
  app.get('/uploads/*', () => {
    throw notFound('Image not found');
  });

  app.get('/avatars/:seed', async (c) => {
    const { svg, etag } = await defaultAvatar(avatarSeed(c.req.param('seed')));
    const headers = { 'Cache-Control': AVATAR_CACHE, ETag: etag };
    if (etagMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
    return c.body(svg, 200, { ...headers, 'Content-Type': 'image/svg+xml; charset=utf-8' });
  });

  return app;
}
