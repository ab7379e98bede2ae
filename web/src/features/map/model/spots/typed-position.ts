/**
 * Coordinates typed into the spot form (docs/map.md "Grid references"): decimal "lat, lng", a British
 * or Irish grid reference (schema/contracts/grid/coordinates.ts), or degrees, minutes and seconds with their hemispheres
 * ("51°28′40.37″N 0°0′5.29″W", "51 28 40 N, 0 0 5 W"). Every spot shows both lat/lng and its grid
 * reference (`describePosition`).
 */
import {
  formatLatLng,
  isValidLatLng,
  parseGridRef,
  parseLatLng,
  toGridRef,
  type LatLng,
} from '@schema/contracts/grid/coordinates';

/** One half of a DMS pair: numbers, then the hemisphere letter. */
const DMS_HALF = /([\d.\s°'′’"″:]+?)\s*([NSEW])/gi;

export function parseDms(text: string): LatLng | null {
  const halves = [...text.matchAll(DMS_HALF)];
  const rest = text.replace(DMS_HALF, '').replace(/[,;\s]/g, '');
  if (halves.length !== 2 || rest !== '') return null;
  let latitude: number | null = null;
  let longitude: number | null = null;
  for (const [, numbers = '', hemisphere = ''] of halves) {
    const parts = (numbers.match(/\d+(?:\.\d+)?/g) ?? []).map(Number);
    if (parts.length === 0 || parts.length > 3) return null;
    const [deg = 0, min = 0, sec = 0] = parts;
    if (min >= 60 || sec >= 60) return null;
    const h = hemisphere.toUpperCase();
    const value = (deg + min / 60 + sec / 3600) * (h === 'S' || h === 'W' ? -1 : 1);
    if (h === 'N' || h === 'S') latitude = value;
    else longitude = value;
  }
  if (latitude === null || longitude === null || !isValidLatLng(latitude, longitude)) return null;
  return { latitude, longitude };
}

/** Decimal, then grid reference, then DMS; null when the text is none of them (or out of range). */
export function parseTypedPosition(text: string): LatLng | null {
  if (!text.trim()) return null;
  const decimal = parseLatLng(text);
  if (decimal.kind === 'position') return decimal.position;
  const grid = parseGridRef(text);
  if (grid.kind === 'position') return grid.position;
  return parseDms(text);
}

/** "51.50000, -0.12000 · TQ 30046 80280" (the grid reference only in Great Britain or Ireland). */
export function describePosition(p: LatLng): { latLng: string; gridRef: string | null } {
  return { latLng: formatLatLng(p), gridRef: toGridRef(p) };
}
