/**
 * The device's spatial index (flatbush over each area's box) gives the same answers as checking every area,
 * on 20,000 synthetic monuments (the NHLE's count) and 1,000 positions: half near a monument, half anywhere.
 */
import { describe, expect, it } from 'vitest';
import { AreaIndex, checkPosition } from './check';
import { pointIn, pointNearAnArea, seededRandom, syntheticAreas } from './synthetic-areas.test-utils';
import { NEAR_METRES } from './types';

describe('AreaIndex', () => {
  const areas = syntheticAreas(20_000, 1979);
  const index = new AreaIndex(areas);

  it('answers like a check of every area for 1,000 random positions and accuracies', () => {
    const random = seededRandom(42);
    const seen = { inside: 0, near: 0, clear: 0 };
    for (let i = 0; i < 1_000; i++) {
      const [longitude, latitude] = i % 2 === 0 ? pointNearAnArea(random, areas, 400) : pointIn(random);
      const accuracy = random() * 60;
      const point = { latitude, longitude };
      const expected = checkPosition(areas, point, accuracy, true);
      expect(index.check(point, accuracy, true)).toEqual(expected);
      if (expected.status !== 'no-data') seen[expected.status]++;
    }
    // The positions meet every answer, so the comparison is not only "clear" against "clear".
    expect(seen.inside).toBeGreaterThan(50);
    expect(seen.near).toBeGreaterThan(50);
    expect(seen.clear).toBeGreaterThan(300);
  });

  it('candidates are the areas whose box comes within the radius', () => {
    const random = seededRandom(7);
    const [longitude, latitude] = pointNearAnArea(random, areas, 100);
    const ids = index.candidates({ latitude, longitude }, 5_000).map((a) => a.id);
    expect(ids.length).toBeGreaterThan(0);
    const near = index.candidates({ latitude, longitude }, NEAR_METRES).map((a) => a.id);
    expect(near.every((id) => ids.includes(id))).toBe(true);
  });

  it('an index of no areas answers clear where covered and no-data where not', () => {
    const empty = new AreaIndex([]);
    expect(empty.candidates({ latitude: 51.18, longitude: -1.83 }, 5_000)).toEqual([]);
    expect(empty.check({ latitude: 51.18, longitude: -1.83 }, 5, true)).toEqual({
      status: 'clear',
      areas: [],
    });
    expect(index.check({ latitude: 51.18, longitude: -1.83 }, 5, false)).toEqual({
      status: 'no-data',
      areas: [],
    });
  });
});
