import { describe, expect, it } from 'vitest';
import {
  countTiles,
  estimateSave,
  formatBytes,
  latToTileY,
  lngToTileX,
  saveFromZoom,
  tileRange,
  tilesIn,
  TYPICAL_TILE_BYTES,
} from './tiles';

describe('tile arithmetic', () => {
  it('finds the z/x/y tile of a position (slippy-map numbering)', () => {
    expect([lngToTileX(0, 0), latToTileY(0, 0)]).toEqual([0, 0]);
    // Lancaster at zoom 10 is tile 504/328 (the shipped basemap test reads the same tile).
    expect([lngToTileX(-2.8, 10), latToTileY(54.05, 10)]).toEqual([504, 328]);
    expect([lngToTileX(-0.1276, 16), latToTileY(51.5072, 16)]).toEqual([32744, 21792]);
    // Edges stay inside the grid.
    expect(lngToTileX(180, 3)).toBe(7);
    expect(latToTileY(89, 3)).toBe(0);
    expect(latToTileY(-89, 3)).toBe(7);
  });

  it('counts and lists the tiles covering an area at each zoom', () => {
    const bounds = { west: -2.9, south: 54.0, east: -2.7, north: 54.1 };
    const r = tileRange(bounds, 16);
    const perZoom16 = (r.maxX - r.minX + 1) * (r.maxY - r.minY + 1);
    expect(countTiles(bounds, 16, 16)).toBe(perZoom16);
    const listed = [...tilesIn(bounds, 12, 16)];
    expect(listed).toHaveLength(countTiles(bounds, 12, 16));
    expect(listed[0]?.z).toBe(12);
    expect(new Set(listed.map((t) => `${t.z}/${t.x}/${t.y}`)).size).toBe(listed.length);
    // Each zoom in has about four times the tiles of the one before.
    expect(countTiles(bounds, 16, 16) / countTiles(bounds, 15, 15)).toBeGreaterThan(3);
  });

  it('estimates a save per source, within each source’s own zoom range', () => {
    const bounds = { west: -2.9, south: 54.0, east: -2.7, north: 54.1 };
    const vector = { type: 'vector' as const, minzoom: 0, maxzoom: 14 };
    const raster = { type: 'raster' as const, minzoom: 0, maxzoom: 22 };
    const v = estimateSave(bounds, 10, 16, [vector]);
    expect(v.tiles).toBe(countTiles(bounds, 10, 14));
    expect(v.bytes).toBe(v.tiles * TYPICAL_TILE_BYTES.vector);
    const both = estimateSave(bounds, 10, 16, [vector, raster]);
    expect(both.tiles).toBe(v.tiles + countTiles(bounds, 10, 16));
    expect(estimateSave(bounds, 10, 16, [{ type: 'vector', minzoom: 17, maxzoom: 20 }]).tiles).toBe(0);
  });

  it('saves from two zooms out, and prints sizes', () => {
    expect(saveFromZoom(13.7)).toBe(11);
    expect(saveFromZoom(1)).toBe(0);
    expect(formatBytes(512)).toBe('1 KB');
    expect(formatBytes(640 * 1024)).toBe('640 KB');
    expect(formatBytes(12.34 * 1024 * 1024)).toBe('12.3 MB');
  });
});
