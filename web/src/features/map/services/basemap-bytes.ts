/**
 * The shipped basemap's bytes, fetched once per page load (the service worker answers from its precache,
 * offline too). Started as soon as a map is on its way, so the file downloads while MapLibre's code does.
 */
import { BASEMAP_URL } from '../model/constants';

let bytes: Promise<ArrayBuffer> | null = null;

export function basemapBytes(): Promise<ArrayBuffer> {
  bytes ??= fetch(BASEMAP_URL)
    .then((res) => {
      if (!res.ok) throw new Error(`The built-in map could not be read (${res.status}).`);
      return res.arrayBuffer();
    })
    .catch((err: unknown) => {
      bytes = null;
      throw err;
    });
  return bytes;
}
