/**
 * One published feature → one protected area row (docs/protected-areas.md "Importing"): the publisher's
 * attribute names read per source, British National Grid coordinates moved to WGS84 (proj4, the OSGB36
 * seven-parameter Helmert: a few metres, well under the 50 m "near" margin), the geometry checked, then
 * simplified to about a metre. A feature that cannot be read is refused with its reference, never guessed.
 */
import proj4 from 'proj4';
import {
  bboxOf,
  simplifyGeometry,
  validateGeometry,
  type AreaGeometry,
  type ProtectedSource,
} from '@schema/contracts/protected-areas';

const BRITISH_NATIONAL_GRID =
  '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy ' +
  '+towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs';
const toWgs84 = proj4(BRITISH_NATIONAL_GRID, 'WGS84');

/** What each publisher calls the fields (Historic England, Cadw, Historic Environment Scotland, Natural England). */
export interface FieldNames {
  reference: readonly string[];
  name: readonly string[];
  designatedOn: readonly string[];
  recordUrl: readonly string[];
}

const COMMON: FieldNames = {
  reference: ['reference', 'ref', 'id'],
  name: ['name', 'title'],
  designatedOn: ['designated', 'designation_date'],
  recordUrl: ['url', 'hyperlink', 'link'],
};

export const SOURCE_FIELDS: Readonly<Record<ProtectedSource, FieldNames>> = {
  nhle: {
    reference: ['ListEntry', 'list_entry', 'LISTENTRY', ...COMMON.reference],
    name: ['Name', 'NAME', ...COMMON.name],
    designatedOn: ['SchedDate', 'SCHEDDATE', 'schedule_date', ...COMMON.designatedOn],
    recordUrl: ['hyperlink', 'Hyperlink', ...COMMON.recordUrl],
  },
  cadw: {
    reference: ['SAMNumber', 'SAM_Number', 'SAMNUMBER', 'sam_number', ...COMMON.reference],
    name: ['Name', 'NAME', 'Name_En', 'name_en', ...COMMON.name],
    designatedOn: ['DateScheduled', 'date_scheduled', ...COMMON.designatedOn],
    recordUrl: ['Report', 'report', ...COMMON.recordUrl],
  },
  hes: {
    reference: ['DES_REF', 'des_ref', ...COMMON.reference],
    name: ['DES_TITLE', 'des_title', ...COMMON.name],
    designatedOn: ['DESIGNATED', 'designated', ...COMMON.designatedOn],
    recordUrl: ['LINK', 'link', ...COMMON.recordUrl],
  },
  sssi: {
    reference: ['REF_CODE', 'ref_code', ...COMMON.reference],
    name: ['SSSI_NAME', 'sssi_name', ...COMMON.name],
    designatedOn: ['NOTIF_DATE', ...COMMON.designatedOn],
    recordUrl: COMMON.recordUrl,
  },
  other: COMMON,
};

export const KIND_OF: Readonly<Record<ProtectedSource, string>> = {
  nhle: 'Scheduled monument',
  cadw: 'Scheduled monument',
  hes: 'Scheduled monument',
  sssi: 'Site of Special Scientific Interest',
  other: 'Protected area',
};

export interface AreaInput {
  reference: string;
  name: string;
  kind: string;
  designatedOn: string | null;
  recordUrl: string | null;
  geometry: AreaGeometry;
  bbox: [number, number, number, number];
}

export class RefusedFeature extends Error {}

function firstOf(properties: Record<string, unknown>, names: readonly string[]): string | null {
  for (const name of names) {
    const value = properties[name];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return null;
}

/** A date as the publishers write it (ISO text, or ArcGIS's milliseconds since 1970) → YYYY-MM-DD. */
function isoDay(value: string | null): string | null {
  if (value === null) return null;
  if (/^\d{4}-\d{2}-\d{2}/.test(value)) return value.slice(0, 10);
  const time = /^-?\d{9,}$/.test(value) ? Number(value) : Date.parse(value);
  return Number.isFinite(time) ? new Date(time).toISOString().slice(0, 10) : null;
}

/** Every position of a geometry's coordinates, changed in place (a fresh copy from the parser). */
function eachPosition(coordinates: unknown, visit: (position: number[]) => void): void {
  if (!Array.isArray(coordinates)) return;
  if (typeof coordinates[0] === 'number') {
    visit(coordinates as number[]);
    return;
  }
  for (const inner of coordinates) eachPosition(inner, visit);
}

/** Eastings and northings are hundreds of thousands of metres; degrees never pass 180. */
function looksProjected(coordinates: unknown): boolean {
  let projected = false;
  eachPosition(coordinates, (p) => {
    if (Math.abs(p[0] ?? 0) > 180 || Math.abs(p[1] ?? 0) > 90) projected = true;
  });
  return projected;
}

/**
 * A feature as an area. `britishGrid`: the file says EPSG:27700; otherwise coordinates that cannot be degrees
 * are read as British National Grid. Throws RefusedFeature naming the reference (or the feature's position).
 */
export function readFeature(
  source: ProtectedSource,
  feature: unknown,
  options: { britishGrid: boolean; fields?: Partial<FieldNames>; position: number },
): AreaInput {
  const record = typeof feature === 'object' && feature !== null ? (feature as Record<string, unknown>) : {};
  const properties =
    typeof record.properties === 'object' && record.properties !== null
      ? (record.properties as Record<string, unknown>)
      : {};
  const names = { ...SOURCE_FIELDS[source], ...options.fields };
  const reference = firstOf(properties, names.reference);
  const label = reference ?? `feature ${options.position + 1}`;
  if (reference === null) throw new RefusedFeature(`${label}: no reference (${names.reference.join(', ')})`);
  const geometry = record.geometry as { type?: unknown; coordinates?: unknown } | null | undefined;
  if (geometry && (options.britishGrid || looksProjected(geometry.coordinates))) {
    eachPosition(geometry.coordinates, (p) => {
      const [lng, lat] = toWgs84.forward([p[0] ?? NaN, p[1] ?? NaN]);
      p.length = 2;
      p[0] = lng ?? NaN;
      p[1] = lat ?? NaN;
    });
  }
  const checked = validateGeometry(geometry);
  if (!checked.ok) throw new RefusedFeature(`${label}: ${checked.problem}`);
  const simplified = simplifyGeometry(checked.geometry, 1);
  return {
    reference,
    name: firstOf(properties, names.name) ?? reference,
    kind: KIND_OF[source],
    designatedOn: isoDay(firstOf(properties, names.designatedOn)),
    recordUrl: firstOf(properties, names.recordUrl),
    geometry: simplified,
    bbox: bboxOf(simplified),
  };
}
