/**
 * The spots' pure rules (docs/map.md "Spots on the map"): great-circle distance, the one-at-a-time filters,
 * the list in view or nearby sorted by distance, the info window's parts, the permission flag, the same
 * spot on import, typed coordinates and the form's reading with the contract's messages.
 */
import { describe, expect, it } from 'vitest';
import { locationMessages as m } from '@schema/contracts/locations-constants';
import type { LocalLocation } from '@web/db/locations-types';
import { distanceKm, formatDistance, inBounds, isDuplicate } from './geo';
import { EMPTY_SPOT_FORM, readCreateSpot, readEditSpot, spotFormValues } from './form';
import {
  distanceLabel,
  distanceOrigin,
  findsNear,
  listSpots,
  matchesFilters,
  permissionFlag,
  toggleFilter,
  trimDescription,
} from './list';
import { describePosition, parseDms, parseTypedPosition } from './typed-position';

const base: LocalLocation = {
  id: 1,
  uid: 'u1',
  userId: 7,
  username: 'relic_hunter',
  name: 'Stubble field',
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
};
const spot = (over: Partial<LocalLocation>): LocalLocation => ({ ...base, ...over });
const london = { latitude: 51.5074, longitude: -0.1278 };
const paris = { latitude: 48.8566, longitude: 2.3522 };
const none = { filter: null, onlyMine: false, radiusKm: 10 };

describe('geometry', () => {
  it('great-circle distance with R = 6371 km', () => {
    expect(distanceKm(london, paris)).toBeCloseTo(343.56, 1);
    expect(distanceKm(london, london)).toBe(0);
    expect(formatDistance(0.35)).toBe('350 m');
    expect(formatDistance(3.456)).toBe('3.5 km');
    expect(formatDistance(1234.4)).toBe('1,234 km');
  });

  it('bounds, across the antimeridian too', () => {
    expect(inBounds(london, { west: -1, east: 1, south: 51, north: 52 })).toBe(true);
    expect(inBounds(paris, { west: -1, east: 1, south: 51, north: 52 })).toBe(false);
    expect(inBounds({ latitude: 0, longitude: 179.5 }, { west: 179, east: -179, south: -1, north: 1 })).toBe(
      true,
    );
  });

  it('the same spot on import: same name, case aside, within 25 m', () => {
    const saved = [{ name: 'Old Oak', latitude: 52, longitude: 1 }];
    expect(isDuplicate({ name: 'old oak ', latitude: 52.0001, longitude: 1 }, saved)).toBe(true); // 11 m
    expect(isDuplicate({ name: 'Old Oak', latitude: 52.0003, longitude: 1 }, saved)).toBe(false); // 33 m
    expect(isDuplicate({ name: 'New Oak', latitude: 52, longitude: 1 }, saved)).toBe(false);
  });
});

describe('filters and the list', () => {
  const roman = spot({ uid: 'r', name: 'Villa', type: 'Roman Site', latitude: 51.52, longitude: -0.13 });
  const beach = spot({
    uid: 'b',
    name: 'Sands',
    type: 'Beach',
    latitude: 51.58,
    longitude: -0.12,
    userId: 8,
  });
  const dig = spot({
    uid: 'g',
    name: 'Rally',
    isGroupDig: true,
    hasPermission: true,
    latitude: 52.3,
    longitude: -0.12,
  });
  const all = [dig, beach, roman];

  it('one filter at a time: clicking the active one clears it', () => {
    expect(toggleFilter(null, 'roman')).toBe('roman');
    expect(toggleFilter('roman', 'beach')).toBe('beach');
    expect(toggleFilter('beach', 'beach')).toBeNull();
  });

  it('each filter, Only my locations, and Nearby by radius', () => {
    const pick = (f: Parameters<typeof matchesFilters>[1]) =>
      all.filter((s) => matchesFilters(s, f, 7, london)).map((s) => s.uid);
    expect(pick({ ...none, filter: 'roman' })).toEqual(['r']);
    expect(pick({ ...none, filter: 'beach' })).toEqual(['b']);
    expect(pick({ ...none, filter: 'permission' })).toEqual(['g']);
    expect(pick({ ...none, filter: 'group' })).toEqual(['g']);
    expect(pick({ ...none, filter: 'nearby', radiusKm: 10 })).toEqual(['b', 'r']);
    expect(pick({ ...none, filter: 'nearby', radiusKm: 5 })).toEqual(['r']);
    expect(pick({ ...none, filter: 'nearby', radiusKm: 100 })).toEqual(['g', 'b', 'r']);
    expect(pick({ ...none, onlyMine: true })).toEqual(['g', 'r']);
  });

  it('lists the spots in view nearest first; Nearby ignores the view', () => {
    const view = { west: -1, east: 1, south: 51, north: 52 };
    const centre = distanceOrigin(null, london);
    expect(listSpots(all, none, 7, centre, view).map((l) => l.spot.uid)).toEqual(['r', 'b']);
    expect(
      listSpots(all, { ...none, filter: 'nearby', radiusKm: 200 }, 7, centre, view).map((l) => l.spot.uid),
    ).toEqual(['r', 'b', 'g']);
    expect(listSpots(all, none, 7, centre, null)[2]?.distanceKm).toBeCloseTo(88.1, 0);
  });

  it('measures from the member when their position is known, and says so; else from the map centre', () => {
    // The map's default centre is in Cumbria; the member stands 4 km from a spot near London.
    const cumbria = { latitude: 54.093409, longitude: -2.89479 };
    const member = { latitude: 51.52, longitude: -0.072 };
    const fromYou = listSpots(all, none, 7, distanceOrigin(member, cumbria), null);
    expect(fromYou.map((l) => [l.spot.uid, l.from])).toEqual([
      ['r', 'you'],
      ['b', 'you'],
      ['g', 'you'],
    ]);
    expect(distanceLabel(fromYou[0]?.distanceKm ?? NaN, 'you')).toBe('4.0 km from you');

    const fromCentre = listSpots(all, none, 7, distanceOrigin(null, cumbria), null);
    expect(fromCentre[0]).toMatchObject({ from: 'map-centre' });
    expect(distanceLabel(fromCentre.find((l) => l.spot.uid === 'r')?.distanceKm ?? NaN, 'map-centre')).toBe(
      '341 km from map centre',
    );
    expect(distanceLabel(0.35, 'you')).toBe('350 m from you');
  });
});

