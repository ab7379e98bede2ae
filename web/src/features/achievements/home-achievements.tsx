/**
 * Home → the welcome-tour banner and the compact achievements card (docs/product/home.md,
 * docs/product/achievements.md "Screens"). The app shell hands this section to the home page as a lazy
 * chunk (features do not import each other; nothing here is in the first download).
 */
import { Compass, Trophy } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { TOUR_SKIPPED, TOUR_SKIPPED_DETAIL, type TourStep } from '@schema/contracts/achievements-constants';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/toast';
import { useCurrentUser } from '@web/db/current-user';
import { useOnlineStatus } from '@web/sync';
import type { AchievementStateRow } from '@web/db/database';
import { AchievementCard } from './components/achievement-card';
import { TourDialog } from './components/tour-dialog';
import { useAchievementState, useTour } from './hooks';
import { tourAction } from './state';

export function HomeAchievements() {
  const { user } = useCurrentUser();
  const live = useAchievementState(user?.id ?? null);
  const tour = useTour(user?.id ?? null);
  if (!user) return null;
  const row = live.state === 'ready' ? live.value : null;
  return (
    <div className="flex flex-col gap-6">
      {tour.state === 'ready' && tour.value?.showTour ? (
        <TourBanner userId={user.id} startAt={tour.value.currentStep} />
      ) : null}
      <CompactCard row={row} loading={live.state === 'loading'} failed={live.state === 'error'} />
    </div>
  );
}

function TourBanner({ userId, startAt }: { userId: number; startAt: TourStep }) {
  const [open, setOpen] = useState(false);
  const skip = () => {
    // Said once the skip is saved on the device (leaving the page at once cannot lose it).
    void tourAction(userId, { action: 'skip' }).finally(() =>
      toast({ title: TOUR_SKIPPED, description: TOUR_SKIPPED_DETAIL }),
    );
  };
  return (
    <section
      aria-labelledby="tour-banner"
      className="flex flex-col gap-4 rounded-2xl border border-lime-300 bg-lime-50 p-6 sm:flex-row sm:items-center dark:border-lime-800 dark:bg-lime-950/40"
    >
      <Compass className="size-10 shrink-0 text-lime-800 dark:text-lime-300" aria-hidden="true" />
      <div className="flex flex-1 flex-col gap-1">
        <h2 id="tour-banner" className="text-xl font-bold">
          Welcome to DigQuest!
        </h2>
        <p className="text-stone-700 dark:text-stone-300">
          Take the quick tour to find your way around and earn your first achievements.
        </p>
      </div>
      <div className="flex gap-2">
        <Button variant="ghost" onClick={skip}>
          Skip
        </Button>
        <Button onClick={() => setOpen(true)}>Start Tour</Button>
      </div>
      {open ? <TourDialog userId={userId} open={open} onOpenChange={setOpen} startAt={startAt} /> : null}
    </section>
  );
}

function CompactCard({
  row,
  loading,
  failed,
}: {
  row: AchievementStateRow | null;
  loading: boolean;
  failed: boolean;
}) {
  const online = useOnlineStatus();
  const list = row?.achievements ?? null;
  const unlocked = list?.filter((a) => a.isUnlocked).slice(0, 3) ?? [];
  const nextLocked = list?.find((a) => !a.isUnlocked && !a.isSecret);
  const shown = nextLocked ? [...unlocked, nextLocked] : unlocked;
  return (
    <Card
      className="flex flex-col gap-4 p-6"
      aria-labelledby="home-achievements"
      data-testid="achievements-card"
    >
      <div className="flex items-center justify-between gap-4">
        <h2 id="home-achievements" className="flex items-center gap-2 text-xl font-bold">
          <Trophy className="size-6 text-amber-700" aria-hidden="true" /> Achievements
        </h2>
        <Link to="/achievements" className={buttonClasses('outline', 'sm')}>
          View all
        </Link>
      </div>
      {list === null ? (
        loading || (online && !failed) ? (
          <div className="grid gap-3 sm:grid-cols-2" aria-hidden="true">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : (
          <p role="alert" className="text-stone-700 dark:text-stone-300">
            Your achievements will show here once DigQuest can reach the server.
          </p>
        )
      ) : shown.length === 0 ? (
        <p className="text-stone-700 dark:text-stone-300">Every achievement is yours. Well dug!</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {shown.map((a) => (
            <li key={a.id}>
              <AchievementCard achievement={a} compact />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
