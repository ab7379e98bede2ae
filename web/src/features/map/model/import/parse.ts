/**
 * Reading spots out of an import's XML (docs/map.md "Importing KML, KMZ, KMI and GPX"; docs/product/map.md
 * "Import and export"), with @tmcw/togeojson over @xmldom/xmldom — workers have no DOMParser, and the same
 * code runs in tests under node. The parser is chosen by the document's root element, never by the file's
 * extension: `.kmi` files (Garrett's) and `.xml` exports hold either KML placemarks or GPX-like `<wpt>`s.
 *
 * A placemark needs a name and a point (KML writes longitude first); folders and MultiGeometry points are
 * read, and a description may come from `<description>` (HTML is reduced to text) or from ExtendedData. A
 * GPX waypoint needs lat and lon. What cannot be a spot is counted as failed; tracks and routes, which are
 * not spots, are counted apart.
 */
import { gpx, kmlWithFolders, type Folder, type Root } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import type { Feature, Geometry } from 'geojson';
import {
  LOCATION_DESCRIPTION_MAX,
  LOCATION_NAME_MAX,
  LOCATION_NAME_MIN,
  locationMessages,
} from '@schema/contracts/locations-constants';
import { ImportError } from './unpack';

/** One spot found in the file (the product's "location import item", plus its folder). */
export interface ImportItem {
  name: string;
  description: string | null;
  latitude: number;
  longitude: number;
  /** The KML folder it was in ("Permissions / Norfolk"). */
  folder?: string;
}

/** Something in the file that cannot be a spot, and why (shown in the preview, counted as failed). */
export interface ImportFailure {
  name: string | null;
  reason: string;
}

export interface ParsedImport {
  format: 'kml' | 'gpx';
  items: ImportItem[];
  failures: ImportFailure[];
  /** Tracks, routes, lines and areas: not spots, left out. */
  ignored: number;
}

export const FAILURE_REASONS = {
  noName: 'No name',
  shortName: `Name shorter than ${LOCATION_NAME_MIN} characters`,
  noPoint: 'No position',
  outOfRange: 'Position out of range',
} as const;

function parseXml(text: string) {
  const parser = new DOMParser({
    onError: (level) => {
      if (level !== 'warning') throw new ImportError(locationMessages.importInvalidXml);
    },
  });
  try {
    const doc = parser.parseFromString(text, 'text/xml');
    if (!doc.documentElement) throw new ImportError(locationMessages.importInvalidXml);
    return doc;
  } catch (err) {
    if (err instanceof ImportError) throw err;
    throw new ImportError(locationMessages.importInvalidXml);
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Descriptions are often HTML (Google My Maps): line breaks kept, tags dropped, entities decoded. */
export function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>|<\/p>|<\/div>|<\/li>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, code: string) => {
      if (code.startsWith('#x') || code.startsWith('#X'))
        return String.fromCodePoint(parseInt(code.slice(2), 16));
      if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)));
      return ENTITIES[code.toLowerCase()] ?? whole;
    })
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

const clip = (value: string, max: number) =>
  value.length > max ? `${value.slice(0, max - 1).trimEnd()}…` : value;

/** `<description>` first (text or CDATA HTML), then the description-like fields of ExtendedData. */
const DESCRIPTION_KEYS = [
  'description',
  'Description',
  'desc',
  'Notes',
  'notes',
  'Note',
  'note',
  'cmt',
  'Comment',
];
function descriptionOf(properties: Record<string, unknown>): string | null {
  for (const key of DESCRIPTION_KEYS) {
    const value = properties[key];
    const raw =
      typeof value === 'string'
        ? value
        : typeof value === 'object' && value !== null && 'value' in value && typeof value.value === 'string'
          ? value.value
          : null;
    const textValue = raw === null ? '' : plainText(raw);
    if (textValue) return clip(textValue, LOCATION_DESCRIPTION_MAX);
  }
  return null;
}

