/**
 * The permission record's edges on the device (docs/permissions.md): what a drawing produces and what is
 * saved (rings closed, altitudes dropped, the contract's messages), the map's shapes and the letter's plan,
 * the form's new fields with their messages, and the expiry marks on the UK calendar.
 */
import { describe, expect, it } from 'vitest';
import {
  PERMISSION_BOUNDARY_MAX_POINTS,
  permissionEdgeMessages as pm,
  TREASURE_SPLIT_SUGGESTION,
  type PolygonGeometry,
} from '@schema/contracts/permission-edges';
import type { LocalLocation } from '@web/db/locations-types';
import {
  boundaryCollection,
  closeRing,
  DRAW_MESSAGES,
  featuresToDraw,
  readDrawing,
  withoutBoundary,
  type DrawnFeature,
} from './boundary';
import { boundaryPlan } from './boundary-plan';
import { EMPTY_SPOT_FORM, readCreateSpot, readEditSpot, spotFormValues } from './form';
import { permissionExpiry } from './permission-expiry';

const square = (w: number, s: number, size: number): PolygonGeometry => ({
  type: 'Polygon',
  coordinates: [
    [
      [w, s],
      [w + size, s],
      [w + size, s + size],
      [w, s + size],
      [w, s],
    ],
  ],
});
const field = square(1.2, 52.6, 0.01);
const pond = square(1.202, 52.602, 0.002);

const spot = (over: Partial<LocalLocation> = {}): LocalLocation => ({
  id: 3,
  uid: 'spot-1',
  userId: 7,
  username: 'relic_hunter',
  name: 'Top field',
  description: null,
  latitude: 52.605,
  longitude: 1.205,
  type: 'Field',
  terrainType: null,
  bestTimeToVisit: null,
  hasPermission: true,
  isGroupDig: false,
  isShared: false,
  created_at: '',
  updated_at: '',
  ...over,
});

/** A feature as terra-draw's snapshot holds it. */
const drawn = (id: string, role: string | undefined, ring: number[][]): DrawnFeature => ({
  id,
  geometry: { type: 'Polygon', coordinates: [ring] },
  properties: { mode: 'polygon', ...(role ? { role } : {}) },
});

