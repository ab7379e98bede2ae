/**
 * The map's configured sources as `GET /api/config` gives them (docs/map.md, "Detail is optional and
 * configured"): an operator's MapLibre style (`mapStyleUrl`), the detailed map our server serves from its
 * PMTiles archive (`mapDetail`, tiles on our own origin), and aerial imagery (`mapImagery`, an XYZ
 * template). Anything missing or malformed is simply not there: the map falls back to the outline map.
 */
import type { VectorSourceSpecification } from 'maplibre-gl';
import { DETAIL_FROM_ZOOM } from './constants';

export interface DetailSource {
  /** Tile template on our origin, with the archive's version: `/tiles/detail/{z}/{x}/{y}.mvt?v=…`. */
  tiles: string;
  minzoom: number;
  maxzoom: number;
  bounds: [west: number, south: number, east: number, north: number];
  attribution: string;
}

export interface ImagerySource {
  tiles: string;
  /** Already escaped by the server: MapLibre shows attributions as HTML. */
  attribution: string;
  maxzoom: number;
}

export interface MapSources {
  styleUrl: string | null;
  detail: DetailSource | null;
  imagery: ImagerySource | null;
}

export const NO_MAP_SOURCES: MapSources = { styleUrl: null, detail: null, imagery: null };

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;
const isZoom = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 24;
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

function detailOf(value: unknown): DetailSource | null {
  if (!isObject(value)) return null;
  const { tiles, minzoom, maxzoom, bounds, attribution } = value;
  // Our own tiles only: a path on this origin.
  if (!isText(tiles) || !tiles.startsWith('/tiles/') || !isZoom(minzoom) || !isZoom(maxzoom)) return null;
  if (!Array.isArray(bounds) || bounds.length !== 4 || !bounds.every((n) => typeof n === 'number'))
    return null;
  const [west = 0, south = 0, east = 0, north = 0] = bounds;
  return {
    tiles,
    minzoom,
    maxzoom,
    bounds: [west, south, east, north],
    attribution: isText(attribution) ? attribution : '',
  };
}

function imageryOf(value: unknown): ImagerySource | null {
  if (!isObject(value)) return null;
  const { tiles, attribution, maxzoom } = value;
  if (!isText(tiles) || !/^https?:\/\//i.test(tiles) || !isText(attribution) || !isZoom(maxzoom)) return null;
  return { tiles, attribution, maxzoom };
}

/** The map's sources from an answer of `GET /api/config` (or a remembered copy of it). */
export function mapSourcesFrom(data: unknown): MapSources {
  if (!isObject(data)) return NO_MAP_SOURCES;
  const style = data.mapStyleUrl;
  return {
    styleUrl: isText(style) && /^https?:\/\//i.test(style) ? style : null,
    detail: detailOf(data.mapDetail),
    imagery: imageryOf(data.mapImagery),
  };
}

/** A template on our origin made absolute (MapLibre and Cache Storage want whole URLs). */
export function absoluteTiles(template: string, origin: string): string {
  return `${origin.replace(/\/+$/, '')}${template}`;
}

export const DETAIL_SOURCE = 'detail';

/**
 * The detailed map as a MapLibre source: our tiles, only from DETAIL_FROM_ZOOM (below it the outline map
 * is enough), within the archive's bounds. The style and "Save this area" use the same one.
 */
export function detailSourceSpec(detail: DetailSource, origin: string): VectorSourceSpecification {
  return {
    type: 'vector',
    tiles: [absoluteTiles(detail.tiles, origin)],
    minzoom: Math.max(detail.minzoom, DETAIL_FROM_ZOOM),
    maxzoom: detail.maxzoom,
    bounds: detail.bounds,
    attribution: detail.attribution,
  };
}
