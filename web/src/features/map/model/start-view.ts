/**
 * Where the map opens (docs/map.md "Where the map opens"): a link's point; else the last view on this device;
 * else the member's own spots, all in view; else Great Britain — and, when the device already allows its
 * position (asked without a prompt), the map then flies to it. Pure, so the order is tested on its own.
 */
import type { LatLng } from '@schema/contracts/grid/coordinates';
import { LOCATION_ZOOM } from './constants';
import type { Bounds } from './tiles';

/** A view remembered on this device: its centre and zoom. */
export interface SavedView extends LatLng {
  zoom: number;
}

/** What MapLibre is first shown: a centre and zoom, or an area to fit. */
export type InitialView = SavedView | { bounds: Bounds };

export type StartReason = 'link' | 'last-view' | 'own-spots' | 'position' | 'great-britain';

export interface StartView {
  reason: StartReason;
  view: InitialView;
}

/** Great Britain, Orkney included, from the Scillies and the Outer Hebrides to East Anglia. */
export const GREAT_BRITAIN: Bounds = { west: -8.2, south: 49.9, east: 1.8, north: 59.4 };

/** Room around fitted spots, in pixels, and the closest a fit zooms (one spot: as a linked spot). */
export const FIT_PADDING = 48;
export const FIT_MAX_ZOOM = LOCATION_ZOOM;

/** The smallest area holding every point, or null for none. */
export function boundsOf(points: readonly LatLng[]): Bounds | null {
  if (points.length === 0) return null;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const { latitude, longitude } of points) {
    west = Math.min(west, longitude);
    east = Math.max(east, longitude);
    south = Math.min(south, latitude);
    north = Math.max(north, latitude);
  }
  return { west, south, east, north };
}

export interface StartInput {
  /** `?lat=&lng=`. */
  linked: LatLng | null;
  /** The last view of /map on this device, for this viewer. */
  lastView: SavedView | null;
  /** The member's own spots on the device (none for a visitor). */
  ownSpots: readonly LatLng[];
  /** The position permission was granted before (so reading it shows no prompt). */
  positionGranted: boolean;
}

export function chooseStartView({ linked, lastView, ownSpots, positionGranted }: StartInput): StartView {
  if (linked) return { reason: 'link', view: { ...linked, zoom: LOCATION_ZOOM } };
  if (lastView) return { reason: 'last-view', view: lastView };
  const own = boundsOf(ownSpots);
  if (own) return { reason: 'own-spots', view: { bounds: own } };
  // Great Britain until the position arrives (it may take a while outdoors), then the map flies there.
  return { reason: positionGranted ? 'position' : 'great-britain', view: { bounds: GREAT_BRITAIN } };
}

/** A view worth remembering: a real place and zoom (a half-drawn map reports NaN). */
export function isSavedView(value: unknown): value is SavedView {
  if (typeof value !== 'object' || value === null) return false;
  const [latitude, longitude, zoom] = ['latitude', 'longitude', 'zoom'].map((k) => Reflect.get(value, k));
  return (
    typeof latitude === 'number' &&
    typeof longitude === 'number' &&
    typeof zoom === 'number' &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180 &&
    zoom >= 0 &&
    zoom <= 24
  );
}
