/**
 * The bundled gazetteer, fetched the first time the search box is used (the service worker precaches it,
 * so this works with no signal) and kept for the page's life.
 */
import { GAZETTEER_URL } from '../model/constants';
import { parseGazetteer, type Gazetteer } from '../model/gazetteer';

let loading: Promise<Gazetteer> | null = null;

export function loadGazetteer(): Promise<Gazetteer> {
  loading ??= fetch(GAZETTEER_URL)
    .then((res) => {
      if (!res.ok) throw new Error(`${GAZETTEER_URL}: ${res.status}`);
      return res.json() as Promise<unknown>;
    })
    .then(parseGazetteer)
    .catch((err: unknown) => {
      loading = null;
      throw err;
    });
  return loading;
}
