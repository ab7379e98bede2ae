/**
 * The FLO pack (docs/find-recording.md "The FLO pack"): the member's chosen finds as one ZIP made on the
 * device, so it works in a field without signal — `finds.csv` (schema/contracts/flo-csv.ts), the photos
 * named by find, `record-sheet.html` (one find per A4 page) and `labels.html` (bag labels with QR codes).
 * Photos are stored, not deflated: JPEG and WebP are compressed already, and deflating them again would
 * only cost time on a phone.
 */
import { strToU8, zipSync, type Zippable } from 'fflate';
import { floCsv, floFoundOn } from '@schema/contracts/flo-csv';
import type { LocalFind } from '@web/db/database';
import { labelsHtml } from './labels';
import { photoPath, type PhotoLoader } from './photos';
import { recordSheetHtml, type PackEntry } from './sheet';

export const PACK_FILES = {
  csv: 'finds.csv',
  sheet: 'record-sheet.html',
  labels: 'labels.html',
} as const;

export interface FloPackOptions {
  /** Reads a find's photo: the device's copy first, else the server's (hooks/flo-pack.ts). */
  loadPhoto: PhotoLoader;
  /** The app's origin, for the labels' QR codes (`${origin}/finds/<number>`). */
  origin: string;
  /** Today's date (YYYY-MM-DD), for the file name. */
  today: string;
}

export interface FloPack {
  zip: Uint8Array<ArrayBuffer>;
  fileName: string;
  /** How many finds it holds. */
  count: number;
  /** The finds whose photo could not be read (not on the device, and no connection to fetch it). */
  missingPhotos: LocalFind[];
}

/** Oldest find first, as an FLO records a session: by the day found, then by when each was logged. */
export function packOrder(finds: readonly LocalFind[]): LocalFind[] {
  return [...finds].sort(
    (a, b) => floFoundOn(a).localeCompare(floFoundOn(b)) || a.created_at.localeCompare(b.created_at),
  );
}

export async function buildFloPack(finds: readonly LocalFind[], options: FloPackOptions): Promise<FloPack> {
  const ordered = packOrder(finds);
  const photos: Record<string, [Uint8Array, { level: 0 }]> = {};
  const paths = new Map<string, string>();
  const missingPhotos: LocalFind[] = [];
  // One at a time: a phone holds the photos in memory once, in the ZIP, not all of them twice at once.
  for (const find of ordered) {
    const photo = await options.loadPhoto(find);
    if (!photo) {
      missingPhotos.push(find);
      continue;
    }
    const path = photoPath(find, photo);
    photos[path.slice('photos/'.length)] = [photo.bytes, { level: 0 }];
    paths.set(find.uid, path);
  }
  const entries: PackEntry[] = ordered.map((find) => ({ find, photo: paths.get(find.uid) ?? null }));
  const files: Zippable = {
    [PACK_FILES.csv]: strToU8(floCsv(ordered, { photoFile: (find) => paths.get(find.uid) ?? '' })),
    [PACK_FILES.sheet]: strToU8(recordSheetHtml(entries)),
    [PACK_FILES.labels]: strToU8(await labelsHtml(ordered, options.origin)),
    photos,
  };
  const zip = zipSync(files, { level: 6 });
  return {
    zip: new Uint8Array(zip.buffer, zip.byteOffset, zip.byteLength),
    fileName: `flo-pack-${options.today}.zip`,
    count: ordered.length,
    missingPhotos,
  };
}
