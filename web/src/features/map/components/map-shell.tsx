/**
 * The detecting map's shell (docs/map.md): the search box, Find My Location, the map (lazy MapLibre canvas
 * over the configured style or the shipped basemap, with the "Map Error" panel), Save this area for
 * offline, and slots where the spots code plugs in — `actions` (Add New Spot, Import), `filters`, `legend`,
 * `layers` (drawn inside the map), `list` (the spots list under the map) and `spotSearch` (spot names in
 * the search box). Components in those slots reach the map through `useMapShell()`.
 *
 * Centre: `?lat=&lng=` → zoom 14 with a "Selected Location" marker; otherwise the default UK view, and the
 * device's position is asked for 2 s after the map has loaded.
 */
import { Crosshair, Download } from 'lucide-react';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@web/components/ui/button';
import {
  DEFAULT_CENTER,
  DEFAULT_ZOOM,
  GEOLOCATION_DELAY_MS,
  LOCATION_ZOOM,
  MAP_MESSAGES,
  SEARCH_MARKER_MS,
  SEARCH_ZOOM,
} from '../model/constants';
import { positionFromQuery, type LatLng } from '../model/coordinates';
import type { SearchHit, SpotSearch } from '../model/search';
import { useGeolocation } from '../hooks/use-geolocation';
import { useMapStyle } from '../hooks/use-map-style';
import { useMapStyleUrl } from '../hooks/use-map-style-url';
import { MapLoading } from './map-loading';
import { MapSearch } from './map-search';
import { MapStyleFrame } from './map-style-frame';
import { MapCanvas, preloadMap } from './lazy-canvas';
import { MapShellContext, type MapShellApi } from './map-shell-context';
import type { CameraRequest, MapMarker, MapViewState } from './map-types';
import { SaveAreaPanel } from './save-area-panel';

export interface MapShellProps {
  actions?: ReactNode;
  filters?: ReactNode;
  legend?: ReactNode;
  layers?: ReactNode;
  list?: ReactNode;
  spotSearch?: SpotSearch;
  onMapClick?: (position: LatLng) => void;
}

export function MapShell({ actions, filters, legend, layers, list, spotSearch, onMapClick }: MapShellProps) {
  const [params] = useSearchParams();
  const linked = useMemo(() => positionFromQuery(params), [params]);
  const { state, retry } = useMapStyle(useMapStyleUrl());
  const { locate, locating } = useGeolocation();
  const [camera, setCamera] = useState<CameraRequest | null>(null);
  const [view, setView] = useState<MapViewState | null>(null);
  const [searchMarker, setSearchMarker] = useState<MapMarker | null>(null);
  const [me, setMe] = useState<LatLng | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [saveOpen, setSaveOpen] = useState(false);
  const askedOnce = useRef(false);
  useEffect(preloadMap, []);

  const initialView = linked ? { ...linked, zoom: LOCATION_ZOOM } : { ...DEFAULT_CENTER, zoom: DEFAULT_ZOOM };

  const goToMe = useCallback(
    async (quietOnFailure: boolean) => {
      const position = await locate({ quietOnFailure });
      if (!position) return;
      setMe(position);
      setCamera({ position, zoom: SEARCH_ZOOM });
    },
    [locate],
  );

  // Tried once, 2 s after the first load, unless the link names a point.
  useEffect(() => {
    if (!loaded || linked || askedOnce.current) return;
    askedOnce.current = true;
    const timer = setTimeout(() => void goToMe(true), GEOLOCATION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loaded, linked, goToMe]);

  useEffect(() => {
    if (!searchMarker) return;
    const timer = setTimeout(() => setSearchMarker(null), SEARCH_MARKER_MS);
    return () => clearTimeout(timer);
  }, [searchMarker]);

  const showHit = useCallback((hit: SearchHit) => {
    setCamera({ position: hit.position, zoom: hit.zoom });
    setSearchMarker({ id: `search-${Date.now()}`, position: hit.position, label: hit.label, tone: 'search' });
  }, []);

  const markers: MapMarker[] = [
    ...(linked
      ? [
          {
            id: 'selected',
            position: linked,
            label: MAP_MESSAGES.selectedLocation,
            tone: 'selected' as const,
          },
        ]
      : []),
    ...(me ? [{ id: 'me', position: me, label: 'You are here', tone: 'me' as const }] : []),
    ...(searchMarker ? [searchMarker] : []),
  ];

  const api = useMemo<MapShellApi>(
    () => ({ view, me, flyTo: (position, zoom = LOCATION_ZOOM) => setCamera({ position, zoom }) }),
    [view, me],
  );

  return (
    <MapShellContext.Provider value={api}>
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
          <MapSearch onSelect={showHit} spotSearch={spotSearch} />
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => void goToMe(false)} disabled={locating}>
              <Crosshair aria-hidden="true" /> {MAP_MESSAGES.findMyLocation}
            </Button>
            {actions}
            <Button variant="outline" aria-expanded={saveOpen} onClick={() => setSaveOpen((open) => !open)}>
              <Download aria-hidden="true" /> Save this area for offline
            </Button>
          </div>
        </div>
        {filters}
        <div className="relative h-[60vh] min-h-[400px] overflow-hidden rounded-xl border border-stone-200 dark:border-stone-700">
          <MapStyleFrame state={state} onRetry={retry} overlay={legend}>
            {(style) => (
              <Suspense fallback={<MapLoading />}>
                <MapCanvas
                  style={style}
                  initialView={initialView}
                  camera={camera}
                  markers={markers}
                  label="Detecting map"
                  onLoad={() => setLoaded(true)}
                  onClick={onMapClick}
                  onViewChange={setView}
                >
                  {layers}
                </MapCanvas>
              </Suspense>
            )}
          </MapStyleFrame>
        </div>
        {saveOpen ? <SaveAreaPanel styleState={state} view={view} /> : null}
        {list}
      </div>
    </MapShellContext.Provider>
  );
}
