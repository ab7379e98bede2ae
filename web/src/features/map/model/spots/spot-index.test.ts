/**
 * The in-memory spot index (spot-index.ts; docs/map.md "Spots on the map"): adds, updates and deletes
 * applied in order, a spot made private or shared, the table's uid order kept whatever order changes
 * arrive in, and unchanged spots keeping their objects (so the map and list are not redrawn for nothing).
 */
import { describe, expect, it } from 'vitest';
import type { LocalLocation } from '@web/db/locations-types';
import { SpotIndex, sameSpot } from './spot-index';

const spot = (uid: string, over: Partial<LocalLocation> = {}): LocalLocation => ({
  id: null,
  uid,
  userId: 7,
  username: 'relic_hunter',
  name: `Spot ${uid}`,
  description: null,
  latitude: 52.6,
  longitude: 1.2,
  type: 'Field',
  terrainType: null,
  bestTimeToVisit: null,
  hasPermission: false,
  isGroupDig: false,
  isShared: false,
  created_at: '',
  updated_at: '',
  ...over,
});
const uids = (index: SpotIndex) => index.snapshot().map((s) => s.uid);

describe('spot index', () => {
  it('starts from a full read and applies adds, updates and deletes in order', () => {
    const index = new SpotIndex();
    index.reset([spot('a'), spot('b')]);
    expect(uids(index)).toEqual(['a', 'b']);

    expect(
      index.apply([{ put: spot('c') }, { put: spot('a', { name: 'Top field' }) }, { delete: 'b' }]),
    ).toBe(true);
    expect(uids(index)).toEqual(['a', 'c']);
    expect(index.get('a')?.name).toBe('Top field');
    expect(index.size).toBe(2);

    // Written then deleted in one batch: gone; deleted then written again: there.
    index.apply([{ put: spot('d') }, { delete: 'd' }, { delete: 'c' }, { put: spot('c', { name: 'Back' }) }]);
    expect(uids(index)).toEqual(['a', 'c']);
    expect(index.get('c')?.name).toBe('Back');
  });

  it('a spot made shared or private changes in place; a shared spot that left the device is deleted', () => {
    const index = new SpotIndex();
    index.reset([spot('a'), spot('b', { userId: 8, isShared: true })]);
    index.apply([{ put: spot('a', { isShared: true }) }]);
    expect(index.get('a')?.isShared).toBe(true);
    expect(uids(index)).toEqual(['a', 'b']);
    index.apply([{ put: spot('a', { isShared: false }) }]);
    expect(index.get('a')?.isShared).toBe(false);
    // Another member's spot made private reaches this device as a tombstone: the pull deletes it.
    index.apply([{ delete: 'b' }]);
    expect(uids(index)).toEqual(['a']);
  });

  it('keeps the table order (uid order) whatever order the changes arrive in', () => {
    const index = new SpotIndex();
    index.reset([spot('m')]);
    index.apply([{ put: spot('z') }, { put: spot('b') }, { put: spot('q') }]);
    expect(uids(index)).toEqual(['b', 'm', 'q', 'z']);
    // An update keeps a spot's place; a new one after the last is appended.
    index.apply([{ put: spot('b', { name: 'Renamed' }) }, { put: spot('zz') }]);
    expect(uids(index)).toEqual(['b', 'm', 'q', 'z', 'zz']);
    // A full read in another order gives the same order too.
    index.reset([spot('y'), spot('c'), spot('x')]);
    expect(uids(index)).toEqual(['c', 'x', 'y']);
  });

  it('a write that changes nothing changes nothing: same array, same objects', () => {
    const index = new SpotIndex();
    index.reset([spot('a'), spot('b')]);
    const before = index.snapshot();
    expect(index.apply([{ put: spot('a') }, { delete: 'missing' }])).toBe(false);
    expect(index.snapshot()).toBe(before);

    // One spot changes (the server's id arrives): a new array, the other spot's object kept.
    expect(index.apply([{ put: spot('a', { id: 42 }) }])).toBe(true);
    const after = index.snapshot();
    expect(after).not.toBe(before);
    expect(after[0]?.id).toBe(42);
    expect(after[1]).toBe(before[1]);
  });

  it('compares spots field by field', () => {
    expect(sameSpot(spot('a'), spot('a'))).toBe(true);
    expect(sameSpot(spot('a'), spot('a', { latitude: 52.61 }))).toBe(false);
    expect(sameSpot(spot('a'), { ...spot('a'), accessInfo: 'Gate code 1234' })).toBe(false);
  });
});
