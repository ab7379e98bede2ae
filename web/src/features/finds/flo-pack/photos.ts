/**
 * The pack's photos (docs/find-recording.md "The FLO pack"): each find's photo as the device has it, named
 * after the find so the FLO can match file, row and bag: `photos/<find number>-<title>.<ext>`. The
 * extension follows the photo's type (a synced find's photo is the server's WebP, one still on the device
 * is the camera's JPEG), read from its bytes when the type is missing or vague.
 */
import { floFindNumber } from '@schema/contracts/flo-csv';
import type { LocalFind } from '@web/db/database';

/** A photo's bytes and its media type ('' when unknown). */
export interface PackPhoto {
  bytes: Uint8Array;
  mime: string;
}

/** Reads one find's photo, or null when it cannot (not on the device and no connection). */
export type PhotoLoader = (find: LocalFind) => Promise<PackPhoto | null>;

const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
  'image/heic': 'heic',
  'image/heif': 'heif',
};

const startsWith = (bytes: Uint8Array, at: number, ascii: string) =>
  [...ascii].every((ch, i) => bytes[at + i] === ch.charCodeAt(0));

/** The type a photo's first bytes say, for a photo stored without one. */
function sniffExtension(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes[0] === 0x89 && startsWith(bytes, 1, 'PNG')) return 'png';
  if (startsWith(bytes, 0, 'RIFF') && startsWith(bytes, 8, 'WEBP')) return 'webp';
  if (startsWith(bytes, 0, 'GIF8')) return 'gif';
  if (startsWith(bytes, 4, 'ftypavif')) return 'avif';
  if (startsWith(bytes, 4, 'ftyphei') || startsWith(bytes, 4, 'ftypmif1')) return 'heic';
  return null;
}

export function photoExtension(photo: PackPhoto): string {
  const type = photo.mime.split(';')[0]?.trim().toLowerCase() ?? '';
  return EXTENSIONS[type] ?? sniffExtension(photo.bytes) ?? 'jpg';
}

const SLUG_MAX = 48;

/** "Roman brooch, Aucissa type" → "roman-brooch-aucissa-type": safe in every file system and ZIP tool. */
export function slugify(text: string): string {
  const plain = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return plain.length <= SLUG_MAX
    ? plain
    : plain.slice(0, SLUG_MAX).replace(/-[^-]*$/, '') || plain.slice(0, SLUG_MAX);
}

/** The photo's path inside the ZIP. */
export function photoPath(find: Pick<LocalFind, 'id' | 'uid' | 'title'>, photo: PackPhoto): string {
  const slug = slugify(find.title);
  return `photos/${floFindNumber(find)}${slug ? `-${slug}` : ''}.${photoExtension(photo)}`;
}
