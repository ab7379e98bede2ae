/**
 * What the map shell offers the components in its slots (the spots list, filters, the add-spot form, the
 * spot layers): the current view, a way to move the map, the overlays' insets and the panel. Kept out of the
 * MapLibre chunk so slot code can use it without loading MapLibre.
 */
import { createContext, useContext } from 'react';
import type { LatLng } from '@schema/contracts/grid/coordinates';
import type { MapInsets, MapViewState } from './map-types';

export interface MapShellApi {
  /** The visible area, once the map has drawn (null before). */
  view: MapViewState | null;
  /** The device's position once Find My Location (or the quiet attempt on opening) found it. */
  me: LatLng | null;
  /** Centres the map on a position; zoom 14 (a saved spot) unless given. */
  flyTo: (position: LatLng, zoom?: number) => void;
  /** Pixels of the map under the overlays; a popup is kept out of them. */
  insets?: MapInsets;
  /** Opens or folds the spots panel (a bottom sheet on phones; always open beside the map on desktops). */
  setPanelOpen?: (open: boolean) => void;
  /** Folds the layers control, so its legend never covers a spot's info window. */
  closeLayers?: () => void;
}

export const MapShellContext = createContext<MapShellApi | null>(null);

export function useMapShell(): MapShellApi {
  const api = useContext(MapShellContext);
  if (!api) throw new Error('useMapShell() must be used inside <MapShell>');
  return api;
}

export const NO_INSETS: MapInsets = { top: 0, right: 0, bottom: 0, left: 0 };

/** The shell's insets, or none (the home page's map has no shell). */
export function useMapInsets(): MapInsets {
  return useContext(MapShellContext)?.insets ?? NO_INSETS;
}

/** The shell's layer folding, or nothing (the home page's map has no layers control). */
export function useCloseLayers(): () => void {
  return useContext(MapShellContext)?.closeLayers ?? noop;
}

const noop = () => undefined;
