/**
 * An achievement's progress (docs/product/achievements.md "Progress bar"): the colour band of its
 * percentage — 100 % green, 75 %+ blue, 50 %+ yellow, 25 %+ orange, below that grey.
 */
import { progressBand, type ProgressBand } from '@schema/contracts/achievements-constants';
import { cn } from '@web/components/ui/cn';

const BAND: Record<ProgressBand, string> = {
  green: 'bg-green-600',
  blue: 'bg-blue-600',
  yellow: 'bg-yellow-500',
  orange: 'bg-orange-500',
  grey: 'bg-stone-400',
};

export function percentOf(progress: number, max: number): number {
  return max <= 0 ? 0 : Math.min(100, Math.round((progress / max) * 100));
}

export function ProgressBar({ progress, max, label }: { progress: number; max: number; label: string }) {
  const percent = percentOf(progress, max);
  const band = progressBand(percent);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={progress}
      aria-valuetext={`${progress} of ${max} (${percent}%)`}
      data-band={band}
      className="h-2 w-full overflow-hidden rounded-full bg-stone-200 dark:bg-stone-700"
    >
      <div className={cn('h-full rounded-full', BAND[band])} style={{ width: `${percent}%` }} />
    </div>
  );
}
