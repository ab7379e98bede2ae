/**
 * The spots' synced entity (docs/product/map.md; docs/privacy.md; PROTOCOL.md entities table). A member's
 * own spots come whole with `own`; the community's newest shared spots with the `recent:locations` window,
 * and what a map list brought pinned. What another viewer may not see leaves the device when the signed-in
 * member changes (C11): the previous member's private spots and every permission record go, and a visitor
 * keeps other members' shared spots only as a visitor would get them (rounded, without access information).
 */
import { PUBLIC_COORDINATE_DECIMALS } from '@schema/contracts/locations-constants';
import { inWeekOrder, isWeekday } from '@schema/contracts/permission-days';
import type { MultiPolygonGeometry, PolygonGeometry } from '@schema/contracts/permission-edges-constants';
import type { LocalLocation } from '../locations-types';
import { defineEntity, quoted, verbFor } from '../entity-descriptor';
import { hasShape, text, type Payload } from '../entity-fields';

const isLocalLocation = hasShape<LocalLocation>({
  uid: 'string',
  userId: 'number',
  name: 'string',
  latitude: 'number',
  longitude: 'number',
  type: 'string',
});

/** The permission record's text fields (dates as YYYY-MM-DD); its owner's alone (docs/permissions.md). */
const PERMISSION_TEXT_KEYS = [
  'landownerName',
  'landownerContact',
  'permissionGranted',
  'permissionExpires',
  'permissionNotes',
  'permissionNotice',
  'permissionCropsNotes',
  'agreementFindsSplit',
  'agreementTreasureSplit',
  'agreementLandownerSees',
] as const;
/** Every field of the permission record: what leaves the device with another member's spots. */
const PERMISSION_KEYS = [
  ...PERMISSION_TEXT_KEYS,
  'permissionBoundary',
  'permissionExclusions',
  'permissionDays',
] as const;

const isGeometry = <G extends PolygonGeometry | MultiPolygonGeometry>(
  value: unknown,
  type: G['type'],
): value is G =>
  typeof value === 'object' &&
  value !== null &&
  'type' in value &&
  value.type === type &&
  'coordinates' in value &&
  Array.isArray(value.coordinates);

const textOrNull = (value: unknown): string | null => text(value) ?? null;
const bool = (value: unknown): boolean => value === true;

/** The fields a pulled or listed row may carry, each only when the server sent it (absent stays absent). */
function optionalFields(data: Payload): Partial<LocalLocation> {
  const out: Partial<LocalLocation> = {};
  if ('accessInfo' in data) out.accessInfo = textOrNull(data.accessInfo);
  if (data.approximate === true) out.approximate = true;
  for (const key of PERMISSION_TEXT_KEYS) if (key in data) out[key] = textOrNull(data[key]);
  if ('permissionBoundary' in data) {
    const boundary = data.permissionBoundary;
    out.permissionBoundary = isGeometry<PolygonGeometry>(boundary, 'Polygon') ? boundary : null;
  }
  if ('permissionExclusions' in data) {
    const exclusions = data.permissionExclusions;
    out.permissionExclusions = isGeometry<MultiPolygonGeometry>(exclusions, 'MultiPolygon')
      ? exclusions
      : null;
  }
  if ('permissionDays' in data) {
    const days = Array.isArray(data.permissionDays) ? data.permissionDays.filter(isWeekday) : [];
    out.permissionDays = days.length > 0 ? inWeekOrder(days) : null;
  }
  return out;
}

const FACTOR = 10 ** PUBLIC_COORDINATE_DECIMALS;
const rounded = (value: number) => (Math.sign(value) * Math.round(Math.abs(value) * FACTOR)) / FACTOR;

export const locationsEntity = defineEntity<LocalLocation, 'locations'>({
  entity: 'locations',
  label: 'Detecting spots',
  scope: {
    kind: 'owned',
    window: 'recent:locations',
    rest: { record: (ref) => `/api/locations/${encodeURIComponent(ref)}`, list: '/api/locations' },
  },
  is: isLocalLocation,
  fold: {
    name: 'text',
    description: 'text-or-empty',
    latitude: 'number',
    longitude: 'number',
    type: 'text',
    terrainType: 'text-or-empty',
    accessInfo: 'text-or-empty',
    bestTimeToVisit: 'text-or-empty',
    hasPermission: 'boolean',
    isGroupDig: 'boolean',
    isShared: 'boolean',
    landownerName: 'text-or-empty',
    landownerContact: 'text-or-empty',
    permissionGranted: 'text-or-empty',
    permissionExpires: 'text-or-empty',
    permissionNotes: 'text-or-empty',
    permissionNotice: 'text-or-empty',
    permissionCropsNotes: 'text-or-empty',
    agreementFindsSplit: 'text-or-empty',
    agreementTreasureSplit: 'text-or-empty',
    agreementLandownerSees: 'text-or-empty',
    permissionBoundary: 'object-or-null',
    permissionExclusions: 'object-or-null',
    permissionDays: 'object-or-null',
  },
  fromServer(data) {
    if (!(isLocalLocation(data) && typeof data.id === 'number')) return null;
    return {
      id: data.id,
      uid: data.uid,
      userId: data.userId,
      username: text(data.username) ?? '',
      name: data.name,
      description: textOrNull(data.description),
      latitude: data.latitude,
      longitude: data.longitude,
      type: data.type,
      terrainType: textOrNull(data.terrainType),
      bestTimeToVisit: textOrNull(data.bestTimeToVisit),
      hasPermission: bool(data.hasPermission),
      isGroupDig: bool(data.isGroupDig),
      isShared: bool(data.isShared),
      created_at: text(data.created_at) ?? '',
      updated_at: text(data.updated_at) ?? '',
      ...optionalFields(data),
    } satisfies LocalLocation;
  },
  describe(m, known) {
    const verb = verbFor(m, ['New spot', 'Changes to spot', 'Deleting spot']);
    return {
      label: `${verb}${quoted(text(m.payload.name) ?? known?.name)}`,
      editHref: m.op === 'delete' ? null : `/map?spot=${m.uid}&edit=1`,
    };
  },
  async forgetOnViewerChange(spots, viewerId) {
    // The previous member's private spots were theirs alone.
    await spots.filter((s) => s.userId !== viewerId && !s.isShared).delete();
    await spots
      .filter((s) => s.userId !== viewerId)
      .modify((s) => {
        for (const key of PERMISSION_KEYS) delete s[key];
        if (viewerId !== null || s.approximate) return;
        // A visitor holds shared spots as the server would send them to a visitor.
        s.latitude = rounded(s.latitude);
        s.longitude = rounded(s.longitude);
        s.approximate = true;
        delete s.accessInfo;
      });
  },
});
