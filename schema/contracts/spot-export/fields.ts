/**
 * A spot's own fields in files (docs/map.md "Export"): the names and labels the export writes and the
 * map's import reads back (web/src/features/map/model/import/spot-fields.ts adds the reading) — KML
 * `<ExtendedData>` `<Data name="terrainType">`, GPX `<type>` and `<extensions>` elements in DigQuest's
 * namespace, GeoJSON properties — the same names as the spot's own fields. Shared by the web app's export
 * and the server's "Download my data" (docs/export.md), so both write the same files.
 */
import {
  LANDOWNER_CONTACT_MAX,
  LANDOWNER_NAME_MAX,
  LOCATION_ACCESS_MAX,
  LOCATION_BEST_TIME_MAX,
  LOCATION_TERRAIN_MAX,
  PERMISSION_NOTES_MAX,
} from '../locations-constants';

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

export type TextField = keyof typeof TEXT_FIELDS;
export type FlagField = (typeof FLAG_FIELDS)[number];
export type DateField = (typeof DATE_FIELDS)[number];
export type SpotFieldName = 'type' | TextField | FlagField | DateField;

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

/**
 * Characters XML 1.0 cannot carry (C0 controls but tab, newline and return; U+FFFE, U+FFFF; unpaired
 * surrogates) — a vertical tab pasted from a word processor, say. Each becomes a space: written, one would
 * make the whole file unreadable to a strict reader.
 */
const NOT_IN_XML =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
export const xmlSafe = (text: string) => text.replace(NOT_IN_XML, ' ');
