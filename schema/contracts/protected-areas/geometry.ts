/**
 * Polygon geometry for protected areas, shared by the server and the device (no dependencies, browser-safe):
 * point in polygon and distance to the nearest edge (measure.ts), bounding boxes (bbox.ts), validation of
 * imported GeoJSON (validate.ts) and simplification (simplify.ts).
 */
export { bboxIntersects, bboxOf, distanceToBBoxM, expandBBox, polygonsOf } from './bbox';
export {
  distanceToGeometryM,
  edgeDistanceM,
  measureFromPoint,
  ON_EDGE_METRES,
  pointInGeometry,
} from './measure';
export { simplifyGeometry } from './simplify';
export { validateGeometry, type GeometryValidation } from './validate';
