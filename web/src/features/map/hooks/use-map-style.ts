/**
 * Which style the map draws, and the load states of the product's map error panel
 * (docs/map.md, "Product rules to keep"): loading, then ready or error; on error the configured style is
 * tried again 3 times, 1 s apart, while the shipped basemap is drawn; then the panel offers Retry Loading.
 * With no signal there is nothing to retry: a style not saved on the device falls back to the shipped
 * basemap at once, without the panel.
 */
import type { StyleSpecification } from 'maplibre-gl';
import { useCallback, useEffect, useState } from 'react';
import { STYLE_RETRIES, STYLE_RETRY_DELAY_MS } from '../model/constants';
import { fetchStyleJson, pause, type FetchStyle } from '../services/style-loader';

export type MapStyleState =
  | { status: 'loading' }
  | { status: 'ready'; origin: 'configured'; style: StyleSpecification; styleUrl: string }
  | { status: 'ready'; origin: 'shipped'; offline: boolean }
  /** `attempt` of STYLE_RETRIES is under way (or about to start); the shipped basemap shows meanwhile. */
  | { status: 'retrying'; attempt: number }
  | { status: 'failed' };

/**
 * @param styleUrl the configured style; `undefined` while the configuration is being read, `null` for none
 */
export function useMapStyle(
  styleUrl: string | null | undefined,
  fetchStyle: FetchStyle = fetchStyleJson,
): { state: MapStyleState; retry: () => void } {
  const [round, setRound] = useState(0);
  const key = `${styleUrl}#${round}`;
  const [result, setResult] = useState<{ key: string; state: MapStyleState } | null>(null);

  useEffect(() => {
    if (!styleUrl) return;
    const controller = new AbortController();
    const { signal } = controller;
    const set = (state: MapStyleState) => {
      if (!signal.aborted) setResult({ key, state });
    };
    void (async () => {
      for (let attempt = 0; attempt <= STYLE_RETRIES; attempt++) {
        try {
          if (attempt > 0) {
            set({ status: 'retrying', attempt });
            await pause(STYLE_RETRY_DELAY_MS, signal);
          }
          const style = await fetchStyle(styleUrl, signal);
          set({ status: 'ready', origin: 'configured', style, styleUrl });
          return;
        } catch {
          if (signal.aborted) return;
          if (typeof navigator !== 'undefined' && navigator.onLine === false) {
            set({ status: 'ready', origin: 'shipped', offline: true });
            return;
          }
        }
      }
      set({ status: 'failed' });
    })();
    return () => controller.abort();
  }, [styleUrl, key, fetchStyle]);

  const retry = useCallback(() => setRound((r) => r + 1), []);
  let state: MapStyleState;
  if (styleUrl === undefined) state = { status: 'loading' };
  else if (styleUrl === null) state = { status: 'ready', origin: 'shipped', offline: false };
  else state = result?.key === key ? result.state : { status: 'loading' };
  return { state, retry };
}
