/**
 * The protected sites on the map, pure parts (docs/protected-areas.md "On the device"): only the areas near
 * the view go in the map's source, none when zoomed out, at most PROTECTED_MAX_DRAWN nearest the centre;
 * and the red hatch tile.
 */
import { describe, expect, it } from 'vitest';
import type { ProtectedArea } from '@schema/contracts/protected-areas';
import {
  hatchImage,
  PROTECTED_MAX_DRAWN,
  PROTECTED_MIN_ZOOM,
  protectedFeatures,
  protectedQueryBox,
} from './protected-areas';

/** A square area 0.002° across whose south-west corner is at (lng, lat). */
const area = (id: number, lng: number, lat: number): ProtectedArea => ({
  id,
  source: 'nhle',
  reference: String(1_000_000 + id),
  name: `Barrow ${id}`,
  kind: 'Scheduled monument',
  designatedOn: null,
  recordUrl: null,
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [lng, lat],
        [lng + 0.002, lat],
        [lng + 0.002, lat + 0.002],
        [lng, lat + 0.002],
        [lng, lat],
      ],
    ],
  },
  bbox: [lng, lat, lng + 0.002, lat + 0.002],
});
const VIEW = { west: -1.9, south: 51.1, east: -1.8, north: 51.2 };
const ids = (areas: ProtectedArea[], zoom = 13) =>
  protectedFeatures(areas, VIEW, zoom).features.map((f) => f.properties.id);

describe('which cached areas the map draws', () => {
  it('those in or near the view (half its size around it), with their id and name', () => {
    const inside = area(1, -1.85, 51.15);
    const nearby = area(2, -1.94, 51.15); // west of the view, within the margin
    const across = area(3, -1.901, 51.199); // meets the view's corner
    const far = area(4, -2.1, 51.15);
    expect(ids([inside, nearby, across, far])).toEqual([1, 2, 3]);
    expect(protectedFeatures([inside], VIEW, 13).features[0]).toEqual({
      type: 'Feature',
      id: 1,
      geometry: inside.geometry,
      properties: { id: 1, name: 'Barrow 1' },
    });
    expect(protectedQueryBox(VIEW).map((n) => Number(n.toFixed(3)))).toEqual([-1.95, 51.05, -1.75, 51.25]);
  });

  it(`none when zoomed out beyond ${PROTECTED_MIN_ZOOM}: a county's worth would only slow the map`, () => {
    const areas = [area(1, -1.85, 51.15)];
    expect(ids(areas, PROTECTED_MIN_ZOOM - 0.1)).toEqual([]);
    expect(ids(areas, PROTECTED_MIN_ZOOM)).toEqual([1]);
  });

  it(`at most ${PROTECTED_MAX_DRAWN}, those nearest the centre first`, () => {
    const many = Array.from({ length: PROTECTED_MAX_DRAWN + 10 }, (_, i) =>
      area(i + 1, -1.95 + (i % 50) * 0.004, 51.05 + Math.floor(i / 50) * 0.004),
    );
    const centre = area(99_999, -1.851, 51.151);
    const drawn = ids([...many, centre]);
    expect(drawn).toHaveLength(PROTECTED_MAX_DRAWN);
    expect(drawn).toContain(99_999);
    // The farthest from the centre is left out: the first of the grid, in the south-west corner.
    expect(drawn).not.toContain(1);
  });
});

describe('the hatch image', () => {
  it('is a square tile of red diagonal lines, transparent between them, that repeats without a seam', () => {
    const { width, height, data } = hatchImage(8, 2);
    expect([width, height, data.length]).toEqual([8, 8, 8 * 8 * 4]);
    const pixel = (x: number, y: number) => [...data.slice((y * 8 + x) * 4, (y * 8 + x) * 4 + 4)];
    expect(pixel(0, 0)).toEqual([220, 38, 38, 200]);
    expect(pixel(1, 0)).toEqual([220, 38, 38, 200]);
    expect(pixel(2, 0)).toEqual([0, 0, 0, 0]);
    expect(pixel(7, 1)).toEqual([220, 38, 38, 200]); // (7 + 1) wraps to the next tile's line
    expect(pixel(4, 2)).toEqual([0, 0, 0, 0]);
    expect(pixel(4, 4)).toEqual([220, 38, 38, 200]);
    // A quarter of the pixels are the line: 2 of every 8 along each row.
    let red = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] === 200) red += 1;
    expect(red).toBe(16);
  });
});
