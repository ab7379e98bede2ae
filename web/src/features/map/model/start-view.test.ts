/**
 * Where the map opens (docs/map.md "Where the map opens"): a link, else the last view on this device, else
 * the member's own spots, else Great Britain (flying to the position only when it was allowed before) —
 * never the old fixed view over the Irish Sea for a member whose spots are near Dorking.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from './constants';
import { boundsOf, chooseStartView, GREAT_BRITAIN, isSavedView } from './start-view';

const DORKING = [
  { latitude: 51.2325, longitude: -0.3316 },
  { latitude: 51.2412, longitude: -0.3521 },
  { latitude: 51.2201, longitude: -0.3105 },
  { latitude: 51.255, longitude: -0.337 },
  { latitude: 51.2288, longitude: -0.295 },
  { latitude: 51.215, longitude: -0.36 },
  { latitude: 51.247, longitude: -0.305 },
];
const ULVERSTON = { latitude: 54.195, longitude: -3.092, zoom: 12 };

describe('where the map opens', () => {
  it('a member with seven spots near Dorking and no last view opens on those spots, not the Irish Sea', () => {
    const start = chooseStartView({ linked: null, lastView: null, ownSpots: DORKING, positionGranted: true });
    expect(start).toEqual({
      reason: 'own-spots',
      view: { bounds: { west: -0.36, south: 51.215, east: -0.295, north: 51.255 } },
    });
    expect(start.view).not.toMatchObject(DEFAULT_CENTER);
  });

  it('the last view on this device wins over the spots and the position; a link wins over everything', () => {
    expect(
      chooseStartView({ linked: null, lastView: ULVERSTON, ownSpots: DORKING, positionGranted: true }),
    ).toEqual({ reason: 'last-view', view: ULVERSTON });
    expect(
      chooseStartView({
        linked: { latitude: 51.5, longitude: -0.12 },
        lastView: ULVERSTON,
        ownSpots: DORKING,
        positionGranted: true,
      }),
    ).toEqual({ reason: 'link', view: { latitude: 51.5, longitude: -0.12, zoom: 14 } });
  });

  it('no spots: Great Britain, and the position only when it was allowed before', () => {
    const none = { linked: null, lastView: null, ownSpots: [] };
    expect(chooseStartView({ ...none, positionGranted: false })).toEqual({
      reason: 'great-britain',
      view: { bounds: GREAT_BRITAIN },
    });
    expect(chooseStartView({ ...none, positionGranted: true })).toEqual({
      reason: 'position',
      view: { bounds: GREAT_BRITAIN },
    });
  });

  it('Great Britain holds Land’s End, Dover, the Outer Hebrides and Orkney', () => {
    for (const [latitude, longitude] of [
      [50.066, -5.715],
      [51.129, 1.316],
      [57.76, -7.02],
      [59.0, -3.0],
    ] as const) {
      expect(latitude).toBeGreaterThanOrEqual(GREAT_BRITAIN.south);
      expect(latitude).toBeLessThanOrEqual(GREAT_BRITAIN.north);
      expect(longitude).toBeGreaterThanOrEqual(GREAT_BRITAIN.west);
      expect(longitude).toBeLessThanOrEqual(GREAT_BRITAIN.east);
    }
  });

  it('bounds of no points is none; a stored view must be a real place and zoom', () => {
    expect(boundsOf([])).toBeNull();
    expect(isSavedView(ULVERSTON)).toBe(true);
    expect(isSavedView({ latitude: Number.NaN, longitude: 0, zoom: 5 })).toBe(false);
    expect(isSavedView({ latitude: 54, longitude: -3 })).toBe(false);
    expect(isSavedView(null)).toBe(false);
  });
});
