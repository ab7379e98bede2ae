/**
 * A route's path drawn inside the map as one GeoJSON line (loaded with the map canvas, so react-map-gl never
 * reaches the AR routes page's own chunk; the same split as the spots' layers).
 */
import type { Feature, LineString } from 'geojson';
import { Layer, Source } from 'react-map-gl/maplibre';
import type { GeoPoint } from '@schema/contracts/ar-routes-geo';

export default function RouteLine({ points }: { points: readonly GeoPoint[] }) {
  const line: Feature<LineString> = {
    type: 'Feature',
    properties: {},
    geometry: { type: 'LineString', coordinates: points.map((p) => [p.lng, p.lat]) },
  };
  return (
    <Source id="dq-route" type="geojson" data={line}>
      <Layer
        id="dq-route-line"
        type="line"
        paint={{ 'line-color': '#b45309', 'line-width': 4, 'line-dasharray': [2, 1] }}
      />
    </Source>
  );
}
