/**
 * What the map shell offers the components in its slots (the spots list, filters, the add-spot form):
 * the current view and a way to move the map. Kept out of the MapLibre chunk so slot code can use it
 * without loading MapLibre.
 */
import { createContext, useContext } from 'react';
import type { LatLng } from '../model/coordinates';
import type { MapViewState } from './map-types';

export interface MapShellApi {
  /** The visible area, once the map has drawn (null before). */
  view: MapViewState | null;
  /** The device's position once Find My Location (or the automatic attempt) found it. */
  me: LatLng | null;
  /** Centres the map on a position; zoom 14 (a saved spot) unless given. */
  flyTo: (position: LatLng, zoom?: number) => void;
}

export const MapShellContext = createContext<MapShellApi | null>(null);

export function useMapShell(): MapShellApi {
  const api = useContext(MapShellContext);
  if (!api) throw new Error('useMapShell() must be used inside <MapShell>');
  return api;
}
