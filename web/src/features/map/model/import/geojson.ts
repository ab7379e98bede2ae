/**
 * GeoJSON (RFC 7946) as import candidates (docs/map.md "Importing KML, KMZ, KMI and GPX"): DigQuest's own
 * export, and other programs' points. A Point feature (or the first point of a MultiPoint or a geometry
 * collection) is a candidate; lines and areas are left out. Properties: `name` (or `title`),
 * `description` — plain text, or togeojson's `{ "@type": "html", value }` — and the spot's own fields by
 * their names (spot-fields.ts).
 */
import type { Feature, Geometry } from 'geojson';
import { htmlToText } from './html-text';
import { descriptionText, type Candidate } from './items';
import { pointOf } from './kml';
import { IMPORT_MAX_POINTS, importMessages } from './messages';
import { readDetails } from './spot-fields';
import { ImportError } from './unpack';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function featuresOf(data: unknown): unknown[] {
  if (!isRecord(data)) throw new ImportError(importMessages.invalidGeoJson);
  if (data.type === 'FeatureCollection' && Array.isArray(data.features)) return data.features;
  if (data.type === 'Feature') return [data];
  if (typeof data.type === 'string' && 'coordinates' in data) return [{ type: 'Feature', geometry: data }];
  if (data.type === 'GeometryCollection') return [{ type: 'Feature', geometry: data }];
  throw new ImportError(importMessages.invalidGeoJson);
}

function descriptionOf(value: unknown): string | null {
  if (typeof value === 'string') return descriptionText(value);
  if (isRecord(value) && typeof value.value === 'string')
    return descriptionText(value['@type'] === 'html' ? htmlToText(value.value) : value.value);
  return null;
}

/** Positions must be numbers: a string such as "51,567" is no position. */
function positionOf(geometry: unknown): [number, number] | null {
  if (!isRecord(geometry)) return null;
  const point = pointOf(geometry as unknown as Geometry);
  return point && point.every((n) => typeof n === 'number' && Number.isFinite(n)) ? point : null;
}

function candidateOf(feature: unknown): Candidate | { ignored: true } {
  const { geometry, properties } = isRecord(feature) ? (feature as Partial<Feature>) : {};
  const props: Record<string, unknown> = isRecord(properties) ? properties : {};
  const position = positionOf(geometry);
  if (!position && isRecord(geometry) && /LineString|Polygon/.test(String(geometry.type)))
    return { ignored: true };
  const name = props.name ?? props.title ?? props.Name;
  const details = readDetails((field) => props[field]);
  return {
    rawName: typeof name === 'string' ? name : '',
    description: descriptionOf(props.description ?? props.desc),
    position,
    nameRequired: false,
    ...(details ? { details } : {}),
  };
}

export function geoJsonCandidates(text: string): Array<Candidate | { ignored: true }> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ImportError(importMessages.invalidGeoJson);
  }
  const features = featuresOf(data);
  if (features.length > IMPORT_MAX_POINTS) throw new ImportError(importMessages.tooManyPoints);
  return features.map(candidateOf);
}
