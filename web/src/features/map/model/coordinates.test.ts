import { describe, expect, it } from 'vitest';
import { parseGridRef, parseLatLng, positionFromQuery, toGridRef } from './coordinates';

function position(result: ReturnType<typeof parseGridRef>) {
  if (result.kind !== 'position') throw new Error(`expected a position, got ${result.kind}`);
  return result;
}

describe('OS grid references', () => {
  it("reads a 10-figure reference to WGS84 (geodesy's documented example, TG 51409 13177)", () => {
    const { position: p, label } = position(parseGridRef('TG 51409 13177'));
    expect(p.latitude).toBeCloseTo(52.65798, 4);
    expect(p.longitude).toBeCloseTo(1.71605, 4);
    expect(label).toBe('TG 51409 13177');
  });

  it('reads 6, 8 and 10 figures, with or without spaces, in either case', () => {
    const ben = position(parseGridRef('NN 166 712')).position; // Ben Nevis
    expect(ben.latitude).toBeCloseTo(56.7966, 3);
    expect(ben.longitude).toBeCloseTo(-5.0039, 3);
    expect(parseGridRef('sd4730761917')).toEqual(parseGridRef('SD 47307 61917'));
    expect(position(parseGridRef('SD 4730 6191')).label).toBe('SD 4730 6191');
    expect(position(parseGridRef('SD473619')).label).toBe('SD 473 619');
  });

  it('gives the centre of the square a reference names, not its south-west corner', () => {
    // SD 47 61 is the 1 km square from SD 47000 61000; its centre is SD 47500 61500.
    const square = position(parseGridRef('SD 47 61')).position;
    const centre = position(parseGridRef('SD 47500 61500')).position;
    expect(square.latitude).toBeCloseTo(centre.latitude, 4);
    expect(square.longitude).toBeCloseTo(centre.longitude, 4);
    const corner = position(parseGridRef('SD 47000 61000')).position;
    expect(square.latitude - corner.latitude).toBeGreaterThan(0.003);
  });

  it('reaches the corners of the grid: Shetland and Scilly', () => {
    expect(position(parseGridRef('HP 60 16')).position.latitude).toBeGreaterThan(60.8);
    expect(position(parseGridRef('SV 91 10')).position.longitude).toBeLessThan(-6.2);
  });

  it('calls malformed references invalid and other text no reference at all', () => {
    expect(parseGridRef('SD 473 61')).toEqual({ kind: 'invalid' }); // uneven halves
    expect(parseGridRef('SD 4 6')).toEqual({ kind: 'invalid' }); // 2 figures
    expect(parseGridRef('SD 1234567')).toEqual({ kind: 'invalid' }); // odd count
    expect(parseGridRef('XX 123 456')).toEqual({ kind: 'invalid' }); // no such square
    expect(parseGridRef('Lancaster')).toEqual({ kind: 'none' });
    expect(parseGridRef('51.5, -0.12')).toEqual({ kind: 'none' });
  });

  it('formats a position as a grid reference, and nothing outside the grid', () => {
    expect(toGridRef({ latitude: 52.65798, longitude: 1.71605 })).toBe('TG 51409 13177');
    expect(toGridRef({ latitude: 52.65798, longitude: 1.71605 }, 6)).toBe('TG 514 131');
    expect(toGridRef({ latitude: 40.7, longitude: -74 })).toBeNull();
  });
});

describe('"lat, lng"', () => {
  it('reads latitude then longitude, separated by a comma, semicolon or space', () => {
    for (const text of ['51.5, -0.12', '51.5,-0.12', ' 51.5 ; -0.12 ', '51.5 -0.12']) {
      expect(parseLatLng(text)).toMatchObject({
        kind: 'position',
        position: { latitude: 51.5, longitude: -0.12 },
      });
    }
    expect(parseLatLng('+54.093409, -2.89479')).toMatchObject({ label: '54.09341, -2.89479' });
  });

  it('refuses numbers out of range and leaves other text alone', () => {
    expect(parseLatLng('91, 2')).toEqual({ kind: 'invalid' });
    expect(parseLatLng('51, 181')).toEqual({ kind: 'invalid' });
    expect(parseLatLng('Newport')).toEqual({ kind: 'none' });
    expect(parseLatLng('SU 123 456')).toEqual({ kind: 'none' });
  });

  it('reads ?lat=&lng= only when both are numbers in range', () => {
    expect(positionFromQuery(new URLSearchParams('lat=51.5&lng=-0.12'))).toEqual({
      latitude: 51.5,
      longitude: -0.12,
    });
    expect(positionFromQuery(new URLSearchParams('lat=51.5'))).toBeNull();
    expect(positionFromQuery(new URLSearchParams('lat=&lng='))).toBeNull();
    expect(positionFromQuery(new URLSearchParams('lat=north&lng=2'))).toBeNull();
    expect(positionFromQuery(new URLSearchParams('lat=95&lng=2'))).toBeNull();
  });
});
