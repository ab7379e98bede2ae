/**
 * Protected areas on the server (docs/protected-areas.md): the areas in a box, a page at a time, and the
 * check of a position — inside, near, clear, or no-data where no imported monument list covers the place.
 * The check itself is the shared one (schema/contracts/protected-areas), so the device answers the same.
 */
import { and, asc, gt, gte, lte, type SQL } from 'drizzle-orm';
import {
  checkPosition,
  expandBBox,
  isCovered,
  nearLimitM,
  PROTECTED_SOURCES,
  type AreaGeometry,
  type BBox,
  type CheckResult,
  type ProtectedArea,
  type ProtectedSource,
} from '@schema/contracts/protected-areas';
import { nationAt } from '@schema/contracts/protected-areas/nation';
import { protectedAreas, protectedSources } from '@schema/db/tables';
import type { Store } from '../../sync/registry';

type AreaRow = typeof protectedAreas.$inferSelect;

const isSource = (value: string): value is ProtectedSource =>
  (PROTECTED_SOURCES as readonly string[]).includes(value);

export function toArea(row: AreaRow): ProtectedArea {
  return {
    id: row.id,
    source: isSource(row.source) ? row.source : 'other',
    reference: row.reference,
    name: row.name,
    kind: row.kind,
    designatedOn: row.designatedOn,
    recordUrl: row.recordUrl,
    // Written by the importer after validateGeometry: a Polygon or MultiPolygon.
    geometry: JSON.parse(row.geometry) as AreaGeometry,
    bbox: [row.minLng, row.minLat, row.maxLng, row.maxLat],
  };
}

export interface ImportedSource {
  source: ProtectedSource;
  attribution: string | null;
  maxSpanLat: number;
}

export async function importedSources(store: Store): Promise<ImportedSource[]> {
  const rows = await store.select().from(protectedSources);
  return rows.flatMap((row) =>
    isSource(row.source)
      ? [{ source: row.source, attribution: row.attribution, maxSpanLat: row.maxSpanLat }]
      : [],
  );
}

/**
 * The areas whose boxes meet `bbox`, by id. The index's first column is the south edge: an area meeting the
 * box starts at most its own height south of it, and no area is taller than the sources' largest span.
 */
function boxConditions(bbox: BBox, maxSpanLat: number): SQL[] {
  const [west, south, east, north] = bbox;
  return [
    gte(protectedAreas.minLat, south - maxSpanLat),
    lte(protectedAreas.minLat, north),
    gte(protectedAreas.maxLat, south),
    lte(protectedAreas.minLng, east),
    gte(protectedAreas.maxLng, west),
  ];
}

const largestSpan = (sources: readonly ImportedSource[]) =>
  sources.reduce((max, s) => Math.max(max, s.maxSpanLat), 0);

/** One page of the areas meeting a box, `limit + 1` rows (the route trims and sets the cursor). */
export async function areasInBox(
  store: Store,
  bbox: BBox,
  page: { after: number | null; limit: number },
): Promise<{ areas: ProtectedArea[] }> {
  const sources = await importedSources(store);
  const conditions = boxConditions(bbox, largestSpan(sources));
  if (page.after !== null) conditions.push(gt(protectedAreas.id, page.after));
  const rows = await store
    .select()
    .from(protectedAreas)
    .where(and(...conditions))
    .orderBy(asc(protectedAreas.id))
    .limit(page.limit + 1);
  return { areas: rows.map(toArea) };
}

/** The check of one position (accuracy in metres, as the phone reports it), with the data's attributions. */
export async function checkAt(
  store: Store,
  point: { latitude: number; longitude: number },
  accuracyM: number,
): Promise<CheckResult & { attribution: string[] }> {
  const sources = await importedSources(store);
  const covered = isCovered(
    nationAt(point),
    sources.map((s) => s.source),
  );
  if (!covered) return { status: 'no-data', areas: [], attribution: [] };
  const around = expandBBox(
    [point.longitude, point.latitude, point.longitude, point.latitude],
    nearLimitM(accuracyM),
  );
  const rows = await store
    .select()
    .from(protectedAreas)
    .where(and(...boxConditions(around, largestSpan(sources))));
  const result = checkPosition(rows.map(toArea), point, accuracyM, true);
  return {
    ...result,
    attribution: sources.flatMap((s) => (s.attribution ? [s.attribution] : [])),
  };
}
