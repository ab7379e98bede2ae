/**
 * A spot's own fields in files (docs/map.md "Export"), shared by the export, which writes them, and the
 * import, which reads them back: KML `<ExtendedData>` `<Data name="terrainType">`, GPX `<type>` and
 * `<extensions>` elements in DigQuest's namespace, GeoJSON properties — the same names as the spot's own
 * fields. Values are checked as the spot form checks them; one that could not be saved is left out.
 */
import {
  LANDOWNER_CONTACT_MAX,
  LANDOWNER_NAME_MAX,
  LOCATION_ACCESS_MAX,
  LOCATION_BEST_TIME_MAX,
  LOCATION_TERRAIN_MAX,
  PERMISSION_NOTES_MAX,
  isLocationType,
  type LocationType,
} from '@schema/contracts/locations-constants';

/** GPX extensions' namespace (a URN: it names the format, it is not fetched). */
export const DIGQUEST_GPX_NS = 'urn:digquest:spot:1';

export const TEXT_FIELDS = {
  terrainType: LOCATION_TERRAIN_MAX,
  accessInfo: LOCATION_ACCESS_MAX,
  bestTimeToVisit: LOCATION_BEST_TIME_MAX,
  landownerName: LANDOWNER_NAME_MAX,
  landownerContact: LANDOWNER_CONTACT_MAX,
  permissionNotes: PERMISSION_NOTES_MAX,
} as const;
export const FLAG_FIELDS = ['hasPermission', 'isGroupDig', 'isShared'] as const;
export const DATE_FIELDS = ['permissionGranted', 'permissionExpires'] as const;
/** The fields of the permission record: exported only when the member asks (docs/privacy.md). */
export const PERMISSION_RECORD = [
  'landownerName',
  'landownerContact',
  'permissionGranted',
  'permissionExpires',
  'permissionNotes',
] as const;

type TextField = keyof typeof TEXT_FIELDS;
type FlagField = (typeof FLAG_FIELDS)[number];
type DateField = (typeof DATE_FIELDS)[number];
export type SpotFieldName = 'type' | TextField | FlagField | DateField;

/** What a file said of a spot besides its name, description and position; absent when it said nothing. */
export type SpotDetails = { type?: LocationType } & Partial<Record<TextField | DateField, string>> &
  Partial<Record<FlagField, boolean>>;

/** Labels other programs show beside the values (KML `<displayName>`). */
export const FIELD_LABELS: Record<SpotFieldName, string> = {
  type: 'Type',
  terrainType: 'Terrain',
  accessInfo: 'Access',
  bestTimeToVisit: 'Best time to visit',
  hasPermission: 'Permission granted',
  isGroupDig: 'Group dig',
  isShared: 'Shared',
  landownerName: 'Landowner',
  landownerContact: 'Landowner contact',
  permissionGranted: 'Permission granted on',
  permissionExpires: 'Permission expires',
  permissionNotes: 'Permission notes',
};

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

/**
 * Characters XML 1.0 cannot carry (C0 controls but tab, newline and return; U+FFFE, U+FFFF; unpaired
 * surrogates) — a vertical tab pasted from a word processor, say. Each becomes a space: written, one would
 * make the whole file unreadable to a strict reader.
 */
const NOT_IN_XML =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
export const xmlSafe = (text: string) => text.replace(NOT_IN_XML, ' ');

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
