/**
 * The MapLibre map itself, in its own lazy chunk with maplibre-gl, react-map-gl and pmtiles (vite.config.ts
 * groups them): nothing of it loads before a map is shown. It draws either the configured style or the
 * shipped basemap (docs/map.md), moves to `camera` requests, and shows the shell's markers. Spot layers
 * come in as `children`, drawn inside the map (react-map-gl <Source>/<Layer>/<Marker>).
 */
import 'maplibre-gl/dist/maplibre-gl.css';
import * as maplibregl from 'maplibre-gl';
import type { StyleSpecification } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Map, { Marker, NavigationControl, type MapLayerMouseEvent, type MapRef } from 'react-map-gl/maplibre';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import type { LatLng } from '../model/coordinates';
import { shippedStyle } from '../model/shipped-style';
import { registerShippedBasemap } from '../services/basemap';
import type { CameraRequest, MapMarker, MapViewState } from './map-types';

// The worker is its own file (emitted by the build, precached by the service worker), not a blob.
maplibregl.setWorkerUrl(workerUrl);

export interface MapCanvasProps {
  /** A loaded configured style, or 'shipped' for the basemap in public/basemap/. */
  style: StyleSpecification | 'shipped';
  initialView: LatLng & { zoom: number };
  camera?: CameraRequest | null;
  markers?: MapMarker[];
  children?: ReactNode;
  /** What the map is, for screen readers (the canvas itself says nothing). */
  label: string;
  onLoad?: () => void;
  onClick?: (position: LatLng) => void;
  onViewChange?: (view: MapViewState) => void;
}

const MARKER_TONES: Record<MapMarker['tone'], string> = {
  selected: 'bg-red-600 text-white',
  search: 'bg-amber-400 text-amber-950',
  me: 'bg-sky-600 text-white',
};

function MarkerPin({ marker }: { marker: MapMarker }) {
  return (
    <div className="flex flex-col items-center" role="img" aria-label={marker.label} title={marker.label}>
      <span
        className={`rounded-md px-2 py-0.5 text-xs font-semibold shadow ${MARKER_TONES[marker.tone]}`}
        aria-hidden="true"
      >
        {marker.label}
      </span>
      <span className={`-mt-0.5 size-3 rotate-45 shadow ${MARKER_TONES[marker.tone]}`} aria-hidden="true" />
    </div>
  );
}

function viewOf(map: maplibregl.Map): MapViewState {
  const c = map.getCenter();
  const b = map.getBounds();
  return {
    center: { latitude: c.lat, longitude: c.lng },
    zoom: map.getZoom(),
    bounds: { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() },
  };
}

export default function MapCanvas(props: MapCanvasProps) {
  const { style, initialView, camera, markers = [], children, label, onLoad, onClick, onViewChange } = props;
  const mapRef = useRef<MapRef>(null);
  const [basemap, setBasemap] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  const shipped = useMemo(() => shippedStyle(), []);

  useEffect(() => {
    let live = true;
    registerShippedBasemap(maplibregl).then(
      () => live && setBasemap('ready'),
      () => live && setBasemap('failed'),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  useEffect(() => {
    if (!camera) return;
    mapRef.current?.flyTo({
      center: [camera.position.longitude, camera.position.latitude],
      zoom: camera.zoom,
      essential: true,
    });
  }, [camera]);

  if (basemap !== 'ready') {
    return (
      <div className="flex h-full items-center justify-center bg-sky-100 text-stone-700 dark:bg-stone-800 dark:text-stone-200">
        {basemap === 'loading' ? (
          <Spinner label="Loading the map" />
        ) : (
          <div className="flex flex-col items-center gap-2 p-4 text-center">
            <p>The built-in map could not be read.</p>
            <Button variant="outline" onClick={() => setAttempt((a) => a + 1)}>
              Retry Loading
            </Button>
          </div>
        )}
      </div>
    );
  }

  return (
    <div className="h-full" role="region" aria-label={label}>
      <Map
        ref={mapRef}
        mapLib={maplibregl}
        initialViewState={initialView}
        mapStyle={style === 'shipped' ? shipped : style}
        style={{ width: '100%', height: '100%' }}
        attributionControl={{ compact: true }}
        dragRotate={false}
        onLoad={(e) => {
          // Read by `npm run bench:map` (first render time); harmless elsewhere.
          performance.mark('dq-map-load');
          e.target.once('idle', () => performance.mark('dq-map-idle'));
          onViewChange?.(viewOf(e.target));
          onLoad?.();
        }}
        onMoveEnd={(e) => onViewChange?.(viewOf(e.target))}
        onClick={(e: MapLayerMouseEvent) => onClick?.({ latitude: e.lngLat.lat, longitude: e.lngLat.lng })}
      >
        <NavigationControl showCompass={false} position="top-right" />
        {markers.map((m) => (
          <Marker key={m.id} longitude={m.position.longitude} latitude={m.position.latitude} anchor="bottom">
            <MarkerPin marker={m} />
          </Marker>
        ))}
        {children}
      </Map>
    </div>
  );
}
