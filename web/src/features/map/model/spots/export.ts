/**
 * Export of the member's own spots (docs/map.md "Export"): GPX waypoints, KML placemarks or a GeoJSON
 * FeatureCollection, each read back by the import with every field the member wrote — type, terrain,
 * access, best time, the flags and, when asked for, the permission record (spot-fields.ts names them):
 * GPX in `<type>` and `<extensions>`, KML in `<ExtendedData>` (with labels other programs show), GeoJSON
 * in properties. Permission records are written only when the member asks: the file may end up shared.
 *
 * Every file is readable by strict readers: characters XML cannot carry (a vertical tab pasted from a word
 * processor) are written as spaces, in GeoJSON too so that the three formats agree; coordinates are plain
 * decimals (GPX's schema has no `1e-7`); the GPX validates against the GPX 1.1 schema (export.test.ts).
 */
import {
  DIGQUEST_GPX_NS,
  FIELD_LABELS,
  FLAG_FIELDS,
  PERMISSION_RECORD,
  xmlSafe,
  type SpotFieldName,
} from '../import/spot-fields';
import { textToHtml } from '../import/html-text';
import type { LocalLocation } from '@web/db/locations-types';

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
function fieldsOf(spot: LocalLocation, withPermission: boolean): Array<[SpotFieldName, string]> {
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

export function toGpx(spots: readonly LocalLocation[], withPermission: boolean): string {
  const wpts = spots.map((s) => {
    const fields = fieldsOf(s, withPermission);
    const extensions = fields
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
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<gpx version="1.1" creator="DigQuest" xmlns="http://www.topografix.com/GPX/1/1" xmlns:dq="${DIGQUEST_GPX_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">`,
    ...wpts,
    '</gpx>',
    '',
  ].join('\n');
}

export function toKml(spots: readonly LocalLocation[], withPermission: boolean): string {
  const placemarks = spots.map((s) => {
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
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2">\n  <Document>\n    <name>DigQuest spots</name>\n${placemarks.join('\n')}\n  </Document>\n</kml>\n`;
}

export function toGeoJson(spots: readonly LocalLocation[], withPermission: boolean): string {
  const text = (value: string | null | undefined) => (value ? xmlSafe(value) : null);
  const features = spots.map((s) => {
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
  });
  return `${JSON.stringify({ type: 'FeatureCollection', features }, null, 2)}\n`;
}

export function exportSpots(
  spots: readonly LocalLocation[],
  format: ExportFormat,
  withPermission: boolean,
): string {
  if (format === 'gpx') return toGpx(spots, withPermission);
  if (format === 'kml') return toKml(spots, withPermission);
  return toGeoJson(spots, withPermission);
}
