/**
 * "Detecting now"'s pure parts (docs/permissions.md "Detecting now", "Site checks"): where a position
 * stands against the member's permissions, which changes raise an alert (once, when they start), and the
 * site-check log's rows, throttle and CSV.
 */
import { describe, expect, it } from 'vitest';
import type { CheckResult } from '@schema/contracts/protected-areas';
import { alertsFor, alertTexts, POOR_ACCURACY_M, type Reading } from './alerts';
import { edgeDistanceM, permissionPlace, weekdayOf, type PermissionSpot } from './permission-check';
import { LOG_EVERY_MS, shouldLog, siteCheckOf, siteChecksCsv } from './site-checks';

// A field about 680 m × 1,110 m west of Norwich, with a 70 m square excluded in its south-west corner.
const field: PermissionSpot = {
  uid: 'spot-field',
  name: 'Church Farm',
  permissionBoundary: {
    type: 'Polygon',
    coordinates: [
      [
        [-1.5, 52.6],
        [-1.49, 52.6],
        [-1.49, 52.61],
        [-1.5, 52.61],
        [-1.5, 52.6],
      ],
    ],
  },
  permissionExclusions: {
    type: 'MultiPolygon',
    coordinates: [
      [
        [
          [-1.4995, 52.6005],
          [-1.4985, 52.6005],
          [-1.4985, 52.6011],
          [-1.4995, 52.6011],
          [-1.4995, 52.6005],
        ],
      ],
    ],
  },
  permissionDays: ['sat', 'sun'],
  permissionExpires: '2027-03-01',
};
const middle = { latitude: 52.605, longitude: -1.495 };
const excluded = { latitude: 52.6008, longitude: -1.499 };
const outside = { latitude: 52.605, longitude: -1.488 }; // about 136 m east of the east edge
const saturday = '2026-11-28';
const monday = '2026-11-30';

describe('permissionPlace', () => {
  it('inside the boundary, with the distance to its nearest edge and the day allowed', () => {
    const place = permissionPlace([field], middle, saturday);
    expect(place).toMatchObject({ state: 'inside', spot: { uid: 'spot-field' } });
    if (place.state !== 'inside') throw new Error('inside expected');
    // The middle is half the field's width from the east and west edges: 0.005° of longitude at 52.6°N.
    expect(place.edgeM).toBeGreaterThan(330);
    expect(place.edgeM).toBeLessThan(345);
    expect(place.terms).toEqual({ dayAllowed: true, expiredOn: null });
  });

  it('an excluded area wins over the boundary around it; outside names the nearest boundary', () => {
    expect(permissionPlace([field], excluded, saturday).state).toBe('excluded');
    const away = permissionPlace([field], outside, saturday);
    expect(away).toMatchObject({ state: 'outside', spot: { uid: 'spot-field' } });
    if (away.state === 'outside') expect(Math.round(away.distanceM / 10)).toBe(14);
    expect(permissionPlace([{ uid: 'x', name: 'No edges' }], middle, saturday)).toEqual({ state: 'none' });
  });

  it('a day the landowner did not name, and an expired permission, are told in the terms', () => {
    expect(weekdayOf(saturday)).toBe('sat');
    expect(weekdayOf(monday)).toBe('mon');
    const onMonday = permissionPlace([field], middle, monday);
    expect(onMonday.state === 'inside' && onMonday.terms.dayAllowed).toBe(false);
    const later = permissionPlace([field], middle, '2027-03-06');
    expect(later.state === 'inside' && later.terms.expiredOn).toBe('2027-03-01');
  });

  it('edgeDistanceM measures to the nearest edge from outside too', () => {
    const boundary = field.permissionBoundary;
    if (!boundary) throw new Error('boundary expected');
    // 0.002° of longitude east of the east edge, at 52.605°N: 0.002 × 111,195 m × cos 52.605°.
    const expected = 0.002 * ((Math.PI / 180) * 6_371_008.8) * Math.cos((52.605 * Math.PI) / 180);
    expect(edgeDistanceM([-1.488, 52.605], boundary)).toBeCloseTo(expected, 3);
  });
});

const clear: CheckResult = { status: 'clear', areas: [] };
const nearBarrow: CheckResult = {
  status: 'near',
  areas: [{ id: 7, name: 'Bowl barrow', kind: 'Scheduled monument', distanceM: 40 }],
};
const inBarrow: CheckResult = {
  status: 'inside',
  areas: [{ id: 7, name: 'Bowl barrow', kind: 'Scheduled monument', distanceM: 0 }],
};

function reading(
  at: { latitude: number; longitude: number },
  protection: CheckResult,
  accuracyM = 5,
): Reading {
  return { ...at, accuracyM, protection, permission: permissionPlace([field], at, saturday) };
}

