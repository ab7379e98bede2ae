/**
 * Which style the map uses: the operator's `MAP_STYLE_URL`, which the server gives in `GET /api/config`
 * (`mapStyleUrl`; absent when none is set), or the shipped basemap. The last answer is remembered on the
 * device so that, with no signal, the map still tries the configured style, whose files an area saved for
 * offline keeps.
 */
import { api } from '@web/lib/api';

const REMEMBERED = 'map-style-url';
const CONFIG_TIMEOUT_MS = 4000;

function remembered(): string | null {
  try {
    return localStorage.getItem(REMEMBERED);
  } catch {
    return null;
  }
}

function remember(url: string | null): void {
  try {
    if (url) localStorage.setItem(REMEMBERED, url);
    else localStorage.removeItem(REMEMBERED);
  } catch {
    // Storage refused (private mode): the map still works, it just asks the server each time.
  }
}

/** The configured style URL, or null for the shipped basemap. Never throws. */
export async function loadMapStyleUrl(): Promise<string | null> {
  try {
    const data = await api<unknown>('/api/config', { signal: AbortSignal.timeout(CONFIG_TIMEOUT_MS) });
    const value = typeof data === 'object' && data !== null ? Reflect.get(data, 'mapStyleUrl') : undefined;
    const url = typeof value === 'string' && /^https?:\/\//i.test(value) ? value : null;
    remember(url);
    return url;
  } catch {
    return remembered();
  }
}
