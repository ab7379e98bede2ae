/**
 * Export of the member's own spots (docs/map.md "Export"): GPX waypoints, KML placemarks or a GeoJSON
 * FeatureCollection, each readable by the import again. Permission records (landowner, dates, notes) are
 * written only when the member asks for them: the file may end up shared.
 */
import { PERMISSION_FIELDS } from '@schema/contracts/locations';
import type { LocalLocation } from '@web/db/locations-types';

export type ExportFormat = 'gpx' | 'kml' | 'geojson';
export const EXPORT_FORMATS: ReadonlyArray<{ format: ExportFormat; label: string; mime: string }> = [
  { format: 'gpx', label: 'GPX', mime: 'application/gpx+xml' },
  { format: 'kml', label: 'KML', mime: 'application/vnd.google-earth.kml+xml' },
  { format: 'geojson', label: 'GeoJSON', mime: 'application/geo+json' },
];

const PERMISSION_LABELS: Record<(typeof PERMISSION_FIELDS)[number], string> = {
  landownerName: 'Landowner',
  landownerContact: 'Landowner contact',
  permissionGranted: 'Permission granted',
  permissionExpires: 'Permission expires',
  permissionNotes: 'Permission notes',
};

const DETAIL_FIELDS = [
  ['type', 'Type'],
  ['terrainType', 'Terrain'],
  ['accessInfo', 'Access'],
  ['bestTimeToVisit', 'Best time to visit'],
] as const;

const xml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** The fields written besides name, position and description, as label → value. */
function details(spot: LocalLocation, withPermission: boolean): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [key, label] of DETAIL_FIELDS) {
    const value = spot[key];
    if (value) out.push([label, value]);
  }
  if (spot.hasPermission) out.push(['Permission Granted', 'yes']);
  if (spot.isGroupDig) out.push(['Group Dig', 'yes']);
  if (withPermission)
    for (const key of PERMISSION_FIELDS) {
      const value = spot[key];
      if (value) out.push([PERMISSION_LABELS[key], value]);
    }
  return out;
}

export function toGpx(spots: readonly LocalLocation[], withPermission: boolean): string {
  const wpts = spots.map((s) => {
    const extra = details(s, withPermission).map(([k, v]) => `${k}: ${v}`);
    const desc = [s.description ?? '', ...extra].filter(Boolean).join('\n');
    return [
      `  <wpt lat="${s.latitude}" lon="${s.longitude}">`,
      `    <name>${xml(s.name)}</name>`,
      desc ? `    <desc>${xml(desc)}</desc>` : null,
      `    <type>${xml(s.type)}</type>`,
      '  </wpt>',
    ]
      .filter((line) => line !== null)
      .join('\n');
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="DigQuest" xmlns="http://www.topografix.com/GPX/1/1">\n${wpts.join('\n')}\n</gpx>\n`;
}

export function toKml(spots: readonly LocalLocation[], withPermission: boolean): string {
  const placemarks = spots.map((s) => {
    const data = details(s, withPermission)
      .map(([k, v]) => `        <Data name="${xml(k)}"><value>${xml(v)}</value></Data>`)
      .join('\n');
    return [
      '    <Placemark>',
      `      <name>${xml(s.name)}</name>`,
      s.description ? `      <description>${xml(s.description)}</description>` : null,
      data ? `      <ExtendedData>\n${data}\n      </ExtendedData>` : null,
      `      <Point><coordinates>${s.longitude},${s.latitude}</coordinates></Point>`,
      '    </Placemark>',
    ]
      .filter((line) => line !== null)
      .join('\n');
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2">\n  <Document>\n    <name>DigQuest spots</name>\n${placemarks.join('\n')}\n  </Document>\n</kml>\n`;
}

export function toGeoJson(spots: readonly LocalLocation[], withPermission: boolean): string {
  const features = spots.map((s) => {
    const properties: Record<string, string | boolean | null> = {
      name: s.name,
      description: s.description,
      type: s.type,
      terrainType: s.terrainType,
      accessInfo: s.accessInfo ?? null,
      bestTimeToVisit: s.bestTimeToVisit,
      hasPermission: s.hasPermission,
      isGroupDig: s.isGroupDig,
      isShared: s.isShared,
    };
    if (withPermission) for (const key of PERMISSION_FIELDS) properties[key] = s[key] ?? null;
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
