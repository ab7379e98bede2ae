/**
 * The owner's saved permission boundaries (a green outline) and excluded areas (grey, with a dashed edge)
 * on the map (docs/permissions.md "On the map"). Drawn by SpotLayers before the spots, so the markers stay
 * on top; in the canvas chunk with react-map-gl.
 */
import type { FeatureCollection, Polygon } from 'geojson';
import { Layer, Source } from 'react-map-gl/maplibre';
import type { ShapeProperties } from '../../model/spots/boundary';
import { SHAPE_COLOURS } from '../../model/spots/shape-colours';

const SOURCE = 'dq-spot-shapes';

export function SpotBoundaries({ shapes }: { shapes: FeatureCollection<Polygon, ShapeProperties> }) {
  return (
    <Source id={SOURCE} type="geojson" data={shapes}>
      <Layer
        id="dq-spot-exclusion-fill"
        type="fill"
        filter={['==', ['get', 'role'], 'exclusion']}
        paint={{ 'fill-color': SHAPE_COLOURS.exclusionFill, 'fill-opacity': 0.45 }}
      />
      <Layer
        id="dq-spot-exclusion-line"
        type="line"
        filter={['==', ['get', 'role'], 'exclusion']}
        paint={{
          'line-color': SHAPE_COLOURS.exclusionLine,
          'line-width': 1.5,
          'line-dasharray': [2, 1.5],
        }}
      />
      <Layer
        id="dq-spot-boundary-line"
        type="line"
        filter={['==', ['get', 'role'], 'boundary']}
        paint={{ 'line-color': SHAPE_COLOURS.boundary, 'line-width': 3 }}
      />
    </Source>
  );
}
