/**
 * "Detecting now" (docs/permissions.md "Detecting now"): every fix of the followed position is checked on
 * the device — against the protected areas it keeps and the member's own permissions — with no signal
 * needed. A change worth telling raises an alert (banner, vibration, beep) once, when it starts; the
 * checks go in the device's site-check log (model/site-checks.ts says which).
 */
import { useEffect, useRef, useState } from 'react';
import type { CheckResult } from '@schema/contracts/protected-areas';
import { ukDate } from '@schema/contracts/treasure-dates';
import { alertsFor, isDanger, type FieldAlert, type Reading } from '../model/alerts';
import { permissionPlace, type PermissionSpot } from '../model/permission-check';
import { shouldLog, siteCheckOf } from '../model/site-checks';
import { signalAlert } from '../services/alert-signal';
import { logSiteCheck } from '../services/site-check-store';
import type { Fix } from './use-watch-position';

export type DeviceCheck = (position: {
  latitude: number;
  longitude: number;
  accuracyM: number;
}) => Promise<CheckResult>;

export interface Detecting {
  reading: Reading | null;
  /** The alerts raised and not yet acknowledged, newest first. */
  alerts: FieldAlert[];
  acknowledge: () => void;
  /** A check that failed (the device's store unreadable): said plainly, never read as clear. */
  failed: boolean;
}

export function useDetecting(
  fix: Fix | null,
  spots: readonly PermissionSpot[],
  check: DeviceCheck,
): Detecting {
  const [reading, setReading] = useState<Reading | null>(null);
  const [alerts, setAlerts] = useState<FieldAlert[]>([]);
  const [failed, setFailed] = useState(false);
  const previous = useRef<Reading | null>(null);
  const lastLogged = useRef<{ reading: Reading; at: number } | null>(null);
  const spotsRef = useRef(spots);
  useEffect(() => {
    spotsRef.current = spots;
  }, [spots]);

  useEffect(() => {
    if (!fix) {
      // Stopped: the next start begins afresh (its first fix alerts on whatever it finds).
      previous.current = null;
      lastLogged.current = null;
      return;
    }
    let current = true;
    void (async () => {
      try {
        const protection = await check(fix);
        if (!current) return;
        const now = new Date();
        const next: Reading = {
          latitude: fix.latitude,
          longitude: fix.longitude,
          accuracyM: fix.accuracyM,
          protection,
          permission: permissionPlace(spotsRef.current, fix, ukDate(now)),
        };
        const raised = alertsFor(previous.current, next);
        previous.current = next;
        setReading(next);
        setFailed(false);
        if (raised.length > 0) {
          setAlerts((shown) => [...raised, ...shown].slice(0, 5));
          signalAlert(isDanger(raised));
        }
        if (shouldLog(lastLogged.current, next, now.getTime())) {
          lastLogged.current = { reading: next, at: now.getTime() };
          await logSiteCheck(siteCheckOf(next, now));
        }
      } catch {
        if (current) setFailed(true);
      }
    })();
    return () => {
      current = false;
    };
  }, [fix, check]);

  return { reading: fix ? reading : null, alerts, acknowledge: () => setAlerts([]), failed };
}
