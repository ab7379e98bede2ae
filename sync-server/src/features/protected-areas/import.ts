/**
 * Importing a publisher's protected areas (docs/protected-areas.md "Importing"): a GeoJSON FeatureCollection
 * read as a stream — one feature in memory at a time, so a 100 MB file takes flat memory — or the pages of an
 * ArcGIS FeatureServer query. Idempotent by (source, reference): a re-import updates what it lists again,
 * adds what is new and removes what the new data no longer lists; a feature that cannot be read is refused
 * with its reference and the rest go in. Rows are written in batches, each in its own transaction; the
 * removal runs only once the whole file has been read, so a file cut short never empties a source.
 */
import fs from 'node:fs';
import { and, eq, inArray, lt } from 'drizzle-orm';
import chain from 'stream-chain';
import { parser } from 'stream-json';
import { pick } from 'stream-json/filters/pick.js';
import { streamArray } from 'stream-json/streamers/stream-array.js';
import {
  attributionFor,
  PROTECTED_SOURCE_INFO,
  type ProtectedSource,
} from '@schema/contracts/protected-areas';
import { protectedAreas, protectedSources } from '@schema/db/tables';
import type { Store } from '../../sync/registry';
import { readFeature, RefusedFeature, type AreaInput, type FieldNames } from './features';

export interface ImportCounts {
  added: number;
  updated: number;
  removed: number;
  refused: number;
  /** The first refusals' messages (each names its feature's reference). */
  problems: string[];
}

export interface ImportOptions {
  /** The file says EPSG:27700 (otherwise coordinates beyond ±180/±90 are read as British National Grid). */
  britishGrid?: boolean;
  fields?: Partial<FieldNames>;
  batchSize?: number;
  now?: Date;
}

const MAX_PROBLEMS = 20;

async function writeBatch(store: Store, source: ProtectedSource, batch: AreaInput[], stamp: string) {
  return store.transaction(async (tx) => {
    const known = await tx
      .select({ reference: protectedAreas.reference })
      .from(protectedAreas)
      .where(
        and(
          eq(protectedAreas.source, source),
          inArray(
            protectedAreas.reference,
            batch.map((a) => a.reference),
          ),
        ),
      );
    for (const area of batch) {
      const row = {
        source,
        reference: area.reference,
        name: area.name,
        kind: area.kind,
        designatedOn: area.designatedOn,
        recordUrl: area.recordUrl,
        geometry: JSON.stringify(area.geometry),
        minLng: area.bbox[0],
        minLat: area.bbox[1],
        maxLng: area.bbox[2],
        maxLat: area.bbox[3],
        updatedAt: stamp,
      };
      await tx
        .insert(protectedAreas)
        .values(row)
        .onConflictDoUpdate({ target: [protectedAreas.source, protectedAreas.reference], set: row });
    }
    return known.length;
  });
}

/** Imports the features of one source; answers the counts. */
export async function importAreas(
  store: Store,
  source: ProtectedSource,
  features: AsyncIterable<unknown>,
  options: ImportOptions = {},
): Promise<ImportCounts> {
  const now = options.now ?? new Date();
  // Every row this import writes carries its stamp; what keeps an older one was not listed again.
  const stamp = now.toISOString();
  const counts: ImportCounts = { added: 0, updated: 0, removed: 0, refused: 0, problems: [] };
  const batchSize = options.batchSize ?? 500;
  let batch: AreaInput[] = [];
  let position = 0;
  let maxSpanLat = 0;
  const seen = new Set<string>();
  const flush = async () => {
    if (batch.length === 0) return;
    const known = await writeBatch(store, source, batch, stamp);
    counts.updated += known;
    counts.added += batch.length - known;
    batch = [];
  };
  for await (const feature of features) {
    try {
      const area = readFeature(source, feature, {
        britishGrid: options.britishGrid ?? false,
        fields: options.fields,
        position,
      });
      // A reference listed twice: the later one wins, counted once.
      if (seen.has(area.reference)) batch = batch.filter((a) => a.reference !== area.reference);
      else seen.add(area.reference);
      maxSpanLat = Math.max(maxSpanLat, area.bbox[3] - area.bbox[1]);
      batch.push(area);
      if (batch.length >= batchSize) await flush();
    } catch (err) {
      if (!(err instanceof RefusedFeature)) throw err;
      counts.refused += 1;
      if (counts.problems.length < MAX_PROBLEMS) counts.problems.push(err.message);
    }
    position += 1;
  }
  await flush();
  // Nothing readable (an empty or wrong file): removing "what it no longer lists" would empty the source.
  if (seen.size === 0)
    throw new Error(
      `${source}: no area could be read (${counts.refused} refused${counts.problems[0] ? `, the first ${counts.problems[0]}` : ''}); nothing was changed`,
    );
  await store.transaction(async (tx) => {
    const gone = await tx
      .delete(protectedAreas)
      .where(and(eq(protectedAreas.source, source), lt(protectedAreas.updatedAt, stamp)))
      .returning({ id: protectedAreas.id });
    counts.removed = gone.length;
    const info = PROTECTED_SOURCE_INFO[source];
    const row = {
      source,
      nations: info.nations.join(','),
      attribution: attributionFor(source, now.getUTCFullYear()),
      areaCount: seen.size,
      maxSpanLat,
      importedAt: stamp,
    };
    await tx
      .insert(protectedSources)
      .values(row)
      .onConflictDoUpdate({ target: protectedSources.source, set: row });
  });
  return counts;
}

