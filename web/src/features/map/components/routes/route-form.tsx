/**
 * Create Route (docs/product/ar-routes.md "Creating a route"): start, end and waypoints picked on the map
 * (a tap places the point being set, as Add New Spot's picker does) or taken from the member's spots; name,
 * description, estimated duration, difficulty, terrain, historical periods, and public or private (private by
 * default). Validated with the same contract the server uses; saved on the device and synced later.
 */
import { useState } from 'react';
import { useOneSubmitAtATime } from '@web/lib/one-submit-at-a-time';
import type { RouteCreateInput, RouteWaypoint } from '@schema/contracts/ar-routes';
import { HISTORICAL_PERIODS, ROUTE_DIFFICULTIES } from '@schema/contracts/ar-routes-constants';
import type { GeoPoint } from '@schema/contracts/ar-routes-geo';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/field';
import { Input, fieldClasses } from '@web/components/ui/input';
import type { LocalLocation } from '@web/db/locations-types';
import { RouteMap } from './route-map';

type Target = 'start' | 'end' | 'waypoint';

export function RouteForm({
  spots,
  near,
  onSave,
  onCancel,
}: {
  spots: readonly LocalLocation[];
  near: GeoPoint | null;
  onSave: (input: RouteCreateInput) => Promise<void>;
  onCancel: () => void;
}) {
  const [target, setTarget] = useState<Target>('start');
  const [start, setStart] = useState<GeoPoint | null>(null);
  const [end, setEnd] = useState<GeoPoint | null>(null);
  const [waypoints, setWaypoints] = useState<RouteWaypoint[]>([]);
  const [fields, setFields] = useState({
    name: '',
    description: '',
    duration: '',
    difficulty: 'easy',
    terrain: '',
  });
  const [periods, setPeriods] = useState<string[]>([]);
  const [isPublic, setIsPublic] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const place = (p: GeoPoint) => {
    if (target === 'start') setStart(p);
    else if (target === 'end') setEnd(p);
    else setWaypoints((w) => [...w, { lat: p.lat, lng: p.lng, name: null }]);
  };
  const fromSpot = (uid: string) => {
    const spot = spots.find((s) => s.uid === uid);
    if (spot) place({ lat: spot.latitude, lng: spot.longitude });
  };
  const set = (key: keyof typeof fields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));

  const points = [
    ...(start ? [{ ...start, label: 'Start' }] : []),
    ...waypoints.map((w, i) => ({ lat: w.lat, lng: w.lng, label: `Waypoint ${i + 1}` })),
    ...(end ? [{ ...end, label: 'End' }] : []),
  ];

  async function save() {
    // The contract (and Zod with it) loads on the first save, not with the page (docs/architecture.md
    // "First paint").
    const { routeCreateSchema } = await import('@schema/contracts/ar-routes');
    const parsed = routeCreateSchema.safeParse({
      name: fields.name,
      description: fields.description,
      startLat: start?.lat,
      startLng: start?.lng,
      endLat: end?.lat,
      endLng: end?.lng,
      waypoints,
      estimatedDuration: fields.duration,
      difficulty: fields.difficulty,
      terrainType: fields.terrain,
      historicalPeriods: periods,
      isPublic,
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please check the route');
    setError(null);
    await onSave(parsed.data);
  }
  const { submit } = useOneSubmitAtATime(save);

  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" aria-label="Create a route">
      <div
        className="flex flex-wrap items-center gap-2"
        role="group"
        aria-label="What a tap on the map places"
      >
        {(['start', 'waypoint', 'end'] as const).map((t) => (
          <Button
            key={t}
            variant={target === t ? 'accent' : 'outline'}
            aria-pressed={target === t}
            onClick={() => setTarget(t)}
          >
            {t === 'start' ? 'Set start' : t === 'end' ? 'Set end' : 'Add waypoint'}
          </Button>
        ))}
        {waypoints.length ? (
          <Button variant="ghost" onClick={() => setWaypoints((w) => w.slice(0, -1))}>
            Remove last waypoint
          </Button>
        ) : null}
        {spots.length ? (
          <select
            aria-label="Use one of your spots"
            className={`${fieldClasses} min-h-11 w-auto`}
            value=""
            onChange={(e) => fromSpot(e.target.value)}
          >
            <option value="">Use one of your spots…</option>
            {spots.map((s) => (
              <option key={s.uid} value={s.uid}>
                {s.name}
              </option>
            ))}
          </select>
        ) : null}
      </div>
      <p className="text-sm text-stone-600 dark:text-stone-300">
        Tap the map to place the {target}. Start:{' '}
        {start ? `${start.lat.toFixed(5)}, ${start.lng.toFixed(5)}` : 'not set'} · Waypoints:{' '}
        {waypoints.length} · End: {end ? `${end.lat.toFixed(5)}, ${end.lng.toFixed(5)}` : 'not set'}
      </p>
      <RouteMap points={points} me={near} label="Route picker map" onPick={place} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Name" htmlFor="route-name">
          <Input id="route-name" value={fields.name} onChange={(e) => set('name')(e.target.value)} />
        </FormField>
        <FormField label="Estimated duration (minutes)" htmlFor="route-duration">
          <Input
            id="route-duration"
            inputMode="numeric"
            value={fields.duration}
            onChange={(e) => set('duration')(e.target.value)}
          />
        </FormField>
        <FormField label="Difficulty" htmlFor="route-difficulty">
          <select
            id="route-difficulty"
            className={`${fieldClasses} min-h-11`}
            value={fields.difficulty}
            onChange={(e) => set('difficulty')(e.target.value)}
          >
            {ROUTE_DIFFICULTIES.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Terrain" htmlFor="route-terrain">
          <Input id="route-terrain" value={fields.terrain} onChange={(e) => set('terrain')(e.target.value)} />
        </FormField>
        <div className="sm:col-span-2">
          <FormField label="Description" htmlFor="route-description">
            <textarea
              id="route-description"
              className={`${fieldClasses} min-h-20`}
              value={fields.description}
              onChange={(e) => set('description')(e.target.value)}
            />
          </FormField>
        </div>
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium">Historical periods</legend>
        <div className="flex flex-wrap gap-3">
          {HISTORICAL_PERIODS.map((p) => (
            <label key={p} className="flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                checked={periods.includes(p)}
                onChange={() => setPeriods((l) => (l.includes(p) ? l.filter((x) => x !== p) : [...l, p]))}
              />
              {p}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={isPublic} onChange={(e) => setIsPublic(e.target.checked)} />
        Share this route{' '}
        {isPublic ? '— every member can see and follow it' : '(Private - only visible to you)'}
      </label>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit">Save Route</Button>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
