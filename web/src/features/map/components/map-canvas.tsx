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
import Map, {
  AttributionControl,
  Marker,
  NavigationControl,
  type MapLayerMouseEvent,
  type MapRef,
} from 'react-map-gl/maplibre';
import { Button } from '@web/components/ui/button';
import { useDocumentTheme } from '../hooks/use-document-theme';
import { useMapSources } from '../hooks/use-map-style-url';
import { builtinStyle } from '../model/builtin-style';
import type { LatLng } from '@schema/contracts/grid/coordinates';
import { FIT_MAX_ZOOM, FIT_PADDING, type InitialView } from '../model/start-view';
import type { Bounds } from '../model/tiles';
import { registerShippedBasemap } from '../services/basemap';
import { MapSourceOverlays } from './map-canvas-overlays';
import { MapLoading } from './map-loading';
import type { CameraRequest, MapInsets, MapMarker, MapViewState } from './map-types';

// The worker is its own file (emitted by the build, kept by the service worker once a map opens), not a blob.
maplibregl.setWorkerUrl(workerUrl);

export interface MapCanvasProps {
  /**
   * A loaded configured style, or 'shipped' for the map's own style: the basemap in public/basemap/, with
   * the detailed map and aerial imagery when the server has them (model/builtin-style.ts).
   */
  style: StyleSpecification | 'shipped';
  /** A centre and zoom, or an area to fit (docs/map.md "Where the map opens"). */
  initialView: InitialView;
  camera?: CameraRequest | null;
  /** Overlays over the map's edges: moves centre in the part left visible. */
  insets?: MapInsets;
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
  me: 'bg-sky-700 text-white',
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

function viewOf(map: maplibregl.Map, cause: MapViewState['cause']): MapViewState {
  const c = map.getCenter();
  const b = map.getBounds();
  return {
    center: { latitude: c.lat, longitude: c.lng },
    zoom: map.getZoom(),
    bounds: { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() },
    cause,
  };
}

const lngLatBounds = (b: Bounds): [number, number, number, number] => [b.west, b.south, b.east, b.north];

/** Room for a fit: the overlays' insets plus a margin. */
const fitPadding = (insets?: MapInsets) => ({
  top: (insets?.top ?? 0) + FIT_PADDING,
  right: (insets?.right ?? 0) + FIT_PADDING,
  bottom: (insets?.bottom ?? 0) + FIT_PADDING,
  left: (insets?.left ?? 0) + FIT_PADDING,
});

export default function MapCanvas(props: MapCanvasProps) {
  const {
    style,
    initialView,
    camera,
    insets,
    markers = [],
    children,
    label,
    onLoad,
    onClick,
    onViewChange,
  } = props;
  const mapRef = useRef<MapRef>(null);
  const [basemap, setBasemap] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  const [drawn, setDrawn] = useState(false);
  const sources = useMapSources();
  const theme = useDocumentTheme();
  const [showImagery, setShowImagery] = useState(false);
  const [zoom, setZoom] = useState('zoom' in initialView ? initialView.zoom : 0);
  const detail = sources?.detail ?? null;
  const imagery = sources?.imagery ?? null;
  const builtin = useMemo(
    () => builtinStyle({ theme, detail, imagery, showImagery, origin: window.location.origin }),
    [theme, detail, imagery, showImagery],
  );
  const ownStyle = style === 'shipped';

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

  // Insets are read when a move starts, not followed: a panel opening must not slide the map.
  const insetsRef = useRef(insets);
  useEffect(() => {
    insetsRef.current = insets;
  }, [insets]);
  useEffect(() => {
    const map = mapRef.current;
    if (!camera || !map) return;
    if ('bounds' in camera) {
      map.fitBounds(lngLatBounds(camera.bounds), {
        padding: fitPadding(insetsRef.current),
        maxZoom: FIT_MAX_ZOOM,
        essential: true,
      });
      return;
    }
    map.flyTo({
      center: [camera.position.longitude, camera.position.latitude],
      zoom: camera.zoom,
      ...(insetsRef.current ? { padding: insetsRef.current } : {}),
      essential: true,
    });
  }, [camera]);

  if (basemap === 'loading') return <MapLoading />;
  if (basemap === 'failed') {
    return (
      <div className="flex h-full items-center justify-center bg-sky-100 text-stone-700 dark:bg-stone-800 dark:text-stone-200">
        <div className="flex flex-col items-center gap-2 p-4 text-center">
          <p>The built-in map could not be read.</p>
          <Button variant="outline" onClick={() => setAttempt((a) => a + 1)}>
            Retry Loading
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="relative h-full" role="region" aria-label={label}>
      {/* The first look stays under the map (transparent until its first frame), so nothing flashes. */}
      {drawn ? null : (
        <div className="absolute inset-0">
          <MapLoading />
        </div>
      )}
      <Map
        ref={mapRef}
        mapLib={maplibregl}
        initialViewState={
          'bounds' in initialView
            ? {
                bounds: lngLatBounds(initialView.bounds),
                fitBoundsOptions: { padding: fitPadding(insets), maxZoom: FIT_MAX_ZOOM },
              }
            : initialView
        }
        mapStyle={ownStyle ? builtin : style}
        style={{ width: '100%', height: '100%' }}
        attributionControl={false}
        dragRotate={false}
        // Labels appear at once: a fade redraws the whole map for 300 ms after every move, which on a
        // slow phone is most of the main thread's work while the map opens.
        fadeDuration={0}
        onLoad={(e) => {
          // Read by `npm run bench:map` (first render time); harmless elsewhere.
          performance.mark('dq-map-load');
          setDrawn(true);
          e.target.once('idle', () => performance.mark('dq-map-idle'));
          setZoom(e.target.getZoom());
          onViewChange?.(viewOf(e.target, 'load'));
          onLoad?.();
        }}
        onMoveEnd={(e) => onViewChange?.(viewOf(e.target, 'move'))}
        onZoomEnd={(e) => setZoom(e.target.getZoom())}
        onClick={(e: MapLayerMouseEvent) => onClick?.({ latitude: e.lngLat.lat, longitude: e.lngLat.lng })}
      >
        {/* Bottom left, clear of the page's overlays; the zoom buttons are for desktops (phones pinch). */}
        <AttributionControl compact position="bottom-left" />
        <NavigationControl showCompass={false} position="bottom-left" />
        {markers.map((m) => (
          <Marker key={m.id} longitude={m.position.longitude} latitude={m.position.latitude} anchor="bottom">
            <MarkerPin marker={m} />
          </Marker>
        ))}
        {children}
      </Map>
      {ownStyle ? (
        <MapSourceOverlays
          top={insets?.top ?? 0}
          zoom={zoom}
          hasDetail={detail !== null}
          imagery={imagery ? { on: showImagery, onChange: setShowImagery } : null}
        />
      ) : null}
    </div>
  );
}
