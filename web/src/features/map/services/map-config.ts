/**
 * The map's configured sources (model/map-sources.ts): the operator's `MAP_STYLE_URL`, the detailed map our
 * server serves (`MAP_PMTILES_URL`) and aerial imagery (`MAP_IMAGERY_URL`), as `GET /api/config` gives them.
 * The last answer is remembered on the device so that, with no signal, the map still uses the configured
 * sources, whose tiles an area saved for offline keeps.
 */
import { api } from '@web/lib/api';
import { mapSourcesFrom, NO_MAP_SOURCES, type MapSources } from '../model/map-sources';

const REMEMBERED = 'map-sources';
/** What earlier versions remembered: the style URL alone. */
const REMEMBERED_STYLE_URL = 'map-style-url';
const CONFIG_TIMEOUT_MS = 4000;

function remembered(): MapSources {
  try {
    const saved = localStorage.getItem(REMEMBERED);
    if (saved) return mapSourcesFrom(JSON.parse(saved));
    return mapSourcesFrom({ mapStyleUrl: localStorage.getItem(REMEMBERED_STYLE_URL) });
  } catch {
    return NO_MAP_SOURCES;
  }
}

function remember(sources: MapSources): void {
  try {
    localStorage.setItem(
      REMEMBERED,
      JSON.stringify({
        mapStyleUrl: sources.styleUrl,
        mapDetail: sources.detail,
        mapImagery: sources.imagery,
      }),
    );
    localStorage.removeItem(REMEMBERED_STYLE_URL);
  } catch {
    // Storage refused (private mode): the map still works, it just asks the server each time.
  }
}

/** The configured sources; the remembered ones when the server cannot be asked. Never throws. */
export async function loadMapSources(): Promise<MapSources> {
  try {
    const data = await api<unknown>('/api/config', { signal: AbortSignal.timeout(CONFIG_TIMEOUT_MS) });
    const sources = mapSourcesFrom(data);
    remember(sources);
    return sources;
  } catch {
    return remembered();
  }
}

/** The configured style URL, or null for the built-in map. Never throws. */
export async function loadMapStyleUrl(): Promise<string | null> {
  return (await loadMapSources()).styleUrl;
}
