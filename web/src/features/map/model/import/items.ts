/**
 * What the import finds in a file, whatever its format (docs/map.md "Importing KML, KMZ, KMI and GPX"): a
 * point with a position in range becomes an item; one without gets a reason. A point whose name is missing
 * or too short for a spot ("1", "12" from a handheld) is named after the file and its number — "Field walk
 * 12", "Field walk 3" — and the preview lets the member change it. KML placemarks keep the product's rule
 * (docs/product/map.md): one without any name fails.
 */
import {
  LOCATION_DESCRIPTION_MAX,
  LOCATION_NAME_MAX,
  LOCATION_NAME_MIN,
} from '@schema/contracts/locations-constants';
import { xmlSafe, type SpotDetails } from './spot-fields';

/** One spot found in the file (the product's "location import item", plus its folder and fields). */
export interface ImportItem {
  name: string;
  /** The file gave no usable name: this one was made from the file's name and the point's number. */
  nameGenerated?: true;
  description: string | null;
  latitude: number;
  longitude: number;
  /** The KML folder ("Permissions / Norfolk") or GPX route it was in. */
  folder?: string;
  /** The spot's own fields, when the file carries them (DigQuest's export does). */
  details?: SpotDetails;
}

/** Something in the file that cannot be a spot, and why (shown in the preview, counted as failed). */
export interface ImportFailure {
  name: string | null;
  reason: string;
}

export interface ParsedImport {
  format: 'kml' | 'gpx' | 'geojson';
  items: ImportItem[];
  failures: ImportFailure[];
  /** Tracks, lines and areas: not spots, left out. */
  ignored: number;
}

export const FAILURE_REASONS = {
  noName: 'No name',
  noPoint: 'No position',
  outOfRange: 'Position out of range',
} as const;

/** A point as a format reader found it, before the rules. */
export interface Candidate {
  rawName: string;
  description: string | null;
  /** Longitude first, as KML and GeoJSON write it. */
  position: readonly [number, number] | null;
  folder?: string;
  details?: SpotDetails;
  /** KML placemarks: the product asks for a name. Waypoints and features: only for a position. */
  nameRequired: boolean;
}

export type Outcome = { item: ImportItem } | { failure: ImportFailure } | { ignored: true };

const clip = (value: string, max: number) =>
  value.length > max ? `${value.slice(0, max - 1).trimEnd()}…` : value;

/** A name on one line: control characters and line breaks become spaces (a member's double space stays). */
export const oneLine = (value: string) =>
  xmlSafe(value)
    .replace(/\s*[\t\n\r\f\v]\s*/g, ' ')
    .trim();

/** A description: trimmed, control characters out, cut to the spot's limit. */
export const descriptionText = (value: string) => {
  const cleaned = xmlSafe(value).replace(/\r\n?/g, '\n').trim();
  return cleaned ? clip(cleaned, LOCATION_DESCRIPTION_MAX) : null;
};

/** "Field walk.gpx" → names like "Field walk 12"; no file name → "Spot 12". */
export function nameMaker(fileName: string | undefined) {
  const base = oneLine((fileName ?? '').replace(/\.[^.]*$/, '').replace(/[_]+/g, ' ')) || 'Spot';
  return (rawName: string, number: number) => {
    const suffix = rawName || String(number);
    return `${clip(base, LOCATION_NAME_MAX - suffix.length - 1)} ${suffix}`.slice(0, LOCATION_NAME_MAX);
  };
}

export function toOutcome(
  candidate: Candidate,
  number: number,
  makeName: ReturnType<typeof nameMaker>,
): Outcome {
  const rawName = oneLine(candidate.rawName);
  if (!rawName && candidate.nameRequired) return { failure: { name: null, reason: FAILURE_REASONS.noName } };
  const label = rawName || null;
  if (!candidate.position) return { failure: { name: label, reason: FAILURE_REASONS.noPoint } };
  const [longitude, latitude] = candidate.position;
  if (!(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180))
    return { failure: { name: label, reason: FAILURE_REASONS.outOfRange } };
  const generated = rawName.length < LOCATION_NAME_MIN;
  const item: ImportItem = {
    name: generated ? makeName(rawName, number) : clip(rawName, LOCATION_NAME_MAX),
    ...(generated ? { nameGenerated: true as const } : {}),
    description: candidate.description,
    latitude,
    longitude,
    ...(candidate.folder ? { folder: candidate.folder } : {}),
    ...(candidate.details ? { details: candidate.details } : {}),
  };
  return { item };
}

/** The file's candidates in order, numbered from 1, as the import's result. */
export function collect(
  candidates: Iterable<Candidate | { ignored: true }>,
  format: ParsedImport['format'],
  fileName: string | undefined,
): ParsedImport {
  const parsed: ParsedImport = { format, items: [], failures: [], ignored: 0 };
  const makeName = nameMaker(fileName);
  let number = 0;
  for (const candidate of candidates) {
    if ('ignored' in candidate) {
      parsed.ignored += 1;
      continue;
    }
    const outcome = toOutcome(candidate, (number += 1), makeName);
    if ('item' in outcome) parsed.items.push(outcome.item);
    else if ('failure' in outcome) parsed.failures.push(outcome.failure);
  }
  return parsed;
}
