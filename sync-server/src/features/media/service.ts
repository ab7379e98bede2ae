/**
 * Media rules: which stored files may be served, and the generated default avatars.
 * Storing uploads (sniffing, re-encoding, the image_storage row) lives in lib/images.ts, shared with
 * the features that take photos (finds, posts, sync blobs).
 */
import { createHash } from 'node:crypto';
import type { Config } from '../../lib/config';
import { photoStoreFor, type StoredPhoto } from '../../lib/photo-store';

/** Only names storeImage can produce: no dots, slashes or other files of DATA_DIR are reachable. */
export const UPLOAD_FILENAME = /^[0-9a-f]{64}(-thumb)?\.webp$/;

/** Every name UPLOAD_FILENAME admits is a WebP we encoded, whatever type a copy tool gave the S3 object. */
export const UPLOAD_CONTENT_TYPE = 'image/webp';

/** Seeds are usernames (at most 50 characters); longer ones are cut so a URL cannot make us work hard. */
export const AVATAR_SEED_MAX = 100;

/**
 * The ETag of an upload, or null when the name is not one storeImage produces (then it is never looked up).
 * The content hash is in the name, so the name is a perfect validator, known before the photo is read.
 */
export function uploadEtag(filename: string): string | null {
  return UPLOAD_FILENAME.test(filename) ? `"${filename.replace(/\.webp$/, '')}"` : null;
}

/** Reads an upload from the photo store (DATA_DIR/uploads or the S3 bucket); null when it is gone. */
export function readUpload(config: Config, filename: string): Promise<StoredPhoto | null> {
  return photoStoreFor(config).get(filename);
}

/** Whether the upload still exists, without reading it: enough to answer a revalidation with 304. */
export function uploadExists(config: Config, filename: string): Promise<boolean> {
  return photoStoreFor(config).has(filename);
}

/** `alice.svg` → `alice`; cut to AVATAR_SEED_MAX characters (not UTF-16 units, so no half emoji). */
export function avatarSeed(param: string): string {
  const seed = param.replace(/\.svg$/i, '');
  return Array.from(seed).slice(0, AVATAR_SEED_MAX).join('');
}

/**
 * DiceBear and its one style we use, loaded with the first avatar asked for: the collection's `async` entry
 * imports only the style named (its main entry loads all thirty), and nothing at start-up (README.md,
 * Decisions: "The production server is built").
 */
let avatarMaker: Promise<(seed: string) => string> | undefined;
function loadAvatarMaker(): Promise<(seed: string) => string> {
  avatarMaker ??= Promise.all([import('@dicebear/core'), import('@dicebear/collection/async')]).then(
    async ([{ createAvatar }, styles]) => {
      const personas = await styles.personas();
      return (seed) => createAvatar(personas, { seed }).toString();
    },
  );
  return avatarMaker;
}

/**
 * The default avatar of a member, generated here instead of calling an external avatar service
 * (README.md, Decisions: "Default avatars"): the same seed always gives the same picture. It is SVG we
 * write ourselves from DiceBear's shapes, unlike uploads, which never accept SVG.
 */
export async function defaultAvatar(seed: string): Promise<{ svg: string; etag: string }> {
  const svg = (await loadAvatarMaker())(seed);
  const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`;
  return { svg, etag };
}

/** True when an If-None-Match header (a list, possibly weak or `*`) already names this ETag. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}
