/**
 * The permission letter's small plan of the land (docs/permissions.md "The letter"): the boundary and its
 * excluded areas as SVG paths, north up, scaled to fit a box. Over a field the earth is flat enough: a
 * degree of longitude is shortened by the cosine of the latitude, so the shape is not stretched.
 */
import type { MultiPolygonGeometry, PolygonGeometry, Position } from '@schema/contracts/permission-edges';

export interface BoundaryPlan {
  width: number;
  height: number;
  boundary: string;
  exclusions: string[];
}

/** SVG paths for the plan, within `size` × `size` pixels (less on the shorter side), `pad` inside the edge. */
export function boundaryPlan(
  boundary: PolygonGeometry,
  exclusions: MultiPolygonGeometry | null | undefined,
  size = 240,
  pad = 8,
): BoundaryPlan | null {
  const outer = boundary.coordinates[0] ?? [];
  if (outer.length < 4) return null;
  const lngs = outer.map((p) => p[0]);
  const lats = outer.map((p) => p[1]);
  const [west, east, south, north] = [
    Math.min(...lngs),
    Math.max(...lngs),
    Math.min(...lats),
    Math.max(...lats),
  ];
  const squeeze = Math.cos((((south + north) / 2) * Math.PI) / 180);
  const spanX = (east - west) * squeeze;
  const spanY = north - south;
  const span = Math.max(spanX, spanY);
  if (!(span > 0)) return null;
  const scale = (size - 2 * pad) / span;
  const width = Math.round(spanX * scale + 2 * pad);
  const height = Math.round(spanY * scale + 2 * pad);
  const round = (n: number) => Math.round(n * 10) / 10;
  const point = ([lng, lat]: Position) =>
    `${round(pad + (lng - west) * squeeze * scale)} ${round(pad + (north - lat) * scale)}`;
  const ring = (points: Position[]) =>
    `M${points
      .slice(0, -1)
      .map((p) => point(p))
      .join(' L')} Z`;
  const polygon = (rings: Position[][]) => rings.map(ring).join(' ');
  return {
    width,
    height,
    boundary: polygon(boundary.coordinates),
    exclusions: (exclusions?.coordinates ?? []).map(polygon),
  };
}
