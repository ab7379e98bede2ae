/** A time shown relative to now with 'ago' or 'in' ('3 minutes ago'), its exact value in `dateTime`. */
import { timeAgo } from '@web/lib/dates';

export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const date = new Date(iso);
  return (
    <time className={className} dateTime={iso}>
      {Number.isNaN(date.getTime()) ? '' : timeAgo(date)}
    </time>
  );
}
