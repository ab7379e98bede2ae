/**
 * How precisely others see a find spot (docs/find-recording.md "Who sees the find spot"): the exact point
 * stays the finder's; everyone else gets the centre of the grid square the finder chose — 1 km (4 figures)
 * or 100 m (6 figures) — in the grid the map shows there (coordinates.ts): the National Grid in Great Britain
 * and the Isle of Man, the Irish Grid in Ireland. The centre, not the south-west corner a reference names,
 * so the point is as far as it can be from telling which part of the square the find came from.
 * Off both grids there is no reference; the point is snapped to a cell of the same size instead.
 */
import OsGridRef from 'geodesy/osgridref.js';
import type { FindRecordingPublic, FindspotPrecision } from '../find-recording';
import { toGridRef, type LatLng } from './coordinates';
import { fromIrishGridPoint, irishSquareOrigin, type GridPoint } from './irish-grid';

export type SquareFigures = 4 | 6;

/** A 4-figure reference names a 1 km square, a 6-figure one a 100 m square. */
export const SQUARE_METRES = { 4: 1_000, 6: 100 } as const satisfies Record<SquareFigures, number>;

/** Who is looking at a find: its finder, a signed-in member, or an anonymous visitor. */
export type FindspotViewer = 'owner' | 'member' | 'visitor';

export interface PublicSquare extends LatLng {
  /** "SU 12 34", "SU 123 456", "J 33 73"; null off both grids. */
  gridRef: string | null;
}

/** Metres in a degree of latitude, near enough for the off-grid cells. */
const METRES_PER_DEGREE = 111_320;

const roundDegrees = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

/**
 * The south-west corner a reference names, read back from the reference text itself so the centre always
 * belongs to the square shown: two letters are the National Grid, one the Irish Grid.
 */
function squareCorner(gridRef: string): { system: 'gb' | 'ireland'; corner: GridPoint } {
  const [letters = '', east = '', north = ''] = gridRef.split(' ');
  if (letters.length === 2) {
    const { easting, northing } = OsGridRef.parse(gridRef);
    return { system: 'gb', corner: { easting, northing } };
  }
  const origin = irishSquareOrigin(letters);
  if (!origin) throw new Error(`toGridRef gave an Irish square that does not exist: ${gridRef}`);
  const metres = (digits: string) => Number(digits.padEnd(5, '0'));
  return {
    system: 'ireland',
    corner: { easting: origin.easting + metres(east), northing: origin.northing + metres(north) },
  };
}

function gridSquareCentre(gridRef: string, size: number): LatLng {
  const { system, corner } = squareCorner(gridRef);
  const centre = { easting: corner.easting + size / 2, northing: corner.northing + size / 2 };
  if (system === 'ireland') return fromIrishGridPoint(centre);
  const latLon = new OsGridRef(centre.easting, centre.northing).toLatLon();
  return { latitude: latLon.lat, longitude: latLon.lon };
}

/**
 * Off the grids: rows of `size` metres of latitude from the South Pole, each cut into equal cells at least
 * `size` metres wide along the row's centre line (so fewer, wider cells towards the poles, and a whole
 * number of them around the globe: no sliver at the antimeridian). Sizes are rounded up to fit exactly.
 */
function localCellCentre({ latitude, longitude }: LatLng, size: number): LatLng {
  const rows = Math.floor(180 / (size / METRES_PER_DEGREE));
  const rowHeight = 180 / rows;
  const row = Math.min(rows - 1, Math.floor((latitude + 90) / rowHeight));
  const centreLatitude = -90 + (row + 0.5) * rowHeight;
  const metresPerDegreeOfLongitude = METRES_PER_DEGREE * Math.cos((centreLatitude * Math.PI) / 180);
  const cells = Math.max(1, Math.floor(360 / (size / metresPerDegreeOfLongitude)));
  const cellWidth = 360 / cells;
  const cell = Math.min(cells - 1, Math.floor((longitude + 180) / cellWidth));
  return { latitude: centreLatitude, longitude: -180 + (cell + 0.5) * cellWidth };
}

/** The centre of the 1 km or 100 m square holding a position, with its reference where a grid applies. */
export function publicSquare(position: LatLng, figures: SquareFigures): PublicSquare {
  const size = SQUARE_METRES[figures];
  const gridRef = toGridRef(position, figures);
  const centre = gridRef === null ? localCellCentre(position, size) : gridSquareCentre(gridRef, size);
  return { gridRef, latitude: roundDegrees(centre.latitude), longitude: roundDegrees(centre.longitude) };
}

export type PublicFindspot = Pick<
  FindRecordingPublic,
  'publicGridRef' | 'publicLatitude' | 'publicLongitude'
>;

/**
 * The public point's fields for one viewer: none for a hidden find spot or a find without a position;
 * the chosen square for members and the finder (who also gets the exact point elsewhere); for visitors
 * never finer than the 1 km square.
 */
export function publicFindspotFor(
  exact: LatLng | null,
  precision: FindspotPrecision,
  viewer: FindspotViewer,
): PublicFindspot {
  if (exact === null || precision === 'hidden') return {};
  const figures: SquareFigures = precision === '6' && viewer !== 'visitor' ? 6 : 4;
  const { gridRef, latitude, longitude } = publicSquare(exact, figures);
  return {
    ...(gridRef === null ? {} : { publicGridRef: gridRef }),
    publicLatitude: latitude,
    publicLongitude: longitude,
  };
}
