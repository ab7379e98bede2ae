/** The alerts "Detecting now" raised, newest first, until the member taps OK (docs/permissions.md). */
import { Button } from '@web/components/ui/button';
import { cn } from '@web/components/ui/cn';
import { isDanger, type FieldAlert } from '../model/alerts';
import { detectingTexts as t } from '../model/texts';

export function AlertBanner({ alerts, onAcknowledge }: { alerts: FieldAlert[]; onAcknowledge: () => void }) {
  if (alerts.length === 0) return null;
  const danger = isDanger(alerts);
  return (
    <div
      role="alert"
      className={cn(
        'sticky top-2 z-10 rounded-lg border-2 p-4 shadow-lg',
        danger
          ? 'border-red-700 bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-50'
          : 'border-amber-600 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50',
      )}
    >
      <ul className="space-y-2 text-base font-semibold">
        {alerts.map((alert, i) => (
          <li key={`${alert.kind}-${i}`}>{alert.message}</li>
        ))}
      </ul>
      <Button className="mt-3" variant={danger ? 'destructive' : 'default'} onClick={onAcknowledge}>
        {t.acknowledge}
      </Button>
    </div>
  );
}
