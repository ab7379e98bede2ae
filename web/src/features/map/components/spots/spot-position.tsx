/** Where a spot is, both ways (docs/map.md "Grid references"): lat/lng and the grid reference. */
import type { LatLng } from '@schema/contracts/grid/coordinates';
import { describePosition } from '../../model/spots/typed-position';

export function SpotPosition({ spot, approximate }: { spot: LatLng; approximate?: boolean | undefined }) {
  const { latLng, gridRef } = describePosition(spot);
  return (
    <p className="text-xs text-stone-600 dark:text-stone-400">
      {approximate ? 'About ' : ''}
      <span>{latLng}</span>
      {gridRef ? <span> · {gridRef}</span> : null}
    </p>
  );
}
