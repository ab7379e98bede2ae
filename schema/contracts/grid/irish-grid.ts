/**
 * The Irish Grid (docs/map.md "Grid references"): the grid of Ordnance Survey of Northern Ireland's and
 * Ordnance Survey Ireland's maps, EPSG:29903 — a transverse Mercator on the Airy Modified ellipsoid (true
 * origin 53°30′N 8°W, scale 1.000035, false origin 200 km west and 250 km south of it), on the Ireland
 * 1975 datum. geodesy has the datum (its Helmert shift from WGS84, OSi's parameters, good to a few metres:
 * fine for 8 figures) but not the projection, which is written here with the same series Ordnance Survey
 * publishes for its own grid (geodesy's osgridref.js uses them for Great Britain).
 *
 * A reference is one letter for the 100 km square (A–Z without I, five by five, A in the north-west),
 * then as many easting as northing digits: "J 33 74" is the 1 km square whose south-west corner is 333 km
 * east and 374 km north of the false origin.
 */
import LatLon from 'geodesy/latlon-ellipsoidal-datum.js';

export interface GridPoint {
  easting: number;
  northing: number;
}

const GRID = {
  a: 6377340.189,
  b: 6356034.448,
  scale: 1.000035,
  lat0: (53.5 * Math.PI) / 180,
  lon0: (-8 * Math.PI) / 180,
  easting0: 200_000,
  northing0: 250_000,
};
/** The grid's extent: 5 × 5 squares of 100 km. */
export const IRISH_GRID_SIZE_M = 500_000;
const LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

function datum(name: 'Irl1975' | 'WGS84') {
  const found = LatLon.datums[name];
  if (!found) throw new Error(`geodesy has no ${name} datum`);
  return found;
}
const IRELAND_1975 = datum('Irl1975');
const WGS84 = datum('WGS84');

const { a, b, scale: F0, lat0: φ0, lon0: λ0 } = GRID;
const e2 = 1 - (b * b) / (a * a);
const n = (a - b) / (a + b);

/** The meridional arc from the true origin's latitude to φ, scaled (Ordnance Survey's series). */
function meridionalArc(φ: number): number {
  const n2 = n * n;
  const n3 = n2 * n;
  const Ma = (1 + n + (5 / 4) * n2 + (5 / 4) * n3) * (φ - φ0);
  const Mb = (3 * n + 3 * n2 + (21 / 8) * n3) * Math.sin(φ - φ0) * Math.cos(φ + φ0);
  const Mc = ((15 / 8) * n2 + (15 / 8) * n3) * Math.sin(2 * (φ - φ0)) * Math.cos(2 * (φ + φ0));
  const Md = (35 / 24) * n3 * Math.sin(3 * (φ - φ0)) * Math.cos(3 * (φ + φ0));
  return b * F0 * (Ma - Mb + Mc - Md);
}

function radii(φ: number) {
  const sin2 = Math.sin(φ) ** 2;
  const ν = (a * F0) / Math.sqrt(1 - e2 * sin2);
  const ρ = (a * F0 * (1 - e2)) / Math.pow(1 - e2 * sin2, 1.5);
  return { ν, ρ, η2: ν / ρ - 1 };
}

/** WGS84 latitude and longitude to Irish Grid metres (unbounded: the caller decides what is in range). */
export function toIrishGridPoint(latitude: number, longitude: number): GridPoint {
  const onDatum = new LatLon(latitude, longitude).convertDatum(IRELAND_1975);
  const φ = (onDatum.lat * Math.PI) / 180;
  const dλ = (onDatum.lon * Math.PI) / 180 - λ0;
  const { ν, ρ, η2 } = radii(φ);
  const sinφ = Math.sin(φ);
  const cosφ = Math.cos(φ);
  const tan2 = Math.tan(φ) ** 2;
  const tan4 = tan2 * tan2;
  const II = (ν / 2) * sinφ * cosφ;
  const III = (ν / 24) * sinφ * cosφ ** 3 * (5 - tan2 + 9 * η2);
  const IIIA = (ν / 720) * sinφ * cosφ ** 5 * (61 - 58 * tan2 + tan4);
  const IV = ν * cosφ;
  const V = (ν / 6) * cosφ ** 3 * (ν / ρ - tan2);
  const VI = (ν / 120) * cosφ ** 5 * (5 - 18 * tan2 + tan4 + 14 * η2 - 58 * tan2 * η2);
  return {
    northing: meridionalArc(φ) + GRID.northing0 + II * dλ ** 2 + III * dλ ** 4 + IIIA * dλ ** 6,
    easting: GRID.easting0 + IV * dλ + V * dλ ** 3 + VI * dλ ** 5,
  };
}

