/**
 * The nation of a find spot, looked up on the device when the assistant opens (model/nation.ts loads the
 * borders then, not before). 'none' when the find has no find spot: the member is asked outright.
 */
import { useEffect, useState } from 'react';
import type { Nation } from '@schema/contracts/treasure';
import { nationAt } from '../model/nation';

export type NationLookup = { state: 'none' } | { state: 'looking' } | { state: 'found'; nation: Nation };

export function useFindSpotNation(latitude: number | undefined, longitude: number | undefined): NationLookup {
  const hasSpot = latitude !== undefined && longitude !== undefined;
  const [found, setFound] = useState<{ key: string; nation: Nation | null } | null>(null);
  const key = `${latitude},${longitude}`;
  useEffect(() => {
    if (latitude === undefined || longitude === undefined) return;
    let current = true;
    nationAt({ latitude, longitude }).then(
      (nation) => current && setFound({ key: `${latitude},${longitude}`, nation }),
      // Borders that fail to load leave the question to the member, as with no find spot.
      () => current && setFound({ key: `${latitude},${longitude}`, nation: null }),
    );
    return () => {
      current = false;
    };
  }, [latitude, longitude]);
  if (!hasSpot) return { state: 'none' };
  if (found?.key !== key) return { state: 'looking' };
  return found.nation === null ? { state: 'none' } : { state: 'found', nation: found.nation };
}
