/**
 * The map's own controls over its corners (docs/map.md "The screen"): Find My Location, the layers control
 * (which holds the legend, folded until asked for, so it never covers a spot's info window, and whether the
 * map is ready offline) and the menu
 * of things done now and then — the page's items (Import, Export, Only my locations) and Save this area for
 * offline, which opens in a dialog. Every control is a labelled 44 px target.
 */
import { Crosshair, Download, EllipsisVertical, Layers, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { Dialog, DialogContent, DialogTitle } from '@web/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { MAP_MESSAGES } from '../model/constants';
import type { MapStyleState } from '../hooks/use-map-style';
import type { MapViewState } from './map-types';
import { OfflineMapStatus } from './offline-map-status';

// Save this area (and the saved-areas code behind it) loads when the member opens it.
const SaveAreaPanel = lazy(async () => ({ default: (await import('./save-area-panel')).SaveAreaPanel }));

/** The round buttons over the map: white (dark in dark mode), raised, 44 px. */
export const MAP_BUTTON =
  'size-11 rounded-full border border-stone-300 bg-white text-stone-900 shadow-md hover:bg-stone-100 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100 dark:hover:bg-stone-800 [&_svg]:size-5';

export function LocateButton({ onLocate, locating }: { onLocate: () => void; locating: boolean }) {
  return (
    <button
      type="button"
      className={`${MAP_BUTTON} flex items-center justify-center disabled:opacity-60`}
      aria-label={MAP_MESSAGES.findMyLocation}
      title={MAP_MESSAGES.findMyLocation}
      disabled={locating}
      onClick={onLocate}
    >
      <Crosshair aria-hidden="true" className={locating ? 'animate-pulse' : undefined} />
    </button>
  );
}

export interface LayersControlProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  styleState: MapStyleState;
  legend?: ReactNode;
}

function sourceName(state: MapStyleState): string {
  return state.status === 'ready' && state.origin === 'configured'
    ? 'Detailed map'
    : 'Built-in map of Great Britain and Ireland';
}

export function LayersControl({ open, onOpenChange, styleState, legend }: LayersControlProps) {
  const panelId = useId();
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onOpenChange(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onOpenChange]);
  return (
    <div className="relative flex flex-col items-end">
      <button
        type="button"
        className={`${MAP_BUTTON} flex items-center justify-center`}
        aria-label="Map layers and legend"
        title="Map layers and legend"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => onOpenChange(!open)}
      >
        {open ? <X aria-hidden="true" /> : <Layers aria-hidden="true" />}
      </button>
      <section
        id={panelId}
        aria-label="Map layers"
        hidden={!open}
        className="absolute top-full right-0 z-30 mt-2 w-60 rounded-xl border border-stone-200 bg-white p-3 text-sm text-stone-900 shadow-lg dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100"
      >
        <p className="mb-2">
          <span className="font-semibold">Map: </span>
          {sourceName(styleState)}
        </p>
        <OfflineMapStatus />
        {legend}
      </section>
    </div>
  );
}

export interface MapMenuProps {
  /** The page's items (DropdownMenuItem and friends). */
  items?: ReactNode;
  styleState: MapStyleState;
  view: MapViewState | null;
}

export function MapMenu({ items, styleState, view }: MapMenuProps) {
  const [saveOpen, setSaveOpen] = useState(false);
  return (
    <>
      {/* Not modal: its items open dialogs, and a modal menu closing under a dialog leaves the page inert. */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger
          className={`${MAP_BUTTON} flex shrink-0 items-center justify-center`}
          aria-label="Map menu"
          title="Map menu"
        >
          <EllipsisVertical aria-hidden="true" />
        </DropdownMenuTrigger>
        <DropdownMenuContent className="w-72">
          {items}
          {items ? <DropdownMenuSeparator /> : null}
          <DropdownMenuItem onSelect={() => setSaveOpen(true)}>
            <Download aria-hidden="true" /> Save this area for offline
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Dialog open={saveOpen} onOpenChange={setSaveOpen}>
        <DialogContent className="p-2 sm:p-3">
          {/* The panel's own heading names what it does; the dialog's title is for screen readers. */}
          <DialogTitle className="sr-only">Offline maps</DialogTitle>
          <Suspense fallback={<p className="p-4">Loading…</p>}>
            {saveOpen ? <SaveAreaPanel styleState={styleState} view={view} /> : null}
          </Suspense>
        </DialogContent>
      </Dialog>
    </>
  );
}
