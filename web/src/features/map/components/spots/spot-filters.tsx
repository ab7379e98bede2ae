/**
 * The map's filter chips (docs/map.md "Product rules to keep"), one row that scrolls sideways over the map:
 * one of Roman Sites, Beaches, Permission Granted, Group Digs or Nearby Locations at a time — clicking the
 * active one again clears it, and Nearby Locations sets the radius to 10 km — and the radius slider (1–100
 * km, step 1) while Nearby is on. Only my locations is in the map menu (spot-tools.tsx).
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
}

export function SpotFilters({ value, onChange }: SpotFiltersProps) {
  const id = useId();
  return (
    <div role="group" aria-label="Filters" className="flex max-w-full flex-col items-start gap-2">
      <div className="flex max-w-full items-center gap-2 overflow-x-auto pb-1 [scrollbar-width:none]">
        {SPOT_FILTERS.map((f) => (
          <Button
            key={f}
            variant={value.filter === f ? 'default' : 'outline'}
            className="shrink-0"
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
      </div>
      {value.filter === 'nearby' ? (
        <div className="flex min-h-11 items-center gap-3 rounded-full bg-white/95 px-4 text-sm text-stone-900 shadow-md dark:bg-stone-900/95 dark:text-stone-100">
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
