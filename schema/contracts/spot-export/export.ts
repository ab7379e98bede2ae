/**
 * Export of a member's own spots (docs/map.md "Export"): GPX waypoints, KML placemarks or a GeoJSON
 * FeatureCollection, each read back by the map's import with every field the member wrote — type, terrain,
 * access, best time, the flags and, when asked for, the permission record (fields.ts names them): GPX in
 * `<type>` and `<extensions>`, KML in `<ExtendedData>` (with labels other programs show), GeoJSON in
 * properties. Permission records are written only when asked: the file may end up shared. The one
 * implementation: the web app's export dialog and the server's "Download my data" (docs/export.md) both
 * write with it.
 *
 * Every file is readable by strict readers: characters XML cannot carry (a vertical tab pasted from a word
 * processor) are written as spaces, in GeoJSON too so that the three formats agree; coordinates are plain
 * decimals (GPX's schema has no `1e-7`); the GPX validates against the GPX 1.1 schema (the web's
 * export.test.ts).
 */
import type { Location } from '../locations';
import {
  DIGQUEST_GPX_NS,
  FIELD_LABELS,
  FLAG_FIELDS,
  PERMISSION_RECORD,
  xmlSafe,
  type SpotFieldName,
} from './fields';
import { textToHtml } from './html-text';

/** What the export reads of a spot: the wire's fields, as the device stores them and the server shapes them. */
export type ExportableSpot = Pick<
  Location,
  | 'name'
  | 'description'
  | 'latitude'
  | 'longitude'
  | 'type'
  | 'terrainType'
  | 'bestTimeToVisit'
  | 'hasPermission'
  | 'isGroupDig'
  | 'isShared'
  | 'accessInfo'
  | (typeof PERMISSION_RECORD)[number]
>;

export type ExportFormat = 'gpx' | 'kml' | 'geojson';
export const EXPORT_FORMATS: ReadonlyArray<{ format: ExportFormat; label: string; mime: string }> = [
  { format: 'gpx', label: 'GPX', mime: 'application/gpx+xml' },
  { format: 'kml', label: 'KML', mime: 'application/vnd.google-earth.kml+xml' },
  { format: 'geojson', label: 'GeoJSON', mime: 'application/geo+json' },
];

const DETAIL_FIELDS = ['terrainType', 'accessInfo', 'bestTimeToVisit', ...FLAG_FIELDS] as const;

const xml = (text: string) =>
  xmlSafe(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** A number in plain decimals, every digit kept: `1e-7` → `0.0000001`. */
export function plainDecimal(value: number): string {
  const written = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(written);
  if (!match) return written;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** The spot's fields besides name, description and position, as written: flags as true/false. */
function fieldsOf(spot: ExportableSpot, withPermission: boolean): Array<[SpotFieldName, string]> {
  const out: Array<[SpotFieldName, string]> = [['type', spot.type]];
  for (const field of DETAIL_FIELDS) {
    const value = spot[field];
    if (typeof value === 'boolean') out.push([field, String(value)]);
    else if (value) out.push([field, value]);
  }
  if (withPermission)
    for (const field of PERMISSION_RECORD) {
      const value = spot[field];
      if (value) out.push([field, value]);
    }
  return out;
}

/** One `<wpt>`: toGpx's body, also written a spot at a time by a streaming writer. */
export function gpxWaypoint(s: ExportableSpot, withPermission: boolean): string {
  const extensions = fieldsOf(s, withPermission)
    .filter(([field]) => field !== 'type')
    .map(([field, value]) => `        <dq:${field}>${xml(value)}</dq:${field}>`);
  return [
    `  <wpt lat="${plainDecimal(s.latitude)}" lon="${plainDecimal(s.longitude)}">`,
    `    <name>${xml(s.name)}</name>`,
    s.description ? `    <desc>${xml(s.description)}</desc>` : null,
    `    <type>${xml(s.type)}</type>`,
    extensions.length
      ? `    <extensions>\n      <dq:spot>\n${extensions.join('\n')}\n      </dq:spot>\n    </extensions>`
      : null,
    '  </wpt>',
  ]
    .filter((line) => line !== null)
    .join('\n');
}

export const GPX_HEAD = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  `<gpx version="1.1" creator="DigQuest" xmlns="http://www.topografix.com/GPX/1/1" xmlns:dq="${DIGQUEST_GPX_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">`,
].join('\n');
export const GPX_TAIL = '</gpx>\n';

export function toGpx(spots: readonly ExportableSpot[], withPermission: boolean): string {
  const wpts = spots.map((s) => gpxWaypoint(s, withPermission));
  return [GPX_HEAD, ...wpts, GPX_TAIL].join('\n');
}

/** One `<Placemark>`: toKml's body. */
export function kmlPlacemark(s: ExportableSpot, withPermission: boolean): string {
  const data = fieldsOf(s, withPermission)
    .map(
      ([field, value]) =>
        `        <Data name="${field}"><displayName>${xml(FIELD_LABELS[field])}</displayName><value>${xml(value)}</value></Data>`,
    )
    .join('\n');
  return [
    '    <Placemark>',
    `      <name>${xml(s.name)}</name>`,
    // KML descriptions are HTML: the text is escaped as HTML, then as XML.
    s.description ? `      <description>${xml(textToHtml(xmlSafe(s.description)))}</description>` : null,
    `      <ExtendedData>\n${data}\n      </ExtendedData>`,
    `      <Point><coordinates>${plainDecimal(s.longitude)},${plainDecimal(s.latitude)}</coordinates></Point>`,
    '    </Placemark>',
  ]
    .filter((line) => line !== null)
    .join('\n');
}

export const KML_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2">\n  <Document>\n    <name>DigQuest spots</name>\n';
export const KML_TAIL = '\n  </Document>\n</kml>\n';

export function toKml(spots: readonly ExportableSpot[], withPermission: boolean): string {
  return `${KML_HEAD}${spots.map((s) => kmlPlacemark(s, withPermission)).join('\n')}${KML_TAIL}`;
}

/** One GeoJSON Feature as an object: toGeoJson's body. */
export function geoJsonFeature(s: ExportableSpot, withPermission: boolean) {
  const text = (value: string | null | undefined) => (value ? xmlSafe(value) : null);
  const properties: Record<string, string | boolean | null> = {
    name: xmlSafe(s.name),
    description: text(s.description),
    type: s.type,
    terrainType: text(s.terrainType),
    accessInfo: text(s.accessInfo),
    bestTimeToVisit: text(s.bestTimeToVisit),
    hasPermission: s.hasPermission,
    isGroupDig: s.isGroupDig,
    isShared: s.isShared,
  };
  if (withPermission) for (const key of PERMISSION_RECORD) properties[key] = text(s[key]);
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [s.longitude, s.latitude] },
    properties,
  };
}

export function toGeoJson(spots: readonly ExportableSpot[], withPermission: boolean): string {
  const features = spots.map((s) => geoJsonFeature(s, withPermission));
  return `${JSON.stringify({ type: 'FeatureCollection', features }, null, 2)}\n`;
}

export function exportSpots(
  spots: readonly ExportableSpot[],
  format: ExportFormat,
  withPermission: boolean,
): string {
  if (format === 'gpx') return toGpx(spots, withPermission);
  if (format === 'kml') return toKml(spots, withPermission);
  return toGeoJson(spots, withPermission);
}
