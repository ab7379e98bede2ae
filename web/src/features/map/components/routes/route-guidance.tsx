/**
 * Guidance along the chosen route (docs/product/ar-routes.md "Guidance"): the next point's distance in
 * metres, its bearing, and an arrow turned by the device heading when there is one (north-up otherwise).
 * Over the camera it is the AR overlay, its opacity max(0.3, 1 − distance/1000); without a camera the same
 * guidance is the list of points with their bearings. A point is reached within 20 m; the last completes.
 */
import { ArrowUp, CheckCircle2 } from 'lucide-react';
import { compassPoint, guidance, relativeBearing, type GeoPoint } from '@schema/contracts/ar-routes-geo';
import type { ArRoute } from '../../model/routes/recommend';

export interface Walk {
  next: number;
  completed: boolean;
}

const metres = (m: number) => (m >= 1000 ? `${(m / 1000).toFixed(1)} km` : `${Math.round(m)} m`);

/** The arrow, the distance and the route's details, laid over the camera view. */
export function GuidanceOverlay({
  route,
  walk,
  position,
  heading,
}: {
  route: ArRoute;
  walk: Walk;
  position: GeoPoint;
  heading: number | null;
}) {
  const target = route.points[walk.next];
  if (!target) return null;
  const g = guidance(position, target);
  const turn = relativeBearing(g.bearing, heading);
  return (
    <div
      className="absolute inset-x-0 bottom-0 flex flex-col items-center gap-2 bg-gradient-to-t from-black/80 to-transparent p-4 text-white"
      style={{ opacity: g.opacity }}
      data-testid="ar-overlay"
      data-opacity={g.opacity.toFixed(2)}
    >
      <ArrowUp
        className="size-16 drop-shadow transition-transform"
        style={{ transform: `rotate(${turn}deg)` }}
        role="img"
        aria-label={`Turn ${Math.round(turn)}° to ${target.label}`}
      />
      <p className="text-2xl font-bold" aria-live="polite">
        {metres(g.distance)} to {target.label}
      </p>
      <p className="text-sm">
        {route.name} · {route.difficulty}
        {route.estimatedDuration ? ` · ${route.estimatedDuration} min` : ''}
        {heading === null ? ' · north up (no compass)' : ''}
      </p>
    </div>
  );
}

/** The same guidance as a list: every point with its distance and bearing, reached ones ticked. */
export function GuidanceList({ route, walk, position }: { route: ArRoute; walk: Walk; position: GeoPoint }) {
  return (
    <ol className="flex flex-col gap-1" aria-label="Route guidance">
      {route.points.map((point, i) => {
        const g = guidance(position, point);
        const reached = walk.completed || i < walk.next;
        const current = !walk.completed && i === walk.next;
        return (
          <li
            key={`${point.label}-${i}`}
            className={`flex items-center justify-between gap-2 rounded-md px-3 py-2 ${current ? 'bg-amber-100 font-semibold dark:bg-amber-900/40' : ''}`}
            aria-current={current ? 'step' : undefined}
          >
            <span className="flex items-center gap-2">
              {reached ? <CheckCircle2 className="size-4 text-green-600" aria-label="Reached" /> : null}
              {i + 1}. {point.label}
            </span>
            <span className="text-sm tabular-nums">
              {metres(g.distance)} · {Math.round(g.bearing)}° {compassPoint(g.bearing)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
