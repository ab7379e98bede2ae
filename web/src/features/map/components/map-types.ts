/** Shapes shared by the map shell and the lazy MapLibre canvas (kept apart so the shell never imports it). */
import type { LatLng } from '@schema/contracts/grid/coordinates';
import type { Bounds } from '../model/tiles';

export interface MapMarker {
  id: string;
  position: LatLng;
  label: string;
  /** selected: `?lat=&lng=`; search: a found place (goes after 5 s); me: the device's position. */
  tone: 'selected' | 'search' | 'me';
}

/** Pixels of the map hidden under overlays (the search bar, the controls): moves keep clear of them. */
export interface MapInsets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * A request to move the map: to a point and zoom, or to fit an area. A new object each time, so asking
 * twice for one place moves twice.
 */
export type CameraRequest = { position: LatLng; zoom: number } | { bounds: Bounds };

export interface MapViewState {
  center: LatLng;
  zoom: number;
  bounds: Bounds;
  /** What brought this view: the first draw, or a move (the member's or the app's). */
  cause?: 'load' | 'move';
}
