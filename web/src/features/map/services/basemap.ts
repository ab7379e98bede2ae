/**
 * The shipped basemap behind MapLibre's `pmtiles://` protocol (docs/map.md, "A basemap ships with the
 * app"). The file is fetched whole, once per page load (basemap-bytes.ts); the service worker answers that
 * request from its precache, so it arrives with no signal too. Tiles are then read from memory: no range requests, which
 * browsers would not cache. Remote `pmtiles://https://…` archives of a configured style still work
 * through the same protocol.
 */
import type * as maplibregl from 'maplibre-gl';
import { PMTiles, Protocol } from 'pmtiles';
import { MemorySource } from '../model/memory-source';
import { SHIPPED_ARCHIVE_KEY } from '../model/shipped-style';
import { basemapBytes } from './basemap-bytes';

let registered: Promise<void> | null = null;

async function register(lib: typeof maplibregl): Promise<void> {
  const bytes = await basemapBytes();
  const protocol = new Protocol();
  protocol.add(new PMTiles(new MemorySource(SHIPPED_ARCHIVE_KEY, bytes)));
  lib.addProtocol('pmtiles', protocol.tile);
}

/** Makes `pmtiles://digquest-basemap` readable; a failed attempt is tried again on the next call. */
export function registerShippedBasemap(lib: typeof maplibregl): Promise<void> {
  registered ??= register(lib).catch((err: unknown) => {
    registered = null;
    throw err;
  });
  return registered;
}
