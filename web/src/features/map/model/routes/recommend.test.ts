import { describe, expect, it } from 'vitest';
import { distanceM } from '@schema/contracts/ar-routes-geo';
import { NO_PREFERENCES, recommend, sampleRoutes, type RouteLike } from './recommend';

const HERE = { lat: 52.6, lng: 1.28 };

const route = (extra: Partial<RouteLike>): RouteLike => ({
  uid: 'r1',
  userId: 7,
  name: 'Heath loop',
  description: null,
  startLat: 52.601,
  startLng: 1.28,
  endLat: 52.61,
  endLng: 1.29,
  waypoints: [],
  estimatedDuration: 45,
  difficulty: 'easy',
  terrainType: 'Heathland',
  historicalPeriods: ['Bronze Age'],
  isPublic: true,
  completedCount: 0,
  rating: null,
  ...extra,
});

describe('recommendations', () => {
  it('the three sample routes are placed around the member', () => {
    const samples = sampleRoutes(HERE);
    expect(samples.map((s) => s.name)).toEqual([
      'Ancient Roman Path',
      'Victorian Village Circuit',
      'Medieval Market Route',
    ]);
    for (const s of samples) expect(distanceM(HERE, s.points[0] ?? HERE)).toBeLessThan(1000);
  });

  it('samples, public routes and the member’s own, nearest first; others’ private ones never', () => {
    const rows = [
      route({ uid: 'public-near' }),
      route({ uid: 'mine', userId: 3, isPublic: false, startLat: 52.62, name: 'My hedge line' }),
      route({ uid: 'secret', userId: 9, isPublic: false }),
    ];
    const list = recommend(HERE, rows, 3, NO_PREFERENCES);
    expect(list.map((r) => r.id)).toEqual([
      'public-near',
      'sample-victorian',
      'sample-roman',
      'sample-medieval',
      'mine',
    ]);
    expect(list.find((r) => r.id === 'mine')?.source).toBe('own');
    expect(list[0]?.distance).toBeCloseTo(111, 0);
    expect(list[0]?.direction).toBeCloseTo(0, 0);
  });

  it('preferences filter by difficulty, terrain, maximum distance and periods', () => {
    const rows = [route({ uid: 'far', startLat: 53 })];
    const names = (prefs: Partial<typeof NO_PREFERENCES>) =>
      recommend(HERE, rows, null, { ...NO_PREFERENCES, ...prefs }).map((r) => r.id);
    expect(names({ preferredDifficulty: 'easy' })).toEqual(['sample-victorian', 'far']);
    expect(names({ preferredTerrain: 'wood' })).toEqual(['sample-medieval']);
    expect(names({ maxDistance: 1 })).toEqual(['sample-victorian', 'sample-roman', 'sample-medieval']);
    expect(names({ historicalInterests: ['Roman', 'Bronze Age'] })).toEqual(['sample-roman', 'far']);
  });
});
