/**
 * The land test behind grid references (grid-regions.ts), against Natural Earth's 1:10m coastlines
 * (world-atlas, the basemap's source): every point of Great Britain's and the Isle of Man's coasts shows
 * a National Grid reference, every point of Ireland's (Northern Ireland's included) an Irish Grid one, and
 * no point of the Channel Islands or the nearby Continent either.
 */
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import { parseGridRef, toGridRef } from './coordinates';

const require = createRequire(import.meta.url);
const topology = require('world-atlas/countries-10m.json') as Topology<{
  countries: GeometryCollection<{ name: string }>;
}>;
const countries = feature(topology, topology.objects.countries).features;

/** The outer rings' points of a country's polygons, [longitude, latitude]. */
function polygonsOf(name: string): number[][][] {
  const geometry = countries.find((c) => c.properties.name === name)?.geometry;
  if (geometry?.type !== 'Polygon' && geometry?.type !== 'MultiPolygon')
    throw new Error(`no ${name} in world-atlas`);
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.map((rings) => rings[0] ?? []);
}

/** The United Kingdom's polygons on the island of Ireland (Northern Ireland) and elsewhere. */
const onIreland = (ring: number[][]) => {
  let lng = 0;
  let lat = 0;
  for (const [x = 0, y = 0] of ring) [lng, lat] = [lng + x, lat + y];
  return lng / ring.length < -5.35 && lat / ring.length > 54 && lat / ring.length < 55.35;
};
const uk = polygonsOf('United Kingdom');
const points = (rings: number[][][]) =>
  rings.flat().map(([longitude = 0, latitude = 0]) => ({ latitude, longitude }));

describe('which grid a coast takes', () => {
  it('Great Britain and the Isle of Man: the National Grid, at every coastline point', () => {
    // Rockall (13.7°W) lies 300 km west of where the grid starts: it has no reference, rightly.
    const coast = points([...uk.filter((r) => !onIreland(r)), ...polygonsOf('Isle of Man')]).filter(
      (p) => p.longitude > -10,
    );
    expect(coast.length).toBeGreaterThan(5000);
    const wrong = coast.filter((p) => !/^[HNOST][A-Z] \d{5} \d{5}$/.test(toGridRef(p) ?? ''));
    expect(wrong).toEqual([]);
  });

  it('Ireland, north and south: the Irish Grid, at every coastline and border point', () => {
    const coast = points([...uk.filter(onIreland), ...polygonsOf('Ireland')]);
    expect(coast.length).toBeGreaterThan(1000);
    const wrong = coast.filter((p) => !/^[A-Z] \d{5} \d{5}$/.test(toGridRef(p) ?? ''));
    expect(wrong).toEqual([]);
  });

  it('the Channel Islands and the Continent: none', () => {
    for (const name of ['Jersey', 'Guernsey', 'France', 'Belgium', 'Netherlands', 'Norway']) {
      const shown = points(polygonsOf(name)).filter((p) => toGridRef(p) !== null);
      expect(shown, name).toEqual([]);
    }
  });

  it('a reference read back lands where it was made, on both grids', () => {
    const sample = points([...uk, ...polygonsOf('Ireland')]).filter((_, i) => i % 97 === 0);
    for (const p of sample) {
      const parsed = parseGridRef(toGridRef(p) ?? '');
      if (parsed.kind !== 'position') throw new Error(`${toGridRef(p)} did not read back`);
      expect(Math.abs(parsed.position.latitude - p.latitude)).toBeLessThan(0.00002);
      expect(Math.abs(parsed.position.longitude - p.longitude)).toBeLessThan(0.00003);
    }
  });
});
