/**
 * The forum's category sidebar with post counts (links set ?category=), and the community guidelines card.
 * Until the categories are on the device (a first visit waits for the first sync) it holds their place
 * with rows of the same height, so the page does not jump when they arrive.
 */
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { cn } from '@web/components/ui/cn';
import { Skeleton } from '@web/components/ui/skeleton';
import type { LocalCategory } from '@web/db/database';
import { useInitialSync, type Live } from '@web/sync';

const linkClasses =
  'flex min-h-10 items-center justify-between gap-2 rounded-lg px-3 py-2 hover:bg-stone-100 dark:hover:bg-stone-800';

/** "All categories" and the eight the server seeds (sync-server/src/seed/initial.ts). */
export const CATEGORY_SKELETON_ROWS = 9;

/** The list's own geometry (40 px rows, 2 px apart) with placeholders in it. */
function CategorySkeleton() {
  return (
    <ul className="flex flex-col gap-0.5" aria-hidden="true" data-testid="category-skeleton">
      {Array.from({ length: CATEGORY_SKELETON_ROWS }, (_, i) => (
        <li key={i} className="flex h-10 items-center px-3">
          <Skeleton className="h-5 w-full" />
        </li>
      ))}
    </ul>
  );
}

export function CategorySidebar({
  categories,
  selected,
}: {
  categories: Live<LocalCategory[]>;
  selected: number | null;
}) {
  const initial = useInitialSync();
  // Empty before the first sync means "not here yet", not "none": keep the place held.
  const waiting =
    categories.state === 'loading' ||
    (categories.state === 'ready' && categories.value.length === 0 && initial === 'loading');
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Categories</CardTitle>
      </CardHeader>
      <CardContent>
        {waiting ? (
          <CategorySkeleton />
        ) : categories.state === 'error' ? (
          <p className="text-stone-600 dark:text-stone-400">
            Categories could not be loaded. Please try again later.
          </p>
        ) : categories.value.length === 0 ? (
          <p className="text-stone-600 dark:text-stone-400">No categories yet.</p>
        ) : (
          <ul className="flex flex-col gap-0.5">
            <li>
              <Link
                to="/forum"
                className={cn(
                  linkClasses,
                  selected === null &&
                    'bg-lime-50 font-semibold text-lime-900 dark:bg-lime-950/50 dark:text-lime-100',
                )}
                aria-current={selected === null ? 'page' : undefined}
              >
                All categories
              </Link>
            </li>
            {categories.value.map((c) => (
              <li key={c.id}>
                <Link
                  to={`/forum?category=${c.id}`}
                  className={cn(
                    linkClasses,
                    selected === c.id &&
                      'bg-lime-50 font-semibold text-lime-900 dark:bg-lime-950/50 dark:text-lime-100',
                  )}
                  aria-current={selected === c.id ? 'page' : undefined}
                >
                  <span className="truncate">{c.name}</span>
                  <span
                    className="rounded-full bg-stone-200 px-2 text-sm tabular-nums text-stone-800 dark:bg-stone-700 dark:text-stone-100"
                    aria-label={`${c.count} posts`}
                  >
                    {c.count}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

const GUIDELINES = [
  'Be respectful and helpful to other detectorists.',
  'Never share exact find spots or permission land without the landowner’s consent.',
  'Report possible treasure to the coroner within 14 days (Treasure Act 1996).',
  'Record finds with your Finds Liaison Officer (Portable Antiquities Scheme).',
  'Keep posts on topic and pick the category that fits.',
];

export function GuidelinesCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Community Guidelines</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="list-disc space-y-1.5 pl-5 text-sm text-stone-700 dark:text-stone-300">
          {GUIDELINES.map((g) => (
            <li key={g}>{g}</li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
