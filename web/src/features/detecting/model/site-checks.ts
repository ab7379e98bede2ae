/**
 * The site-check log (docs/permissions.md "Site checks"): what "Detecting now" checked, where and when, kept
 * on the device only — it holds exact positions — for the member's own records (in Wales, having taken all
 * reasonable steps to check is a defence). Every fix is checked and shown; the log keeps a check when its
 * answer changed, and otherwise one every LOG_EVERY_MS or LOG_EVERY_M of walking, so an afternoon is a few
 * hundred rows rather than ten thousand. Exported as CSV.
 */
import { distanceM } from '@schema/contracts/ar-routes-geo';
import { csvCell } from '@schema/contracts/csv-cell';
import type { SiteCheckRow } from '@web/db/database';
import type { Reading } from './alerts';

export const LOG_EVERY_MS = 15_000;
export const LOG_EVERY_M = 10;

/** One logged check, as the device stores it. */
export type SiteCheck = SiteCheckRow;

const summaryOf = (reading: Reading) =>
  `${reading.protection.status}|${reading.protection.areas.map((a) => a.id).join(',')}|${reading.permission.state}|${
    reading.permission.state === 'none' ? '' : reading.permission.spot.uid
  }`;

/** The row a reading makes in the log. */
export function siteCheckOf(reading: Reading, at: Date): SiteCheck {
  const place = reading.permission;
  return {
    at: at.toISOString(),
    latitude: Number(reading.latitude.toFixed(6)),
    longitude: Number(reading.longitude.toFixed(6)),
    accuracyM: Math.round(reading.accuracyM),
    protectedStatus: reading.protection.status,
    protectedAreas: reading.protection.areas.map((a) => `${a.name} (${a.distanceM} m)`).join('; '),
    permission: place.state === 'none' ? 'none' : `${place.state}: ${place.spot.name}`,
  };
}

/** Whether a reading goes in the log, given the last one logged (and when). */
export function shouldLog(
  last: { reading: Reading; at: number } | null,
  reading: Reading,
  at: number,
): boolean {
  if (!last) return true;
  if (summaryOf(last.reading) !== summaryOf(reading)) return true;
  if (at - last.at >= LOG_EVERY_MS) return true;
  const from = { lat: last.reading.latitude, lng: last.reading.longitude };
  return distanceM(from, { lat: reading.latitude, lng: reading.longitude }) >= LOG_EVERY_M;
}

const CSV_HEADER = [
  'time_utc',
  'latitude',
  'longitude',
  'accuracy_m',
  'protected_status',
  'protected_areas',
  'permission',
] as const;

/** The log as CSV, oldest first, with a header row. */
export function siteChecksCsv(checks: readonly SiteCheck[]): string {
  const rows = checks.map((c) =>
    [c.at, c.latitude, c.longitude, c.accuracyM, c.protectedStatus, c.protectedAreas, c.permission]
      .map(csvCell)
      .join(','),
  );
  return [CSV_HEADER.join(','), ...rows].join('\r\n') + '\r\n';
}
