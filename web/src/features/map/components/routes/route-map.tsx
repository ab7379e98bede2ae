/**
 * A small map of a route (docs/product/ar-routes.md): its points as pins, its path as a line and the
 * member's position, on the map feature's own lazy MapLibre canvas and style (the shipped basemap offline).
 * With `onPick` a tap places a point — the route form's picker, like Add New Spot's.
 */
import { lazy, Suspense } from 'react';
import type { GeoPoint } from '@schema/contracts/ar-routes-geo';
import { useMapStyle } from '../../hooks/use-map-style';
import { useMapStyleUrl } from '../../hooks/use-map-style-url';
import { DEFAULT_CENTER, DEFAULT_ZOOM } from '../../model/constants';
import { MapCanvas } from '../lazy-canvas';
import { MapLoading } from '../map-loading';
import { MapStyleFrame } from '../map-style-frame';
import type { MapMarker } from '../map-types';

const RouteLine = lazy(() => import('./route-line'));

export interface RouteMapProps {
  points: ReadonlyArray<GeoPoint & { label: string }>;
  me?: GeoPoint | null;
  /** The point being walked to, drawn apart. */
  next?: number;
  label: string;
  onPick?: (point: GeoPoint) => void;
}

export function RouteMap({ points, me = null, next, label, onPick }: RouteMapProps) {
  const { state, retry } = useMapStyle(useMapStyleUrl());
  const centre = points[0] ?? me;
  const markers: MapMarker[] = [
    ...points.map((p, i) => ({
      id: `p${i}`,
      position: { latitude: p.lat, longitude: p.lng },
      label: p.label,
      tone: i === next ? ('selected' as const) : ('search' as const),
    })),
    ...(me
      ? [
          {
            id: 'me',
            position: { latitude: me.lat, longitude: me.lng },
            label: 'You are here',
            tone: 'me' as const,
          },
        ]
      : []),
  ];
  return (
    <div className="relative h-72 overflow-hidden rounded-xl border border-stone-200 dark:border-stone-700">
      <MapStyleFrame state={state} onRetry={retry}>
        {(style) => (
          <Suspense fallback={<MapLoading />}>
            <MapCanvas
              style={style}
              initialView={
                centre
                  ? { latitude: centre.lat, longitude: centre.lng, zoom: 15 }
                  : { ...DEFAULT_CENTER, zoom: DEFAULT_ZOOM }
              }
              markers={markers}
              label={label}
              onClick={onPick ? (p) => onPick({ lat: p.latitude, lng: p.longitude }) : undefined}
            >
              {points.length > 1 ? (
                <Suspense fallback={null}>
                  <RouteLine points={points} />
                </Suspense>
              ) : null}
            </MapCanvas>
          </Suspense>
        )}
      </MapStyleFrame>
    </div>
  );
}
