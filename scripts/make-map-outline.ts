/**
 * `npx tsx scripts/make-map-outline.ts`: public/images/map-outline.svg, the map's first look (docs/map.md
 * "The map offline" and "The screen"): the coast of Great Britain and Ireland from Natural Earth 1:50m
 * (the `world-atlas` package, as scripts/make-basemap.ts), in Web Mercator over the area the map opens on
 * for a new member (model/start-view.ts GREAT_BRITAIN), in the shipped style's land and sea colours. /map
 * shows it, scaled like the map, while MapLibre loads. Committed; rerun only to change it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { GREAT_BRITAIN } from '../web/src/features/map/model/start-view';

const require = createRequire(import.meta.url);
const OUT = 'public/images/map-outline.svg';
/** The shipped style's land and sea (model/shipped-style.ts, Protomaps' light flavour). */
const LAND = '#e2dfda';
const SEA = '#80deea';
/** The picture's height in pixels; points closer than MIN_STEP pixels are merged (it is a first look). */
const HEIGHT = 600;
/** The area the map opens on, widened by as much again on each side: a wide screen sees Ireland and France. */
const AREA = {
  west: 2 * GREAT_BRITAIN.west - (GREAT_BRITAIN.west + GREAT_BRITAIN.east) / 2,
  east: 2 * GREAT_BRITAIN.east - (GREAT_BRITAIN.west + GREAT_BRITAIN.east) / 2,
  south: GREAT_BRITAIN.south - 1,
  north: GREAT_BRITAIN.north + 1,
};
const MIN_STEP = 2;

/** Web Mercator, in fractions of the world's width. */
const mercatorY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) / (2 * Math.PI);
const WORLD = HEIGHT / (mercatorY(AREA.north) - mercatorY(AREA.south));
const x = (lng: number) => ((lng - AREA.west) / 360) * WORLD;
const y = (lat: number) => (mercatorY(AREA.north) - mercatorY(lat)) * WORLD;
const width = x(AREA.east);
const height = y(AREA.south);

const topology = JSON.parse(readFileSync(require.resolve('world-atlas/land-50m.json'), 'utf8')) as Topology<{
  land: GeometryCollection;
}>;
const land = feature(topology, topology.objects.land);
const margin = 2;
const near = ([lng, lat]: Position) =>
  lng! > AREA.west - margin &&
  lng! < AREA.east + margin &&
  lat! > AREA.south - margin &&
  lat! < AREA.north + margin;

function ringPath(ring: Position[]): string {
  const points: [number, number][] = [];
  for (const [lng, lat] of ring) {
    // Land beyond the picture (the continent) is pressed onto its edge: a filled strip, few points.
    const clampedLng = Math.min(Math.max(lng!, AREA.west - 1), AREA.east + 1);
    const clampedLat = Math.min(Math.max(lat!, AREA.south - 1), AREA.north + 1);
    const point: [number, number] = [Math.round(x(clampedLng)), Math.round(y(clampedLat))];
    const last = points.at(-1);
    if (!last || Math.hypot(point[0] - last[0], point[1] - last[1]) >= MIN_STEP) points.push(point);
  }
  return points.length > 3 ? `M${points.map((p) => p.join(' ')).join('L')}Z` : '';
}

const polygons: Position[][][] = [];
for (const f of 'features' in land ? land.features : [land]) {
  const geometry = f.geometry as Polygon | MultiPolygon;
  if (geometry.type === 'Polygon') polygons.push(geometry.coordinates);
  else polygons.push(...geometry.coordinates);
}
const path = polygons
  .filter((polygon) => polygon[0]?.some(near))
  .flatMap((polygon) => polygon.map(ringPath))
  .join('');

const svg =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width.toFixed(0)} ${height.toFixed(0)}">` +
  `<rect width="100%" height="100%" fill="${SEA}"/>` +
  `<path fill="${LAND}" stroke="#b8b2a8" stroke-width="1" d="${path}"/></svg>\n`;
writeFileSync(OUT, svg);
console.log(`map outline: ${OUT} ${(svg.length / 1024).toFixed(1)} KB`);
