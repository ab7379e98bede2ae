/**
 * What the FLO pack page reads from the device (docs/find-recording.md "The FLO pack"): the member's own
 * finds and saved spots, live from Dexie so the page works offline, and each find's photo — the device's
 * copy while it has one (a find logged offline), else the server's, fetched from this origin only.
 */
import { floFoundOn } from '@schema/contracts/flo-csv';
import { db, type LocalFind, type LocalLocation } from '@web/db/database';
import { useLive, type Live } from '@web/sync';
import type { PackPhoto } from '../flo-pack/photos';

/** The member's finds, latest found first (then latest logged). */
export function useOwnFinds(userId: number | null): Live<LocalFind[]> {
  return useLive(async () => {
    if (userId === null) return [];
    const finds = await db.finds.where('userId').equals(userId).toArray();
    return finds.sort(
      (a, b) => floFoundOn(b).localeCompare(floFoundOn(a)) || b.created_at.localeCompare(a.created_at),
    );
  }, [userId]);
}

/** The member's own saved spots, by name (those not synced yet included: they are on the device). */
export function useOwnSpots(userId: number | null): Live<LocalLocation[]> {
  return useLive(async () => {
    if (userId === null) return [];
    const spots = await db.locations.where('userId').equals(userId).toArray();
    return spots.sort((a, b) => a.name.localeCompare(b.name));
  }, [userId]);
}

/**
 * The stored photo's bytes. Checked by shape, not `instanceof`: IndexedDB may hand back bytes made in
 * another realm (fake-indexeddb under jsdom does), which `instanceof Uint8Array` would call a Blob.
 */
async function bytesOf(data: Blob | ArrayBuffer | Uint8Array): Promise<Uint8Array> {
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if ('arrayBuffer' in data) return new Uint8Array(await data.arrayBuffer());
  return new Uint8Array(data);
}

/**
 * A find's photo as the device can get it, or null: the stored Blob by its hash, else the server's photo
 * at `imageUrl` when that is on this origin (the pack never asks another site for anything). Offline, the
 * service worker's cache may still answer.
 */
export async function loadPhotoFromDevice(
  find: LocalFind,
  fetchPhoto: typeof fetch = fetch,
  origin: string = location.origin,
): Promise<PackPhoto | null> {
  if (find.imageSha256) {
    const row = await db.blobs.get(find.imageSha256);
    if (row) return { bytes: await bytesOf(row.data), mime: row.mime };
  }
  if (!find.imageUrl) return null;
  const url = new URL(find.imageUrl, origin);
  if (url.origin !== new URL(origin).origin) return null;
  try {
    const response = await fetchPhoto(url.pathname + url.search, { credentials: 'same-origin' });
    if (!response.ok) return null;
    return {
      bytes: new Uint8Array(await response.arrayBuffer()),
      mime: response.headers.get('content-type') ?? '',
    };
  } catch {
    return null;
  }
}
