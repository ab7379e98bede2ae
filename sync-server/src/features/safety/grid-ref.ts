/**
 * The Ordnance Survey National Grid reference of a position, for the safety alert only: what a rescuer
 * with an OS map or mountain-rescue radio reads. The map's own grid code decides and formats it
 * (schema/contracts/grid/coordinates.ts; docs/map.md "Grid references"): geodesy's Helmert transform,
 * 8 figures (10 m squares), and the same land test, so the alert and the map never disagree. The alert
 * speaks the National Grid only: in Ireland (which the map shows in the Irish Grid) and anywhere off the
 * grids there is none, and the alert gives the latitude and longitude alone.
 */
import { toGridRef } from '@schema/contracts/grid/coordinates';

/** A National Grid reference has two letters ("SU 1234 5678"); an Irish Grid one has one ("J 3383 7398"). */
const NATIONAL_GRID_REF = /^[A-Z]{2} /;

/** "SU 1234 5678", or null off Great Britain's grid (the Isle of Man is on it, Ireland is not). */
export function osGridReference(latitude: number, longitude: number): string | null {
  const gridRef = toGridRef({ latitude, longitude }, 8);
  return gridRef !== null && NATIONAL_GRID_REF.test(gridRef) ? gridRef : null;
}
