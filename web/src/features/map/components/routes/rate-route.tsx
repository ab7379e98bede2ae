/** Rate a completed route 1–5 (docs/product/ar-routes.md "Completing and rating"): one per member, changeable. */
import { Star } from 'lucide-react';
import { ROUTE_RATING_MAX } from '@schema/contracts/ar-routes-constants';

export function RateRoute({ value, onRate }: { value: number | null; onRate: (rating: number) => void }) {
  return (
    <div role="group" aria-label="Rate this route" className="flex gap-1">
      {Array.from({ length: ROUTE_RATING_MAX }, (_, i) => i + 1).map((n) => (
        <button
          key={n}
          type="button"
          className="rounded p-1 hover:bg-amber-100 dark:hover:bg-amber-900/40"
          aria-label={`${n} star${n === 1 ? '' : 's'}`}
          aria-pressed={value === n}
          onClick={() => onRate(n)}
        >
          <Star
            className={`size-6 ${value !== null && n <= value ? 'fill-amber-400 text-amber-500' : 'text-stone-400'}`}
          />
        </button>
      ))}
    </div>
  );
}