/** Irish Grid metres to WGS84 latitude and longitude. */
export function fromIrishGridPoint({ easting, northing }: GridPoint): {
  latitude: number;
  longitude: number;
} {
  let φ = φ0;
  let M = 0;
  do {
    φ = (northing - GRID.northing0 - M) / (a * F0) + φ;
    M = meridionalArc(φ);
  } while (Math.abs(northing - GRID.northing0 - M) >= 0.00001);
  const { ν, ρ, η2 } = radii(φ);
  const tan = Math.tan(φ);
  const tan2 = tan * tan;
  const tan4 = tan2 * tan2;
  const sec = 1 / Math.cos(φ);
  const VII = tan / (2 * ρ * ν);
  const VIII = (tan / (24 * ρ * ν ** 3)) * (5 + 3 * tan2 + η2 - 9 * tan2 * η2);
  const IX = (tan / (720 * ρ * ν ** 5)) * (61 + 90 * tan2 + 45 * tan4);
  const X = sec / ν;
  const XI = (sec / (6 * ν ** 3)) * (ν / ρ + 2 * tan2);
  const XII = (sec / (120 * ν ** 5)) * (5 + 28 * tan2 + 24 * tan4);
  const XIIA = (sec / (5040 * ν ** 7)) * (61 + 662 * tan2 + 1320 * tan4 + 720 * tan4 * tan2);
  const dE = easting - GRID.easting0;
  const lat = φ - VII * dE ** 2 + VIII * dE ** 4 - IX * dE ** 6;
  const lon = λ0 + X * dE - XI * dE ** 3 + XII * dE ** 5 - XIIA * dE ** 7;
  const onDatum = new LatLon((lat * 180) / Math.PI, (lon * 180) / Math.PI, 0, IRELAND_1975);
  const onWgs84 = onDatum.convertDatum(WGS84);
  return { latitude: onWgs84.lat, longitude: onWgs84.lon };
}

/** The 100 km square's letter, or null outside the grid. */
export function irishSquareLetter({ easting, northing }: GridPoint): string | null {
  if (easting < 0 || northing < 0 || easting >= IRISH_GRID_SIZE_M || northing >= IRISH_GRID_SIZE_M)
    return null;
  const column = Math.floor(easting / 100_000);
  const row = 4 - Math.floor(northing / 100_000);
  return LETTERS[row * 5 + column] ?? null;
}

/** The south-west corner of a letter's 100 km square, or null for a letter the grid does not use. */
export function irishSquareOrigin(letter: string): GridPoint | null {
  const index = LETTERS.indexOf(letter.toUpperCase());
  if (letter.length !== 1 || index < 0) return null;
  return { easting: (index % 5) * 100_000, northing: (4 - Math.floor(index / 5)) * 100_000 };
}

/** "J 33831 73987" (10 figures), "J 338 739" (6)…: the square's letter, then truncated digits. */
export function formatIrishGridRef(point: GridPoint, figures: number): string | null {
  const letter = irishSquareLetter(point);
  if (letter === null) return null;
  const half = figures / 2;
  const digits = (metres: number) =>
    String(Math.floor((metres % 100_000) / 10 ** (5 - half))).padStart(half, '0');
  return `${letter} ${digits(point.easting)} ${digits(point.northing)}`;
}
