/**
 * The photo's own GPS position, read in the browser before the server strips all metadata
 * (docs/privacy.md#photos), to offer as the find's coordinates. exifr's smallest build is loaded only when a
 * photo is chosen.
 */
export interface Position {
  latitude: number;
  longitude: number;
}

const valid = (p: Position) =>
  Number.isFinite(p.latitude) &&
  Number.isFinite(p.longitude) &&
  Math.abs(p.latitude) <= 90 &&
  Math.abs(p.longitude) <= 180 &&
  !(p.latitude === 0 && p.longitude === 0);

/** Six decimals (~10 cm): more than any phone GPS can tell, and short enough to read. */
export const roundCoordinate = (value: number) => Math.round(value * 1e6) / 1e6;

export async function readPhotoPosition(photo: Blob): Promise<Position | null> {
  try {
    const { gps } = await import('exifr/dist/mini.esm.mjs');
    const position = await gps(photo);
    if (!position || !valid(position)) return null;
    return { latitude: roundCoordinate(position.latitude), longitude: roundCoordinate(position.longitude) };
  } catch {
    // No EXIF, a PNG, or a damaged header: simply nothing to offer.
    return null;
  }
}
