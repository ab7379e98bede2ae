/**
 * The map in the home page's map section (docs/product/home.md): the same map as /map at the default UK
 * view, with the spots the device holds (the member's own and the shared ones) and their info windows,
 * without the toolbar; adding, editing and importing spots happen on /map. The home page renders it only once its section scrolls into view, and sets
 * its height (250 px on phones, 400 px from the `md` breakpoint).
 */
import { Suspense, useEffect, useState } from 'react';
import { NEARBY_RADIUS_DEFAULT_KM } from '@schema/contracts/locations-constants';
import { useCurrentUser } from '@web/db/current-user';
import { SpotMarkers } from './components/spots/spot-markers';
import { useSpots } from './hooks/use-spots';
import type { SpotFilters } from './model/spots/list';
import { DEFAULT_CENTER, DEFAULT_ZOOM } from './model/constants';
import { useMapStyle } from './hooks/use-map-style';
import { useMapStyleUrl } from './hooks/use-map-style-url';
import { MapLoading } from './components/map-loading';
import { MapStyleFrame } from './components/map-style-frame';
import { MapCanvas, preloadMap } from './components/lazy-canvas';

const ALL_SPOTS: SpotFilters = { filter: null, onlyMine: false, radiusKm: NEARBY_RADIUS_DEFAULT_KM };
const noop = () => undefined;

export function HomeMapSection() {
  const { state, retry } = useMapStyle(useMapStyleUrl());
  const { user } = useCurrentUser();
  const spots = useSpots();
  const [selectedUid, setSelectedUid] = useState<string | null>(null);
  useEffect(preloadMap, []);
  const all = spots.state === 'ready' ? spots.value : [];
  const selected = all.find((s) => s.uid === selectedUid) ?? null;
  return (
    <MapStyleFrame state={state} onRetry={retry}>
      {(style) => (
        <Suspense fallback={<MapLoading />}>
          <MapCanvas
            style={style}
            initialView={{ ...DEFAULT_CENTER, zoom: DEFAULT_ZOOM }}
            label="Detecting map of Great Britain and Ireland"
          >
            <SpotMarkers
              spots={all}
              filters={ALL_SPOTS}
              viewerId={user?.id ?? null}
              selected={selected}
              onSelect={setSelectedUid}
              draft={null}
              onEdit={noop}
              onDelete={noop}
              readOnly
            />
          </MapCanvas>
        </Suspense>
      )}
    </MapStyleFrame>
  );
}

export default HomeMapSection;
