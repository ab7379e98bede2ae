/**
 * The spots layer hands MapLibre a new GeoJSON collection only when a point it draws changed: every push
 * of an import's batch rewrites 1,000 spot records (their server ids), which draw exactly as before
 * (docs/map.md "Spots on the map").
 */
import type { FeatureCollection, Point } from 'geojson';

/** Whether two collections draw the same points in the same order (uid, position, colour and ring). */
export function samePoints(a: FeatureCollection<Point>, b: FeatureCollection<Point>): boolean {
  if (a.features.length !== b.features.length) return false;
  return a.features.every((f, i) => {
    const g = b.features[i];
    return (
      g !== undefined &&
      f.properties?.uid === g.properties?.uid &&
      f.properties?.colour === g.properties?.colour &&
      f.properties?.ring === g.properties?.ring &&
      f.geometry.coordinates[0] === g.geometry.coordinates[0] &&
      f.geometry.coordinates[1] === g.geometry.coordinates[1]
    );
  });
}
