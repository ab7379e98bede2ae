/** Shapes shared by the map shell and the lazy MapLibre canvas (kept apart so the shell never imports it). */
import type { LatLng } from '../model/coordinates';
import type { Bounds } from '../model/tiles';

export interface MapMarker {
  id: string;
  position: LatLng;
  label: string;
  /** selected: `?lat=&lng=`; search: a found place (goes after 5 s); me: the device's position. */
  tone: 'selected' | 'search' | 'me';
}

/** A request to move the map; a new object each time, so asking twice for one place moves twice. */
export interface CameraRequest {
  position: LatLng;
  zoom: number;
}

export interface MapViewState {
  center: LatLng;
  zoom: number;
  bounds: Bounds;
}
