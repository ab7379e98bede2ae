import { LatLon } from 'geodesy/osgridref.js';
import { describe, expect, it } from 'vitest';
import { parseGridRef, parseLatLng, positionFromQuery, toGridRef } from './coordinates';
import { fromIrishGridPoint, toIrishGridPoint } from './irish-grid';

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

  it("reads a 2-figure reference as its 10 km square's centre", () => {
    const square = position(parseGridRef('SU 1 4'));
    expect(square.label).toBe('SU 1 4');
    const centre = position(parseGridRef('SU 15000 45000')).position;
    expect(square.position.latitude).toBeCloseTo(centre.latitude, 4);
    expect(square.position.longitude).toBeCloseTo(centre.longitude, 4);
    expect(parseGridRef('su14')).toEqual(parseGridRef('SU 1 4'));
  });

  it('shows and reads no National Grid reference outside Great Britain or in a sea-only square', () => {
    // National Grid numbers exist for these places (the grid is a plane), but they are not Britain's.
    for (const place of [
      { latitude: 53.3498, longitude: -6.2603 }, // Dublin
      { latitude: 54.5964, longitude: -5.9301 }, // Belfast
      { latitude: 50.9513, longitude: 1.8587 }, // Calais
      { latitude: 54.6, longitude: 0.5 }, // the North Sea, square OV
    ]) {
      const national = new LatLon(place.latitude, place.longitude).toOsGrid().toString(6);
      expect(parseGridRef(national), national).toEqual({ kind: 'invalid' });
      expect(toGridRef(place) ?? '', national).not.toMatch(/^[A-Z]{2} /);
    }
    expect(toGridRef({ latitude: 50.9513, longitude: 1.8587 })).toBeNull();
    expect(toGridRef({ latitude: 49.1868, longitude: -2.1055 })).toBeNull(); // St Helier, Jersey
    expect(toGridRef({ latitude: 54.6, longitude: 0.5 })).toBeNull();
    expect(parseGridRef('OV 12 34')).toEqual({ kind: 'invalid' });
    // The Isle of Man is on Ordnance Survey's maps: Douglas is in SC.
    expect(toGridRef({ latitude: 54.1523, longitude: -4.4861 }, 4)).toMatch(/^SC 3\d 7\d$/);
  });
});

describe('Irish Grid references', () => {
  it('shows Northern Ireland and the rest of Ireland on the Irish Grid', () => {
    expect(toGridRef({ latitude: 54.5964, longitude: -5.9301 }, 6)).toBe('J 338 739'); // Belfast City Hall
    expect(toGridRef({ latitude: 54.5964, longitude: -5.9301 }, 4)).toBe('J 33 73');
    // Summits as their Wikipedia entries give them: Carrauntoohil V 803 844, Lugnaquilla T 032 917.
    expect(toGridRef({ latitude: 51.99944, longitude: -9.74278 }, 6)).toBe('V 803 844');
    expect(toGridRef({ latitude: 52.96722, longitude: -6.46444 }, 6)).toBe('T 032 917');
    expect(toGridRef({ latitude: 53.3498, longitude: -6.2603 })).toMatch(/^O 1\d{4} 3\d{4}$/); // Dublin
  });

  it('reads "J 33 74", "J 338 740" and "J358277" to the centre of the square, near what they name', () => {
    // Belfast City Hall, 54.5964 -5.9301, is within the 100 m square J 338 740 names, 70 m from its centre.
    const cityHall = position(parseGridRef('J 338 740'));
    expect(cityHall.label).toBe('J 338 740');
    expect(Math.abs(cityHall.position.latitude - 54.5964)).toBeLessThan(0.001);
    expect(Math.abs(cityHall.position.longitude - -5.9301)).toBeLessThan(0.0015);
    const square = position(parseGridRef('j 33 74')).position;
    const centre = position(parseGridRef('J 33500 74500')).position;
    expect(square.latitude).toBeCloseTo(centre.latitude, 4);
    expect(square.longitude).toBeCloseTo(centre.longitude, 4);
    const donard = position(parseGridRef('J358277')).position; // Slieve Donard
    expect(Math.abs(donard.latitude - 54.1803)).toBeLessThan(0.001);
    expect(Math.abs(donard.longitude - -5.9206)).toBeLessThan(0.0015);
    expect(position(parseGridRef('J 3 7')).label).toBe('J 3 7');
  });

  it('converts to and from the grid without drift', () => {
    const p = { latitude: 54.5964, longitude: -5.9301 };
    const back = fromIrishGridPoint(toIrishGridPoint(p.latitude, p.longitude));
    expect(back.latitude).toBeCloseTo(p.latitude, 7);
    expect(back.longitude).toBeCloseTo(p.longitude, 7);
  });

  it('refuses letters the grid lacks, sea-only squares and Irish references for Britain', () => {
    expect(parseGridRef('I 12 34')).toEqual({ kind: 'invalid' }); // no I
    expect(parseGridRef('A 12 34')).toEqual({ kind: 'invalid' }); // the Atlantic off Donegal
    expect(parseGridRef('K 12 34')).toEqual({ kind: 'invalid' }); // Galloway, in Scotland
    expect(parseGridRef('J 12 345')).toEqual({ kind: 'invalid' });
  });

  it('leaves road numbers to the place search: one letter needs a space or 6 figures', () => {
    for (const road of ['M62', 'A303', 'B3212', 'M1'])
      expect(parseGridRef(road), road).toEqual({ kind: 'none' });
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
