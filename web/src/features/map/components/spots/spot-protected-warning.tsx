/**
 * The spot form's warning when the spot lies inside or near a protected site (docs/protected-areas.md
 * "Warnings"), from the device's own check, so it shows with no signal; the same words as the find form.
 */
import type { LatLng } from '@schema/contracts/grid/coordinates';
import { protectedWarning } from '@schema/contracts/protected-areas/warning';
import { CautionNote } from '@web/components/ui/caution-note';
import { useProtectedCheck } from '@web/sync/protected-areas/hooks';

export function SpotProtectedWarning({ position }: { position: LatLng | null }) {
  const check = useProtectedCheck(position ? { ...position, accuracyM: 0 } : null);
  const warning = check.state === 'ready' ? protectedWarning(check.value) : null;
  return warning ? <CautionNote {...warning} /> : null;
}
