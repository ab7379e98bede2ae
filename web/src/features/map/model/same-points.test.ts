import { describe, expect, it } from 'vitest';
import type { FeatureCollection, Point } from 'geojson';
import { samePoints } from './same-points';

const collection = (...points: Array<[string, number, number, string]>): FeatureCollection<Point> => ({
  type: 'FeatureCollection',
  features: points.map(([uid, lng, lat, colour]) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [lng, lat] },
    properties: { uid, colour },
  })),
});

describe('samePoints', () => {
  const a = collection(['a', -1.5, 52.1, 'red'], ['b', 0.2, 51.9, 'blue']);

  it('is true for the same points in the same order, as after a push that only assigned ids', () => {
    expect(samePoints(a, collection(['a', -1.5, 52.1, 'red'], ['b', 0.2, 51.9, 'blue']))).toBe(true);
  });

  it('is false when a spot was added, removed, moved, recoloured or reordered', () => {
    expect(samePoints(a, collection(['a', -1.5, 52.1, 'red']))).toBe(false);
    expect(samePoints(a, collection(['a', -1.5, 52.1, 'red'], ['b', 0.2, 51.8, 'blue']))).toBe(false);
    expect(samePoints(a, collection(['a', -1.5, 52.1, 'red'], ['b', 0.2, 51.9, 'green']))).toBe(false);
    expect(samePoints(a, collection(['b', 0.2, 51.9, 'blue'], ['a', -1.5, 52.1, 'red']))).toBe(false);
    expect(samePoints(a, collection(['a', -1.5, 52.1, 'red'], ['c', 0.2, 51.9, 'blue']))).toBe(false);
  });
});
