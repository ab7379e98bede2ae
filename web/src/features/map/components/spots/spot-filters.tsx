/**
 * The map's filters (docs/map.md "Product rules to keep"): one of Roman Sites, Beaches, Permission
 * Granted, Group Digs or Nearby Locations at a time — clicking the active one again clears it, and
 * Nearby Locations sets the radius to 10 km — the radius slider (1–100 km, step 1) while Nearby is on,
 * and Only my locations for a signed-in member.
 */
import { useId } from 'react';
import {
  NEARBY_RADIUS_DEFAULT_KM,
  NEARBY_RADIUS_MAX_KM,
  NEARBY_RADIUS_MIN_KM,
  NEARBY_RADIUS_STEP_KM,
  SPOT_FILTER_LABELS,
  SPOT_FILTERS,
} from '@schema/contracts/locations-constants';
import { Button } from '@web/components/ui/button';
import { toggleFilter, type SpotFilters as Filters } from '../../model/spots/list';

export interface SpotFiltersProps {
  value: Filters;
  onChange: (next: Filters) => void;
  signedIn: boolean;
}

export function SpotFilters({ value, onChange, signedIn }: SpotFiltersProps) {
  const id = useId();
  return (
    <div role="group" aria-label="Filters" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        {SPOT_FILTERS.map((f) => (
          <Button
            key={f}
            size="sm"
            variant={value.filter === f ? 'default' : 'outline'}
            aria-pressed={value.filter === f}
            onClick={() => {
              const filter = toggleFilter(value.filter, f);
              onChange({
                ...value,
                filter,
                radiusKm: filter === 'nearby' ? NEARBY_RADIUS_DEFAULT_KM : value.radiusKm,
              });
            }}
          >
            {SPOT_FILTER_LABELS[f]}
          </Button>
        ))}
        {signedIn ? (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-amber-700"
              checked={value.onlyMine}
              onChange={(e) => onChange({ ...value, onlyMine: e.target.checked })}
            />
            Only my locations
          </label>
        ) : null}
      </div>
      {value.filter === 'nearby' ? (
        <div className="flex items-center gap-3 text-sm">
          <label htmlFor={`${id}-radius`}>Radius: {value.radiusKm} km</label>
          <input
            id={`${id}-radius`}
            type="range"
            className="w-48 accent-amber-700"
            min={NEARBY_RADIUS_MIN_KM}
            max={NEARBY_RADIUS_MAX_KM}
            step={NEARBY_RADIUS_STEP_KM}
            value={value.radiusKm}
            onChange={(e) => onChange({ ...value, radiusKm: Number(e.target.value) })}
          />
        </div>
      ) : null}
    </div>
  );
}
