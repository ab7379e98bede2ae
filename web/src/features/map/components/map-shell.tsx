/**
 * The detecting map's shell (docs/map.md "The screen"): a full-bleed map under the header with overlays —
 * the search bar and the menu on top, the filter chips in one scrolling row, Find My Location and the layers
 * control (with the legend) on the right, one primary action at the foot — and the panel, a bottom sheet on
 * phones and a side panel on desktops. Slots where the spots code plugs in: `primaryAction`, `menuItems`,
 * `filters`, `legend`, `layers` (drawn inside the map), `panel`, and `spotSearch`. Components in those
 * slots reach the map through `useMapShell()`.
 *
 * Where it opens (hooks/use-start-view.ts): `?lat=&lng=` at zoom 14 with a "Selected Location" marker; else
 * the last view on this device; else the member's own spots; else Great Britain, flying to the device's
 * position when it was allowed before. It never asks for the position on load; Find My Location does.
 */
import {
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '@web/db/current-user';
import { LOCATION_ZOOM, MAP_MESSAGES, SEARCH_MARKER_MS, SEARCH_ZOOM } from '../model/constants';
import { positionFromQuery, type LatLng } from '@schema/contracts/grid/coordinates';
import type { SearchHit, SpotSearch } from '../model/search';
import { boundsOf } from '../model/start-view';
import { positionGranted, useGeolocation } from '../hooks/use-geolocation';
import { useMapStyle } from '../hooks/use-map-style';
import { useMapStyleUrl } from '../hooks/use-map-style-url';
import { saveLastView, useOwnSpotsArrival, useStartView } from '../hooks/use-start-view';
import { MapErrorPanel } from './map-error-panel';
import { MapLoading } from './map-loading';
import { LayersControl, LocateButton, MapMenu } from './map-controls';
import { MapPanel, PEEK_CLASS } from './map-panel';
import { MapSearch } from './map-search';
import { MapStyleFrame } from './map-style-frame';
import { MapCanvas, preloadMap } from './lazy-canvas';
import { MapShellContext, type MapShellApi } from './map-shell-context';
import type { CameraRequest, MapInsets, MapMarker, MapViewState } from './map-types';

export interface MapShellProps {
  /** The page's one h1 (beside the map on desktops, for screen readers on phones). */
  title: string;
  /** The one primary button at the map's foot (Add New Spot), with anything it needs to say. */
  primaryAction?: ReactNode;
  /** Items of the map menu (DropdownMenuItem and friends), above Save this area for offline. */
  menuItems?: ReactNode;
  filters?: ReactNode;
  /** Shown in the layers control. */
  legend?: ReactNode;
  layers?: ReactNode;
  /** The panel's content and its peek text on phones. */
  panel?: ReactNode;
  panelSummary?: ReactNode;
  /** Keeps the sheet open (a form the member is filling in). */
  panelForcedOpen?: boolean;
  spotSearch?: SpotSearch;
  onMapClick?: (position: LatLng) => void;
}

/** The part of the map under the right-hand controls and the primary action, in pixels. */
const SIDE_INSET = 60;
const FOOT_INSET = 64;

/** The overlay's height, followed as it changes (the radius slider, the error panel). */
function useHeight<T extends HTMLElement>(): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const node = ref.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeight(node.getBoundingClientRect().height));
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return [ref, height];
}

