/**
 * Media rules: which stored files may be served, and the generated default avatars.
 * Storing uploads (sniffing, re-encoding, the image_storage row) lives in lib/images.ts, shared with
 * the features that take photos (finds, posts, sync blobs).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../lib/config';
import { uploadsDir } from '../../lib/images';

/** Only names storeImage can produce: no dots, slashes or other files of DATA_DIR are reachable. */
export const UPLOAD_FILENAME = /^[0-9a-f]{64}(-thumb)?\.webp$/;

/** Seeds are usernames (at most 50 characters); longer ones are cut so a URL cannot make us work hard. */
export const AVATAR_SEED_MAX = 100;

export interface StoredFile {
  body: Uint8Array<ArrayBuffer>;
  /** The content hash is in the name, so the name is a perfect validator. */
  etag: string;
}

/** Reads an uploaded file, or null when the name is not one of ours or the file is gone. */
export async function readUpload(config: Config, filename: string): Promise<StoredFile | null> {
  if (!UPLOAD_FILENAME.test(filename)) return null;
  try {
    const body = await fs.readFile(path.join(uploadsDir(config), filename));
    return { body, etag: `"${filename.replace(/\.webp$/, '')}"` };
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
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