describe('info window and permission', () => {
  it('trims the description to 80 characters', () => {
    expect(trimDescription('x'.repeat(80))).toBe('x'.repeat(80));
    expect(trimDescription('y'.repeat(81))).toBe(`${'y'.repeat(80)}…`);
    expect(trimDescription('  ')).toBeNull();
  });

  it('at most 2 of the finds within 1 km, nearest first', () => {
    const f = (uid: string, dLat: number) => ({
      uid,
      id: null,
      title: uid,
      latitude: 52 + dLat,
      longitude: 1,
    });
    const near = findsNear({ latitude: 52, longitude: 1 }, [
      f('far', 0.02),
      f('b', 0.005),
      f('a', 0.001),
      f('c', 0.008),
      { uid: 'nowhere', id: 3, title: 'x' },
    ]);
    expect(near.map((n) => n.uid)).toEqual(['a', 'b']);
  });

  it('flags a permission that has expired or expires within 30 days', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    expect(permissionFlag('2026-02-28', now)).toBe('expired');
    expect(permissionFlag('2026-03-31', now)).toBe('expires-soon');
    expect(permissionFlag('2026-04-01', now)).toBeNull();
    expect(permissionFlag(null, now)).toBeNull();
  });
});

describe('typed coordinates', () => {
  it('reads decimal, grid references and degrees-minutes-seconds', () => {
    expect(parseTypedPosition('51.5, -0.12')).toEqual({ latitude: 51.5, longitude: -0.12 });
    const grid = parseTypedPosition('TQ 30028 80380');
    expect(grid?.latitude).toBeCloseTo(london.latitude, 4);
    expect(grid?.longitude).toBeCloseTo(london.longitude, 4);
    const dms = parseDms('51°28′40.37″N 0°0′5.29″W');
    expect(dms?.latitude).toBeCloseTo(51.477881, 5);
    expect(dms?.longitude).toBeCloseTo(-0.001469, 5);
    expect(parseTypedPosition('51 30 0 N, 0 7 30 W')).toEqual({ latitude: 51.5, longitude: -0.125 });
    expect(parseTypedPosition('33 52 S 151 12 E')?.latitude).toBeCloseTo(-33.8667, 3);
    expect(parseTypedPosition('somewhere')).toBeNull();
    expect(parseTypedPosition('95 0 N 0 0 E')).toBeNull();
    expect(parseTypedPosition('51 70 0 N 0 0 E')).toBeNull();
  });

  it('every position shows lat/lng and, in Britain, its grid reference', () => {
    expect(describePosition(london)).toEqual({ latLng: '51.50740, -0.12780', gridRef: 'TQ 30028 80380' });
    expect(describePosition(paris).gridRef).toBeNull();
  });
});

describe('the form', () => {
  it('needs coordinates, a name and a type, with the contract’s messages', () => {
    const r = readCreateSpot(EMPTY_SPOT_FORM, null);
    expect(r).toEqual({
      ok: false,
      errors: { name: m.nameTooShort, type: m.typeRequired, position: m.coordinatesRequired },
    });
  });

  it('reads a spot: blank optional texts as null, private unless shared', () => {
    const r = readCreateSpot(
      { ...EMPTY_SPOT_FORM, name: ' Old Oak ', type: 'Field', permissionExpires: '2026-05-01' },
      london,
    );
    expect(r).toMatchObject({
      ok: true,
      value: {
        name: 'Old Oak',
        type: 'Field',
        ...london,
        description: null,
        isShared: false,
        permissionExpires: '2026-05-01',
      },
    });
    const bad = readCreateSpot(
      {
        ...EMPTY_SPOT_FORM,
        name: 'Old Oak',
        type: 'Field',
        permissionGranted: '2026-05-02',
        permissionExpires: '2026-05-01',
      },
      london,
    );
    expect(bad).toEqual({ ok: false, errors: { permissionExpires: m.expiryBeforeGranted } });
  });

  it('an edit returns only what changed', () => {
    const stored = spot({ description: 'Ploughed', accessInfo: 'Gate code 1234' });
    const values = spotFormValues(stored);
    expect(readEditSpot(values, stored, stored)).toEqual({ ok: true, value: { isShared: undefined } });
    const r = readEditSpot(
      { ...values, name: 'Top field', description: '', isShared: true },
      { latitude: 52.7, longitude: 1.2 },
      stored,
    );
    expect(r).toEqual({
      ok: true,
      value: { name: 'Top field', description: null, isShared: true, latitude: 52.7, longitude: 1.2 },
    });
  });
});
