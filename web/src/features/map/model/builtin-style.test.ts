/**
 * The map's own style (docs/map.md, "The detailed map"): the outline map alone, or with the detailed map
 * our server serves over it, in light and dark, with aerial imagery switched on or off.
 */
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { namedFlavor } from '@protomaps/basemaps';
import type { LayerSpecification } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { builtinStyle, DETAIL_LAYER_PREFIX, IMAGERY_SOURCE } from './builtin-style';
import { DETAIL_FROM_ZOOM } from './constants';
import { DETAIL_SOURCE, mapSourcesFrom } from './map-sources';

const ORIGIN = 'https://dig.example.org';
/** As GET /api/config gives it (sync-server/src/lib/map-detail.ts). */
const CONFIG = {
  mapDetail: {
    tiles: '/tiles/detail/{z}/{x}/{y}.mvt?v=abc123def456',
    minzoom: 0,
    maxzoom: 15,
    bounds: [-8.7, 49.8, 1.9, 60.9],
    attribution: '<a href="https://www.openstreetmap.org/copyright">© OpenStreetMap contributors</a>',
  },
  mapImagery: {
    tiles: 'https://imagery.example.org/{z}/{x}/{y}.jpg',
    attribution: 'Imagery © Example',
    maxzoom: 19,
  },
};
const { detail, imagery } = mapSourcesFrom(CONFIG);

const layerIds = (layers: LayerSpecification[]) => layers.map((l) => l.id);
const sourceOf = (layer: LayerSpecification) => ('source' in layer ? layer.source : undefined);

describe('the map’s own style', () => {
  it.each(['light', 'dark'] as const)(
    '%s, with the detailed map: our tiles from zoom 10 to 15 over the outline map, a valid style',
    (theme) => {
      const style = builtinStyle({ theme, detail, imagery: null, showImagery: false, origin: ORIGIN });
      expect(validateStyleMin(style)).toEqual([]);
      expect(style.sources[DETAIL_SOURCE]).toEqual({
        type: 'vector',
        tiles: [`${ORIGIN}/tiles/detail/{z}/{x}/{y}.mvt?v=abc123def456`],
        minzoom: DETAIL_FROM_ZOOM,
        maxzoom: 15,
        bounds: [-8.7, 49.8, 1.9, 60.9],
        attribution: expect.stringContaining('© OpenStreetMap contributors'),
      });
      const detailed = style.layers.filter((l) => sourceOf(l) === DETAIL_SOURCE);
      // Roads, fields, woods, water, buildings, footpaths and field edges are all drawn.
      for (const id of [
        'roads_minor',
        'roads_other',
        'landuse_park',
        'water',
        'buildings',
        'footpaths',
        'field-edges',
      ])
        expect(layerIds(detailed)).toContain(`${DETAIL_LAYER_PREFIX}${id}`);
      expect(detailed.every((l) => (l.minzoom ?? 0) >= DETAIL_FROM_ZOOM)).toBe(true);
      // The outline map's lines and names give way to the detailed map's; its land stays underneath.
      const outline = style.layers.filter((l) => sourceOf(l) === 'protomaps');
      expect(outline.find((l) => l.id === 'earth')?.maxzoom).toBeUndefined();
      expect(outline.filter((l) => l.id !== 'earth').every((l) => l.maxzoom === DETAIL_FROM_ZOOM)).toBe(true);
      // Nothing from another host: no glyphs, no sprite, no icons.
      expect(style.glyphs).toBeUndefined();
      expect(style.sprite).toBeUndefined();
      expect(JSON.stringify(style.layers)).not.toContain('icon-image');
      // The theme's own colours.
      const background = style.layers.find((l) => l.type === 'background');
      expect(background?.paint).toEqual({ 'background-color': namedFlavor(theme).water });
      const roads = style.layers.find((l) => l.id === `${DETAIL_LAYER_PREFIX}roads_major`);
      expect(JSON.stringify(roads?.paint)).toContain(namedFlavor(theme).major);
    },
  );

  it('light and dark differ; without a detailed map there is only the outline map, to every zoom', () => {
    const light = builtinStyle({
      theme: 'light',
      detail: null,
      imagery: null,
      showImagery: false,
      origin: ORIGIN,
    });
    const dark = builtinStyle({
      theme: 'dark',
      detail: null,
      imagery: null,
      showImagery: false,
      origin: ORIGIN,
    });
    expect(validateStyleMin(dark)).toEqual([]);
    expect(JSON.stringify(light.layers)).not.toEqual(JSON.stringify(dark.layers));
    expect(Object.keys(light.sources)).toEqual(['protomaps']);
    expect(light.layers.every((l) => l.maxzoom === undefined)).toBe(true);
  });

  it('aerial imagery, when switched on, lies under the roads, paths and names and replaces the fills', () => {
    const style = builtinStyle({ theme: 'light', detail, imagery, showImagery: true, origin: ORIGIN });
    expect(validateStyleMin(style)).toEqual([]);
    expect(style.sources[IMAGERY_SOURCE]).toMatchObject({
      type: 'raster',
      tiles: ['https://imagery.example.org/{z}/{x}/{y}.jpg'],
      maxzoom: 19,
      attribution: 'Imagery © Example',
    });
    const ids = layerIds(style.layers);
    expect(ids.indexOf(IMAGERY_SOURCE)).toBeLessThan(ids.indexOf(`${DETAIL_LAYER_PREFIX}roads_minor`));
    expect(ids).toContain(`${DETAIL_LAYER_PREFIX}footpaths`);
    expect(style.layers.filter((l) => sourceOf(l) === DETAIL_SOURCE && l.type === 'fill')).toEqual([]);
    const off = builtinStyle({ theme: 'light', detail, imagery, showImagery: false, origin: ORIGIN });
    expect(off.sources[IMAGERY_SOURCE]).toBeUndefined();
  });

  it('reads only well-formed sources from the configuration, and only our own tiles for detail', () => {
    expect(mapSourcesFrom({})).toEqual({ styleUrl: null, detail: null, imagery: null });
    expect(
      mapSourcesFrom({ mapDetail: { ...CONFIG.mapDetail, tiles: 'https://elsewhere.example/{z}/{x}/{y}' } })
        .detail,
    ).toBeNull();
    expect(mapSourcesFrom({ mapDetail: { ...CONFIG.mapDetail, maxzoom: 'fifteen' } }).detail).toBeNull();
    expect(
      mapSourcesFrom({ mapImagery: { ...CONFIG.mapImagery, tiles: 'javascript:alert(1)' } }).imagery,
    ).toBeNull();
  });
});
