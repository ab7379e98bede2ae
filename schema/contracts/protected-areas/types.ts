/**
 * Protected areas (scheduled monuments, SSSIs…) and the answer of a position check, shared by the server and
 * the device (docs/privacy.md "The UK legal frame"). Coordinates are WGS84 in GeoJSON order.
 */
export const PROTECTED_SOURCES = ['nhle', 'cadw', 'hes', 'sssi', 'other'] as const;
export type ProtectedSource = (typeof PROTECTED_SOURCES)[number];
export type LngLat = [number, number]; // GeoJSON order, WGS84
export type AreaGeometry =
  { type: 'Polygon'; coordinates: LngLat[][] } | { type: 'MultiPolygon'; coordinates: LngLat[][][] };
export type BBox = [minLng: number, minLat: number, maxLng: number, maxLat: number];
export interface ProtectedArea {
  id: number;
  source: ProtectedSource;
  reference: string;
  name: string;
  kind: string;
  designatedOn: string | null;
  recordUrl: string | null;
  geometry: AreaGeometry;
  /** Must contain the geometry (bboxOf): the check skips an area whose box is farther than "near". */
  bbox: BBox;
}
export type CheckStatus = 'inside' | 'near' | 'clear' | 'no-data';
export interface CheckedArea {
  id: number;
  name: string;
  kind: string;
  distanceM: number;
}
export interface CheckResult {
  status: CheckStatus;
  areas: CheckedArea[];
}
export const NEAR_METRES = 50; // near = within 50 m + the position's accuracy
export const DEVICE_RADIUS_METRES = 5_000; // the device keeps areas within 5 km of spots/permissions
