/**
 * Protected areas (docs/protected-areas.md): scheduled monuments and other designated sites, imported from
 * the publishers' open data (`npm run protected:import`), and the sources imported with their coverage and
 * attribution. Reference data: read by anyone, written only by the importer.
 */
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, id, updatedAt } from './columns';

/**
 * One designated area. `geometry` is a GeoJSON Polygon or MultiPolygon in WGS84, simplified to about a
 * metre; the bounding box is kept in its own columns so a box query reads an index, on both engines,
 * without reading any geometry.
 */
export const protectedAreas = sqliteTable(
  'protected_areas',
  {
    id: id(),
    source: text('source').notNull(),
    /** The publisher's reference: the list entry number, SAM number, designation reference… */
    reference: text('reference').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    designatedOn: text('designated_on'),
    recordUrl: text('record_url'),
    geometry: text('geometry').notNull(),
    minLng: real('min_lng').notNull(),
    minLat: real('min_lat').notNull(),
    maxLng: real('max_lng').notNull(),
    maxLat: real('max_lat').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('protected_areas_source_reference').on(t.source, t.reference),
    // A box query: min_lat between (south − the largest area's height) and north, then the rest. Areas are
    // small (a monument is rarely 2 km across), so the first column narrows to a thin band of the country.
    index('protected_areas_bbox').on(t.minLat, t.maxLat, t.minLng, t.maxLng),
  ],
);

/** Each source imported: which nations it covers and the attribution its licence asks for. */
export const protectedSources = sqliteTable('protected_sources', {
  source: text('source').primaryKey(),
  nations: text('nations').notNull(),
  attribution: text('attribution'),
  areaCount: integer('area_count').notNull().default(0),
  /** The largest height of any of its areas, in degrees: how far south of a box its areas may start. */
  maxSpanLat: real('max_span_lat').notNull().default(0),
  importedAt: text('imported_at').notNull(),
});
