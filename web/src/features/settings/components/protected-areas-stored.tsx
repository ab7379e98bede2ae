/**
 * The protected sites this device keeps for checks with no signal (docs/protected-areas.md "On the
 * device"): how many, roughly how much space, and how much ground they cover.
 */
import { Skeleton } from '@web/components/ui/skeleton';
import type { Live } from '@web/sync';
import { PROTECTED_AREA_CAP, type DeviceAreasSummary } from '@web/sync/protected-areas';
import { formatBytes } from '../model/format';
import { formatCount } from '@web/lib/numbers';

export const NO_PROTECTED_AREAS_TEXT =
  'No protected sites on this device yet. They download around your spots and the map you look at, when online.';

/** "1,204 protected sites, about 2.3 MB, covering about 830 km²". */
export function protectedAreasText({ areas, bytes, coveredKm2 }: DeviceAreasSummary): string {
  const count = `${formatCount(areas)} protected ${areas === 1 ? 'site' : 'sites'}`;
  const ground = formatCount(Math.round(coveredKm2));
  return `${count}, about ${formatBytes(bytes)}, covering about ${ground} km²`;
}

export function ProtectedAreasStored({ summary }: { summary: Live<DeviceAreasSummary> }) {
  if (summary.state === 'loading') return <Skeleton className="h-6 w-1/2" aria-busy="true" />;
  if (summary.state === 'error')
    return <p role="alert">Could not read the protected sites on this device. Please try again later.</p>;
  if (summary.value.coveredKm2 === 0)
    return <p className="text-stone-600 dark:text-stone-400">{NO_PROTECTED_AREAS_TEXT}</p>;
  return (
    <p>
      {protectedAreasText(summary.value)}. Your position is checked against them with no signal. Beyond{' '}
      {formatCount(PROTECTED_AREA_CAP)}, those the map downloaded longest ago make room; those around your
      spots stay.
    </p>
  );
}
