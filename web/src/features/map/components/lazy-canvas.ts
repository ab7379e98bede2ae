/**
 * The MapLibre canvas as a lazy component, and a way to start its download early: a map page or section
 * calls `preloadMap()` when it mounts, so MapLibre's code and the shipped basemap download while the style
 * configuration is still being read (the route starts it with the page's code: app/routes.tsx), and the service worker is asked to keep them for offline use
 * (services/offline-map.ts: they are not in the first-visit precache).
 */
import { lazy } from 'react';
import { basemapBytes } from '../services/basemap-bytes';
import { keepMapOffline } from '../services/offline-map';
import { MAP_OUTLINE_URL } from './map-loading';

const loadCanvas = () => import('./map-canvas');

export const MapCanvas = lazy(loadCanvas);

export function preloadMap(): void {
  void loadCanvas().catch(() => undefined);
  void basemapBytes().catch(() => undefined);
  keepMapOffline();
  // The first look (map-loading.tsx) is fetched now, so it is there when the page first renders.
  new Image().src = MAP_OUTLINE_URL;
}
