/**
 * Storing uploaded images (docs/architecture.md "Photos", docs/privacy.md).
 *
 * Every upload is sniffed from its bytes (never from the file name or the client's Content-Type),
 * decoded with sharp under a pixel limit, and re-encoded to WebP. Re-encoding is what removes EXIF,
 * XMP and IPTC metadata — GPS coordinates of a find spot included — because sharp writes no metadata
 * unless asked to (we never call withMetadata/keepExif).
 *
 * Files are content-addressed: the name is the SHA-256 of the re-encoded display bytes. The encoder is
 * deterministic, so a retried upload of the same photo lands on the same name, the same row and the
 * same URL: the sync engine can replay an upload without creating duplicates.
 *
 * Decoding is the expensive part (a 24 MP photo decodes to ~70 MB of pixels), so it is bounded three ways:
 * at most ENCODE_CONCURRENCY images are processed at once in the whole process (the rest wait in a short
 * queue, or get a 503 the sync engine retries: a per-process limit, as it guards this process's memory),
 * each member gets config.uploadRateLimit images per 15 minutes whichever server takes them (429, counted
 * in the database), and libvips keeps no cache and one thread per image. Upload requests themselves are let in
 * a few at a time before their bodies are read (lib/upload-admission.ts). Once encodes stop, their buffers
 * are collected (lib/collect-after-bursts.ts).
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import type sharp from 'sharp';
import type { Sharp, SharpOptions } from 'sharp';
import { imageStorage } from '@schema/db/tables';
import { MAX_IMAGE_BYTES } from '@schema/contracts/constants';
import type { Deps } from '../deps';
import { afterImageWork } from './collect-after-bursts';
import { HttpError, tooLarge, unsupportedMedia } from './errors';
import { photoStoreFor } from './photo-store';
import { ConcurrencyLimit, RateLimiter, RetryLaterError, secondsUntil } from './rate-limit';

export { uploadsDir } from './photo-store';

export type ImageKind = 'avatar' | 'photo';

export interface StoredImage {
  /** The display image's name in the photo store: `<sha256>.webp`, or `p-<sha256>.webp` when private. */
  filename: string;
  /** `/uploads/<sha256>.webp`, the display image (a private image is not served there: see `private`). */
  url: string;
  /** `/uploads/<sha256>-thumb.webp`, for lists and cards. */
  thumbUrl: string;
  width: number;
  height: number;
  sha256: string;
}

export interface StoreImageOptions {
  /** The uploading member; null for images the server stores itself (demo seed). */
  uploadedBy: number | null;
  originalName?: string;
  kind: ImageKind;
  /**
   * A private photo (a message's attachment): stored under `p-<sha256>.webp`, a name `GET /uploads/`
   * refuses, and read only through its feature's own route, which checks who asks (docs/privacy.md).
   */
  private?: boolean;
}

/** The name prefix of private photos; `/uploads/` serves only unprefixed hashes (media/service.ts). */
export const PRIVATE_PHOTO_PREFIX = 'p-';

export const IMAGE_TOO_LARGE_MESSAGE = 'Please upload an image smaller than 5MB.';
export const UNSUPPORTED_IMAGE_MESSAGE = 'Please upload a JPG or PNG image.';
export const DAMAGED_IMAGE_MESSAGE =
  'This image could not be read; the file may be damaged. Please upload a JPG or PNG image.';
export const TOO_MANY_PIXELS_MESSAGE =
  'This image is too large to process (over 25 megapixels). Please upload a smaller image.';
export const BUSY_MESSAGE = 'The server is busy processing photos. Please try again in a moment.';
export const TOO_MANY_UPLOADS_MESSAGE =
  'You have uploaded a lot of images in a short time. Please wait a few minutes and try again.';

/**
 * Decompression-bomb guard: a few kilobytes of PNG can claim 30000×30000 pixels (2.7 GB decoded).
 * sharp reads the dimensions from the header and refuses before allocating anything.
 * 25 MP takes every phone photo as phones save them (12 MP by default, 24 MP on some), and a 24 MP camera's
 * 6000×4000; a 48–50 MP full-sensor shot is over 5 MB anyway. We display photos at most 1600 px wide.
 */
export const MAX_INPUT_PIXELS = 25_000_000;

/** Images processed at once in this process; each takes one libvips thread. */
export const ENCODE_CONCURRENCY = Math.max(1, Math.min(2, os.availableParallelism()));
/** Uploads waiting for a slot; beyond this the server answers 503 and the client tries again later. */
export const MAX_WAITING_ENCODES = 32;
export const UPLOAD_WINDOW_MS = 15 * 60 * 1000;

