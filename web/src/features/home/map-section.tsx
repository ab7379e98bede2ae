/**
 * Home "Detecting Map" section (docs/product/home.md): the map at the default UK view, 250 px high on
 * phones and 400 px from the `md` breakpoint. The map itself (MapLibre, in its own chunk) is handed in by
 * the app shell and only rendered once the section comes near the viewport, so a visit that never scrolls
 * down never downloads it.
 */
import { ArrowRight } from 'lucide-react';
import { Suspense, type ComponentType } from 'react';
import { Link } from 'react-router';
import { useNearViewport } from '@web/lib/near-viewport';

function MapPlaceholder() {
  return <div className="h-full bg-sky-100 dark:bg-stone-800" aria-hidden="true" />;
}

export function MapSection({ map: Map }: { map: ComponentType }) {
  const [holder, near] = useNearViewport<HTMLDivElement>();

  return (
    <section aria-labelledby="home-map" className="space-y-4">
      <div className="flex items-end justify-between gap-4">
        <h2 id="home-map" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Detecting Map
        </h2>
        <Link
          to="/map"
          className="inline-flex min-h-11 items-center gap-1 font-medium text-lime-800 underline-offset-4 hover:underline dark:text-lime-400"
        >
          Open the map <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      <div
        ref={holder}
        className="h-[250px] overflow-hidden rounded-xl border border-stone-200 md:h-[400px] dark:border-stone-700"
      >
        {near ? (
          <Suspense fallback={<MapPlaceholder />}>
            <Map />
          </Suspense>
        ) : (
          <MapPlaceholder />
        )}
      </div>
    </section>
  );
}
