/** An achievement's detail (docs/product/achievements.md "Screens"): what earns it, its points and progress. */
import type { Achievement } from '@schema/contracts/achievements-constants';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { ProgressBar, percentOf } from './progress-bar';

export function AchievementDetail({
  achievement: a,
  onClose,
}: {
  achievement: Achievement | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={a !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {a ? (
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{a.name}</DialogTitle>
            <DialogDescription>{a.description}</DialogDescription>
          </DialogHeader>
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <dt className="text-stone-600 dark:text-stone-400">Status</dt>
            <dd>{a.isUnlocked ? 'Unlocked' : 'Locked'}</dd>
            <dt className="text-stone-600 dark:text-stone-400">Points</dt>
            <dd>{a.points}</dd>
            {a.unlockedAt ? (
              <>
                <dt className="text-stone-600 dark:text-stone-400">Unlocked on</dt>
                <dd>{new Date(a.unlockedAt).toLocaleDateString('en-GB', { dateStyle: 'long' })}</dd>
              </>
            ) : null}
            {a.progress !== null ? (
              <>
                <dt className="text-stone-600 dark:text-stone-400">Progress</dt>
                <dd>
                  {a.progress} of {a.maxProgress} ({percentOf(a.progress, a.maxProgress)}%)
                </dd>
              </>
            ) : null}
          </dl>
          {a.progress !== null ? (
            <div className="mt-4">
              <ProgressBar progress={a.progress} max={a.maxProgress} label={`${a.name} progress`} />
            </div>
          ) : null}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
