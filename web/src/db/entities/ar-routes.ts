/**
 * The AR routes' synced entities (docs/product/ar-routes.md; PROTOCOL.md entities table). A member's own
 * routes, private ones included, come whole with `own`; another member's public route reaches a device when
 * a screen keeps it (pinned). Completions are the member's own walks (member-only on the server): a walk
 * finished offline is queued and pushed later, with its rating; rating again is an update of it.
 */
import type { LocalRoute, LocalRouteCompletion } from '../ar-routes-types';
import { childOf, defineEntity, quoted, verbFor } from '../entity-descriptor';
import { hasShape, numberOrNull, text, type Payload } from '../entity-fields';

const isLocalRoute = hasShape<LocalRoute>({
  uid: 'string',
  userId: 'number',
  name: 'string',
  startLat: 'number',
  startLng: 'number',
  endLat: 'number',
  endLng: 'number',
  difficulty: 'string',
});

const list = <T>(value: unknown, keep: (v: unknown) => v is T): T[] =>
  Array.isArray(value) ? value.filter(keep) : [];
const isString = (v: unknown): v is string => typeof v === 'string';
const isPoint = (v: unknown): v is LocalRoute['waypoints'][number] =>
  typeof v === 'object' &&
  v !== null &&
  'lat' in v &&
  'lng' in v &&
  typeof v.lat === 'number' &&
  typeof v.lng === 'number';

function routeFrom(data: Payload): LocalRoute | null {
  if (!(isLocalRoute(data) && typeof data.id === 'number')) return null;
  return {
    id: data.id,
    uid: data.uid,
    userId: data.userId,
    username: text(data.username) ?? '',
    name: data.name,
    description: text(data.description) ?? null,
    startLat: data.startLat,
    startLng: data.startLng,
    endLat: data.endLat,
    endLng: data.endLng,
    waypoints: list(data.waypoints, isPoint),
    estimatedDuration: numberOrNull(data.estimatedDuration),
    difficulty: data.difficulty,
    terrainType: text(data.terrainType) ?? null,
    historicalPeriods: list(data.historicalPeriods, isString),
    isPublic: data.isPublic === true,
    rating: numberOrNull(data.rating),
    ratingCount: typeof data.ratingCount === 'number' ? data.ratingCount : 0,
    completedCount: typeof data.completedCount === 'number' ? data.completedCount : 0,
    created_at: text(data.created_at) ?? '',
    updated_at: text(data.updated_at) ?? '',
  } satisfies LocalRoute;
}

export const routesEntity = defineEntity<LocalRoute, 'routes'>({
  entity: 'routes',
  label: 'Routes',
  scope: {
    kind: 'owned',
    rest: { record: (ref) => `/api/routes/${encodeURIComponent(ref)}`, list: '/api/routes' },
  },
  is: isLocalRoute,
  // Waypoints and periods are lists: an edit of them replaces the record through a pull, not a fold.
  fold: {
    name: 'text',
    description: 'text-or-empty',
    startLat: 'number',
    startLng: 'number',
    endLat: 'number',
    endLng: 'number',
    estimatedDuration: 'number-or-absent',
    difficulty: 'text',
    terrainType: 'text-or-empty',
    isPublic: 'boolean',
  },
  fromServer: routeFrom,
  describe(m, known) {
    const verb = verbFor(m, ['New route', 'Changes to route', 'Deleting route']);
    return {
      label: `${verb}${quoted(text(m.payload.name) ?? known?.name)}`,
      editHref: m.op === 'delete' ? null : '/ar-routes',
    };
  },
  async forgetOnViewerChange(routes, viewerId) {
    // The previous member's private routes were theirs alone.
    await routes.filter((r) => r.userId !== viewerId && !r.isPublic).delete();
  },
});

const isLocalCompletion = hasShape<LocalRouteCompletion>({
  uid: 'string',
  userId: 'number',
  routeUid: 'string',
  completedAt: 'string',
});

export const routeCompletionsEntity = defineEntity<LocalRouteCompletion, 'route_completions'>({
  entity: 'route_completions',
  label: 'Your completed routes',
  scope: { kind: 'child', parent: 'routes', parentKey: 'routeUid' },
  is: isLocalCompletion,
  fold: { rating: 'number' },
  fromServer(data) {
    if (!(isLocalCompletion(data) && typeof data.id === 'number')) return null;
    return {
      id: data.id,
      uid: data.uid,
      userId: data.userId,
      routeId: numberOrNull(data.routeId),
      routeUid: data.routeUid,
      completedAt: data.completedAt,
      rating: numberOrNull(data.rating),
      created_at: data.completedAt,
    } satisfies LocalRouteCompletion;
  },
  dependsOn: childOf('routes', 'routeUid'),
  describe(m) {
    const verb = verbFor(m, ['Completed route', 'Rating a route', 'Removing a completed route']);
    return { label: verb, editHref: null };
  },
  async forgetOnViewerChange(rows, viewerId) {
    await rows.filter((r) => r.userId !== viewerId).delete();
  },
});
