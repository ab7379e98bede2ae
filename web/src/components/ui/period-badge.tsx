/**
 * A find's period as a tinted badge (docs/product/finds.md "Badge colours"), shared by the finds gallery,
 * a find's page and the home page so the colours cannot drift apart; the classes themselves are in
 * schema/contracts/period-badge-classes.ts, shared with the server's first look of a finds page.
 */
import { periodBadgeClasses } from '@schema/contracts/period-badge-classes';
import { Badge } from './badge';
import { cn } from './cn';

export { periodBadgeClasses };

/** An unrecognised or empty period looks like Unknown. */
export function PeriodBadge({ period, className }: { period: string; className?: string }) {
  return (
    <Badge variant="tint" className={cn(periodBadgeClasses(period), className)}>
      {period || 'Unknown'}
    </Badge>
  );
}
