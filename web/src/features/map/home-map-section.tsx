/**
 * The map in the home page's map section (docs/product/home.md): the same map as /map, opening where /map
 * would (the last view on this device, else the member's own spots, else Great Britain; it never asks for
 * the position: docs/map.md "Where the map opens"), with the spots the device holds (the member's own and
 * the shared ones) and their info windows,
 * without the toolbar; adding, editing and importing spots happen on /map. The home page renders it only once its section scrolls into view, and sets
 * its height (250 px on phones, 400 px from the `md` breakpoint).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useCurrentUser } from '@web/db/current-user';
import { SpotInfo } from './components/spots/spot-info';
import { useOwnFindsNear, useSpots } from './hooks/use-spots';
import { useStartView } from './hooks/use-start-view';
import { useMapStyle } from './hooks/use-map-style';
import { useMapStyleUrl } from './hooks/use-map-style-url';
import { MapLoading } from './components/map-loading';
import { MapStyleFrame } from './components/map-style-frame';
import { MapCanvas, preloadMap } from './components/lazy-canvas';

// Loaded with the canvas: react-map-gl stays out of the home page's own chunk (docs/map.md).
const SpotLayers = lazy(() => import('./components/spots/spot-layers'));
const noop = () => undefined;

export function HomeMapSection() {
  const { state, retry } = useMapStyle(useMapStyleUrl());
  const { user, loading } = useCurrentUser();
  const start = useStartView({
    linked: null,
    viewerId: loading ? undefined : (user?.id ?? null),
    usePosition: false,
  });
  const spots = useSpots();
  const [selectedUid, setSelectedUid] = useState<string | null>(null);
  useEffect(preloadMap, []);
  const all = spots.state === 'ready' ? spots.value : [];
  const selected = all.find((s) => s.uid === selectedUid) ?? null;
  const finds = useOwnFindsNear(selected, user?.id ?? null);
  return (
    <MapStyleFrame state={state} onRetry={retry}>
      {(style) =>
        start ? (
          <Suspense fallback={<MapLoading />}>
            <MapCanvas
              style={style}
              initialView={start.view}
              label="Detecting map of Great Britain and Ireland"
            >
              <Suspense fallback={null}>
                <SpotLayers
                  spots={all}
                  selected={selected}
                  onSelect={setSelectedUid}
                  draft={null}
                  info={
                    selected ? (
                      <SpotInfo spot={selected} finds={finds} isOwner={false} onEdit={noop} onDelete={noop} />
                    ) : null
                  }
                />
              </Suspense>
            </MapCanvas>
          </Suspense>
        ) : (
          <MapLoading />
        )
      }
    </MapStyleFrame>
  );
}

export default HomeMapSection;
