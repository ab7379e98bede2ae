/**
 * A permission's edges and terms (docs/permissions.md): the boundary and excluded areas as GeoJSON, the
 * allowed days, the notice, crops notes and the finds agreement, read through the spot's create and edit
 * schemas with the messages of the contract.
 */
import { describe, expect, it } from 'vitest';
import { fieldMessages as errors } from './validation';
import { locationCreateSchema, locationUpdateSchema, PERMISSION_FIELDS } from './locations';
import {
  allowedDaysText,
  exclusionsWithinBoundary,
  permissionEdgeMessages as m,
  TREASURE_SPLIT_SUGGESTION,
  type MultiPolygonGeometry,
  type PolygonGeometry,
} from './permission-edges';

const ok = (extra: Record<string, unknown> = {}) => ({
  name: 'Top field by the barn',
  latitude: 52.6,
  longitude: 1.2,
  type: 'Field',
  ...extra,
});

/** A square field about 200 m across near Norwich. */
const square = (west = 1.2, south = 52.6, size = 0.003): PolygonGeometry => ({
  type: 'Polygon',
  coordinates: [
    [
      [west, south],
      [west + size, south],
      [west + size, south + size],
      [west, south + size],
      [west, south],
    ],
  ],
});
const pond: MultiPolygonGeometry = {
  type: 'MultiPolygon',
  coordinates: [square(1.201, 52.601, 0.0005).coordinates],
};

describe('the texts', () => {
  it('are the contract’s, verbatim', () => {
    expect(m.boundaryInvalid).toBe('The boundary must be a GeoJSON Polygon');
    expect(m.ringNotClosed).toBe(
      'Each outline must be closed: at least 4 points, the last the same as the first',
    );
    expect(m.boundaryTooManyPoints).toBe('The boundary cannot exceed 2000 points');
    expect(m.exclusionOutsideBoundary).toBe('Excluded areas must lie within the boundary');
    expect(m.daysInvalid).toBe('Please choose days from Monday to Sunday, each once');
    expect(m.noticeTooLong).toBe('Notice cannot exceed 200 characters');
    expect(TREASURE_SPLIT_SUGGESTION).toBe(
      'Any Treasure reward is shared 50/50 between the finder and the landowner.',
    );
  });

  it('every new field is part of the owner-only permission record', () => {
    expect(PERMISSION_FIELDS).toEqual(
      expect.arrayContaining([
        'permissionBoundary',
        'permissionExclusions',
        'permissionDays',
        'permissionNotice',
        'permissionCropsNotes',
        'agreementFindsSplit',
        'agreementTreasureSplit',
        'agreementLandownerSees',
      ]),
    );
  });
});

describe('the boundary', () => {
  it('a closed polygon in range is kept; an altitude is dropped; absent is none', () => {
    const withAltitude = {
      type: 'Polygon',
      coordinates: [square().coordinates[0]?.map(([lng, lat]) => [lng, lat, 12])],
      bbox: [0, 0, 1, 1],
    };
    expect(locationCreateSchema.parse(ok({ permissionBoundary: withAltitude })).permissionBoundary).toEqual(
      square(),
    );
    expect(locationCreateSchema.parse(ok()).permissionBoundary).toBeNull();
    expect(locationCreateSchema.parse(ok({ permissionBoundary: '' })).permissionBoundary).toBeNull();
  });

  it('refuses what is not a closed polygon of real points, with the field named', () => {
    const ring = square().coordinates[0] ?? [];
    const cases: Array<[unknown, string]> = [
      [{ type: 'Point', coordinates: [1, 52] }, m.boundaryInvalid],
      [{ type: 'Polygon', coordinates: [] }, m.boundaryInvalid],
      [{ type: 'Polygon', coordinates: [ring.slice(0, 4)] }, m.ringNotClosed],
      [{ type: 'Polygon', coordinates: [[ring[0], ring[1], ring[0]]] }, m.ringNotClosed],
      [{ type: 'Polygon', coordinates: [[...ring.slice(0, 4), [1.2, 95]]] }, m.pointInvalid],
      [{ type: 'Polygon', coordinates: [[[1.2, Number.NaN], ...ring.slice(1)]] }, m.pointInvalid],
      [{ type: 'Polygon', coordinates: [[['1.2', '52.6'], ...ring.slice(1)]] }, m.pointInvalid],
      ['{"type":"Polygon"}', m.boundaryInvalid],
    ];
    for (const [boundary, message] of cases)
      expect(errors(locationCreateSchema, ok({ permissionBoundary: boundary }))).toEqual({
        permissionBoundary: message,
      });
  });

  it('at most 2,000 points', () => {
    const circle = (n: number) => {
      const points = Array.from({ length: n - 1 }, (_, i) => [
        1.2 + 0.001 * Math.cos((2 * Math.PI * i) / (n - 1)),
        52.6 + 0.001 * Math.sin((2 * Math.PI * i) / (n - 1)),
      ]);
      return { type: 'Polygon', coordinates: [[...points, points[0]]] };
    };
    expect(errors(locationCreateSchema, ok({ permissionBoundary: circle(2000) }))).toEqual({});
    expect(errors(locationCreateSchema, ok({ permissionBoundary: circle(2001) }))).toEqual({
      permissionBoundary: m.boundaryTooManyPoints,
    });
  });
});

