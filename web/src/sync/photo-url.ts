/**
 * An object URL for a photo still on the device (a find logged offline shows its own picture before the
 * upload). URLs are cached per hash for the session: the same Blob always gets the same URL, so live
 * query re-runs do not make the image flicker.
 */
import { db } from '@web/db/database';
import { useLiveValue } from './live';

const urls = new Map<string, string>();

export function useLocalPhotoUrl(sha256: string | undefined): string | null {
  return useLiveValue<string | null>(
    async () => {
      if (!sha256) return null;
      const cached = urls.get(sha256);
      if (cached) return cached;
      const row = await db.blobs.get(sha256);
      if (!row || typeof URL.createObjectURL !== 'function') return null;
      const blob =
        row.data instanceof Blob ? row.data : new Blob([new Uint8Array(row.data)], { type: row.mime });
      const url = URL.createObjectURL(blob);
      urls.set(sha256, url);
      return url;
    },
    [sha256],
    null,
  );
}
