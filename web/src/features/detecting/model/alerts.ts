/**
 * What "Detecting now" tells the member as they walk (docs/permissions.md "Detecting now"): from one reading
 * to the next, the changes worth a banner, a vibration and a sound — walking into or near a protected area,
 * leaving a permission's boundary, stepping into an excluded area, GPS accuracy getting worse than 20 m.
 * A condition that lasts is raised once, when it starts, never at every fix. Pure.
 */
import type { CheckResult } from '@schema/contracts/protected-areas';
import type { PermissionPlace } from './permission-check';
import { formatCount } from '@web/lib/numbers';

/** Worse than this, a position cannot tell a field edge from the next field. */
export const POOR_ACCURACY_M = 20;

export interface Reading {
  latitude: number;
  longitude: number;
  accuracyM: number;
  protection: CheckResult;
  permission: PermissionPlace;
}

export type AlertKind =
  | 'protected-inside'
  | 'protected-near'
  | 'left-boundary'
  | 'entered-exclusion'
  | 'poor-accuracy'
  | 'permission-terms';

export interface FieldAlert {
  kind: AlertKind;
  /** danger: stop detecting here; warning: take care. */
  severity: 'danger' | 'warning';
  message: string;
}

const metres = (m: number) => `${formatCount(Math.round(m))} m`;

export const alertTexts = {
  inside: (name: string) =>
    `You are inside ${name}, a protected site. Detecting here without consent is a criminal offence: stop and move away.`,
  near: (name: string, distanceM: number) => `${name}, a protected site, is ${metres(distanceM)} away.`,
  leftBoundary: (spot: string) => `You have left the permission boundary of ${spot}.`,
  enteredExclusion: (spot: string) =>
    `You are in an area excluded from your permission for ${spot}. Do not detect here.`,
  poorAccuracy: (accuracyM: number) =>
    `GPS accuracy is ± ${metres(accuracyM)}: boundaries and protected sites may be nearer than shown.`,
  dayNotAllowed: (spot: string) => `Your permission for ${spot} does not cover today.`,
  expired: (spot: string, on: string) => `Your permission for ${spot} expired on ${on}.`,
} as const;

const ids = (result: CheckResult | undefined) => new Set(result?.areas.map((a) => a.id) ?? []);

function protectedAlerts(before: CheckResult | undefined, now: CheckResult): FieldAlert[] {
  const first = now.areas[0];
  if (!first) return [];
  const known = ids(before);
  if (now.status === 'inside' && (before?.status !== 'inside' || !known.has(first.id)))
    return [{ kind: 'protected-inside', severity: 'danger', message: alertTexts.inside(first.name) }];
  const fresh = now.areas.find((area) => !known.has(area.id));
  if (now.status === 'near' && fresh)
    return [
      { kind: 'protected-near', severity: 'warning', message: alertTexts.near(fresh.name, fresh.distanceM) },
    ];
  return [];
}

const spotOf = (place: PermissionPlace | undefined) =>
  place && place.state !== 'none' ? place.spot.uid : null;

function permissionAlerts(before: PermissionPlace | undefined, now: PermissionPlace): FieldAlert[] {
  const out: FieldAlert[] = [];
  const wasIn = before?.state === 'inside' || before?.state === 'excluded';
  const isIn = now.state === 'inside' || now.state === 'excluded';
  if (wasIn && !isIn)
    out.push({
      kind: 'left-boundary',
      severity: 'danger',
      message: alertTexts.leftBoundary(before.spot.name),
    });
  if (now.state === 'excluded' && !(before?.state === 'excluded' && spotOf(before) === now.spot.uid))
    out.push({
      kind: 'entered-exclusion',
      severity: 'danger',
      message: alertTexts.enteredExclusion(now.spot.name),
    });
  // The terms are told when the member first stands on that permission's land.
  if (isIn && (!wasIn || spotOf(before) !== spotOf(now))) {
    const { terms, spot } = now;
    if (terms.expiredOn)
      out.push({
        kind: 'permission-terms',
        severity: 'danger',
        message: alertTexts.expired(spot.name, terms.expiredOn),
      });
    else if (!terms.dayAllowed)
      out.push({
        kind: 'permission-terms',
        severity: 'danger',
        message: alertTexts.dayNotAllowed(spot.name),
      });
  }
  return out;
}

/** The alerts to raise for a new reading, given the one before it (null on the first fix). */
export function alertsFor(before: Reading | null, now: Reading): FieldAlert[] {
  const alerts = [
    ...protectedAlerts(before?.protection, now.protection),
    ...permissionAlerts(before?.permission, now.permission),
  ];
  const wasPoor = before ? before.accuracyM > POOR_ACCURACY_M : false;
  if (now.accuracyM > POOR_ACCURACY_M && !wasPoor)
    alerts.push({
      kind: 'poor-accuracy',
      severity: 'warning',
      message: alertTexts.poorAccuracy(now.accuracyM),
    });
  return alerts;
}

/** Whether any alert calls for the member to stop (the banner's colour, a longer vibration). */
export const isDanger = (alerts: readonly FieldAlert[]) => alerts.some((a) => a.severity === 'danger');
