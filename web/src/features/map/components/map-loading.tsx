/**
 * The map's first look while its style, its code (MapLibre) or the basemap load: the coast of Great Britain
 * and Ireland in the shipped style's colours (public/images/map-outline.svg, scripts/make-map-outline.ts),
 * filling exactly the map's box, so the page has its picture at once and nothing moves when the map draws
 * over it. It stays under the map until MapLibre's first frame (map-canvas.tsx).
 */
import { Spinner } from '@web/components/ui/spinner';

export const MAP_OUTLINE_URL = '/images/map-outline.svg';

export function MapLoading({ busy = true }: { busy?: boolean }) {
  return (
    <div className="relative h-full overflow-hidden bg-[#80deea] dark:bg-stone-800">
      <img
        src={MAP_OUTLINE_URL}
        alt=""
        aria-hidden="true"
        decoding="async"
        fetchPriority="high"
        className="absolute inset-0 size-full object-cover dark:opacity-30"
      />
      {busy ? (
        <div className="absolute inset-0 flex items-center justify-center">
          <Spinner label="Loading the map" size="lg" />
        </div>
      ) : null}
    </div>
  );
}
