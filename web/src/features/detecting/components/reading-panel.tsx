/** What the last check said: the position and its accuracy, protected sites, and the member's permission. */
import { toGridRef } from '@schema/contracts/grid/coordinates';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/components/ui/cn';
import { POOR_ACCURACY_M, type Reading } from '../model/alerts';
import type { PermissionPlace } from '../model/permission-check';
import { detectingTexts as t } from '../model/texts';

function protectedLine(reading: Reading): { text: string; tone: 'danger' | 'warning' | 'ok' | 'unknown' } {
  const { status, areas } = reading.protection;
  const first = areas[0];
  if (status === 'inside' && first) return { text: t.protectedInside(first.name), tone: 'danger' };
  if (status === 'near' && first)
    return { text: t.protectedNear(first.name, first.distanceM), tone: 'warning' };
  if (status === 'no-data') return { text: t.protectedNoData, tone: 'unknown' };
  return { text: t.protectedClear, tone: 'ok' };
}

function permissionLine(place: PermissionPlace): {
  text: string;
  tone: 'danger' | 'warning' | 'ok' | 'unknown';
} {
  switch (place.state) {
    case 'inside':
      return { text: t.permissionInside(place.spot.name, Math.round(place.edgeM)), tone: 'ok' };
    case 'excluded':
      return { text: t.permissionExcluded(place.spot.name), tone: 'danger' };
    case 'outside':
      return { text: t.permissionOutside(place.spot.name, Math.round(place.distanceM)), tone: 'warning' };
    default:
      return { text: t.permissionNone, tone: 'unknown' };
  }
}

const toneClass = {
  danger: 'border-l-red-700',
  warning: 'border-l-amber-600',
  ok: 'border-l-green-700',
  unknown: 'border-l-muted-foreground',
} as const;

function Section({ heading, line }: { heading: string; line: ReturnType<typeof protectedLine> }) {
  return (
    <section className={cn('border-l-4 pl-3', toneClass[line.tone])} aria-label={heading}>
      <h2 className="text-sm font-semibold text-muted-foreground">{heading}</h2>
      <p className="text-base">{line.text}</p>
    </section>
  );
}

export function ReadingPanel({ reading }: { reading: Reading }) {
  const grid = toGridRef(reading, 10);
  const poor = reading.accuracyM > POOR_ACCURACY_M;
  return (
    <Card className="space-y-4 p-4">
      <section aria-label={t.position}>
        <h2 className="text-sm font-semibold text-muted-foreground">{t.position}</h2>
        <p className="font-mono text-base">
          {grid ?? `${reading.latitude.toFixed(5)}, ${reading.longitude.toFixed(5)}`}{' '}
          <span className={cn(poor && 'font-semibold text-amber-700 dark:text-amber-400')}>
            ± {Math.round(reading.accuracyM)} m
          </span>
        </p>
      </section>
      <Section heading={t.protectedHeading} line={protectedLine(reading)} />
      <Section heading={t.permissionHeading} line={permissionLine(reading.permission)} />
    </Card>
  );
}
