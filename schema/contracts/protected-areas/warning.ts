/**
 * The words a form shows when the position it holds is inside or near a protected area (the find form and
 * the spot form; docs/protected-areas.md "Warnings"): the same for both, from the device's check. Clear and
 * no-data say nothing in a form — Detecting now is where no-data is told — so a find logged at home is not
 * nagged.
 */
import type { CheckResult } from './types';

export interface ProtectedWarning {
  severity: 'danger' | 'warning';
  text: string;
}

export function protectedWarning(result: CheckResult): ProtectedWarning | null {
  const first = result.areas[0];
  if (!first) return null;
  if (result.status === 'inside')
    return {
      severity: 'danger',
      text: `This position is inside ${first.name} (${first.kind}), a protected site. Detecting or removing objects there without consent is a criminal offence.`,
    };
  if (result.status === 'near')
    return {
      severity: 'warning',
      text: `This position is ${first.distanceM.toLocaleString('en-GB')} m from ${first.name} (${first.kind}), a protected site. Check where its boundary runs before you detect.`,
    };
  return null;
}
