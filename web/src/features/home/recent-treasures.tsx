/**
 * Home "Recent Treasures" (docs/product/home.md#screens): the first 4 finds, a View All link and, for
 * members, an Upload your find button; skeletons while loading, otherwise the product's error and
 * empty texts.
 */
import { ArrowRight, MapPin, Upload } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { locationLabel } from '@schema/contracts/finds-constants';
import { buttonClasses } from '@web/components/ui/button';
import { PeriodBadge } from '@web/components/ui/period-badge';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCurrentUser } from '@web/db/current-user';
import type { LocalFind } from '@web/db/database';
import { useLocalPhotoUrl } from '@web/sync';
import { useRecentFinds } from './hooks/use-recent-finds';

export const RECENT_ERROR_TEXT = 'Error loading finds. Please try again later.';
export const RECENT_EMPTY_TEXT = 'No treasure finds available. Be the first to add one!';
const FALLBACK = '/images/find-fallback.jpg';

function RecentCard({ find }: { find: LocalFind }) {
  const local = useLocalPhotoUrl(find.imageSha256);
  const src = local ?? (find.thumbUrl || find.imageUrl || FALLBACK);
  const [broken, setBroken] = useState(false);
  return (
    <Link
      to={`/finds/${find.id ?? find.uid}`}
      className="group flex flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-lime-600 dark:border-stone-700 dark:bg-stone-900"
    >
      <img
        src={broken ? FALLBACK : src}
        alt={find.title}
        loading="lazy"
        decoding="async"
        className="aspect-[4/3] w-full bg-stone-200 object-cover dark:bg-stone-800"
        onError={() => setBroken(true)}
      />
      <span className="flex flex-col gap-1 p-3">
        <span className="truncate font-semibold">{find.title}</span>
        <span className="flex items-center gap-2 text-sm text-stone-600 dark:text-stone-400">
          <MapPin className="size-4 shrink-0" aria-hidden="true" />
          <span className="truncate">{locationLabel(find.location)}</span>
          <PeriodBadge period={find.period} className="ml-auto" />
        </span>
      </span>
    </Link>
  );
}

export function RecentTreasures() {
  const recent = useRecentFinds();
  const { user } = useCurrentUser();
  return (
    <section
      aria-labelledby="recent-treasures"
      className="space-y-4"
      aria-busy={recent.state === 'loading' || undefined}
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="recent-treasures" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Recent Treasures
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          {user ? (
            <Link to="/finds" className={buttonClasses('outline', 'sm')}>
              <Upload aria-hidden="true" /> Upload your find
            </Link>
          ) : null}
          <Link to="/finds" className={buttonClasses('link')}>
            View All <ArrowRight aria-hidden="true" />
          </Link>
        </div>
      </div>
      {recent.state === 'loading' ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="overflow-hidden rounded-xl border border-stone-200 dark:border-stone-700">
              <Skeleton className="aspect-[4/3] w-full rounded-none" />
              <div className="space-y-2 p-3">
                <Skeleton className="h-5 w-3/4" />
                <Skeleton className="h-4 w-1/2" />
              </div>
            </div>
          ))}
        </div>
      ) : recent.state === 'error' || recent.finds.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 px-4 py-8 text-center text-stone-600 dark:border-stone-700 dark:text-stone-400">
          {recent.state === 'error' ? RECENT_ERROR_TEXT : RECENT_EMPTY_TEXT}
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {recent.finds.map((find) => (
            <li key={find.uid}>
              <RecentCard find={find} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
