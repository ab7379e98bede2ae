/**
 * A spot's permission record between its row (`location_permissions`) and the wire (docs/privacy.md,
 * docs/permissions.md): the one place the columns are named. Geometry is stored as GeoJSON text and the
 * allowed days as `mon,sat`; what cannot be read back (never written by this code) is answered as none.
 * Only `toLocation` (shape.ts) puts the record on the wire, and only for the spot's owner.
 */
import { eq } from 'drizzle-orm';
import { locationPermissions } from '@schema/db/tables';
import {
  exclusionsProblem,
  inWeekOrder,
  isWeekday,
  PERMISSION_FIELDS,
  type MultiPolygonGeometry,
  type PermissionRecord,
  type PolygonGeometry,
  type Weekday,
} from '@schema/contracts/locations';
import { badRequest } from '../../lib/errors';
import { first } from '../../lib/query';
import type { Store } from '../../sync/registry';
import { permissionExpiryChanged } from './permission-reminders';

export type PermissionRow = typeof locationPermissions.$inferSelect;

function parsedGeometry<T extends PolygonGeometry | MultiPolygonGeometry>(
  stored: string | null,
  type: T['type'],
): T | null {
  if (!stored) return null;
  try {
    const value: unknown = JSON.parse(stored);
    const isType = (v: unknown): v is T =>
      typeof v === 'object' && v !== null && 'type' in v && v.type === type && 'coordinates' in v;
    return isType(value) ? value : null;
  } catch {
    return null;
  }
}

function storedDays(stored: string | null): Weekday[] | null {
  const days = (stored ?? '').split(',').filter(isWeekday);
  return days.length > 0 ? inWeekOrder(days) : null;
}

/** The record as the owner gets it; every field null when the spot has none. */
export function permissionOf(row: PermissionRow | null | undefined): PermissionRecord {
  return {
    landownerName: row?.landownerName ?? null,
    landownerContact: row?.landownerContact ?? null,
    permissionGranted: row?.grantedOn ?? null,
    permissionExpires: row?.expiresOn ?? null,
    permissionNotes: row?.notes ?? null,
    permissionBoundary: parsedGeometry<PolygonGeometry>(row?.boundaryGeojson ?? null, 'Polygon'),
    permissionExclusions: parsedGeometry<MultiPolygonGeometry>(
      row?.exclusionsGeojson ?? null,
      'MultiPolygon',
    ),
    permissionDays: storedDays(row?.allowedDays ?? null),
    permissionNotice: row?.notice ?? null,
    permissionCropsNotes: row?.cropsNotes ?? null,
    agreementFindsSplit: row?.findsSplit ?? null,
    agreementTreasureSplit: row?.treasureSplit ?? null,
    agreementLandownerSees: row?.landownerSees ?? null,
  };
}

const permissionColumns = (record: PermissionRecord) => ({
  landownerName: record.landownerName,
  landownerContact: record.landownerContact,
  grantedOn: record.permissionGranted,
  expiresOn: record.permissionExpires,
  notes: record.permissionNotes,
  boundaryGeojson: record.permissionBoundary ? JSON.stringify(record.permissionBoundary) : null,
  exclusionsGeojson: record.permissionExclusions ? JSON.stringify(record.permissionExclusions) : null,
  allowedDays: record.permissionDays?.join(',') ?? null,
  notice: record.permissionNotice,
  cropsNotes: record.permissionCropsNotes,
  findsSplit: record.agreementFindsSplit,
  treasureSplit: record.agreementTreasureSplit,
  landownerSees: record.agreementLandownerSees,
});

function assign<K extends keyof PermissionRecord>(record: PermissionRecord, key: K, value: PermissionRecord[K]) {
  record[key] = value;
}

/** What a create or an edit says of the record: a field absent keeps its value, null clears it. */
export type PermissionInput = { [K in keyof PermissionRecord]?: PermissionRecord[K] | undefined };

/**
 * The permission record after a write, in the write's transaction: fields sent replace, fields absent stay;
 * all empty removes it. Excluded areas are judged against the boundary the record will hold (an edit may
 * send one of the two). The expiry reminders follow the expiry it will hold (permission-reminders.ts).
 */
export async function writePermission(tx: Store, locationId: number, input: PermissionInput): Promise<void> {
  if (!PERMISSION_FIELDS.some((field) => input[field] !== undefined)) return;
  const existing = await first(
    tx.select().from(locationPermissions).where(eq(locationPermissions.locationId, locationId)),
  );
  const before = permissionOf(existing);
  const next: PermissionRecord = { ...before };
  for (const field of PERMISSION_FIELDS) {
    const value = input[field];
    if (value !== undefined) assign(next, field, value);
  }
  const problem = exclusionsProblem(next.permissionBoundary, next.permissionExclusions);
  if (problem) throw badRequest(problem, { fields: { permissionExclusions: problem } });
  await permissionExpiryChanged(tx, locationId, before.permissionExpires, next.permissionExpires);
  if (PERMISSION_FIELDS.every((field) => next[field] === null)) {
    if (existing) await tx.delete(locationPermissions).where(eq(locationPermissions.id, existing.id));
    return;
  }
  if (existing)
    await tx
      .update(locationPermissions)
      .set({ ...permissionColumns(next), updatedAt: new Date().toISOString() })
      .where(eq(locationPermissions.id, existing.id));
  else await tx.insert(locationPermissions).values({ locationId, ...permissionColumns(next) });
}
