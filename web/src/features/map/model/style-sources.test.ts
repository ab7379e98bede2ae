import { describe, expect, it } from 'vitest';
import {
  fontStacksOf,
  isForbiddenTileHost,
  styleAssetUrls,
  tileSourcesOf,
  tileUrl,
  withTileJson,
} from './style-sources';

const STYLE_URL = 'https://maps.example.org/styles/outdoor/style.json';
const style = {
  version: 8,
  glyphs: 'https://maps.example.org/fonts/{fontstack}/{range}.pbf',
  sprite: '../sprites/outdoor',
  sources: {
    base: { type: 'vector', url: 'https://maps.example.org/tiles.json' },
    hills: { type: 'raster', tiles: ['/hills/{z}/{x}/{y}.png'], maxzoom: 12, scheme: 'tms' },
    spots: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
  },
  layers: [
    { id: 'label', type: 'symbol', source: 'base', layout: { 'text-font': ['Noto Sans Regular'] } },
    {
      id: 'town',
      type: 'symbol',
      source: 'base',
      layout: {
        'text-font': [
          'case',
          ['==', ['get', 'kind'], 'city'],
          ['literal', ['Noto Sans Bold']],
          ['literal', ['Noto Sans Regular']],
        ],
      },
    },
  ],
};

describe('a configured style’s sources and files', () => {
  it('lists vector and raster sources with URLs made absolute', () => {
    const sources = tileSourcesOf(style, STYLE_URL);
    expect(sources.map((s) => s.id)).toEqual(['base', 'hills']);
    expect(sources[1]).toMatchObject({
      tiles: ['https://maps.example.org/hills/{z}/{x}/{y}.png'],
      maxzoom: 12,
      scheme: 'tms',
    });
    expect(sources[0]).toMatchObject({ tiles: [], url: 'https://maps.example.org/tiles.json' });
    const completed = withTileJson(sources[0]!, {
      tiles: ['v/{z}/{x}/{y}.mvt'],
      maxzoom: 14,
      attribution: '© OSM',
    });
    expect(completed).toMatchObject({
      tiles: ['https://maps.example.org/v/{z}/{x}/{y}.mvt'],
      maxzoom: 14,
      attribution: '© OSM',
    });
    expect(tileSourcesOf({ version: 7 }, STYLE_URL)).toEqual([]);
  });

  it('builds tile URLs as MapLibre does, TMS rows flipped', () => {
    expect(tileUrl('https://t.example/{z}/{x}/{y}.png', { z: 3, x: 2, y: 1 })).toBe(
      'https://t.example/3/2/1.png',
    );
    expect(tileUrl('https://t.example/{z}/{x}/{y}.png', { z: 3, x: 2, y: 1 }, 'tms')).toBe(
      'https://t.example/3/2/6.png',
    );
    expect(tileUrl('https://t.example/{quadkey}', { z: 3, x: 3, y: 5 })).toBe('https://t.example/213');
  });

  it('never saves from OpenStreetMap’s tile servers', () => {
    expect(isForbiddenTileHost('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(true);
    expect(isForbiddenTileHost('https://a.tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(true);
    expect(isForbiddenTileHost('https://tiles.example.org/{z}/{x}/{y}.png')).toBe(false);
    expect(isForbiddenTileHost('https://tile.openstreetmap.org.example.com/{z}/{x}/{y}.png')).toBe(false);
  });

  it('finds font stacks in literal and expression text-font, and the sprite and glyph files to keep', () => {
    expect(fontStacksOf(style).sort()).toEqual(['Noto Sans Bold', 'Noto Sans Regular']);
    const urls = styleAssetUrls(style, STYLE_URL);
    expect(urls).toContain('https://maps.example.org/styles/sprites/outdoor@2x.png');
    expect(urls).toContain('https://maps.example.org/fonts/Noto%20Sans%20Regular/0-255.pbf');
    expect(urls.filter((u) => u.includes('/fonts/'))).toHaveLength(6);
  });
});
