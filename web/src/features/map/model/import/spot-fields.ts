/**
 * A spot's own fields in files (docs/map.md "Export"), shared by the export, which writes them, and the
 * import, which reads them back: KML `<ExtendedData>` `<Data name="terrainType">`, GPX `<type>` and
 * `<extensions>` elements in DigQuest's namespace, GeoJSON properties — the same names as the spot's own
 * fields. Values are checked as the spot form checks them; one that could not be saved is left out.
 */
import { isLocationType, type LocationType } from '@schema/contracts/locations-constants';
import {
  DATE_FIELDS,
  FLAG_FIELDS,
  TEXT_FIELDS,
  xmlSafe,
  type DateField,
  type FlagField,
  type SpotFieldName,
  type TextField,
} from '@schema/contracts/spot-export/fields';

// The names and labels are shared with the export, which the server writes too (schema/contracts/spot-export).
export {
  DATE_FIELDS,
  DIGQUEST_GPX_NS,
  FIELD_LABELS,
  FLAG_FIELDS,
  PERMISSION_RECORD,
  TEXT_FIELDS,
  xmlSafe,
  type SpotFieldName,
} from '@schema/contracts/spot-export/fields';

/** What a file said of a spot besides its name, description and position; absent when it said nothing. */
export type SpotDetails = { type?: LocationType } & Partial<Record<TextField | DateField, string>> &
  Partial<Record<FlagField, boolean>>;

/** KML exports written before these names (issue 24) used labels as names: read those too. */
export const LEGACY_KML_NAMES: Readonly<Record<string, SpotFieldName>> = {
  Type: 'type',
  Terrain: 'terrainType',
  Access: 'accessInfo',
  'Best time to visit': 'bestTimeToVisit',
  'Permission Granted': 'hasPermission',
  'Group Dig': 'isGroupDig',
  Landowner: 'landownerName',
  'Landowner contact': 'landownerContact',
  'Permission granted': 'permissionGranted',
  'Permission expires': 'permissionExpires',
  'Permission notes': 'permissionNotes',
};

const clip = (value: string, max: number) => (value.length > max ? value.slice(0, max).trimEnd() : value);
const isCalendarDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};
const FLAG_WORDS: Readonly<Record<string, boolean>> = { true: true, yes: true, false: false, no: false };

/** The spot's fields out of a file's values, by field name; a value that does not fit is left out. */
export function readDetails(valueOf: (field: SpotFieldName) => unknown): SpotDetails | undefined {
  const details: SpotDetails = {};
  const textOf = (field: SpotFieldName) => {
    const value = valueOf(field);
    return typeof value === 'string' ? xmlSafe(value).trim() : '';
  };
  const type = textOf('type');
  if (isLocationType(type)) details.type = type;
  for (const [field, max] of Object.entries(TEXT_FIELDS) as Array<[TextField, number]>) {
    const value = textOf(field);
    if (value) details[field] = clip(value, max);
  }
  for (const field of FLAG_FIELDS) {
    const value = valueOf(field);
    const flag = typeof value === 'boolean' ? value : FLAG_WORDS[textOf(field).toLowerCase()];
    if (flag !== undefined) details[field] = flag;
  }
  for (const field of DATE_FIELDS) {
    const value = textOf(field);
    if (isCalendarDate(value)) details[field] = value;
  }
  const { permissionGranted: granted, permissionExpires: expires } = details;
  if (granted && expires && expires < granted) delete details.permissionExpires;
  return Object.keys(details).length > 0 ? details : undefined;
}
