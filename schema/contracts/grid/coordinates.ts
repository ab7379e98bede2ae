/**
 * Reading positions typed into the map's search box (docs/map.md, "Grid references"): decimal "lat, lng"
 * and grid references — Ordnance Survey's National Grid in Great Britain, the Irish Grid in Ireland
 * (irish-grid.ts), decided by position (grid-regions.ts), the same way for display and for parsing.
 * Grid references convert to WGS84 with a Helmert transform (geodesy), accurate to about 5 m.
 */
import OsGridRef, { LatLon } from 'geodesy/osgridref.js';
import { GB_LAND_SQUARES, gridAreaOf, IRELAND_LAND_SQUARES, type GridSystem } from './grid-regions';
import {
  formatIrishGridRef,
  fromIrishGridPoint,
  irishSquareOrigin,
  toIrishGridPoint,
  type GridPoint,
} from './irish-grid';

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** What a typed text is, when it looks like a position: found, or shaped like one but not valid. */
export type ParsedPosition =
  { kind: 'position'; position: LatLng; label: string } | { kind: 'invalid' } | { kind: 'none' };

const NUMBER = String.raw`[-+]?\d{1,3}(?:\.\d+)?`;
const LAT_LNG = new RegExp(String.raw`^\s*(${NUMBER})\s*[,;\s]\s*(${NUMBER})\s*$`);
/**
 * One letter (the Irish Grid) or two (the National Grid), then digits with or without spaces. A single
 * letter needs a space or at least 6 digits ("J 3374", "J358277"), so road numbers such as "M62" or
 * "B3212" are left to the place search.
 */
const GRID_REF = /^\s*([A-Za-z]{2}|[A-Za-z](?=\s|\d{6}))\s*(\d[\d\s]*)$/;

export function isValidLatLng(latitude: number, longitude: number): boolean {
  return (
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180
  );
}

/** "51.5, -0.12" (comma, semicolon or space between), latitude first. */
export function parseLatLng(text: string): ParsedPosition {
  const match = LAT_LNG.exec(text);
  if (!match) return { kind: 'none' };
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (!isValidLatLng(latitude, longitude)) return { kind: 'invalid' };
  return {
    kind: 'position',
    position: { latitude, longitude },
    label: formatLatLng({ latitude, longitude }),
  };
}

/**
 * The grid whose reference a position shows: by area, then only in a 100 km square with land of that
 * island group (grid-regions.ts); null elsewhere and at sea.
 */
function gridAt(position: LatLng): { system: GridSystem; text: (figures: number) => string | null } | null {
  const area = gridAreaOf(position);
  if (area === 'ireland') {
    const point = toIrishGridPoint(position.latitude, position.longitude);
    const text = formatIrishGridRef(point, 10);
    if (text === null || !IRELAND_LAND_SQUARES.has(text.slice(0, 1))) return null;
    return { system: area, text: (figures) => formatIrishGridRef(point, figures) };
  }
  if (area === 'gb') {
    let ref: OsGridRef;
    try {
      ref = new LatLon(position.latitude, position.longitude).toOsGrid();
    } catch {
      return null;
    }
    if (!GB_LAND_SQUARES.has(ref.toString(2).slice(0, 2))) return null;
    return { system: area, text: (figures) => ref.toString(figures) };
  }
  return null;
}

/** The south-west corner a reference names, in its grid's metres; null for letters its grid lacks. */
function cornerOf(letters: string, digits: string): GridPoint | null {
  const half = digits.length / 2;
  const metres = (part: string) => Number(part.padEnd(5, '0'));
  if (letters.length === 1) {
    const square = irishSquareOrigin(letters);
    if (!square) return null;
    return {
      easting: square.easting + metres(digits.slice(0, half)),
      northing: square.northing + metres(digits.slice(half)),
    };
  }
  try {
    const ref = OsGridRef.parse(`${letters} ${digits.slice(0, half)} ${digits.slice(half)}`);
    return { easting: ref.easting, northing: ref.northing };
  } catch {
    return null;
  }
}

/**
 * "SU 12345 67890", "SU1234567890", "SU 123 456", "SU 1234 5678", a 4-figure "SU 12 34" or a 2-figure
 * "SU 1 4" (a 10 km square); in Ireland "J 33 74", "J 338 740", "J358277". A reference names a square by
 * its south-west corner; the centre of that square is returned (for a 4-figure reference 500 m in, for a
 * 10-figure one half a metre), which is where the point most likely is. A reference is valid only where
 * its grid is the one shown (`toGridRef`): a National Grid reference for Belfast or Dublin, or one in a
 * sea-only square, is not.
 */
export function parseGridRef(text: string): ParsedPosition {
  const match = GRID_REF.exec(text);
  if (!match) return { kind: 'none' };
  const letters = (match[1] ?? '').toUpperCase();
  const groups = (match[2] ?? '').trim().split(/\s+/);
  const digits = groups.join('');
  const evenSplit = groups.length === 1 || (groups.length === 2 && groups[0]?.length === groups[1]?.length);
  if (![2, 4, 6, 8, 10].includes(digits.length) || !evenSplit) return { kind: 'invalid' };
  const corner = cornerOf(letters, digits);
  if (!corner) return { kind: 'invalid' };
  const squareMetres = 10 ** (5 - digits.length / 2);
  const centre = { easting: corner.easting + squareMetres / 2, northing: corner.northing + squareMetres / 2 };
  const system: GridSystem = letters.length === 1 ? 'ireland' : 'gb';
  let position: LatLng;
  try {
    if (system === 'ireland') position = fromIrishGridPoint(centre);
    else {
      const latLon = new OsGridRef(centre.easting, centre.northing).toLatLon();
      position = { latitude: latLon.lat, longitude: latLon.lon };
    }
  } catch {
    return { kind: 'invalid' };
  }
  if (gridAt(position)?.system !== system) return { kind: 'invalid' };
  const half = digits.length / 2;
  return {
    kind: 'position',
    position,
    label: `${letters} ${digits.slice(0, half)} ${digits.slice(half)}`,
  };
}

/**
 * A position as a grid reference — "SD 47654 61917" in Great Britain, "J 33831 73987" in Ireland, 10
 * figures unless asked for fewer — or null where neither grid applies (grid-regions.ts).
 */
export function toGridRef(position: LatLng, figures: 4 | 6 | 8 | 10 = 10): string | null {
  return gridAt(position)?.text(figures) ?? null;
}

export function formatLatLng({ latitude, longitude }: LatLng): string {
  return `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
}

/** The `?lat=&lng=` of a map link, when both are numbers in range. */
export function positionFromQuery(params: URLSearchParams): LatLng | null {
  const lat = params.get('lat');
  const lng = params.get('lng');
  if (lat === null || lng === null || lat.trim() === '' || lng.trim() === '') return null;
  const latitude = Number(lat);
  const longitude = Number(lng);
  return isValidLatLng(latitude, longitude) ? { latitude, longitude } : null;
}
