/**
 * The public point of a find spot (public-square.ts; docs/find-recording.md "Who sees the find spot"),
 * checked against geodesy itself for Great Britain and against the Irish Grid's projection for Ireland:
 * the square named holds the exact point, the point given is that square's centre, never the exact point
 * nor the corner, and visitors never get finer than the 1 km square.
 */
import OsGridRef, { LatLon } from 'geodesy/osgridref.js';
import Vincenty from 'geodesy/latlon-ellipsoidal-vincenty.js';
import { describe, expect, it } from 'vitest';
import { fromIrishGridPoint, irishSquareOrigin, toIrishGridPoint, type GridPoint } from './irish-grid';
import { publicFindspotFor, publicSquare, SQUARE_METRES } from './public-square';

interface LatLng {
  latitude: number;
  longitude: number;
}

const GB_PLACES: Record<string, LatLng> = {
  Stonehenge: { latitude: 51.178882, longitude: -1.826215 },
  Edinburgh: { latitude: 55.948595, longitude: -3.199913 },
  Lerwick: { latitude: 60.15446, longitude: -1.14486 },
  Penzance: { latitude: 50.118799, longitude: -5.537114 },
  'Isle of Man': { latitude: 54.150437, longitude: -4.478651 },
};
const IRISH_PLACES: Record<string, LatLng> = {
  Belfast: { latitude: 54.596452, longitude: -5.930111 },
  Enniskillen: { latitude: 54.343792, longitude: -7.631543 },
  Dublin: { latitude: 53.349806, longitude: -6.260309 },
  Cork: { latitude: 51.898514, longitude: -8.475604 },
};
const OFF_GRID: Record<string, LatLng> = {
  Jersey: { latitude: 49.186823, longitude: -2.107038 },
  Paris: { latitude: 48.856613, longitude: 2.352222 },
  Sydney: { latitude: -33.856784, longitude: 151.215297 },
};
const FIGURES = [4, 6] as const;

function metresBetween(a: LatLng, b: LatLng): number {
  return new Vincenty(a.latitude, a.longitude).distanceTo(new Vincenty(b.latitude, b.longitude));
}

/** A grid's view of a position: its grid metres, and the SW corner of a named square. */
interface Grid {
  pointOf(position: LatLng): GridPoint;
  cornerOf(gridRef: string): GridPoint;
  toLatLng(point: GridPoint): LatLng;
}

const nationalGrid: Grid = {
  pointOf: ({ latitude, longitude }) => new LatLon(latitude, longitude).toOsGrid(),
  cornerOf: (gridRef) => OsGridRef.parse(gridRef),
  toLatLng: ({ easting, northing }) => {
    const latLon = new OsGridRef(easting, northing).toLatLon();
    return { latitude: latLon.lat, longitude: latLon.lon };
  },
};

const irishGrid: Grid = {
  pointOf: ({ latitude, longitude }) => toIrishGridPoint(latitude, longitude),
  cornerOf: (gridRef) => {
    const [letter = '', east = '', north = ''] = gridRef.split(' ');
    const origin = irishSquareOrigin(letter);
    if (!origin) throw new Error(`no Irish square ${letter}`);
    return {
      easting: origin.easting + Number(east.padEnd(5, '0')),
      northing: origin.northing + Number(north.padEnd(5, '0')),
    };
  },
  toLatLng: fromIrishGridPoint,
};

/** Everything the module promises about one grid square, checked with the grid's own functions. */
function expectCentreOfItsSquare(grid: Grid, exact: LatLng, figures: 4 | 6) {
  const square = publicSquare(exact, figures);
  if (square.gridRef === null) throw new Error(`no grid reference for ${JSON.stringify(exact)}`);
  const size = SQUARE_METRES[figures];
  const corner = grid.cornerOf(square.gridRef);
  const point = grid.pointOf(exact);
  // The exact point lies in the square the reference names.
  expect(point.easting).toBeGreaterThanOrEqual(corner.easting);
  expect(point.easting).toBeLessThan(corner.easting + size);
  expect(point.northing).toBeGreaterThanOrEqual(corner.northing);
  expect(point.northing).toBeLessThan(corner.northing + size);
  // The public point is that square's centre, to 6 decimals.
  const centre = grid.toLatLng({ easting: corner.easting + size / 2, northing: corner.northing + size / 2 });
  expect(Math.abs(square.latitude - centre.latitude)).toBeLessThanOrEqual(1e-6);
  expect(Math.abs(square.longitude - centre.longitude)).toBeLessThanOrEqual(1e-6);
  expect(Number(square.latitude.toFixed(6))).toBe(square.latitude);
  expect(Number(square.longitude.toFixed(6))).toBe(square.longitude);
  // Neither the exact point nor the corner.
  expect(metresBetween(square, exact)).toBeGreaterThan(1);
  expect(metresBetween(square, grid.toLatLng(corner))).toBeGreaterThan((size / 2) * 1.3);
  return square;
}

