/**
 * The map in the home page's map section (docs/product/home.md): the same map as /map at the default UK
 * view, without the toolbar. The home page renders it only once its section scrolls into view, and sets
 * its height (250 px on phones, 400 px from the `md` breakpoint).
 */
import { Suspense, useEffect } from 'react';
import { DEFAULT_CENTER, DEFAULT_ZOOM } from './model/constants';
import { useMapStyle } from './hooks/use-map-style';
import { useMapStyleUrl } from './hooks/use-map-style-url';
import { MapLoading } from './components/map-loading';
import { MapStyleFrame } from './components/map-style-frame';
import { MapCanvas, preloadMap } from './components/lazy-canvas';

export function HomeMapSection() {
  const { state, retry } = useMapStyle(useMapStyleUrl());
  useEffect(preloadMap, []);
  return (
    <MapStyleFrame state={state} onRetry={retry}>
      {(style) => (
        <Suspense fallback={<MapLoading />}>
          <MapCanvas
            style={style}
            initialView={{ ...DEFAULT_CENTER, zoom: DEFAULT_ZOOM }}
            label="Detecting map of Great Britain and Ireland"
          />
        </Suspense>
      )}
    </MapStyleFrame>
  );
}

export default HomeMapSection;
