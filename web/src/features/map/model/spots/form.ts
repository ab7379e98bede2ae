/**
 * The spot form's values (docs/map.md "Spots on the map"): what the member types and ticks, read with the
 * shared contract (the rules and messages the server applies too). Creating needs coordinates, a name
 * and a type; editing sends only the fields that changed (docs/sync.md, S17). The permission record's days,
 * notice, crops or livestock and finds agreement (docs/permissions.md) are read the same way; its boundary
 * and excluded areas are drawn on the map instead (boundary.ts) and never sent from the form.
 */
import {
  isLocationType,
  locationCreateSchema,
  locationUpdateSchema,
  PERMISSION_TEXT_FIELDS,
  type LocationCreateInput,
  type LocationType,
  type LocationUpdateInput,
  type Weekday,
} from '@schema/contracts/locations';
import { issuesToFields } from '@schema/contracts/validation';
import type { LocalLocation } from '@web/db/locations-types';
import type { LatLng } from '@schema/contracts/grid/coordinates';

export interface SpotFormValues {
  name: string;
  description: string;
  type: LocationType | '';
  terrainType: string;
  accessInfo: string;
  bestTimeToVisit: string;
  hasPermission: boolean;
  isGroupDig: boolean;
  isShared: boolean;
  landownerName: string;
  landownerContact: string;
  permissionGranted: string;
  permissionExpires: string;
  permissionNotes: string;
  /** Ticked days; none is any day. */
  permissionDays: Weekday[];
  permissionNotice: string;
  permissionCropsNotes: string;
  agreementFindsSplit: string;
  agreementTreasureSplit: string;
  agreementLandownerSees: string;
}

export const TEXT_FIELDS = [
  'name',
  'description',
  'terrainType',
  'accessInfo',
  'bestTimeToVisit',
  ...PERMISSION_TEXT_FIELDS,
] as const;
export const FLAG_FIELDS = ['hasPermission', 'isGroupDig', 'isShared'] as const;

export const EMPTY_SPOT_FORM: SpotFormValues = {
  name: '',
  description: '',
  type: '',
  terrainType: '',
  accessInfo: '',
  bestTimeToVisit: '',
  hasPermission: false,
  isGroupDig: false,
  isShared: false,
  landownerName: '',
  landownerContact: '',
  permissionGranted: '',
  permissionExpires: '',
  permissionNotes: '',
  permissionDays: [],
  permissionNotice: '',
  permissionCropsNotes: '',
  agreementFindsSplit: '',
  agreementTreasureSplit: '',
  agreementLandownerSees: '',
};

export type SpotFormErrors = Partial<Record<keyof SpotFormValues | 'position', string>>;
export type SpotFormResult<T> = { ok: true; value: T } | { ok: false; errors: SpotFormErrors };

export function spotFormValues(spot: LocalLocation): SpotFormValues {
  const values: SpotFormValues = {
    ...EMPTY_SPOT_FORM,
    type: isLocationType(spot.type) ? spot.type : 'Other',
  };
  for (const key of TEXT_FIELDS) values[key] = spot[key] ?? '';
  for (const key of FLAG_FIELDS) values[key] = spot[key];
  values.permissionDays = [...(spot.permissionDays ?? [])];
  return values;
}

const isFormField = (key: string): key is keyof SpotFormValues => key in EMPTY_SPOT_FORM;

function toErrors(fields: Record<string, string>): SpotFormErrors {
  const errors: SpotFormErrors = {};
  for (const [key, message] of Object.entries(fields)) {
    const field = key === 'latitude' || key === 'longitude' ? 'position' : key;
    if (field === 'position' || isFormField(field)) errors[field] ??= message;
  }
  return errors;
}

function input(values: SpotFormValues, position: LatLng | null) {
  return {
    ...values,
    type: values.type === '' ? undefined : values.type,
    latitude: position?.latitude,
    longitude: position?.longitude,
  };
}

export function readCreateSpot(
  values: SpotFormValues,
  position: LatLng | null,
): SpotFormResult<LocationCreateInput> {
  const parsed = locationCreateSchema.safeParse(input(values, position));
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, errors: toErrors(issuesToFields(parsed.error.issues)) };
}

/** Edit: the same rules; only what differs from the stored spot is returned. */
export function readEditSpot(
  values: SpotFormValues,
  position: LatLng | null,
  spot: LocalLocation,
): SpotFormResult<LocationUpdateInput> {
  const created = readCreateSpot(values, position);
  if (!created.ok) return created;
  const changes: Record<string, unknown> = {};
  const next = created.value;
  for (const key of [...TEXT_FIELDS, ...FLAG_FIELDS, 'type'] as const) {
    if ((next[key] ?? null) !== (spot[key] ?? null)) changes[key] = next[key];
  }
  if ((next.permissionDays ?? []).join() !== (spot.permissionDays ?? []).join())
    changes.permissionDays = next.permissionDays;
  if (next.latitude !== spot.latitude || next.longitude !== spot.longitude) {
    changes.latitude = next.latitude;
    changes.longitude = next.longitude;
  }
  const parsed = locationUpdateSchema.safeParse(changes);
  if (!parsed.success) return { ok: false, errors: toErrors(issuesToFields(parsed.error.issues)) };
  return { ok: true, value: parsed.data };
}