describe('rings and drawings', () => {
  it('closes a ring, drops a third coordinate and repeated points, and refuses fewer than 3 corners', () => {
    expect(
      closeRing([
        [1, 52, 40],
        [2, 52, 41],
        [2, 52],
        [2, 53],
      ]),
    ).toEqual([
      [1, 52],
      [2, 52],
      [2, 53],
      [1, 52],
    ]);
    const closed = field.coordinates[0] ?? [];
    expect(closeRing(closed)).toEqual(closed);
    expect(
      closeRing([
        [1, 52],
        [2, 52],
        [1, 52],
      ]),
    ).toBeNull();
    expect(closeRing([[1, 'x']])).toBeNull();
  });

  it('saves what was drawn: the boundary and each excluded area, closed and flat, and only what changed', () => {
    const result = readDrawing(
      [
        drawn('b', 'boundary', [
          [1.2, 52.6, 12],
          [1.21, 52.6, 12],
          [1.21, 52.61, 12],
          [1.2, 52.61, 12],
        ]),
        drawn('e', 'exclusion', pond.coordinates[0] ?? []),
        // Guidance points and other geometry are not areas.
        { id: 'p', geometry: { type: 'Point', coordinates: [1.2, 52.6] }, properties: { mode: 'polygon' } },
      ],
      spot(),
    );
    expect(result).toEqual({
      ok: true,
      changes: {
        permissionBoundary: field,
        permissionExclusions: { type: 'MultiPolygon', coordinates: [pond.coordinates] },
      },
    });
    const saved = spot({
      permissionBoundary: field,
      permissionExclusions: { type: 'MultiPolygon', coordinates: [pond.coordinates] },
    });
    // The saved shapes loaded into a drawing and saved again change nothing.
    let n = 0;
    const loaded = featuresToDraw(saved, () => `id-${++n}`);
    expect(loaded.map((f) => [f.id, f.properties])).toEqual([
      ['id-1', { mode: 'polygon', role: 'boundary' }],
      ['id-2', { mode: 'polygon', role: 'exclusion' }],
    ]);
    expect(readDrawing(loaded, saved)).toEqual({ ok: true, changes: {} });
    // An excluded area deleted in the session: only the exclusions change.
    expect(readDrawing(loaded.slice(0, 1), saved)).toEqual({
      ok: true,
      changes: { permissionExclusions: null },
    });
    expect(withoutBoundary(saved)).toEqual({ permissionBoundary: null, permissionExclusions: null });
    expect(withoutBoundary(spot({ permissionBoundary: field }))).toEqual({ permissionBoundary: null });
  });

  it('loads one ring per shape for terra-draw: a hole in the boundary becomes an excluded area', () => {
    const holed = spot({
      permissionBoundary: { type: 'Polygon', coordinates: [...field.coordinates, ...pond.coordinates] },
    });
    let n = 0;
    const loaded = featuresToDraw(holed, () => ++n);
    expect(loaded.map((f) => [f.id, f.properties.role, f.geometry.coordinates.length])).toEqual([
      [1, 'boundary', 1],
      [2, 'exclusion', 1],
    ]);
    expect(readDrawing(loaded, holed)).toEqual({
      ok: true,
      changes: {
        permissionBoundary: field,
        permissionExclusions: { type: 'MultiPolygon', coordinates: [pond.coordinates] },
      },
    });
  });

  it('refuses with the contract’s messages: an open shape, areas outside or without a boundary, too many points', () => {
    expect(readDrawing([drawn('x', undefined, field.coordinates[0] ?? [])], spot())).toEqual({
      ok: false,
      message: DRAW_MESSAGES.unfinished,
    });
    const far = square(2, 53, 0.001).coordinates[0] ?? [];
    expect(
      readDrawing([drawn('b', 'boundary', field.coordinates[0] ?? []), drawn('e', 'exclusion', far)], spot()),
    ).toEqual({ ok: false, message: pm.exclusionOutsideBoundary });
    expect(readDrawing([drawn('e', 'exclusion', far)], spot())).toEqual({
      ok: false,
      message: pm.exclusionsNeedBoundary,
    });
    const many = Array.from({ length: PERMISSION_BOUNDARY_MAX_POINTS + 1 }, (_, i) => {
      const a = (2 * Math.PI * i) / (PERMISSION_BOUNDARY_MAX_POINTS + 1);
      return [1.2 + 0.01 * Math.cos(a), 52.6 + 0.01 * Math.sin(a)];
    });
    expect(readDrawing([drawn('b', 'boundary', many)], spot())).toEqual({
      ok: false,
      message: pm.boundaryTooManyPoints,
    });
  });

  it('draws only the viewer’s own saved shapes, leaving out the one being drawn', () => {
    const mine = spot({
      permissionBoundary: field,
      permissionExclusions: { type: 'MultiPolygon', coordinates: [pond.coordinates] },
    });
    const theirs = spot({ uid: 'theirs', userId: 8, permissionBoundary: field });
    const shapes = boundaryCollection([mine, theirs], 7);
    expect(shapes.features.map((f) => [f.properties.uid, f.properties.role])).toEqual([
      ['spot-1', 'boundary'],
      ['spot-1', 'exclusion'],
    ]);
    expect(boundaryCollection([mine], 7, 'spot-1').features).toEqual([]);
    expect(boundaryCollection([mine], null).features).toEqual([]);
  });

  it('plans the boundary north up within its box, excluded areas inside it', () => {
    const plan = boundaryPlan(field, { type: 'MultiPolygon', coordinates: [pond.coordinates] }, 240, 8);
    if (!plan) throw new Error('no plan');
    // A degree of longitude is shorter than one of latitude at 52.6° N.
    expect(plan.height).toBe(240);
    expect(plan.width).toBe(Math.round(224 * Math.cos((52.605 * Math.PI) / 180) + 16));
    expect(plan.boundary).toMatch(/^M8 232 L\d+(\.\d)? 232 L\d+(\.\d)? 8 L8 8 Z$/);
    expect(plan.exclusions).toHaveLength(1);
    expect(boundaryPlan({ type: 'Polygon', coordinates: [[[1, 2]]] }, null)).toBeNull();
  });
});

