/**
 * The map's numbers and texts (docs/map.md, "Product rules to keep"; docs/product/constants.md). Texts the
 * product specification fixes are kept word for word.
 */

/** Default view: the north-west of England, showing all of Great Britain and Ireland on a phone. */
export const DEFAULT_CENTER = { latitude: 54.093409, longitude: -2.89479 } as const;
export const DEFAULT_ZOOM = 6;
/** A place found by the search box. */
export const SEARCH_ZOOM = 12;
/** A saved spot, or a point named by `?lat=&lng=`. */
export const LOCATION_ZOOM = 14;
/** The search marker goes after this long. */
export const SEARCH_MARKER_MS = 5000;
/** A configured style that fails to load is tried again this many times, this far apart. */
export const STYLE_RETRIES = 3;
export const STYLE_RETRY_DELAY_MS = 1000;
/** Home-page map height. */
export const HOME_MAP_HEIGHT = { mobile: 250, desktop: 400 } as const;

/** The shipped basemap and gazetteer (public/basemap/, made by `npm run basemap:make`). */
export const BASEMAP_URL = '/basemap/uk.pmtiles';
export const GAZETTEER_URL = '/basemap/uk-places.json';
export const SHIPPED_ATTRIBUTION = [
  '<a href="https://www.naturalearthdata.com/">Natural Earth</a>',
  '<a href="https://www.geonames.org/">GeoNames</a>',
];

/** The shipped outline map's deepest zoom: beyond it, without a detailed map, the map says it ends. */
export const OUTLINE_MAX_ZOOM = 10;
/** The detailed map (MAP_PMTILES_URL) is drawn from this zoom; the outline map below it. */
export const DETAIL_FROM_ZOOM = 10;

/** Save this area for offline. */
export const SAVE_MAX_ZOOM = 16;
export const SAVE_CAP_BYTES = 200 * 1024 * 1024;
/** Cache Storage names; the service worker answers tile requests from every cache with this prefix. */
export const SAVED_TILES_CACHE_PREFIX = 'dq-map-tiles:';
/** The saved areas' shared files: the style, TileJSON, sprites and glyphs. */
export const SAVED_STYLE_CACHE = `${SAVED_TILES_CACHE_PREFIX}style`;

export const MAP_MESSAGES = {
  searchErrorTitle: 'Search Error',
  searchErrorText: 'Could not find that location. Please try a different search.',
  notFoundTitle: 'Location not found',
  notFoundText: "Try adding 'UK' to your search term",
  locationDenied: 'Location access denied',
  locationUnavailable: 'Your position could not be found. Try again with location turned on.',
  mapErrorTitle: 'Map Error',
  mapErrorText: 'The detailed map could not be loaded. You are seeing the built-in map, which works offline.',
  retryLoading: 'Retry Loading',
  outlineEnds:
    'The outline map ends here: it shows coasts and towns, not roads, fields or footpaths. This site has no detailed map set up.',
  aerialOn: 'Aerial photo',
  selectedLocation: 'Selected Location',
  findMyLocation: 'Find My Location',
} as const;
