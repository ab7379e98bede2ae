/**
 * The product's "Map Error" panel (docs/map.md, "Product rules to keep"): shown over the shipped basemap
 * while a configured style is retried (3 times, 1 s apart), then with Retry Loading.
 */
import { AlertTriangle } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { MAP_MESSAGES, STYLE_RETRIES } from '../model/constants';
import type { MapStyleState } from '../hooks/use-map-style';

export function MapErrorPanel({ state, onRetry }: { state: MapStyleState; onRetry: () => void }) {
  if (state.status !== 'retrying' && state.status !== 'failed') return null;
  const failed = state.status === 'failed';
  return (
    <div
      role={failed ? 'alert' : 'status'}
      className="pointer-events-auto flex max-w-sm items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 shadow-md dark:border-amber-700 dark:bg-stone-900 dark:text-amber-100"
    >
      <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="flex flex-col gap-2">
        <p className="font-semibold">{MAP_MESSAGES.mapErrorTitle}</p>
        <p className="text-sm">{MAP_MESSAGES.mapErrorText}</p>
        {failed ? (
          <Button size="sm" variant="outline" className="self-start" onClick={onRetry}>
            {MAP_MESSAGES.retryLoading}
          </Button>
        ) : (
          <p className="text-sm">
            Retrying ({state.attempt} of {STYLE_RETRIES})…
          </p>
        )}
      </div>
    </div>
  );
}
