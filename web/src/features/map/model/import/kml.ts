/**
 * KML placemarks as import candidates (docs/map.md "Importing KML, KMZ, KMI and GPX"), through
 * @tmcw/togeojson: folders give the folder path, a MultiGeometry its first point, lines and areas are left
 * out. The description is HTML (html-text.ts); ExtendedData gives the spot's own fields (spot-fields.ts) —
 * DigQuest's export writes them there — or, in other programs' files, a description-like field.
 */
import { kmlWithFolders, type Folder, type Root } from '@tmcw/togeojson';
import type { Document } from '@xmldom/xmldom';
import type { Feature, Geometry } from 'geojson';
import { htmlToText } from './html-text';
import { descriptionText, type Candidate } from './items';
import { ImportError } from './unpack';
import { importMessages } from './messages';
import { LEGACY_KML_NAMES, readDetails, type SpotFieldName } from './spot-fields';

const DESCRIPTION_KEYS = ['description', 'Description', 'desc', 'Notes', 'notes', 'Note', 'note', 'cmt'];
const LEGACY_BY_FIELD = new Map(Object.entries(LEGACY_KML_NAMES).map(([label, field]) => [field, label]));

/** A text property, or the value of togeojson's `{ "@type": "html", value }` for CDATA descriptions. */
function stringOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && 'value' in value && typeof value.value === 'string')
    return value.value;
  return null;
}

function descriptionOf(properties: Record<string, unknown>): string | null {
  for (const key of DESCRIPTION_KEYS) {
    const raw = stringOf(properties[key]);
    const text = raw === null ? null : descriptionText(htmlToText(raw));
    if (text) return text;
  }
  return null;
}

/** A point of the geometry: the Point itself, or the first Point of a MultiGeometry. */
export function pointOf(geometry: Geometry | null): [number, number] | null {
  if (!geometry) return null;
  if (geometry.type === 'Point') return [geometry.coordinates[0] ?? NaN, geometry.coordinates[1] ?? NaN];
  if (geometry.type === 'MultiPoint') {
    const first = geometry.coordinates[0];
    return first ? [first[0] ?? NaN, first[1] ?? NaN] : null;
  }
  if (geometry.type === 'GeometryCollection') {
    for (const part of geometry.geometries) {
      const point = pointOf(part);
      if (point) return point;
    }
  }
  return null;
}

const isLine = (geometry: Geometry | null) =>
  geometry !== null && /LineString|Polygon/.test(geometry.type) && pointOf(geometry) === null;

function candidateOf(
  feature: Feature<Geometry | null>,
  folder: string | undefined,
): Candidate | { ignored: true } {
  const properties: Record<string, unknown> = feature.properties ?? {};
  const position = pointOf(feature.geometry);
  if (!position && isLine(feature.geometry)) return { ignored: true };
  const details = readDetails(
    (field: SpotFieldName) => properties[field] ?? properties[LEGACY_BY_FIELD.get(field) ?? ''],
  );
  return {
    rawName: typeof properties.name === 'string' ? properties.name : '',
    description: descriptionOf(properties),
    position,
    nameRequired: true,
    ...(folder ? { folder } : {}),
    ...(details ? { details } : {}),
  };
}

function* candidates(node: Root | Folder, path: string[]): Generator<Candidate | { ignored: true }> {
  for (const child of node.children) {
    if (child.type === 'folder') {
      const name = typeof child.meta.name === 'string' ? child.meta.name.trim() : '';
      yield* candidates(child, name ? [...path, name] : path);
    } else if (child.type === 'Feature') {
      yield candidateOf(child, path.length ? path.join(' / ') : undefined);
    }
  }
}

/**
 * A point written with decimal commas ("-1,5,52,25") reads as four or more numbers where KML has at most
 * three (longitude, latitude, altitude): refused, rather than moved.
 */
function assertDecimalPoints(doc: Document): void {
  const points = doc.getElementsByTagName('Point');
  for (let i = 0; i < points.length; i++) {
    const coordinates = points.item(i)?.getElementsByTagName('coordinates').item(0)?.textContent ?? '';
    const tuple = coordinates.trim().split(/\s+/)[0] ?? '';
    if (tuple.split(',').length > 3) throw new ImportError(importMessages.commaDecimal(tuple));
  }
}

export function kmlCandidates(doc: Document): Array<Candidate | { ignored: true }> {
  assertDecimalPoints(doc);
  const found = [...candidates(kmlWithFolders(doc), [])];
  // Placemarks togeojson could not read at all (no geometry element of any kind) fail for want of a point.
  const placemarks = doc.getElementsByTagName('Placemark').length;
  for (let i = found.length; i < placemarks; i++)
    found.push({ rawName: '', description: null, position: null, nameRequired: false });
  return found;
}