/** "SU 122 421" lies in "SU 12 42": same letters, each 3-figure half starting with the 2-figure one. */
function expectWithin(fine: string, coarse: string) {
  const [fineLetters, fineEast = '', fineNorth = ''] = fine.split(' ');
  const [coarseLetters, coarseEast = '', coarseNorth = ''] = coarse.split(' ');
  expect(fineLetters).toBe(coarseLetters);
  expect(fineEast.startsWith(coarseEast)).toBe(true);
  expect(fineNorth.startsWith(coarseNorth)).toBe(true);
}

describe('publicSquare in Great Britain and the Isle of Man: the National Grid', () => {
  for (const [name, exact] of Object.entries(GB_PLACES))
    it(`${name}: the centre of the 1 km and 100 m squares holding it`, () => {
      const coarse = expectCentreOfItsSquare(nationalGrid, exact, 4);
      const fine = expectCentreOfItsSquare(nationalGrid, exact, 6);
      expect(coarse.gridRef).toMatch(/^[A-Z]{2} \d{2} \d{2}$/);
      expect(fine.gridRef).toMatch(/^[A-Z]{2} \d{3} \d{3}$/);
      expectWithin(fine.gridRef ?? '', coarse.gridRef ?? '');
    });

  it("names Stonehenge's squares as the Ordnance Survey does (SU 1224 4219)", () => {
    expect(publicSquare(GB_PLACES.Stonehenge ?? { latitude: 0, longitude: 0 }, 4).gridRef).toBe('SU 12 42');
    expect(publicSquare(GB_PLACES.Stonehenge ?? { latitude: 0, longitude: 0 }, 6).gridRef).toBe('SU 122 421');
    expect(publicSquare(GB_PLACES['Isle of Man'] ?? { latitude: 0, longitude: 0 }, 4).gridRef).toMatch(
      /^SC /,
    );
  });
});

describe('publicSquare in Ireland, north and south: the Irish Grid', () => {
  for (const [name, exact] of Object.entries(IRISH_PLACES))
    it(`${name}: the centre of the 1 km and 100 m squares holding it`, () => {
      const coarse = expectCentreOfItsSquare(irishGrid, exact, 4);
      const fine = expectCentreOfItsSquare(irishGrid, exact, 6);
      expect(coarse.gridRef).toMatch(/^[A-Z] \d{2} \d{2}$/);
      expect(fine.gridRef).toMatch(/^[A-Z] \d{3} \d{3}$/);
      expectWithin(fine.gridRef ?? '', coarse.gridRef ?? '');
    });

  it('names Belfast City Hall in the Irish Grid (J 338 739), not the National Grid', () => {
    const cityHall = IRISH_PLACES.Belfast ?? { latitude: 0, longitude: 0 };
    expect(publicSquare(cityHall, 4).gridRef).toBe('J 33 73');
    expect(publicSquare(cityHall, 6).gridRef).toBe('J 338 739');
  });
});

describe('publicSquare off both grids: a cell of the same size', () => {
  for (const [name, exact] of Object.entries(OFF_GRID))
    for (const figures of FIGURES)
      it(`${name}, ${figures} figures: no grid reference, a cell centre no finer than ${SQUARE_METRES[figures]} m`, () => {
        const size = SQUARE_METRES[figures];
        const square = publicSquare(exact, figures);
        expect(square.gridRef).toBeNull();
        expect(metresBetween(square, exact)).toBeGreaterThan(1);
        expect(metresBetween(square, exact)).toBeLessThanOrEqual((size / Math.SQRT2) * 1.01);
        // The centre is its own cell's centre, and points closer to it share it.
        expect(publicSquare(square, figures)).toEqual(square);
        const between = {
          latitude: (exact.latitude + square.latitude) / 2,
          longitude: (exact.longitude + square.longitude) / 2,
        };
        expect(publicSquare(between, figures)).toEqual(square);
        // Walking north, then east, in steps of a twentieth of the size: each new cell's centre is the size
        // away from the last one or more, so nobody can tell the point more finely than that. (The cells are
        // measured at 111.32 km a degree; a degree of latitude is 110.6–111.7 km on the ground.)
        const step = size / 20 / 111_320;
        for (const direction of ['latitude', 'longitude'] as const) {
          const centres: LatLng[] = [];
          for (let i = 0; i < 60; i++) {
            const walked = { ...exact, [direction]: exact[direction] + i * step };
            const { latitude, longitude } = publicSquare(walked, figures);
            const last = centres.at(-1);
            if (!last || last.latitude !== latitude || last.longitude !== longitude)
              centres.push({ latitude, longitude });
          }
          expect(centres.length).toBeGreaterThan(1);
          for (let i = 1; i < centres.length; i++)
            expect(metresBetween(centres[i - 1] ?? exact, centres[i] ?? exact)).toBeGreaterThanOrEqual(
              size * 0.99,
            );
        }
      });
});

