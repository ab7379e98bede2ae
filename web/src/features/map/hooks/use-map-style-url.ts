/** The configured style URL (services/map-config.ts): `undefined` while it is read, `null` for none. */
import { useEffect, useState } from 'react';
import { loadMapStyleUrl } from '../services/map-config';

let pending: Promise<string | null> | null = null;

/** Read once per page load: the home section and /map share the answer. */
function styleUrlOnce(): Promise<string | null> {
  pending ??= loadMapStyleUrl();
  return pending;
}

export function useMapStyleUrl(): string | null | undefined {
  const [url, setUrl] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void styleUrlOnce().then((value) => {
      if (live) setUrl(value);
    });
    return () => {
      live = false;
    };
  }, []);
  return url;
}