let sharpLoaded: Promise<typeof sharp> | undefined;
/**
 * sharp and libvips, loaded with the first image rather than at start-up: they are the largest part of an
 * idle server's memory (README.md, Decisions: "The production server is built"). The settings below are
 * applied as they load, before any image is decoded, so they hold from the server's first upload on
 * (docs/architecture.md "Memory after bursts").
 */
export function loadSharp(): Promise<typeof sharp> {
  sharpLoaded ??= import('sharp').then(({ default: loaded }) => {
    // No operation cache (it would keep decoded images alive between uploads) and one thread per image: the
    // concurrency above is all the parallelism we want, and each thread's allocations fragment memory (with
    // glibc, each thread gets a malloc arena of its own: lib/allocator.ts).
    loaded.cache(false);
    loaded.concurrency(1);
    return loaded;
  });
  return sharpLoaded;
}

const encodeSlots = new ConcurrencyLimit(ENCODE_CONCURRENCY, MAX_WAITING_ENCODES, BUSY_MESSAGE);

/** Counts one image for the member (in the database: every app server counts the same), or answers 429. */
async function countUpload(deps: Deps, memberId: number): Promise<void> {
  const limiter = new RateLimiter(deps.db, 'uploads', deps.config.uploadRateLimit, UPLOAD_WINDOW_MS);
  const key = `member:${memberId}`;
  if (!(await limiter.hit(key)))
    throw new RetryLaterError(TOO_MANY_UPLOADS_MESSAGE, secondsUntil(await limiter.waitMs(key)));
}

/**
 * What we accept, by sniffed MIME type. The spec names JPG and PNG; browsers and phones also hand us
 * WebP, GIF, AVIF and HEIC, which we convert anyway. HEIC is only as good as sharp's libheif build
 * (the prebuilt one decodes AVIF but not HEVC): an undecodable HEIC is answered 415 below.
 * SVG is never accepted: it is a document that can carry scripts, not pixels.
 */
const ACCEPTED_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/heic',
  'image/heif',
]);

/** Longest display side for photos; thumbnails for cards and lists. */
const PHOTO_MAX = 1600;
const PHOTO_THUMB_WIDTH = 400;
/** Avatars are squares, cropped from the centre. */
const AVATAR_SIZE = 256;
const AVATAR_THUMB_SIZE = 96;

const WEBP = 'image/webp';

/** ~82 keeps detail in coin legends and rust textures at roughly a third of the JPEG size. */
const WEBP_QUALITY = 82;

const SHARP_INPUT = {
  limitInputPixels: MAX_INPUT_PIXELS,
  // 'error' still rejects truncated and corrupt pixel data, but tolerates the harmless decoder
  // warnings some phone cameras trigger (e.g. stray bytes after the image), which 'warning' refuses.
  failOn: 'error',
  // Only the first frame of an animated GIF/WebP: uploads are photos, not animations.
  animated: false,
} as const satisfies SharpOptions;

export const uploadUrl = (filename: string) => `/uploads/${filename}`;

/** Sniffs, re-encodes and stores an image; idempotent for the same input bytes. */
export async function storeImage(
  deps: Deps,
  bytes: Uint8Array,
  opts: StoreImageOptions,
): Promise<StoredImage> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw tooLarge(IMAGE_TOO_LARGE_MESSAGE);

  // Loaded with the first upload, like sharp (loadSharp).
  const { fileTypeFromBuffer } = await import('file-type');
  const sniffed = await fileTypeFromBuffer(bytes);
  // Text (SVG, HTML) sniffs as undefined; other binaries as their own type. Neither is a photo.
  if (!sniffed || !ACCEPTED_TYPES.has(sniffed.mime)) throw unsupportedMedia(UNSUPPORTED_IMAGE_MESSAGE);
  // Images the server stores itself (uploadedBy null: the demo seed) are not counted.
  if (opts.uploadedBy !== null) await countUpload(deps, opts.uploadedBy);

  const { display, thumb } = await afterImageWork.track(() =>
    encodeSlots.run(() => (opts.kind === 'avatar' ? encodeAvatar(bytes) : encodePhoto(bytes))),
  );

  const sha256 = createHash('sha256').update(display.data).digest('hex');
  const prefix = opts.private ? PRIVATE_PHOTO_PREFIX : '';
  const filename = `${prefix}${sha256}.webp`;
  // A tiny square picture (≤256 px) encodes to the same display bytes as a photo and as an avatar; the
  // first upload's thumbnail is kept for both. Harmless: both are small versions of the same pixels.
  const thumbName = `${prefix}${sha256}-thumb.webp`;
  // Files first, row second: a row never points at a missing file. Where they go (DATA_DIR/uploads or an
  // S3 bucket) is the photo store's business (lib/photo-store.ts).
  const photos = photoStoreFor(deps.config);
  await Promise.all([photos.put(filename, display.data, WEBP), photos.put(thumbName, thumb.data, WEBP)]);

  await deps.db
    .insert(imageStorage)
    .values({
      filename,
      originalName: cleanOriginalName(opts.originalName),
      mimeType: WEBP,
      size: display.data.byteLength,
      uploadedBy: opts.uploadedBy,
    })
    // A retried upload keeps the first row (and its first uploader): same file, same URL.
    .onConflictDoNothing({ target: imageStorage.filename });

  return {
    filename,
    url: uploadUrl(filename),
    thumbUrl: uploadUrl(thumbName),
    width: display.width,
    height: display.height,
    sha256,
  };
}