describe('publicSquare at the ends of the globe', () => {
  it('stays on the globe by the poles and the antimeridian', () => {
    for (const exact of [
      { latitude: 89.99999, longitude: 179.99999 },
      { latitude: -89.99999, longitude: -180 },
      { latitude: 0.00001, longitude: 179.99999 },
    ])
      for (const figures of FIGURES) {
        const square = publicSquare(exact, figures);
        expect(square.gridRef).toBeNull();
        expect(Math.abs(square.latitude)).toBeLessThan(90);
        expect(Math.abs(square.longitude)).toBeLessThanOrEqual(180);
        expect(metresBetween(square, exact)).toBeLessThanOrEqual(
          (SQUARE_METRES[figures] / Math.SQRT2) * 1.01,
        );
      }
  });
});

/** A small seeded generator (mulberry32), so the same points are tried every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('publicSquare over a few hundred points in Great Britain', () => {
  it('is within half the square’s diagonal of the exact point, and 6 figures lie in their 4-figure square', () => {
    const random = seeded(28);
    let gridded = 0;
    for (let i = 0; i < 300; i++) {
      const exact = { latitude: 50.6 + random() * 7, longitude: -5 + random() * 6 };
      const coarse = publicSquare(exact, 4);
      const fine = publicSquare(exact, 6);
      for (const [figures, square] of [
        [4, coarse],
        [6, fine],
      ] as const) {
        // Grid metres differ from ground metres by under 0.1 % (the projection's scale); the datum shift
        // is good to a few metres.
        const halfDiagonal = (SQUARE_METRES[figures] / Math.SQRT2) * 1.001;
        expect(metresBetween(exact, square)).toBeLessThanOrEqual(halfDiagonal + 5);
      }
      if (coarse.gridRef !== null && fine.gridRef !== null) {
        gridded++;
        expectWithin(fine.gridRef, coarse.gridRef);
      }
    }
    expect(gridded).toBeGreaterThan(200);
  });
});

describe('publicFindspotFor: the fields on the wire', () => {
  const exact = GB_PLACES.Stonehenge ?? { latitude: 0, longitude: 0 };
  const wire = (square: ReturnType<typeof publicSquare>) => ({
    publicGridRef: square.gridRef ?? '',
    publicLatitude: square.latitude,
    publicLongitude: square.longitude,
  });
  const kmSquare = wire(publicSquare(exact, 4));
  const hundredMetreSquare = wire(publicSquare(exact, 6));

  it('gives nobody anything for a hidden find spot or a find without a position', () => {
    for (const viewer of ['owner', 'member', 'visitor'] as const) {
      expect(publicFindspotFor(exact, 'hidden', viewer)).toEqual({});
      expect(publicFindspotFor(null, '4', viewer)).toEqual({});
      expect(publicFindspotFor(null, '6', viewer)).toEqual({});
    }
  });

  it('gives members and the owner the square chosen', () => {
    for (const viewer of ['owner', 'member'] as const) {
      expect(publicFindspotFor(exact, '4', viewer)).toEqual(kmSquare);
      expect(publicFindspotFor(exact, '6', viewer)).toEqual(hundredMetreSquare);
    }
  });

  it('never gives visitors finer than the 1 km square', () => {
    expect(publicFindspotFor(exact, '4', 'visitor')).toEqual(kmSquare);
    expect(publicFindspotFor(exact, '6', 'visitor')).toEqual(kmSquare);
  });

  it('leaves the grid reference out off the grids, keeping the rounded point', () => {
    const paris = OFF_GRID.Paris ?? { latitude: 0, longitude: 0 };
    const fields = publicFindspotFor(paris, '6', 'member');
    expect(fields).not.toHaveProperty('publicGridRef');
    const { latitude, longitude } = publicSquare(paris, 6);
    expect(fields).toEqual({ publicLatitude: latitude, publicLongitude: longitude });
  });
});