export function MapShell(props: MapShellProps) {
  const { title, primaryAction, menuItems, filters, legend, layers, panel, panelSummary } = props;
  const { panelForcedOpen = false, spotSearch, onMapClick } = props;
  const [params] = useSearchParams();
  const linked = useMemo(() => positionFromQuery(params), [params]);
  const { user, loading } = useCurrentUser();
  const viewerId = loading ? undefined : (user?.id ?? null);
  const start = useStartView({ linked, viewerId, usePosition: true });
  const { state, retry } = useMapStyle(useMapStyleUrl());
  const { locate, locating } = useGeolocation();
  const [camera, setCamera] = useState<CameraRequest | null>(null);
  const [view, setView] = useState<MapViewState | null>(null);
  const [searchMarker, setSearchMarker] = useState<MapMarker | null>(null);
  const [me, setMe] = useState<LatLng | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);
  const [layersOpen, setLayersOpen] = useState(false);
  const moved = useRef(false);
  const [topRef, topHeight] = useHeight<HTMLDivElement>();
  useEffect(preloadMap, []);

  const insets = useMemo<MapInsets>(
    () => ({ top: topHeight, right: SIDE_INSET, bottom: FOOT_INSET, left: 0 }),
    [topHeight],
  );

  const goToMe = useCallback(
    async (quietOnFailure: boolean, fly: boolean) => {
      const position = await locate({ quietOnFailure });
      if (!position) return;
      setMe(position);
      if (fly) setCamera({ position, zoom: SEARCH_ZOOM });
    },
    [locate],
  );

  // With the position allowed before, mark it (no prompt); fly there only when nothing better was chosen.
  const askedOnce = useRef(false);
  useEffect(() => {
    if (!loaded || !start || askedOnce.current || start.reason === 'link') return;
    askedOnce.current = true;
    void positionGranted().then((granted) => {
      if (granted) void goToMe(true, start.reason === 'position' && !moved.current);
    });
  }, [loaded, start, goToMe]);

  // A new device: the member's spots arrive with the first pull, after the map opened on Great Britain.
  const waitingForSpots = start?.reason === 'great-britain' || start?.reason === 'position';
  const arrived = useOwnSpotsArrival(viewerId, waitingForSpots && loaded);
  const fitted = useRef(false);
  useEffect(() => {
    const area = boundsOf(arrived);
    if (!area || fitted.current || moved.current) return;
    fitted.current = true;
    setCamera({ bounds: area });
  }, [arrived]);

  useEffect(() => {
    if (!searchMarker) return;
    const timer = setTimeout(() => setSearchMarker(null), SEARCH_MARKER_MS);
    return () => clearTimeout(timer);
  }, [searchMarker]);

  const showHit = useCallback((hit: SearchHit) => {
    setCamera({ position: hit.position, zoom: hit.zoom });
    setSearchMarker({ id: `search-${Date.now()}`, position: hit.position, label: hit.label, tone: 'search' });
  }, []);

  const onViewChange = useCallback(
    (next: MapViewState) => {
      setView(next);
      // The first draw is where the map opened, not a view the member chose or was taken to.
      if (next.cause === 'load' || viewerId === undefined) return;
      void saveLastView(viewerId, { ...next.center, zoom: next.zoom }).catch(() => undefined);
    },
    [viewerId],
  );

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

  const closeLayers = useCallback(() => setLayersOpen(false), []);
  const api = useMemo<MapShellApi>(
    () => ({
      view,
      me,
      flyTo: (position, zoom = LOCATION_ZOOM) => setCamera({ position, zoom }),
      insets,
      setPanelOpen,
      closeLayers,
    }),
    [view, me, insets, closeLayers],
  );

  return (
    <MapShellContext.Provider value={api}>
      <div className="dq-map relative flex h-full flex-col lg:grid lg:grid-cols-[24rem_minmax(0,1fr)] lg:grid-rows-[auto_minmax(0,1fr)]">
        <h1 className="sr-only lg:not-sr-only lg:col-start-1 lg:row-start-1 lg:border-r lg:border-stone-200 lg:px-4 lg:pt-4 lg:pb-2 lg:text-2xl lg:font-bold lg:tracking-tight lg:dark:border-stone-700">
          {title}
        </h1>
        <div className="relative min-h-0 flex-1 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          {/* A touch, click, wheel or key on the map itself: the member is using it, so the app stops moving it. */}
          <div
            className="h-full"
            onPointerDownCapture={() => (moved.current = true)}
            onWheelCapture={() => (moved.current = true)}
            onKeyDownCapture={() => (moved.current = true)}
          >
            <MapStyleFrame state={state} onRetry={retry} errorPanel={false}>
              {(style) =>
                start ? (
                  <Suspense fallback={<MapLoading />}>
                    <MapCanvas
                      style={style}
                      initialView={start.view}
                      camera={camera}
                      insets={insets}
                      markers={markers}
                      label="Detecting map"
                      onLoad={() => setLoaded(true)}
                      onClick={onMapClick}
                      onViewChange={onViewChange}
                    >
                      {layers}
                    </MapCanvas>
                  </Suspense>
                ) : (
                  <MapLoading />
                )
              }
            </MapStyleFrame>
          </div>
          <div
            ref={topRef}
            className="pointer-events-none absolute inset-x-0 top-0 z-10 flex flex-col gap-2 pt-2 pr-[max(0.5rem,env(safe-area-inset-right))] pl-[max(0.5rem,env(safe-area-inset-left))] sm:pt-3"
          >
            <div className="pointer-events-auto flex items-start gap-2 lg:max-w-xl">
              <MapSearch onSelect={showHit} spotSearch={spotSearch} overlay />
              <MapMenu items={menuItems} styleState={state} view={view} />
            </div>
            {filters ? <div className="pointer-events-auto max-w-full self-start">{filters}</div> : null}
          </div>
          <div
            className="pointer-events-none absolute right-[max(0.5rem,env(safe-area-inset-right))] z-10 flex flex-col items-end gap-2"
            style={{ top: topHeight + 8 }}
          >
            <div className="pointer-events-auto flex flex-col items-end gap-2">
              <LocateButton onLocate={() => void goToMe(false, true)} locating={locating} />
              <LayersControl
                open={layersOpen}
                onOpenChange={setLayersOpen}
                styleState={state}
                legend={legend}
              />
            </div>
          </div>
          <div
            className="pointer-events-none absolute left-[max(0.5rem,env(safe-area-inset-left))] z-10 max-w-[calc(100%-5rem)]"
            style={{ top: topHeight + 8 }}
          >
            <MapErrorPanel state={state} onRetry={retry} />
          </div>
          {primaryAction ? (
            <div className="pointer-events-none absolute right-[max(0.75rem,env(safe-area-inset-right))] bottom-3 z-10 flex flex-col items-end gap-2">
              {primaryAction}
            </div>
          ) : null}
        </div>
        {/* Room for the sheet's peek, so it never hides the map's foot (its attribution, the primary action). */}
        <div
          aria-hidden="true"
          className={`${PEEK_CLASS} shrink-0 pb-[env(safe-area-inset-bottom)] box-content lg:hidden`}
        />
        <MapPanel
          summary={panelSummary}
          open={panelOpen || panelForcedOpen}
          onOpenChange={setPanelOpen}
          className="lg:col-start-1 lg:row-start-2"
        >
          {panel}
        </MapPanel>
      </div>
    </MapShellContext.Provider>
  );
}
