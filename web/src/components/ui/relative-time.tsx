/** A time shown relative to now with 'ago' or 'in' ('3 minutes ago'), its exact value in `dateTime`. */
import { formatDistanceToNow } from 'date-fns';

export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const date = new Date(iso);
  return (
    <time className={className} dateTime={iso}>
      {Number.isNaN(date.getTime()) ? '' : formatDistanceToNow(date, { addSuffix: true })}
    </time>
  );
}
