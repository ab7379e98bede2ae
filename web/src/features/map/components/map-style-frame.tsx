/**
 * The map's frame while its style loads (hooks/use-map-style.ts): a loading placeholder, then the map
 * (`children`, given the style to draw), with the "Map Error" panel and any overlay (the spots legend) in
 * the top-left corner.
 */
import type { StyleSpecification } from 'maplibre-gl';
import type { ReactNode } from 'react';
import type { MapStyleState } from '../hooks/use-map-style';
import { MapErrorPanel } from './map-error-panel';
import { MapLoading } from './map-loading';

/** The style to draw in a state: a loaded configured style, else the shipped basemap. */
export function styleToDraw(state: MapStyleState): StyleSpecification | 'shipped' {
  return state.status === 'ready' && state.origin === 'configured' ? state.style : 'shipped';
}

export function MapStyleFrame({
  state,
  onRetry,
  overlay,
  errorPanel = true,
  children,
}: {
  state: MapStyleState;
  onRetry: () => void;
  overlay?: ReactNode;
  /** False when the page shows the "Map Error" panel among its own overlays (/map). */
  errorPanel?: boolean;
  children: (style: StyleSpecification | 'shipped') => ReactNode;
}) {
  return (
    <div className="relative h-full">
      {state.status === 'loading' ? <MapLoading /> : children(styleToDraw(state))}
      {errorPanel || overlay ? (
        <div className="pointer-events-none absolute top-3 left-3 flex flex-col gap-2 pr-14">
          {errorPanel ? <MapErrorPanel state={state} onRetry={onRetry} /> : null}
          {overlay}
        </div>
      ) : null}
    </div>
  );
}
