/**
 * The protected sites on the map (docs/protected-areas.md "On the device"), pure: which cached areas go in
 * the map's source — only those near the view, from PROTECTED_MIN_ZOOM in, at most PROTECTED_MAX_DRAWN,
 * nearest the centre first, so the map stays fast — and the red hatch they are filled with.
 */
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { bboxIntersects, type BBox, type ProtectedArea } from '@schema/contracts/protected-areas';
import type { Bounds } from './tiles';

export const PROTECTED_LEGEND_LABEL = 'Protected sites (scheduled monuments)';
/** Red as the map's other warnings (Tailwind red-600). */
export const PROTECTED_RED = '#dc2626';
export const HATCH_IMAGE = 'dq-protected-hatch';
/** Below this zoom the areas are specks: none are drawn (a county's worth would only slow the map). */
export const PROTECTED_MIN_ZOOM = 10;
/** The most areas handed to the map at once. */
export const PROTECTED_MAX_DRAWN = 1_500;
/** The view is grown by this share of its size each way, so a small pan needs no new data. */
const MARGIN = 0.5;

/** The box whose areas are fed to the map for a view: the view grown by half its size each way. */
export function protectedQueryBox(view: Bounds): BBox {
  const dx = (view.east - view.west) * MARGIN;
  const dy = (view.north - view.south) * MARGIN;
  return [view.west - dx, view.south - dy, view.east + dx, view.north + dy];
}

export interface ProtectedFeatureProps {
  id: number;
  name: string;
}

export type ProtectedFeatures = FeatureCollection<Polygon | MultiPolygon, ProtectedFeatureProps>;

const centreDistance = (bbox: BBox, lng: number, lat: number, kx: number) => {
  const dx = Math.max(bbox[0] - lng, 0, lng - bbox[2]) * kx;
  const dy = Math.max(bbox[1] - lat, 0, lat - bbox[3]);
  return dx * dx + dy * dy;
};

/** The areas to draw for a view at a zoom, as the map's GeoJSON source. */
export function protectedFeatures(
  areas: readonly ProtectedArea[],
  view: Bounds,
  zoom: number,
): ProtectedFeatures {
  if (zoom < PROTECTED_MIN_ZOOM) return { type: 'FeatureCollection', features: [] };
  const box = protectedQueryBox(view);
  let near = areas.filter((a) => bboxIntersects(a.bbox, box));
  if (near.length > PROTECTED_MAX_DRAWN) {
    const lng = (view.west + view.east) / 2;
    const lat = (view.south + view.north) / 2;
    const kx = Math.cos((lat * Math.PI) / 180);
    near = near
      .map((area) => ({ area, d: centreDistance(area.bbox, lng, lat, kx) }))
      .sort((a, b) => a.d - b.d || a.area.id - b.area.id)
      .slice(0, PROTECTED_MAX_DRAWN)
      .map(({ area }) => area);
  }
  return {
    type: 'FeatureCollection',
    features: near.map((area): Feature<Polygon | MultiPolygon, ProtectedFeatureProps> => ({
      type: 'Feature',
      id: area.id,
      geometry: area.geometry,
      properties: { id: area.id, name: area.name },
    })),
  };
}

export interface HatchImage {
  width: number;
  height: number;
  /** RGBA, row by row, as ImageData holds it (map.addImage takes this shape). */
  data: Uint8ClampedArray;
}

/**
 * A tile of red diagonal hatching (lines running up to the right), transparent between the lines:
 * `size` pixels square, lines `line` pixels thick, repeating seamlessly.
 */
export function hatchImage(size = 16, line = 3, rgba: [number, number, number, number] = [220, 38, 38, 200]) {
  const data = new Uint8ClampedArray(size * size * 4);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      if ((x + y) % size >= line) continue;
      data.set(rgba, (y * size + x) * 4);
    }
  return { width: size, height: size, data } satisfies HatchImage;
}