describe('alertsFor', () => {
  it('walking near, then into, a protected site alerts once each; staying there alerts no more', () => {
    const start = reading(middle, clear);
    expect(alertsFor(null, start)).toEqual([]);
    const near = reading(middle, nearBarrow);
    expect(alertsFor(start, near)).toEqual([
      { kind: 'protected-near', severity: 'warning', message: alertTexts.near('Bowl barrow', 40) },
    ]);
    expect(alertsFor(near, reading(middle, nearBarrow))).toEqual([]);
    const inside = reading(middle, inBarrow);
    expect(alertsFor(near, inside)).toEqual([
      { kind: 'protected-inside', severity: 'danger', message: alertTexts.inside('Bowl barrow') },
    ]);
    expect(alertsFor(inside, reading(middle, inBarrow))).toEqual([]);
  });

  it('leaving the boundary and stepping into an excluded area are dangers', () => {
    const inField = reading(middle, clear);
    expect(alertsFor(inField, reading(outside, clear)).map((a) => [a.kind, a.severity, a.message])).toEqual([
      ['left-boundary', 'danger', alertTexts.leftBoundary('Church Farm')],
    ]);
    expect(alertsFor(inField, reading(excluded, clear)).map((a) => a.kind)).toEqual(['entered-exclusion']);
    // Back out of the excluded area onto the field: nothing to warn about.
    expect(alertsFor(reading(excluded, clear), inField)).toEqual([]);
  });

  it('GPS accuracy worse than 20 m is told when it starts, not at every fix', () => {
    const good = reading(middle, clear, 8);
    const poor = reading(middle, clear, POOR_ACCURACY_M + 12);
    expect(alertsFor(good, poor)).toEqual([
      { kind: 'poor-accuracy', severity: 'warning', message: alertTexts.poorAccuracy(32) },
    ]);
    expect(alertsFor(poor, reading(middle, clear, 40))).toEqual([]);
    expect(alertTexts.poorAccuracy(32)).toBe(
      'GPS accuracy is ± 32 m: boundaries and protected sites may be nearer than shown.',
    );
  });

  it('stepping onto land whose permission does not cover today says so', () => {
    const fromOutside = { ...reading(outside, clear) };
    const onMonday: Reading = {
      ...reading(middle, clear),
      permission: permissionPlace([field], middle, monday),
    };
    expect(alertsFor(fromOutside, onMonday).map((a) => a.message)).toEqual([
      alertTexts.dayNotAllowed('Church Farm'),
    ]);
  });
});

describe('site checks', () => {
  it('a row per logged check; the log keeps changes at once and otherwise one every 15 s or 10 m', () => {
    const first = reading(middle, clear, 4.6);
    const row = siteCheckOf(first, new Date('2026-11-28T10:00:00Z'));
    expect(row).toEqual({
      at: '2026-11-28T10:00:00.000Z',
      latitude: 52.605,
      longitude: -1.495,
      accuracyM: 5,
      protectedStatus: 'clear',
      protectedAreas: '',
      permission: 'inside: Church Farm',
    });
    const t0 = 1_000_000;
    expect(shouldLog(null, first, t0)).toBe(true);
    const last = { reading: first, at: t0 };
    expect(shouldLog(last, reading(middle, clear), t0 + 1000)).toBe(false);
    expect(shouldLog(last, reading(middle, nearBarrow), t0 + 1000)).toBe(true);
    expect(shouldLog(last, reading(middle, clear), t0 + LOG_EVERY_MS)).toBe(true);
    const elevenMetresNorth = { latitude: middle.latitude + 0.0001, longitude: middle.longitude };
    expect(shouldLog(last, reading(elevenMetresNorth, clear), t0 + 1000)).toBe(true);
  });

  it('CSV: a header, a row per check, fields quoted when they must be and formulas defused', () => {
    const rows = [
      siteCheckOf(reading(middle, nearBarrow), new Date('2026-11-28T10:00:00Z')),
      {
        ...siteCheckOf(reading(middle, clear), new Date('2026-11-28T10:00:15Z')),
        permission: '=HYPERLINK("x")',
      },
    ];
    expect(siteChecksCsv(rows).split('\r\n')).toEqual([
      'time_utc,latitude,longitude,accuracy_m,protected_status,protected_areas,permission',
      '2026-11-28T10:00:00.000Z,52.605,-1.495,5,near,Bowl barrow (40 m),inside: Church Farm',
      `2026-11-28T10:00:15.000Z,52.605,-1.495,5,clear,,"'=HYPERLINK(""x"")"`,
      '',
    ]);
  });
});
