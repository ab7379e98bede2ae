/**
 * Reading spots out of an import's text (docs/map.md "Importing KML, KMZ, KMI and GPX"; docs/product/map.md
 * "Import and export"). JSON is GeoJSON (geojson.ts); anything else is XML, whose reader is chosen by the
 * document's root element, never by the file's extension: `.kmi` files (Garrett's) and `.xml` exports hold
 * either KML placemarks (kml.ts) or GPX-like `<wpt>`s (gpx.ts). Every reader hands its points to the same
 * rules (items.ts); a file with more points than the import takes is refused before any is read.
 */
import type { Document } from '@xmldom/xmldom';
import { geoJsonCandidates } from './geojson';
import { gpxCandidates } from './gpx';
import { collect, type ParsedImport } from './items';
import { kmlCandidates } from './kml';
import { IMPORT_MAX_POINTS, importMessages } from './messages';
import { assertNoEntities, ImportError } from './unpack';
import { localNameOf, parseXml } from './xml';

export { FAILURE_REASONS, type ImportFailure, type ImportItem, type ParsedImport } from './items';

/**
 * Points in the text, counted by their start tags before the document is parsed: a 50 MB KML of a quarter
 * of a million placemarks would take gigabytes as a tree. Tags inside CDATA count too — a cap may err high.
 */
function assertPointCount(text: string): void {
  const tags = /<(?:[A-Za-z_][\w.-]*:)?(?:Placemark|wpt|rtept)[\s/>]/g;
  let count = 0;
  while (tags.exec(text))
    if ((count += 1) > IMPORT_MAX_POINTS) throw new ImportError(importMessages.tooManyPoints);
}

function formatOf(doc: Document): 'kml' | 'gpx' | null {
  const root = localNameOf(doc.documentElement ?? { nodeName: '' });
  const has = (tag: string) => doc.getElementsByTagName(tag).length > 0;
  if (root === 'kml') return 'kml';
  if (root === 'gpx' || has('wpt') || has('rtept')) return 'gpx';
  return has('Placemark') ? 'kml' : null;
}

/** Spots out of a KML, GPX, KMI or GeoJSON document's text (already unpacked: unpack.ts). */
export function parseImport(text: string, fileName?: string): ParsedImport {
  if (/^[\s\uFEFF]*[[{]/.test(text)) return collect(geoJsonCandidates(text), 'geojson', fileName);
  assertNoEntities(text);
  assertPointCount(text);
  const doc = parseXml(text);
  const format = formatOf(doc);
  if (format === null) return { format: 'kml', items: [], failures: [], ignored: 0 };
  return collect(format === 'kml' ? kmlCandidates(doc) : gpxCandidates(doc), format, fileName);
}
