/**
 * How the FLO pack page picks finds besides ticking them (docs/find-recording.md "The FLO pack"): by the
 * day found, or all from one saved spot. A spot is one point with no boundary, so "from this spot" means
 * found within FLO_PACK_SPOT_RADIUS_M of it, measured on the exact positions the member holds; a find
 * without a position is never "from" a spot. The page shows the result as ticks the member can change.
 */
import { distanceM } from '@schema/contracts/ar-routes-geo';
import { floFoundOn } from '@schema/contracts/flo-csv';
import type { LocalFind, LocalLocation } from '@web/db/database';

/** About a small farm's fields around the spot's pin (250 m is roughly 50 acres of circle). */
export const FLO_PACK_SPOT_RADIUS_M = 250;

/** Finds found from `from` to `to` inclusive ('YYYY-MM-DD'; an empty end is open). */
export function findsFoundBetween(finds: readonly LocalFind[], from: string, to: string): LocalFind[] {
  return finds.filter((find) => {
    const day = floFoundOn(find);
    return (!from || day >= from) && (!to || day <= to);
  });
}

/** Finds whose exact position is within FLO_PACK_SPOT_RADIUS_M of the spot. */
export function findsFromSpot(
  finds: readonly LocalFind[],
  spot: Pick<LocalLocation, 'latitude' | 'longitude'>,
): LocalFind[] {
  const centre = { lat: spot.latitude, lng: spot.longitude };
  return finds.filter(
    (find) =>
      typeof find.latitude === 'number' &&
      typeof find.longitude === 'number' &&
      distanceM(centre, { lat: find.latitude, lng: find.longitude }) <= FLO_PACK_SPOT_RADIUS_M,
  );
}
