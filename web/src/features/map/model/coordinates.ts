/**
 * Reading positions typed into the map's search box (docs/map.md, "OS grid references"): decimal
 * "lat, lng" and Ordnance Survey grid references. Grid references convert to WGS84 with geodesy's Helmert
 * transform, accurate to about 5 m.
 */
import OsGridRef, { LatLon } from 'geodesy/osgridref.js';

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** What a typed text is, when it looks like a position: found, or shaped like one but not valid. */
export type ParsedPosition =
  { kind: 'position'; position: LatLng; label: string } | { kind: 'invalid' } | { kind: 'none' };

const NUMBER = String.raw`[-+]?\d{1,3}(?:\.\d+)?`;
const LAT_LNG = new RegExp(String.raw`^\s*(${NUMBER})\s*[,;\s]\s*(${NUMBER})\s*$`);
/** Two grid letters, then digits with or without spaces (geodesy checks the letters). */
const GRID_REF = /^\s*([A-Za-z]{2})\s*(\d[\d\s]*)$/;

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
 * "SU 12345 67890", "SU1234567890", "SU 123 456", "SU 1234 5678" or a 4-figure "SU 12 34". A reference
 * names a square by its south-west corner; the centre of that square is returned (for a 4-figure
 * reference 500 m in, for a 10-figure one half a metre), which is where the point most likely is.
 */
export function parseGridRef(text: string): ParsedPosition {
  const match = GRID_REF.exec(text);
  if (!match) return { kind: 'none' };
  const letters = (match[1] ?? '').toUpperCase();
  const groups = (match[2] ?? '').trim().split(/\s+/);
  const digits = groups.join('');
  const evenSplit = groups.length === 1 || (groups.length === 2 && groups[0]?.length === groups[1]?.length);
  if (![4, 6, 8, 10].includes(digits.length) || !evenSplit) return { kind: 'invalid' };
  let ref: OsGridRef;
  try {
    ref = OsGridRef.parse(`${letters} ${digits}`);
  } catch {
    return { kind: 'invalid' };
  }
  const squareMetres = 10 ** (5 - digits.length / 2);
  const centre = new OsGridRef(ref.easting + squareMetres / 2, ref.northing + squareMetres / 2);
  const latLon = centre.toLatLon();
  const position = { latitude: latLon.lat, longitude: latLon.lon };
  // Letters outside the national grid's squares still parse, to places far from Britain.
  if (
    position.latitude < 49 ||
    position.latitude > 61.5 ||
    position.longitude < -9 ||
    position.longitude > 2.5
  ) {
    return { kind: 'invalid' };
  }
  const half = digits.length / 2;
  return {
    kind: 'position',
    position,
    label: `${letters} ${digits.slice(0, half)} ${digits.slice(half)}`,
  };
}

/** A position as a 10-figure grid reference ("SD 47654 61917"), or null outside the national grid. */
export function toGridRef({ latitude, longitude }: LatLng, figures: 6 | 8 | 10 = 10): string | null {
  try {
    const text = new LatLon(latitude, longitude).toOsGrid().toString(figures);
    return /^[A-Z]{2}\s/.test(text) ? text : null;
  } catch {
    return null;
  }
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