/** A point of the geometry: the Point itself, or the first Point of a MultiGeometry. */
function pointOf(geometry: Geometry | null): [number, number] | null {
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

type Outcome = { item: ImportItem } | { failure: ImportFailure } | { ignored: true };

/** A feature as a spot: a name of at least 3 characters and a point in range. */
function toItem(feature: Feature<Geometry | null>, folder: string | undefined): Outcome {
  const properties = feature.properties ?? {};
  const rawName = typeof properties.name === 'string' ? properties.name.replace(/\s+/g, ' ').trim() : '';
  const point = pointOf(feature.geometry);
  if (!point && isLine(feature.geometry)) return { ignored: true };
  if (!rawName) return { failure: { name: null, reason: FAILURE_REASONS.noName } };
  if (rawName.length < LOCATION_NAME_MIN)
    return { failure: { name: rawName, reason: FAILURE_REASONS.shortName } };
  if (!point) return { failure: { name: rawName, reason: FAILURE_REASONS.noPoint } };
  const [longitude, latitude] = point;
  if (!(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180))
    return { failure: { name: rawName, reason: FAILURE_REASONS.outOfRange } };
  const item: ImportItem = {
    name: clip(rawName, LOCATION_NAME_MAX),
    description: descriptionOf(properties),
    latitude,
    longitude,
  };
  return { item: folder ? { ...item, folder } : item };
}

function collect(outcomes: Iterable<Outcome>, format: ParsedImport['format']): ParsedImport {
  const parsed: ParsedImport = { format, items: [], failures: [], ignored: 0 };
  for (const outcome of outcomes) {
    if ('item' in outcome) parsed.items.push(outcome.item);
    else if ('failure' in outcome) parsed.failures.push(outcome.failure);
    else parsed.ignored += 1;
  }
  return parsed;
}

function* kmlOutcomes(node: Root | Folder, path: string[]): Generator<Outcome> {
  for (const child of node.children) {
    if (child.type === 'folder') {
      const name = typeof child.meta.name === 'string' ? child.meta.name.trim() : '';
      yield* kmlOutcomes(child, name ? [...path, name] : path);
    } else if (child.type === 'Feature') {
      yield toItem(child, path.length ? path.join(' / ') : undefined);
    }
  }
}

const localName = (name: string) =>
  (name.includes(':') ? (name.split(':').pop() ?? name) : name).toLowerCase();

/** Spots out of a KML, GPX or KMI document's text (already unpacked and checked: unpack.ts). */
export function parseImport(text: string): ParsedImport {
  const doc = parseXml(text);
  const root = localName(doc.documentElement?.nodeName ?? '');
  const has = (tag: string) => doc.getElementsByTagName(tag).length > 0;
  const format =
    root === 'kml' ? 'kml' : root === 'gpx' || has('wpt') ? 'gpx' : has('Placemark') ? 'kml' : null;
  if (format === null) return { format: 'kml', items: [], failures: [], ignored: 0 };
  if (format === 'kml') {
    const parsed = collect(kmlOutcomes(kmlWithFolders(doc), []), 'kml');
    // Placemarks togeojson could not read at all (no geometry element of any kind) count as failed too.
    const seen = parsed.items.length + parsed.failures.length + parsed.ignored;
    const placemarks = doc.getElementsByTagName('Placemark').length;
    for (let i = seen; i < placemarks; i++)
      parsed.failures.push({ name: null, reason: FAILURE_REASONS.noPoint });
    return parsed;
  }
  const features = gpx(doc).features;
  const parsed = collect(
    features.map((f) => (f.geometry?.type === 'Point' ? toItem(f, undefined) : { ignored: true as const })),
    'gpx',
  );
  // Waypoints without lat/lon are dropped by the reader: each one is a failure.
  const waypoints = doc.getElementsByTagName('wpt').length;
  const read = features.filter((f) => f.geometry?.type === 'Point').length;
  for (let i = read; i < waypoints; i++)
    parsed.failures.push({ name: null, reason: FAILURE_REASONS.noPoint });
  return parsed;
}
