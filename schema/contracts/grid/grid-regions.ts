/**
 * Which grid a position takes (docs/map.md "Grid references"): Great Britain's (Ordnance Survey's National
 * Grid, with the Isle of Man, which its maps cover), Ireland's (the Irish Grid, north and south of the
 * border alike: both Ordnance Surveys print it), or none — the Channel Islands, the Continent, the open sea.
 *
 * A simple land test, two steps:
 * 1. Two coarse areas drawn through the sea, never across land: one around the island of Ireland (through
 *    the North Channel, the Irish Sea and St George's Channel), one around Great Britain (through the
 *    Strait of Dover, the Channel north of the Channel Islands, and the North Sea). Ireland's is tested
 *    first; Great Britain's is what remains of its own. Being sea-drawn, they need no border detail.
 * 2. Within its area, a position gets a reference only in a 100 km square that holds land of that island
 *    group: the squares below, from Natural Earth's 1:10m land (world-atlas, public domain) plus the
 *    islets it leaves out (North Rona and Sula Sgeir in HW, Sule Skerry in HX). A sea-only square (SG off
 *    Dublin, OV in the North Sea, A off Donegal) gives none.
 * grid-regions.test.ts checks every Natural Earth coastline point of these islands and their neighbours.
 */
interface LatLng {
  latitude: number;
  longitude: number;
}

export type GridSystem = 'gb' | 'ireland';

/** [longitude, latitude] corners, in order. */
type Area = ReadonlyArray<readonly [number, number]>;

// prettier-ignore
const IRELAND_AREA: Area = [
  [-7.5, 55.55], [-6.3, 55.48], [-5.97, 55.35], [-5.45, 55.0], [-5.2, 54.55], [-5.3, 54.0],
  [-5.5, 53.3], [-5.55, 52.5], [-5.95, 52.0], [-6.5, 51.35], [-7.0, 51.25], [-9.5, 51.15],
  [-11.0, 51.5], [-11.2, 52.5], [-10.8, 53.5], [-10.8, 54.5], [-8.9, 55.6],
];

// prettier-ignore
const GREAT_BRITAIN_AREA: Area = [
  [-9.5, 61.0], [1.5, 61.0], [2.5, 53.0], [1.9, 51.35], [1.65, 51.12], [1.2, 50.65], [0.5, 50.3],
  [-1.5, 49.85], [-2.5, 49.78], [-6.8, 49.75], [-9.5, 49.75],
];

/** Ordnance Survey National Grid 100 km squares that hold land of Great Britain or the Isle of Man. */
export const GB_LAND_SQUARES: ReadonlySet<string> = new Set(
  (
    'HP HT HU HW HX HY HZ NA NB NC ND NF NG NH NJ NK NL NM NN NO NR NS NT NU NW NX NY NZ ' +
    'SC SD SE SH SJ SK SM SN SO SP SR SS ST SU SV SW SX SY SZ TA TF TG TL TM TQ TR TV'
  ).split(' '),
);

/** Irish Grid 100 km squares that hold land of Ireland (A, E, K, P, U, Y and Z are sea or Britain). */
export const IRELAND_LAND_SQUARES: ReadonlySet<string> = new Set(
  'B C D F G H J L M N O Q R S T V W X'.split(' '),
);

function inside(area: Area, { latitude, longitude }: LatLng): boolean {
  let result = false;
  for (let i = 0, j = area.length - 1; i < area.length; j = i++) {
    const [xi, yi] = area[i] ?? [0, 0];
    const [xj, yj] = area[j] ?? [0, 0];
    if (yi > latitude !== yj > latitude && longitude < ((xj - xi) * (latitude - yi)) / (yj - yi) + xi)
      result = !result;
  }
  return result;
}

/** The island group whose grid covers the position's area (step 1 above), before the square test. */
export function gridAreaOf(position: LatLng): GridSystem | null {
  if (inside(IRELAND_AREA, position)) return 'ireland';
  if (inside(GREAT_BRITAIN_AREA, position)) return 'gb';
  return null;
}
