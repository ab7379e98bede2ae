/**
 * A PMTiles source over bytes already in memory (docs/map.md, "A basemap ships with the app"): the shipped
 * basemap is fetched whole once (the service worker answers from its precache, offline too) and every tile
 * is then a slice of it. No HTTP range request is made, because browsers do not cache those.
 */
import type { RangeResponse, Source } from 'pmtiles';

export class MemorySource implements Source {
  constructor(
    private readonly key: string,
    private readonly bytes: ArrayBuffer,
  ) {}

  getKey(): string {
    return this.key;
  }

  getBytes(offset: number, length: number): Promise<RangeResponse> {
    return Promise.resolve({ data: this.bytes.slice(offset, offset + length) });
  }
}