async function encodePhoto(bytes: Uint8Array) {
  const sharp = await loadSharp();
  const display = await encode(
    sharp(bytes, SHARP_INPUT)
      .rotate() // apply the EXIF orientation to the pixels, since the tag itself is dropped
      .resize(PHOTO_MAX, PHOTO_MAX, { fit: 'inside', withoutEnlargement: true }),
  );
  // The thumbnail comes from the display image: already oriented, smaller to decode, and deterministic
  // given the display bytes, so `<sha>-thumb.webp` is always the same file for the same `<sha>`.
  const thumb = await encode(
    sharp(display.data).resize({ width: PHOTO_THUMB_WIDTH, withoutEnlargement: true }),
  );
  return { display, thumb };
}

/**
 * The thumbnail `storeImage` makes for a stored display photo (`<sha>-thumb.webp`), made again from the
 * display bytes — an import brings the display photo only (features/my-data). Deterministic like the
 * upload's, so it is the same file the original server made; null when the bytes are not an image.
 */
export async function thumbnailOfDisplay(display: Uint8Array): Promise<Buffer | null> {
  const sharp = await loadSharp();
  try {
    const thumb = await afterImageWork.track(() =>
      encodeSlots.run(() =>
        encode(sharp(display, SHARP_INPUT).resize({ width: PHOTO_THUMB_WIDTH, withoutEnlargement: true })),
      ),
    );
    return thumb.data;
  } catch (err) {
    if (err instanceof HttpError && err.status !== 503) return null;
    throw err;
  }
}

/**
 * Avatars are always square (the UI draws them in circles). `fit: 'cover'` with `withoutEnlargement`
 * would leave a small 200×100 picture at 200×100, so the square's side is the shorter oriented side,
 * capped at 256: small pictures are cropped, never blown up.
 */
async function encodeAvatar(bytes: Uint8Array) {
  const sharp = await loadSharp();
  let side: number;
  try {
    const meta = await sharp(bytes, SHARP_INPUT).metadata();
    side = Math.min(AVATAR_SIZE, meta.autoOrient.width, meta.autoOrient.height);
  } catch (err) {
    throw decodeError(err);
  }
  const display = await encode(sharp(bytes, SHARP_INPUT).rotate().resize(side, side, { fit: 'cover' }));
  const thumbSide = Math.min(AVATAR_THUMB_SIZE, side);
  const thumb = await encode(sharp(display.data).resize(thumbSide, thumbSide, { fit: 'cover' }));
  return { display, thumb };
}

/** Runs a pipeline to WebP, turning decoder failures into 4xx answers instead of 500s. */
async function encode(pipeline: Sharp): Promise<{ data: Buffer; width: number; height: number }> {
  try {
    const { data, info } = await pipeline
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (err) {
    throw decodeError(err);
  }
}

function decodeError(err: unknown): HttpError {
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message))
    return new HttpError(400, 'image-too-many-pixels', TOO_MANY_PIXELS_MESSAGE);
  if (/heif|heic|codec/i.test(message)) return unsupportedMedia(UNSUPPORTED_IMAGE_MESSAGE);
  return new HttpError(415, 'unsupported-media-type', DAMAGED_IMAGE_MESSAGE);
}

/** The client's file name is only a label: no paths, no control characters, bounded length. */
function cleanOriginalName(name: string | undefined): string | null {
  if (!name) return null;
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base ? base.slice(0, 255) : null;
}
