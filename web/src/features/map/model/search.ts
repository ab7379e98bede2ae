/**
 * The map's search box (docs/map.md, "Product rules to keep"): one text, read in this order — "lat, lng",
 * a British or Irish grid reference, then names: the member's spots (through `SpotSearch`, which the spots code
 * provides) and the bundled gazetteer. Nothing matching gives the product's messages.
 */
import { LOCATION_ZOOM, MAP_MESSAGES, SEARCH_ZOOM } from './constants';
import { parseGridRef, parseLatLng, type LatLng } from '@schema/contracts/grid/coordinates';
import { searchGazetteer, type Gazetteer } from './gazetteer';

export interface SearchHit {
  kind: 'spot' | 'place' | 'grid-ref' | 'lat-lng';
  label: string;
  /** County, spot type… shown after the label. */
  detail?: string;
  position: LatLng;
  zoom: number;
}

/** Finds spots by name; supplied by the spots code (own and shared spots), absent until it exists. */
export type SpotSearch = (query: string) => SearchHit[] | Promise<SearchHit[]>;

export type SearchOutcome =
  | { kind: 'found'; hits: SearchHit[] }
  | { kind: 'not-found'; title: string; text: string }
  | { kind: 'error'; title: string; text: string };

export interface SearchSources {
  loadGazetteer: () => Promise<Gazetteer>;
  spots?: SpotSearch | undefined;
  limit?: number;
}

const NOT_FOUND = {
  kind: 'not-found',
  title: MAP_MESSAGES.notFoundTitle,
  text: MAP_MESSAGES.notFoundText,
} as const;
const SEARCH_ERROR = {
  kind: 'error',
  title: MAP_MESSAGES.searchErrorTitle,
  text: MAP_MESSAGES.searchErrorText,
} as const;

/** A typed position, when the text is one: found, malformed (an error), or not a position at all. */
export function positionHit(query: string): SearchOutcome | null {
  for (const [parse, kind] of [
    [parseLatLng, 'lat-lng'],
    [parseGridRef, 'grid-ref'],
  ] as const) {
    const parsed = parse(query);
    if (parsed.kind === 'invalid') return SEARCH_ERROR;
    if (parsed.kind === 'position') {
      return {
        kind: 'found',
        hits: [{ kind, label: parsed.label, position: parsed.position, zoom: SEARCH_ZOOM }],
      };
    }
  }
  return null;
}

export async function runSearch(query: string, sources: SearchSources): Promise<SearchOutcome> {
  const text = query.trim();
  if (!text) return NOT_FOUND;
  const position = positionHit(text);
  if (position) return position;
  const limit = sources.limit ?? 8;
  let spots: SearchHit[] = [];
  try {
    spots = sources.spots ? await sources.spots(text) : [];
  } catch {
    spots = [];
  }
  let places: SearchHit[];
  try {
    places = searchGazetteer(await sources.loadGazetteer(), text, limit).map((p) => ({
      kind: 'place',
      label: p.name,
      detail: p.region || undefined,
      position: { latitude: p.latitude, longitude: p.longitude },
      zoom: SEARCH_ZOOM,
    }));
  } catch {
    // The gazetteer ships with the app; failing to read it is an error, not "no such place".
    if (spots.length === 0) return SEARCH_ERROR;
    places = [];
  }
  const hits = [...spots.map((s) => ({ ...s, zoom: s.zoom || LOCATION_ZOOM })), ...places].slice(0, limit);
  return hits.length > 0 ? { kind: 'found', hits } : NOT_FOUND;
}
