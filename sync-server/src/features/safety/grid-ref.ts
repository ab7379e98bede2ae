/**
 * The Ordnance Survey National Grid reference of a position, for the safety alert only: what a rescuer
 * with an OS map or mountain-rescue radio reads. Computed as the map does (web/src/features/map/model/
 * coordinates.ts; docs/map.md "Grid references"): geodesy's Helmert transform, 8 figures (10 m squares).
 * The server has no copy of the map's land test; a coarse one leaves out the island of Ireland (which uses
 * the Irish Grid) and anywhere off the grid, where the alert gives the latitude and longitude alone.
 */
import { LatLon } from 'geodesy/osgridref.js';

/** Ireland, roughly: west of the Irish Sea's middle line, but not Kintyre's tip, the Scillies or Cornwall. */
function inIreland(latitude: number, longitude: number): boolean {
  if (longitude >= -5.4 || latitude <= 51.3 || latitude >= 55.45) return false;
  return !(latitude > 55.2 && longitude > -6.0);
}

/** "SU 1234 5678", or null off Great Britain's grid. */
export function osGridReference(latitude: number, longitude: number): string | null {
  if (latitude < 49.8 || latitude > 61 || longitude < -8.7 || longitude > 2) return null;
  if (inIreland(latitude, longitude)) return null;
  try {
    return new LatLon(latitude, longitude).toOsGrid().toString(8);
  } catch {
    return null;
  }
}
