/**
 * /achievements (docs/product/achievements.md "Screens"): total points, completion (unlocked ÷ non-secret),
 * category tabs (community, detecting, exploration, social), a card per achievement and its detail dialog.
 * Signed in, the member's own list with progress (kept on the device, so it reads offline too); signed out,
 * the catalogue.
 */
import { useState } from 'react';
import {
  achievementCategories,
  achievementTotals,
  type Achievement,
  type AchievementCategory,
} from '@schema/contracts/achievements-constants';
import { cn } from '@web/components/ui/cn';
import { PageContainer, PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCurrentUser } from '@web/db/current-user';
import { usePageMeta } from '@web/lib/page-meta';
import { useOnlineStatus } from '@web/sync';
import { AchievementCard } from '../components/achievement-card';
import { AchievementDetail } from '../components/achievement-detail';
import { TourRestart } from '../components/tour-restart';
import { useAchievementState, useCatalogue } from '../hooks';

const LABEL: Record<AchievementCategory, string> = {
  community: 'Community',
  detecting: 'Detecting',
  exploration: 'Exploration',
  social: 'Social',
};

export function AchievementsPage() {
  usePageMeta({
    title: 'Achievements',
    description: 'Badges DigQuest members earn as they detect and share.',
  });
  const { user, loading } = useCurrentUser();
  const kept = useAchievementState(user?.id ?? null);
  const catalogue = useCatalogue(!loading && !user);
  const online = useOnlineStatus();
  const list: Achievement[] | null = user
    ? kept.state === 'ready'
      ? (kept.value?.achievements ?? null)
      : null
    : catalogue.state === 'ready'
      ? catalogue.value
      : null;
  const waiting = loading || (user ? kept.state === 'loading' : catalogue.state === 'loading');
  const failed = user ? kept.state === 'error' : catalogue.state === 'error';

  return (
    <PageContainer className="flex max-w-5xl flex-col gap-6">
      <PageHeader
        title="Achievements"
        description={
          user
            ? 'Earn badges as you detect, share and explore.'
            : 'Sign in to earn these badges as you detect and share.'
        }
        actions={user ? <TourRestart userId={user.id} /> : null}
      />
      {list ? (
        <Achievements list={list} />
      ) : waiting || (online && !failed) ? (
        <div className="grid gap-4 sm:grid-cols-2" aria-label="Loading achievements">
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-28 w-full" />
        </div>
      ) : (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {online
            ? 'Achievements could not be loaded. Please try again later.'
            : 'Your achievements will show here once you are back online.'}
        </p>
      )}
    </PageContainer>
  );
}

function Achievements({ list }: { list: Achievement[] }) {
  const [tab, setTab] = useState<AchievementCategory>('community');
  const [open, setOpen] = useState<Achievement | null>(null);
  const { points, completion } = achievementTotals(list);
  const shown = list.filter((a) => a.category === tab);
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-2 gap-4 sm:max-w-md">
        <div className="rounded-xl border border-stone-200 p-4 dark:border-stone-700">
          <dt className="text-sm text-stone-600 dark:text-stone-400">Total points</dt>
          <dd className="text-3xl font-bold" data-testid="total-points">
            {points}
          </dd>
        </div>
        <div className="rounded-xl border border-stone-200 p-4 dark:border-stone-700">
          <dt className="text-sm text-stone-600 dark:text-stone-400">Completion</dt>
          <dd className="text-3xl font-bold" data-testid="completion">
            {completion}%
          </dd>
        </div>
      </dl>
      <div role="tablist" aria-label="Categories" className="flex flex-wrap gap-2">
        {achievementCategories.map((c) => (
          <button
            key={c}
            type="button"
            role="tab"
            id={`tab-${c}`}
            aria-selected={tab === c}
            aria-controls="achievements-panel"
            onClick={() => setTab(c)}
            className={cn(
              'min-h-11 rounded-full border px-4 font-medium',
              tab === c
                ? 'border-lime-800 bg-lime-800 text-white dark:border-lime-300 dark:bg-lime-300 dark:text-stone-950'
                : 'border-stone-300 hover:bg-stone-100 dark:border-stone-600 dark:hover:bg-stone-800',
            )}
          >
            {LABEL[c]}
          </button>
        ))}
      </div>
      {/* The panel wraps the list: a list given the tabpanel role would leave its items without a list. */}
      <div id="achievements-panel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
        <ul className="grid gap-4 sm:grid-cols-2">
          {shown.map((a) => (
            <li key={a.id}>
              <AchievementCard achievement={a} onOpen={() => setOpen(a)} />
            </li>
          ))}
        </ul>
      </div>
      <AchievementDetail achievement={open} onClose={() => setOpen(null)} />
    </div>
  );
}