describe('excluded areas', () => {
  it('lie within the boundary’s box; an empty MultiPolygon is none', () => {
    const parsed = locationCreateSchema.parse(
      ok({ permissionBoundary: square(), permissionExclusions: pond }),
    );
    expect(parsed.permissionExclusions).toEqual(pond);
    expect(
      locationCreateSchema.parse(ok({ permissionExclusions: { type: 'MultiPolygon', coordinates: [] } }))
        .permissionExclusions,
    ).toBeNull();
    const elsewhere: MultiPolygonGeometry = {
      type: 'MultiPolygon',
      coordinates: [square(1.3, 52.6, 0.0005).coordinates],
    };
    expect(exclusionsWithinBoundary(square(), pond)).toBe(true);
    expect(exclusionsWithinBoundary(square(), elsewhere)).toBe(false);
    expect(
      errors(locationCreateSchema, ok({ permissionBoundary: square(), permissionExclusions: elsewhere })),
    ).toEqual({ permissionExclusions: m.exclusionOutsideBoundary });
  });

  it('need a boundary on a create; an edit sending only one of the two is left to the server', () => {
    expect(errors(locationCreateSchema, ok({ permissionExclusions: pond }))).toEqual({
      permissionExclusions: m.exclusionsNeedBoundary,
    });
    expect(errors(locationUpdateSchema, { permissionExclusions: pond })).toEqual({});
    expect(errors(locationUpdateSchema, { permissionBoundary: null, permissionExclusions: pond })).toEqual({
      permissionExclusions: m.exclusionsNeedBoundary,
    });
  });

  it('must be a MultiPolygon of closed rings', () => {
    expect(errors(locationCreateSchema, ok({ permissionBoundary: square(), permissionExclusions: square() }))).toEqual(
      { permissionExclusions: m.exclusionsInvalid },
    );
    expect(
      errors(
        locationCreateSchema,
        ok({
          permissionBoundary: square(),
          permissionExclusions: { type: 'MultiPolygon', coordinates: [[[[1.2, 52.6], [1.201, 52.6]]]] },
        }),
      ),
    ).toEqual({ permissionExclusions: m.ringNotClosed });
  });
});

describe('days, notice, crops and the finds agreement', () => {
  it('days: codes in the week’s order, each once; none is any day', () => {
    expect(locationCreateSchema.parse(ok({ permissionDays: ['sun', 'sat', 'mon'] })).permissionDays).toEqual([
      'mon',
      'sat',
      'sun',
    ]);
    expect(locationCreateSchema.parse(ok({ permissionDays: [] })).permissionDays).toBeNull();
    expect(locationUpdateSchema.parse({ permissionDays: null }).permissionDays).toBeNull();
    for (const days of [['sat', 'sat'], ['Saturday'], 'sat', [6]])
      expect(errors(locationCreateSchema, ok({ permissionDays: days }))).toEqual({
        permissionDays: m.daysInvalid,
      });
    expect(allowedDaysText(null)).toBe('Any day');
    expect(allowedDaysText(['sun', 'sat'])).toBe('Saturday, Sunday');
  });

  it('texts: trimmed, blank is none, each bounded', () => {
    const parsed = locationCreateSchema.parse(
      ok({
        permissionNotice: ' 24 hours by phone ',
        permissionCropsNotes: 'Sheep in the top field from April',
        agreementFindsSplit: 'Finder keeps non-Treasure finds under £100',
        agreementTreasureSplit: TREASURE_SPLIT_SUGGESTION,
        agreementLandownerSees: '',
      }),
    );
    expect(parsed).toMatchObject({
      permissionNotice: '24 hours by phone',
      agreementTreasureSplit: TREASURE_SPLIT_SUGGESTION,
      agreementLandownerSees: null,
    });
    expect(errors(locationCreateSchema, ok({ permissionNotice: 'x'.repeat(201) }))).toEqual({
      permissionNotice: m.noticeTooLong,
    });
    expect(errors(locationCreateSchema, ok({ permissionCropsNotes: 'x'.repeat(1001) }))).toEqual({
      permissionCropsNotes: m.cropsNotesTooLong,
    });
    expect(errors(locationUpdateSchema, { agreementFindsSplit: 'x'.repeat(1001) })).toEqual({
      agreementFindsSplit: m.findsSplitTooLong,
    });
    expect(errors(locationUpdateSchema, { agreementTreasureSplit: 'x'.repeat(1001) })).toEqual({
      agreementTreasureSplit: m.treasureSplitTooLong,
    });
    expect(errors(locationUpdateSchema, { agreementLandownerSees: 'x'.repeat(1001) })).toEqual({
      agreementLandownerSees: m.landownerSeesTooLong,
    });
  });
});
