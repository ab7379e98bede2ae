import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  nearestPlace,
  normalizePlaceName,
  parseGazetteer,
  searchGazetteer,
  stripCountrySuffix,
} from './gazetteer';

/** The gazetteer the app ships (public/basemap/uk-places.json, from `npm run basemap:make`). */
const shipped = parseGazetteer(JSON.parse(readFileSync('public/basemap/uk-places.json', 'utf8')));

const small = parseGazetteer({
  regions: ['Cumbria', 'Wales', 'Isle of Wight', 'Merseyside'],
  places: [
    ['Ulverston', 54.1959, -3.0963, 7, 0],
    ['Newport', 51.5877, -2.9984, 11, 1],
    ['Newport', 50.701, -1.2883, 8, 2],
    ['St. Helens', 53.4539, -2.7375, 10, 3],
    ['Newport Pagnell', 52.0871, -0.7228, 8, 1],
    ['Bad row'],
  ],
});

describe('the bundled gazetteer', () => {
  it('reads the compact file, skipping malformed rows', () => {
    expect(small.places).toHaveLength(5);
    expect(small.places[0]).toEqual({
      name: 'Ulverston',
      region: 'Cumbria',
      latitude: 54.1959,
      longitude: -3.0963,
      rank: 7,
    });
    expect(parseGazetteer(null).places).toEqual([]);
  });

  it('ranks a whole-name match first, bigger places first among equals', () => {
    const names = searchGazetteer(small, 'newport').map((p) => `${p.name}, ${p.region}`);
    expect(names).toEqual(['Newport, Wales', 'Newport, Isle of Wight', 'Newport Pagnell, Wales']);
  });

  it('ignores case, punctuation and "Saint", and a trailing ", UK"', () => {
    expect(searchGazetteer(small, 'saint helens')[0]?.name).toBe('St. Helens');
    expect(searchGazetteer(small, 'ST HELENS, UK')[0]?.name).toBe('St. Helens');
    expect(stripCountrySuffix('Ulverston, England')).toBe('Ulverston');
    expect(normalizePlaceName('Barrow-in-Furness')).toBe('barrow in furness');
  });

  it('narrows by county when one follows a comma', () => {
    expect(searchGazetteer(small, 'Newport, Isle of Wight')[0]?.region).toBe('Isle of Wight');
    // An unknown county does not hide the place.
    expect(searchGazetteer(small, 'Ulverston, Lancashire')[0]?.name).toBe('Ulverston');
  });

  it('finds nothing for one letter or an unknown name', () => {
    expect(searchGazetteer(small, 'n')).toEqual([]);
    expect(searchGazetteer(small, 'Atlantis')).toEqual([]);
  });

  it('ships towns and villages of all four nations, Ireland, Man and the Channel Islands', () => {
    expect(shipped.places.length).toBeGreaterThan(4000);
    for (const [query, region] of [
      ['Ulverston', 'Cumbria'],
      ['Lerwick', 'Shetland Islands'],
      ['Aberystwyth', 'Ceredigion'],
      ['Enniskillen', 'Fermanagh and Omagh'],
      ['Douglas', 'Isle of Man'],
    ]) {
      const hit = searchGazetteer(shipped, query!)[0];
      expect(hit?.name, query).toBe(query);
      expect(hit?.region, query).toBe(region);
    }
    // The big Newport comes first.
    expect(searchGazetteer(shipped, 'Newport')[0]?.latitude).toBeCloseTo(51.59, 1);
    expect(searchGazetteer(shipped, 'London')[0]?.rank).toBe(15);
  });

  it('names the nearest sizeable place to a position', () => {
    expect(nearestPlace(small, 54.2, -3.1)?.name).toBe('Ulverston');
    expect(nearestPlace(small, 54.2, -3.1, 9)?.name).toBe('St. Helens');
  });
});
