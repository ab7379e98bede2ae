import { describe, expect, it } from 'vitest';
import { LOCATION_ZOOM, MAP_MESSAGES, SEARCH_ZOOM } from './constants';
import { parseGazetteer } from './gazetteer';
import { runSearch, type SearchHit, type SpotSearch } from './search';

const gazetteer = parseGazetteer({
  regions: ['Cumbria', 'Lancashire'],
  places: [
    ['Ulverston', 54.1959, -3.0963, 7, 0],
    ['Lancaster', 54.0465, -2.7999, 10, 1],
  ],
});
const loadGazetteer = () => Promise.resolve(gazetteer);

describe('map search', () => {
  it('reads "lat, lng" and grid references before names, at zoom 12', async () => {
    expect(await runSearch('54.0465, -2.7999', { loadGazetteer })).toMatchObject({
      kind: 'found',
      hits: [{ kind: 'lat-lng', position: { latitude: 54.0465, longitude: -2.7999 }, zoom: SEARCH_ZOOM }],
    });
    const grid = await runSearch('SD 4730761917', { loadGazetteer });
    expect(grid).toMatchObject({ kind: 'found', hits: [{ kind: 'grid-ref', label: 'SD 47307 61917' }] });
  });

  it('finds towns in the bundled gazetteer', async () => {
    const outcome = await runSearch('lanc', { loadGazetteer });
    expect(outcome).toMatchObject({
      kind: 'found',
      hits: [{ kind: 'place', label: 'Lancaster', detail: 'Lancashire', zoom: SEARCH_ZOOM }],
    });
  });

  it('puts the spots hook’s matches first, at the zoom of a spot', async () => {
    const spot: SearchHit = {
      kind: 'spot',
      label: 'Lancaster Roman fort field',
      position: { latitude: 54.05, longitude: -2.8 },
      zoom: LOCATION_ZOOM,
    };
    const asked: string[] = [];
    const spots: SpotSearch = (query) => {
      asked.push(query);
      return Promise.resolve(query.toLowerCase().startsWith('lanc') ? [spot] : []);
    };
    const outcome = await runSearch('  Lanc ', { loadGazetteer, spots });
    expect(asked).toEqual(['Lanc']);
    expect(outcome.kind === 'found' && outcome.hits.map((h) => h.label)).toEqual([spot.label, 'Lancaster']);
    // A spots hook that fails leaves place search working.
    const broken: SpotSearch = () => Promise.reject(new Error('db closed'));
    expect(await runSearch('Ulverston', { loadGazetteer, spots: broken })).toMatchObject({ kind: 'found' });
  });

  it("says 'Location not found' for an unknown name", async () => {
    expect(await runSearch('Atlantis', { loadGazetteer })).toEqual({
      kind: 'not-found',
      title: MAP_MESSAGES.notFoundTitle,
      text: "Try adding 'UK' to your search term",
    });
    expect(await runSearch('   ', { loadGazetteer })).toMatchObject({ kind: 'not-found' });
  });

  it("gives the spec's Search Error for a malformed position or an unreadable gazetteer", async () => {
    const error = {
      kind: 'error',
      title: 'Search Error',
      text: 'Could not find that location. Please try a different search.',
    };
    expect(await runSearch('SD 473 61', { loadGazetteer })).toEqual(error);
    expect(await runSearch('95, 10', { loadGazetteer })).toEqual(error);
    const offlineAndMissing = () => Promise.reject(new Error('network'));
    expect(await runSearch('Ulverston', { loadGazetteer: offlineAndMissing })).toEqual(error);
  });
});
