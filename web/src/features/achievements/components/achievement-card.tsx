/**
 * One achievement as a card (docs/product/achievements.md "Screens"): locked or unlocked, its points and
 * progress; a secret one reads '???' until earned (the server sends it so). The whole card opens its detail.
 */
import { Lock, Trophy } from 'lucide-react';
import type { Achievement } from '@schema/contracts/achievements-constants';
import { cn } from '@web/components/ui/cn';
import { ProgressBar } from './progress-bar';

export function AchievementCard({
  achievement: a,
  onOpen,
  compact = false,
}: {
  achievement: Achievement;
  onOpen?: () => void;
  compact?: boolean;
}) {
  const Icon = a.isUnlocked ? Trophy : Lock;
  const body = (
    <>
      <div className="flex items-start gap-3">
        <span
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-full',
            a.isUnlocked
              ? 'bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-300'
              : 'bg-stone-200 text-stone-600 dark:bg-stone-700 dark:text-stone-300',
          )}
        >
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-0.5 text-left">
          <span className="font-semibold">{a.name}</span>
          {compact ? null : (
            <span className="text-sm text-stone-700 dark:text-stone-300">{a.description}</span>
          )}
          <span className="text-xs text-stone-600 dark:text-stone-400">
            {a.isUnlocked ? 'Unlocked' : 'Locked'} · {a.points} points
          </span>
        </div>
      </div>
      {a.progress !== null ? (
        <ProgressBar progress={a.progress} max={a.maxProgress} label={`${a.name} progress`} />
      ) : null}
    </>
  );
  const classes = cn(
    'flex w-full flex-col gap-3 rounded-xl border p-4',
    a.isUnlocked
      ? 'border-amber-300 bg-white dark:border-amber-700 dark:bg-stone-900'
      : 'border-stone-200 bg-stone-50 dark:border-stone-700 dark:bg-stone-900/60',
  );
  return onOpen ? (
    <button type="button" onClick={onOpen} className={cn(classes, 'hover:shadow-md focus-visible:ring-2')}>
      {body}
    </button>
  ) : (
    <div className={classes}>{body}</div>
  );
}
