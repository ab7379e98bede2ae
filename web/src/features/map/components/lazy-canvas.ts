/**
 * The MapLibre canvas as a lazy component, and a way to start its download early: a map page or section
 * calls `preloadMap()` when it mounts, so MapLibre's code and the shipped basemap download while the style
 * configuration is still being read.
 */
import { lazy } from 'react';
import { basemapBytes } from '../services/basemap-bytes';

const loadCanvas = () => import('./map-canvas');

export const MapCanvas = lazy(loadCanvas);

export function preloadMap(): void {
  void loadCanvas().catch(() => undefined);
  void basemapBytes().catch(() => undefined);
}
