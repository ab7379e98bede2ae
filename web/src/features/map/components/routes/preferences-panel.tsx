/**
 * The member's route preferences, editable on the page (docs/product/ar-routes.md "Preferences"): preferred
 * terrain, difficulty (easy / moderate / challenging), maximum distance and historical interests. They
 * filter the recommendations at once; Save keeps them on the device and, online, on the server.
 */
import { useState, type FormEvent } from 'react';
import {
  HISTORICAL_PERIODS,
  ROUTE_DIFFICULTIES,
  ROUTES_RADIUS_MAX_KM,
  isRouteDifficulty,
  routeMessages as m,
} from '@schema/contracts/ar-routes-constants';
import type { RoutePreferences } from '@schema/contracts/ar-routes';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/field';
import { Input, fieldClasses } from '@web/components/ui/input';

export function PreferencesPanel({
  value,
  onSave,
  saving,
}: {
  value: RoutePreferences;
  onSave: (prefs: RoutePreferences) => void;
  saving: boolean;
}) {
  const [terrain, setTerrain] = useState(value.preferredTerrain ?? '');
  const [difficulty, setDifficulty] = useState(value.preferredDifficulty ?? '');
  const [maxDistance, setMaxDistance] = useState(value.maxDistance?.toString() ?? '');
  const [interests, setInterests] = useState<string[]>(value.historicalInterests);
  const [error, setError] = useState<string | undefined>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const km = maxDistance.trim() === '' ? null : Number(maxDistance);
    if (km !== null && !(Number.isInteger(km) && km >= 1 && km <= ROUTES_RADIUS_MAX_KM))
      return setError(m.maxDistanceInvalid);
    setError(undefined);
    onSave({
      preferredTerrain: terrain.trim() || null,
      preferredDifficulty: isRouteDifficulty(difficulty) ? difficulty : null,
      maxDistance: km,
      historicalInterests: interests,
    });
  };

  const toggle = (period: string) =>
    setInterests((list) => (list.includes(period) ? list.filter((p) => p !== period) : [...list, period]));

  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-3" aria-label="Route preferences">
      <FormField label="Preferred terrain" htmlFor="pref-terrain">
        <Input
          id="pref-terrain"
          value={terrain}
          onChange={(e) => setTerrain(e.target.value)}
          placeholder="Farmland"
        />
      </FormField>
      <FormField label="Difficulty" htmlFor="pref-difficulty">
        <select
          id="pref-difficulty"
          className={`${fieldClasses} min-h-11`}
          value={difficulty}
          onChange={(e) => setDifficulty(e.target.value)}
        >
          <option value="">Any</option>
          {ROUTE_DIFFICULTIES.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label="Maximum distance (km)" htmlFor="pref-distance" error={error}>
        <Input
          id="pref-distance"
          inputMode="numeric"
          value={maxDistance}
          onChange={(e) => setMaxDistance(e.target.value)}
          placeholder="Any"
        />
      </FormField>
      <fieldset className="sm:col-span-3">
        <legend className="mb-1 text-sm font-medium">Historical interests</legend>
        <div className="flex flex-wrap gap-3">
          {HISTORICAL_PERIODS.map((period) => (
            <label key={period} className="flex items-center gap-1.5 text-sm">
              <input type="checkbox" checked={interests.includes(period)} onChange={() => toggle(period)} />
              {period}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="sm:col-span-3">
        <Button type="submit" disabled={saving}>
          Save preferences
        </Button>
      </div>
    </form>
  );
}