/** The features of a GeoJSON FeatureCollection file, one at a time. */
export async function* geoJsonFileFeatures(file: string): AsyncGenerator<unknown> {
  const pipeline = chain([fs.createReadStream(file), parser(), pick({ filter: 'features' }), streamArray()]);
  for await (const item of pipeline as AsyncIterable<{ value: unknown }>) yield item.value;
}

/** A GeoJSON `crs` member: an object with at most one level of objects inside ({ type, properties: {…} }). */
const CRS_MEMBER = /"crs"\s*:\s*(\{(?:[^{}]|\{[^{}]*\})*\})/;

/**
 * Whether a GeoJSON file's `crs` member names British National Grid (EPSG:27700 in any of its spellings, or
 * OSGB 1936), read from the file's first 64 KB where publishers write it. Only the member itself is read: a
 * reference or a name elsewhere that happens to be 27700 says nothing about the coordinates.
 */
export function fileSaysBritishGrid(file: string): boolean {
  const handle = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(64 * 1024);
    const read = fs.readSync(handle, head, 0, head.length, 0);
    const crs = CRS_MEMBER.exec(head.subarray(0, read).toString('utf8'))?.[1] ?? '';
    return /\b27700\b|OSGB.?1936/i.test(crs);
  } finally {
    fs.closeSync(handle);
  }
}

/**
 * The features of an ArcGIS FeatureServer query, page after page (`resultOffset`, `resultRecordCount`,
 * `f=geojson`, `outSR=4326`) until a page comes back short and says no more.
 */
export async function* featureServerFeatures(
  queryUrl: string,
  options: { pageSize?: number; fetch?: typeof fetch } = {},
): AsyncGenerator<unknown> {
  const pageSize = options.pageSize ?? 1000;
  const get = options.fetch ?? fetch;
  // The next page starts after what came back: a layer's maxRecordCount may be below the size asked for.
  for (let offset = 0; ;) {
    const url = new URL(queryUrl);
    for (const [key, value] of Object.entries({
      where: url.searchParams.get('where') ?? '1=1',
      outFields: url.searchParams.get('outFields') ?? '*',
      f: 'geojson',
      outSR: '4326',
      resultOffset: String(offset),
      resultRecordCount: String(pageSize),
    }))
      url.searchParams.set(key, value);
    const res = await get(url, { signal: AbortSignal.timeout(60_000) });
    if (!res.ok) throw new Error(`FeatureServer answered ${res.status} at offset ${offset}`);
    const page = (await res.json()) as {
      features?: unknown;
      error?: { message?: string };
      exceededTransferLimit?: boolean;
      properties?: { exceededTransferLimit?: boolean };
    };
    // ArcGIS reports a bad query as 200 with an `error` member: read as "no features", it would empty a source.
    if (!Array.isArray(page.features))
      throw new Error(
        `FeatureServer answered no features at offset ${offset}: ${page.error?.message ?? 'not a FeatureCollection'}`,
      );
    const features: unknown[] = page.features;
    yield* features;
    offset += features.length;
    const more =
      page.exceededTransferLimit ?? page.properties?.exceededTransferLimit ?? features.length === pageSize;
    if (!more || features.length === 0) return;
  }
}
