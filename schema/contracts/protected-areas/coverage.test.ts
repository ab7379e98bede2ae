/**
 * Which nation each source covers, the attribution each must show, and the nation of a place, offline: a check
 * says no-data unless an imported source covers the place's nation (never "clear" for want of data).
 */
import { describe, expect, it } from 'vitest';
import { attributionFor, isCovered, PROTECTED_SOURCE_INFO, type UkNation } from './coverage';
import { nationAt } from './nation';
import { PROTECTED_SOURCES } from './types';

describe('coverage and attribution', () => {
  it('each source covers its nation; other covers none', () => {
    expect(PROTECTED_SOURCE_INFO.nhle.nations).toEqual(['england']);
    expect(PROTECTED_SOURCE_INFO.cadw.nations).toEqual(['wales']);
    expect(PROTECTED_SOURCE_INFO.hes.nations).toEqual(['scotland']);
    expect(PROTECTED_SOURCE_INFO.sssi.nations).toEqual(['england']);
    expect(PROTECTED_SOURCE_INFO.other.nations).toEqual([]);
    expect(Object.keys(PROTECTED_SOURCE_INFO).sort()).toEqual([...PROTECTED_SOURCES].sort());
  });

  it('the attribution names the year given, word for word', () => {
    expect(attributionFor('nhle', 2026)).toBe(
      'Contains Historic England data © Historic England 2026. Licensed under the Open Government Licence v3.0.',
    );
    expect(attributionFor('cadw', 2025)).toBe(
      'Contains Cadw data © Crown copyright 2025. Licensed under the Open Government Licence v3.0.',
    );
    expect(attributionFor('hes', 2026)).toBe(
      'Contains Historic Environment Scotland data © Historic Environment Scotland 2026. Licensed under the Open Government Licence v3.0.',
    );
    expect(attributionFor('sssi', 2026)).toBe(
      '© Natural England copyright. Contains Ordnance Survey data © Crown copyright and database right 2026. Licensed under the Open Government Licence v3.0.',
    );
    expect(attributionFor('other', 2026)).toBeNull();
  });

  it.each<[UkNation | null, Parameters<typeof isCovered>[1], boolean]>([
    ['england', ['nhle'], true],
    // SSSIs alone do not let the check say "clear": the monuments are what it exists for.
    ['england', ['sssi'], false],
    ['england', ['sssi', 'nhle'], true],
    ['england', ['cadw', 'hes'], false],
    ['wales', ['nhle', 'cadw'], true],
    ['wales', ['nhle'], false],
    ['scotland', ['hes'], true],
    ['northern-ireland', ['nhle', 'cadw', 'hes', 'sssi', 'other'], false],
    [null, ['nhle', 'cadw', 'hes', 'sssi', 'other'], false],
    ['england', [], false],
  ])('%s with %j imported: covered %s', (nation, sources, covered) => {
    expect(isCovered(nation, sources)).toBe(covered);
  });
});

describe('nationAt', () => {
  it.each<[string, number, number, UkNation | null]>([
    ['Stonehenge', 51.1789, -1.8262, 'england'],
    ['St Mary’s, Isles of Scilly', 49.9145, -6.3126, 'england'],
    ['Lowestoft', 52.4815, 1.7628, 'england'],
    ['Cardiff', 51.4816, -3.1791, 'wales'],
    ['Chepstow', 51.6418, -2.6735, 'wales'],
    ['Edinburgh', 55.9533, -3.1883, 'scotland'],
    ['Lerwick', 60.153, -1.1493, 'scotland'],
    ['Belfast', 54.5973, -5.9301, 'northern-ireland'],
    ['Dublin', 53.3498, -6.2603, null],
    ['Douglas, Isle of Man', 54.1509, -4.4818, null],
    ['St Helier, Jersey', 49.1867, -2.1046, null],
    ['the middle of the Irish Sea', 53.8, -5.0, null],
  ])('%s is %s', (_, latitude, longitude, nation) => {
    expect(nationAt({ latitude, longitude })).toBe(nation);
  });
});
