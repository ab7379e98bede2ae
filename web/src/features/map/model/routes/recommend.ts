/**
 * AR route recommendations (docs/product/ar-routes.md "Recommendations"): the product's three sample routes
 * placed around the member, the public routes near them and the member's own, each as the client AR route
 * shape (distance in metres and direction in degrees from the member to its start), filtered by the
 * member's preferences and ordered nearest first. Pure.
 */
import { bearingDeg, destination, distanceM, type GeoPoint } from '@schema/contracts/ar-routes-geo';
import type { RouteDifficulty } from '@schema/contracts/ar-routes-constants';

/** A walkable route's points: start, waypoints, end. */
export interface RoutePoint extends GeoPoint {
  label: string;
}

/** The client AR route: the product's fields plus where it comes from and its points. */
export interface ArRoute {
  /** 'sample-roman' for samples, the route's uid otherwise. */
  id: string;
  name: string;
  /** Metres from the member to the start. */
  distance: number;
  /** Degrees from the member to the start. */
  direction: number;
  difficulty: RouteDifficulty;
  estimatedDuration: number | null;
  terrainType: string | null;
  historicalPeriods: string[];
  description: string | null;
  source: 'sample' | 'public' | 'own';
  points: RoutePoint[];
  /** Server-held routes only: the record's id (null until it has synced) and its author, for Report. */
  recordId?: number | null;
  authorId?: number;
  /** Server-held routes only. */
  completedCount?: number;
  rating?: number | null;
  isPublic?: boolean;
}

export interface RouteLike {
  /** The server's id; null or absent for a route not yet synced. */
  id?: number | null;
  uid: string;
  userId: number;
  name: string;
  description: string | null;
  startLat: number;
  startLng: number;
  endLat: number;
  endLng: number;
  waypoints: ReadonlyArray<{ lat: number; lng: number; name?: string | null }>;
  estimatedDuration: number | null;
  difficulty: RouteDifficulty;
  terrainType: string | null;
  historicalPeriods: string[];
  isPublic: boolean;
  completedCount: number;
  rating: number | null;
}

export interface RoutePreferencesFilter {
  preferredTerrain: string | null;
  preferredDifficulty: RouteDifficulty | null;
  /** km */
  maxDistance: number | null;
  historicalInterests: string[];
}

export const NO_PREFERENCES: RoutePreferencesFilter = {
  preferredTerrain: null,
  preferredDifficulty: null,
  maxDistance: null,
  historicalInterests: [],
};

export function pointsOf(route: RouteLike): RoutePoint[] {
  return [
    { lat: route.startLat, lng: route.startLng, label: 'Start' },
    ...route.waypoints.map((w, i) => ({ lat: w.lat, lng: w.lng, label: w.name || `Waypoint ${i + 1}` })),
    { lat: route.endLat, lng: route.endLng, label: 'End' },
  ];
}

interface SampleSpec {
  id: string;
  name: string;
  difficulty: RouteDifficulty;
  estimatedDuration: number;
  terrainType: string;
  historicalPeriods: string[];
  description: string;
  /** Where its start lies from the member, and the heading its points follow. */
  bearing: number;
  metres: number;
  heading: number;
}

/** The product's three sample routes (spec: hard-coded), each a start, two waypoints and an end. */
const SAMPLES: readonly SampleSpec[] = [
  {
    id: 'sample-roman',
    name: 'Ancient Roman Path',
    difficulty: 'moderate',
    estimatedDuration: 120,
    terrainType: 'Farmland',
    historicalPeriods: ['Roman'],
    description:
      'Follow the line of a Roman road across the fields, where coins and brooches turn up after ploughing.',
    bearing: 45,
    metres: 400,
    heading: 60,
  },
  {
    id: 'sample-victorian',
    name: 'Victorian Village Circuit',
    difficulty: 'easy',
    estimatedDuration: 60,
    terrainType: 'Parkland',
    historicalPeriods: ['Victorian'],
    description:
      'A gentle loop past the old school, the chapel and the village green, rich in tokens and buttons.',
    bearing: 180,
    metres: 250,
    heading: 150,
  },
  {
    id: 'sample-medieval',
    name: 'Medieval Market Route',
    difficulty: 'challenging',
    estimatedDuration: 180,
    terrainType: 'Woodland',
    historicalPeriods: ['Medieval'],
    description: 'The drovers’ way to a lost market town: hammered coins, buckles and seal matrices.',
    bearing: 270,
    metres: 700,
    heading: 300,
  },
];

/** Samples placed around `at`: the start on its bearing, then points 150 m apart along its heading. */
export function sampleRoutes(at: GeoPoint): Array<Omit<ArRoute, 'distance' | 'direction'>> {
  return SAMPLES.map((s) => {
    const start = destination(at, s.bearing, s.metres);
    const labels = ['Start', 'Waypoint 1', 'Waypoint 2', 'End'];
    return {
      id: s.id,
      name: s.name,
      difficulty: s.difficulty,
      estimatedDuration: s.estimatedDuration,
      terrainType: s.terrainType,
      historicalPeriods: s.historicalPeriods,
      description: s.description,
      source: 'sample',
      points: labels.map((label, i) => ({ ...destination(start, s.heading, i * 150), label })),
    };
  });
}

function matches(route: ArRoute, prefs: RoutePreferencesFilter): boolean {
  if (prefs.preferredDifficulty && route.difficulty !== prefs.preferredDifficulty) return false;
  const terrain = prefs.preferredTerrain?.trim().toLowerCase();
  if (terrain && !(route.terrainType ?? '').toLowerCase().includes(terrain)) return false;
  if (prefs.maxDistance !== null && route.distance > prefs.maxDistance * 1000) return false;
  if (prefs.historicalInterests.length > 0) {
    const wanted = new Set(prefs.historicalInterests.map((p) => p.toLowerCase()));
    if (!route.historicalPeriods.some((p) => wanted.has(p.toLowerCase()))) return false;
  }
  return true;
}

/** Samples, public routes and the member's own (each once), filtered and nearest first. */
export function recommend(
  at: GeoPoint,
  routes: readonly RouteLike[],
  viewerId: number | null,
  prefs: RoutePreferencesFilter,
): ArRoute[] {
  const seen = new Set<string>();
  const held = routes
    .filter((r) => (r.isPublic || r.userId === viewerId) && !seen.has(r.uid) && seen.add(r.uid))
    .map((r) => ({
      id: r.uid,
      name: r.name,
      difficulty: r.difficulty,
      estimatedDuration: r.estimatedDuration,
      terrainType: r.terrainType,
      historicalPeriods: r.historicalPeriods,
      description: r.description,
      source: r.userId === viewerId ? ('own' as const) : ('public' as const),
      recordId: r.id ?? null,
      authorId: r.userId,
      points: pointsOf(r),
      completedCount: r.completedCount,
      rating: r.rating,
      isPublic: r.isPublic,
    }));
  return [...sampleRoutes(at), ...held]
    .map((r) => {
      const start = r.points[0] ?? at;
      return { ...r, distance: distanceM(at, start), direction: bearingDeg(at, start) };
    })
    .filter((r) => matches(r, prefs))
    .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name));
}
