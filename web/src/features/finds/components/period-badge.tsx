import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/components/ui/cn';
import { periodBadgeClasses } from '../model/format';

/** Spec 1 §9 colours; an unrecognised period looks like Unknown. */
export function PeriodBadge({ period, className }: { period: string; className?: string }) {
  return (
    <Badge variant="outline" className={cn('border-transparent', periodBadgeClasses(period), className)}>
      {period || 'Unknown'}
    </Badge>
  );
}
