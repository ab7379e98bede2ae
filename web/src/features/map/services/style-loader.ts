/**
 * Reads a configured MapLibre style (docs/map.md, "Detail is optional and configured"). A style that
 * cannot be fetched, or is not a version 8 style, is a failure the map retries and then falls back from.
 */
import type { StyleSpecification } from 'maplibre-gl';
import { isValidStyle } from '../model/style-sources';

export type FetchStyle = (url: string, signal: AbortSignal) => Promise<StyleSpecification>;

export const fetchStyleJson: FetchStyle = async (url, signal) => {
  const res = await fetch(url, { signal, credentials: 'omit' });
  if (!res.ok) throw new Error(`The map style answered ${res.status}.`);
  const style: unknown = await res.json();
  if (!isValidStyle(style)) throw new Error('The map style is not a MapLibre style (version 8).');
  // Checked just above: version 8 with sources and layers; MapLibre validates the rest as it loads it.
  return style as unknown as StyleSpecification;
};

/** Waits `ms`, or rejects as soon as `signal` aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
  });
}
