/**
 * The style of the shipped basemap (docs/map.md, "A basemap ships with the app"): Protomaps' light or dark
 * style, kept to the layers the shipped file has (`earth`, `boundaries`, `places`, `water`), with the sea as
 * the background (the file has land polygons, not sea polygons) and the coastline drawn as the outline of
 * `earth`. It has no `glyphs` and no `sprite`: MapLibre draws labels with the device's own fonts, and
 * town dots are left out, so the map needs nothing from another host. model/builtin-style.ts adds the
 * detailed map and aerial imagery over it.
 */
import { layers, namedFlavor } from '@protomaps/basemaps';
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { SHIPPED_ATTRIBUTION } from './constants';

export const SHIPPED_SOURCE = 'protomaps';
/** The name the in-memory archive is registered under with the pmtiles protocol. */
export const SHIPPED_ARCHIVE_KEY = 'digquest-basemap';

export type MapTheme = 'light' | 'dark';

const SHIPPED_LAYERS = new Set(['earth', 'boundaries', 'places', 'water']);
const COASTLINE = { light: '#5fa8b3', dark: '#4f6d78' } as const;

/** A layer without its sprite icon (no sprite is loaded); its text, if any, stays. */
export function withoutIcon(layer: LayerSpecification): LayerSpecification {
  if (layer.type !== 'symbol' || !layer.layout || !('icon-image' in layer.layout)) return layer;
  const { 'icon-image': _icon, ...layout } = layer.layout;
  return { ...layer, layout };
}

export function shippedStyle(theme: MapTheme = 'light'): StyleSpecification {
  const flavor = namedFlavor(theme);
  const kept: LayerSpecification[] = [];
  for (const layer of layers(SHIPPED_SOURCE, flavor, { lang: 'en' })) {
    const sourceLayer = 'source-layer' in layer ? layer['source-layer'] : undefined;
    if (sourceLayer !== undefined && !SHIPPED_LAYERS.has(sourceLayer)) continue;
    if (layer.type === 'background') {
      kept.push({ ...layer, paint: { 'background-color': flavor.water } });
      continue;
    }
    kept.push(withoutIcon(layer));
    if (layer.id === 'earth') {
      kept.push({
        id: 'coastline',
        type: 'line',
        source: SHIPPED_SOURCE,
        'source-layer': 'earth',
        paint: {
          'line-color': COASTLINE[theme],
          'line-width': ['interpolate', ['linear'], ['zoom'], 4, 0.4, 10, 1.2],
        },
      });
    }
  }
  return {
    version: 8,
    name: 'DigQuest built-in map',
    sources: {
      [SHIPPED_SOURCE]: {
        type: 'vector',
        url: `pmtiles://${SHIPPED_ARCHIVE_KEY}`,
        attribution: SHIPPED_ATTRIBUTION.join(' | '),
      },
    },
    layers: kept,
  };
}
