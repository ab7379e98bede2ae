/**
 * The map's own style (docs/map.md, "The detailed map"): the shipped outline map (model/shipped-style.ts)
 * and, when the server has one, the detailed map over it — Protomaps' light or dark layers over our
 * `/tiles/detail/…` tiles, from DETAIL_FROM_ZOOM (where the outline map's detail runs out) to the archive's
 * maxzoom, drawn deeper by overzooming — plus what a detectorist looks for that Protomaps' style leaves
 * faint: field edges and footpaths. The outline map's land stays underneath at every zoom, so with no
 * signal an area not saved still shows land, not sea. Optional aerial imagery replaces the detailed map's
 * fills and keeps its roads, paths, field edges and names on top.
 */
import { layers, namedFlavor } from '@protomaps/basemaps';
import type { LayerSpecification, RasterSourceSpecification, StyleSpecification } from 'maplibre-gl';
import { DETAIL_FROM_ZOOM } from './constants';
import { DETAIL_SOURCE, detailSourceSpec, type DetailSource, type ImagerySource } from './map-sources';
import { shippedStyle, withoutIcon, type MapTheme } from './shipped-style';

export const IMAGERY_SOURCE = 'imagery';
/** Layer ids of the detailed map are prefixed: Protomaps names them like the outline map's. */
export const DETAIL_LAYER_PREFIX = 'detail-';

export interface BuiltinStyleOptions {
  theme: MapTheme;
  detail: DetailSource | null;
  imagery: ImagerySource | null;
  showImagery: boolean;
  /** Our origin (`location.origin`): the detailed map's tiles are on it. */
  origin: string;
}

/** Landuse kinds that are fields: their outlines are the field edges (hedges, fences, walls). */
const FIELD_KINDS = [
  'farmland',
  'meadow',
  'grass',
  'grassland',
  'orchard',
  'vineyard',
  'farmyard',
  'allotments',
];
const OVERLAY_COLOURS = {
  light: { fieldEdge: '#9c9482', footpath: '#a0522d', imageryPath: '#ffd27f' },
  dark: { fieldEdge: '#5c574c', footpath: '#d19a66', imageryPath: '#ffd27f' },
} as const;

function imagerySourceSpec(imagery: ImagerySource): RasterSourceSpecification {
  return {
    type: 'raster',
    tiles: [imagery.tiles],
    tileSize: 256,
    maxzoom: imagery.maxzoom,
    attribution: imagery.attribution,
  };
}

function detailOverlays(theme: MapTheme, showImagery: boolean) {
  const colours = OVERLAY_COLOURS[theme];
  const fieldEdges: LayerSpecification = {
    id: `${DETAIL_LAYER_PREFIX}field-edges`,
    type: 'line',
    source: DETAIL_SOURCE,
    'source-layer': 'landuse',
    minzoom: 13,
    filter: ['in', ['get', 'kind'], ['literal', FIELD_KINDS]],
    paint: {
      'line-color': showImagery ? colours.imageryPath : colours.fieldEdge,
      'line-width': ['interpolate', ['linear'], ['zoom'], 13, 0.5, 17, 1.5],
      'line-opacity': showImagery ? 0.6 : 1,
    },
  };
  const footpaths: LayerSpecification = {
    id: `${DETAIL_LAYER_PREFIX}footpaths`,
    type: 'line',
    source: DETAIL_SOURCE,
    'source-layer': 'roads',
    minzoom: 13,
    filter: ['==', ['get', 'kind'], 'path'],
    paint: {
      'line-color': showImagery ? colours.imageryPath : colours.footpath,
      'line-width': ['interpolate', ['linear'], ['zoom'], 13, 1, 17, 2.5],
      'line-dasharray': [2, 1.5],
    },
  };
  return { fieldEdges, footpaths };
}

/** Protomaps' layers over the detailed source, from DETAIL_FROM_ZOOM, with our overlays slotted in. */
function detailLayers(theme: MapTheme, showImagery: boolean): LayerSpecification[] {
  const out: LayerSpecification[] = [];
  const { fieldEdges, footpaths } = detailOverlays(theme, showImagery);
  let edgesPlaced = false;
  let pathsPlaced = false;
  for (const layer of layers(DETAIL_SOURCE, namedFlavor(theme), { lang: 'en' })) {
    if (layer.type === 'background') continue;
    // With imagery the photo is the ground: the map's fills would hide it.
    if (showImagery && layer.type === 'fill') continue;
    const sourceLayer = 'source-layer' in layer ? layer['source-layer'] : undefined;
    // Field edges under the water and roads; footpaths over the roads, under every name.
    if (!edgesPlaced && (sourceLayer === 'water' || sourceLayer === 'roads')) {
      out.push(fieldEdges);
      edgesPlaced = true;
    }
    if (!pathsPlaced && layer.type === 'symbol') {
      out.push(footpaths);
      pathsPlaced = true;
    }
    out.push({
      ...withoutIcon(layer),
      id: `${DETAIL_LAYER_PREFIX}${layer.id}`,
      minzoom: Math.max(layer.minzoom ?? 0, DETAIL_FROM_ZOOM),
    });
  }
  if (!edgesPlaced) out.push(fieldEdges);
  if (!pathsPlaced) out.push(footpaths);
  return out;
}

export function builtinStyle({
  theme,
  detail,
  imagery,
  showImagery,
  origin,
}: BuiltinStyleOptions): StyleSpecification {
  const shipped = shippedStyle(theme);
  const withImagery = Boolean(imagery && showImagery);
  const layersOut: LayerSpecification[] = [];
  for (const layer of shipped.layers) {
    // Where the detailed map starts, the outline map's lines and names give way to its own; the outline
    // map's land stays as the ground beneath.
    const yields = detail !== null && layer.id !== 'earth' && layer.type !== 'background';
    layersOut.push(yields ? { ...layer, maxzoom: DETAIL_FROM_ZOOM } : layer);
    if (layer.id === 'coastline' && imagery && withImagery) {
      layersOut.push({ id: IMAGERY_SOURCE, type: 'raster', source: IMAGERY_SOURCE });
    }
  }
  const sources: StyleSpecification['sources'] = { ...shipped.sources };
  if (imagery && withImagery) sources[IMAGERY_SOURCE] = imagerySourceSpec(imagery);
  if (detail) {
    sources[DETAIL_SOURCE] = detailSourceSpec(detail, origin);
    layersOut.push(...detailLayers(theme, withImagery));
  }
  return { ...shipped, name: 'DigQuest map', sources, layers: layersOut };
}
