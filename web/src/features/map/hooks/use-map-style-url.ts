/**
 * The map's configured sources (services/map-config.ts), read once per page load: the home section, /map
 * and the routes map share the answer. `undefined` while it is read.
 */
import { useEffect, useState } from 'react';
import type { MapSources } from '../model/map-sources';
import { loadMapSources } from '../services/map-config';

let pending: Promise<MapSources> | null = null;
let known: MapSources | undefined;

function sourcesOnce(): Promise<MapSources> {
  pending ??= loadMapSources().then((sources) => (known = sources));
  return pending;
}

/** The configured sources; a second map on the page gets them at once. */
export function useMapSources(): MapSources | undefined {
  const [sources, setSources] = useState<MapSources | undefined>(known);
  useEffect(() => {
    let live = true;
    void sourcesOnce().then((value) => {
      if (live) setSources(value);
    });
    return () => {
      live = false;
    };
  }, []);
  return sources;
}

/** The configured style URL: `undefined` while it is read, `null` for none (the built-in map). */
export function useMapStyleUrl(): string | null | undefined {
  const sources = useMapSources();
  return sources === undefined ? undefined : sources.styleUrl;
}
