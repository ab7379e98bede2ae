/**
 * Protected areas on the device, offline (docs/protected-areas.md "On the device"). Import from
 * '@web/sync/protected-areas' (kept out of '@web/sync' so the first page load does not carry it).
 *
 * The check — what the forms and Detecting now call:
 *   checkOnDevice({ latitude, longitude, accuracyM }, db?): Promise<CheckResult>
 *     inside / near / clear over the cached areas, as the server answers over the same areas (the shared
 *     checkPosition through AreaIndex, built once and again after the cache changes), with `areas` nearest
 *     first ({ id, name, kind, distanceM }); no-data where the place's nation has no imported monument
 *     list (isCovered with nationAt) or where the device does not hold every cell within 50 m plus the
 *     accuracy of the position. Never "clear" for want of data. Works with no signal; throws only when
 *     the device's database cannot be read.
 *   useProtectedCheck(position | null): Live<CheckResult>  the same as a React hook, again when the
 *     position or the cache changes ('loading' while position is null).
 *
 * The cache — filled online, kept offline:
 *   requestProtectedRefresh(): void               after a completed sync (app-engine.ts) and spot changes
 *   refreshProtectedAreasNow(): Promise<RefreshReport | null>
 *   refreshProtectedAreasForView({ west, south, east, north }): void   the map, after each move
 *   useCachedProtectedAreas(bbox | null), useProtectedSources(), useProtectedAreasSummary()
 *   protectedAttributions(sources): string[]      the attribution texts to show with the data
 */
import type { CheckResult } from '@schema/contracts/protected-areas';
import { db as appDb, type DigQuestDb } from '@web/db/database';
import { deviceAreasOf, type DevicePosition } from './device';

export type { DeviceAreasSummary, DevicePosition } from './device';
export type { ProtectedAreaRow, ProtectedSourceRow } from '@web/db/database';
export type { RefreshReport } from './refresh';
export { CELL_REFRESH_MS, MAX_VIEW_DEGREES, PROTECTED_AREA_CAP } from './refresh';
export { refreshProtectedAreasForView, refreshProtectedAreasNow, requestProtectedRefresh } from './app';
export { protectedAttributions } from './attributions';
export {
  useCachedProtectedAreas,
  useProtectedAreasSummary,
  useProtectedCheck,
  useProtectedSources,
} from './hooks';

/** The protected-area check of a position on this device, offline (see above). */
export function checkOnDevice(position: DevicePosition, db: DigQuestDb = appDb): Promise<CheckResult> {
  return deviceAreasOf(db).check(position);
}
