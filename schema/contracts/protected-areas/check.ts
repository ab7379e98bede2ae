/**
 * The protected-area check of a position, the same on the server and on the device: inside an
 * area, near one (within NEAR_METRES plus the position's accuracy), clear, or no-data where no imported
 * source covers the place — never "clear" for want of data.
 */
import Flatbush from 'flatbush';
import { distanceToBBoxM, expandBBox, measureFromPoint } from './geometry';
import { NEAR_METRES, type CheckedArea, type CheckResult, type LngLat, type ProtectedArea } from './types';

export interface Position {
  latitude: number;
  longitude: number;
}

/** How far an area may be and still be listed: 50 m plus the accuracy (a missing or negative one adds 0). */
export function nearLimitM(accuracyM: number): number {
  return NEAR_METRES + (Number.isFinite(accuracyM) ? Math.max(0, accuracyM) : 0);
}

/**
 * The check over the given candidate areas. Each area containing the point (0 m) or within the near limit is
 * listed, nearest first, in whole metres; the status is inside when one contains the point, near when any
 * is listed, clear otherwise. When `covered` is false no source covers the place: no-data, whatever we hold.
 */
export function checkPosition(
  candidates: Iterable<ProtectedArea>,
  point: Position,
  accuracyM: number,
  covered: boolean,
): CheckResult {
  if (!covered) return { status: 'no-data', areas: [] };
  const at: LngLat = [point.longitude, point.latitude];
  const limit = nearLimitM(accuracyM);
  const listed: (CheckedArea & { exactM: number })[] = [];
  let inside = false;
  for (const area of candidates) {
    // The box is a lower bound of the distance: most candidates end here without reading a vertex.
    if (distanceToBBoxM(at, area.bbox) > limit) continue;
    const measured = measureFromPoint(at, area.geometry);
    if (!measured.inside && measured.distanceM > limit) continue;
    inside ||= measured.inside;
    const { id, name, kind } = area;
    listed.push({ id, name, kind, distanceM: Math.round(measured.distanceM), exactM: measured.distanceM });
  }
  listed.sort((a, b) => a.exactM - b.exactM || a.id - b.id);
  return {
    status: inside ? 'inside' : listed.length > 0 ? 'near' : 'clear',
    areas: listed.map(({ id, name, kind, distanceM }) => ({ id, name, kind, distanceM })),
  };
}

/** The device's spatial index of the areas it keeps: a packed R-tree (flatbush) over their boxes. */
export class AreaIndex {
  private readonly areas: readonly ProtectedArea[];
  private readonly tree: Flatbush | null;

  constructor(areas: ProtectedArea[]) {
    this.areas = areas;
    if (areas.length === 0) {
      // Flatbush refuses an index of no items.
      this.tree = null;
      return;
    }
    this.tree = new Flatbush(areas.length);
    for (const { bbox } of areas) this.tree.add(bbox[0], bbox[1], bbox[2], bbox[3]);
    this.tree.finish();
  }

  /** The areas whose box comes within `radiusM` metres of the point (a box search; distances not checked). */
  candidates(point: Position, radiusM: number): ProtectedArea[] {
    if (!this.tree) return [];
    const [minLng, minLat, maxLng, maxLat] = expandBBox(
      [point.longitude, point.latitude, point.longitude, point.latitude],
      radiusM,
    );
    return this.tree.search(minLng, minLat, maxLng, maxLat).flatMap((i) => this.areas[i] ?? []);
  }

  /** checkPosition over the areas within reach of the point: the near limit for this accuracy. */
  check(point: Position, accuracyM: number, covered: boolean): CheckResult {
    if (!covered) return { status: 'no-data', areas: [] };
    return checkPosition(this.candidates(point, nearLimitM(accuracyM)), point, accuracyM, covered);
  }
}
