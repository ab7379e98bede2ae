/**
 * What the map canvas shows over its own style (docs/map.md, "The detailed map"), just below the page's top
 * overlays: the aerial photo switch when the site has imagery, and — beyond the outline map's last zoom,
 * when the site has no detailed map — the note that the outline map ends there, so a member never faces a
 * blank plane without knowing why.
 */
import { Layers } from 'lucide-react';
import { MAP_MESSAGES, OUTLINE_MAX_ZOOM } from '../model/constants';

export function ImageryToggle({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={() => onChange(!on)}
      className="pointer-events-auto flex items-center gap-1 rounded-md bg-white px-2 py-1 text-xs font-semibold text-stone-800 shadow ring-1 ring-black/10 aria-pressed:bg-emerald-700 aria-pressed:text-white dark:bg-stone-900 dark:text-stone-100"
    >
      <Layers className="size-4" aria-hidden="true" /> {MAP_MESSAGES.aerialOn}
    </button>
  );
}

export function MapSourceOverlays({
  top,
  zoom,
  hasDetail,
  imagery,
}: {
  /** Pixels of the map under the page's top overlays. */
  top: number;
  zoom: number;
  hasDetail: boolean;
  imagery: { on: boolean; onChange: (on: boolean) => void } | null;
}) {
  const outlineEnds = !hasDetail && !imagery?.on && zoom > OUTLINE_MAX_ZOOM;
  if (!imagery && !outlineEnds) return null;
  return (
    <div
      className="pointer-events-none absolute left-2 z-10 flex max-w-[17rem] flex-col items-start gap-2"
      style={{ top: top + 8 }}
    >
      {imagery ? <ImageryToggle on={imagery.on} onChange={imagery.onChange} /> : null}
      {outlineEnds ? (
        <p
          role="status"
          className="rounded-lg bg-white/95 px-3 py-2 text-sm text-stone-800 shadow dark:bg-stone-900/95 dark:text-stone-100"
        >
          {MAP_MESSAGES.outlineEnds}
        </p>
      ) : null}
    </div>
  );
}