describe('the form’s new permission fields', () => {
  const position = { latitude: 52.605, longitude: 1.205 };
  const values = {
    ...EMPTY_SPOT_FORM,
    name: 'Top field',
    type: 'Field' as const,
    permissionDays: ['sat' as const, 'mon' as const],
    permissionNotice: ' 24 hours by phone ',
    permissionCropsNotes: 'Sheep in the lower field until May',
    agreementFindsSplit: 'Finds belong to the landowner; the finder may keep what they agree',
    agreementTreasureSplit: TREASURE_SPLIT_SUGGESTION,
    agreementLandownerSees: 'Every find, with a photo',
  };

  it('reads them on create (days in the week’s order, none is any day) and round-trips them on edit', () => {
    const created = readCreateSpot(values, position);
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    expect(created.value).toMatchObject({
      permissionDays: ['mon', 'sat'],
      permissionNotice: '24 hours by phone',
      permissionCropsNotes: 'Sheep in the lower field until May',
      agreementTreasureSplit: TREASURE_SPLIT_SUGGESTION,
      agreementLandownerSees: 'Every find, with a photo',
      permissionBoundary: null,
    });
    const none = readCreateSpot({ ...values, permissionDays: [] }, position);
    expect(none.ok && none.value.permissionDays).toBeNull();

    const stored = spot({ ...created.value, permissionBoundary: field });
    const back = spotFormValues(stored);
    expect(back).toMatchObject({ permissionDays: ['mon', 'sat'], permissionNotice: '24 hours by phone' });
    // Nothing changed: nothing sent — not the boundary either, which the form never touches.
    expect(readEditSpot(back, position, stored)).toEqual({ ok: true, value: { isShared: undefined } });
    const edited = readEditSpot(
      { ...back, permissionDays: ['mon', 'sat', 'sun'], permissionCropsNotes: '' },
      position,
      stored,
    );
    expect(edited).toEqual({
      ok: true,
      value: { permissionDays: ['mon', 'sat', 'sun'], permissionCropsNotes: null, isShared: undefined },
    });
  });

  it('shows the contract’s message on the field that is too long', () => {
    const result = readCreateSpot(
      { ...values, permissionNotice: 'x'.repeat(201), agreementLandownerSees: 'y'.repeat(1001) },
      position,
    );
    expect(result).toEqual({
      ok: false,
      errors: { permissionNotice: pm.noticeTooLong, agreementLandownerSees: pm.landownerSeesTooLong },
    });
  });
});

describe('expiry marks', () => {
  it('counts days on the UK calendar and says when', () => {
    const now = new Date('2026-03-04T10:00:00Z');
    expect(permissionExpiry('2026-03-03', now)).toEqual({
      kind: 'expired',
      expires: '2026-03-03',
      label: 'Permission expired on 3 March 2026',
    });
    expect(permissionExpiry('2026-03-04', now)?.label).toBe('Permission expires today, 4 March 2026');
    expect(permissionExpiry('2026-03-05', now)?.label).toBe('Permission expires tomorrow, 5 March 2026');
    expect(permissionExpiry('2026-04-03', now)).toMatchObject({
      kind: 'expires-soon',
      daysLeft: 30,
      label: 'Permission expires on 3 April 2026, in 30 days',
    });
    expect(permissionExpiry('2026-04-04', now)).toBeNull();
    expect(permissionExpiry(null, now)).toBeNull();
    expect(permissionExpiry('soon', now)).toBeNull();
    // 23:30 UTC on 30 June is already 1 July in the UK: a permission to 30 June has expired.
    expect(permissionExpiry('2026-06-30', new Date('2026-06-30T23:30:00Z'))?.kind).toBe('expired');
  });
});
