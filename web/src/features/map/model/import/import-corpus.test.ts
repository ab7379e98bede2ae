/**
 * The import over a corpus of real files from other programs (fixtures/corpus/README.md says where each
 * comes from and under which licence): Google's and libkml's KML samples, pykml's and R's test files,
 * GPX written by gpsbabel (1.0, 1.1 with Garmin extensions, a route, KML and GeoJSON from the same
 * waypoints), a GPX parser's test file, and hand-written hostile files (encodings, numeric and missing
 * names, route points, decimal commas, prefixes, leading white space, CDATA, a bzip2 KMZ). Every file is
 * read, and the points found, failed and left out are counted per file; the README gives the counts before
 * issue 24's changes.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { locationMessages as m } from '@schema/contracts/locations-constants';
import { importMessages } from './messages';
import { parseFileBytes } from './read';

const CORPUS = fileURLToPath(new URL('./fixtures/corpus', import.meta.url));
const READABLE = /\.(kml|kmz|kmi|gpx|xml|geojson|json)$/i;

type Expected = { items: number; failures: number; ignored: number } | { refused: string };
const EXPECTED: Record<string, Expected> = {
  'fastkml/KML_Samples.kml': { items: 4, failures: 1, ignored: 16 },
  'gpsbabel/gpsbabel-gpx10.gpx': { items: 6, failures: 0, ignored: 0 },
  'gpsbabel/gpsbabel-gpx11-garmin.gpx': { items: 6, failures: 0, ignored: 0 },
  'gpsbabel/gpsbabel-route.gpx': { items: 6, failures: 0, ignored: 0 },
  'gpsbabel/gpsbabel.geojson': { items: 6, failures: 0, ignored: 0 },
  'gpsbabel/gpsbabel.kml': { items: 6, failures: 0, ignored: 0 },
  'gpxparser/test.xml': { items: 207, failures: 0, ignored: 1 },
  'hostile/bzip2.kmz': { refused: importMessages.kmzCompression },
  'hostile/cdata-mentions-entity.kml': { items: 1, failures: 0, ignored: 0 },
  'hostile/comma-decimals.gpx': { refused: importMessages.commaDecimal('51,567') },
  'hostile/description-text.kml': { items: 2, failures: 0, ignored: 0 },
  'hostile/iso-8859-1.gpx': { items: 2, failures: 0, ignored: 0 },
  'hostile/leading-whitespace.kml': { items: 1, failures: 0, ignored: 0 },
  'hostile/numeric-names.gpx': { items: 5, failures: 0, ignored: 0 },
  'hostile/prefixed.gpx': { items: 1, failures: 0, ignored: 0 },
  'hostile/prefixed.kml': { items: 1, failures: 0, ignored: 0 },
  'hostile/route-points.gpx': { items: 3, failures: 0, ignored: 1 },
  'hostile/utf-16le-no-bom.gpx': { items: 1, failures: 0, ignored: 0 },
  'hostile/windows-1252.kml': { items: 2, failures: 0, ignored: 0 },
  'libkml/abstractview.kml': { items: 1, failures: 8, ignored: 0 },
  'libkml/allstyles.kml': { items: 0, failures: 0, ignored: 0 },
  'libkml/altitudemode.kml': { items: 0, failures: 1, ignored: 0 },
  'libkml/attrs.kml': { items: 1, failures: 0, ignored: 0 },
  'libkml/extendeddata.kml': { items: 0, failures: 1, ignored: 0 },
  'libkml/folder.kml': { items: 0, failures: 9, ignored: 0 },
  'libkml/inline-stylemap.kml': { items: 1, failures: 0, ignored: 0 },
  'libkml/kmlsamples.kml': { items: 4, failures: 1, ignored: 16 },
  'libkml/model.kml': { items: 0, failures: 4, ignored: 0 },
  'libkml/networklink.kml': { items: 0, failures: 1, ignored: 0 },
  'libkml/networklinkcontrol.kml': { items: 0, failures: 7, ignored: 0 },
  'libkml/photooverlay.kml': { items: 0, failures: 0, ignored: 0 },
  'libkml/region.kml': { items: 0, failures: 0, ignored: 0 },
  'libkml/sky.kml': { items: 1, failures: 0, ignored: 0 },
  'libkml/snippets.kml': { items: 0, failures: 5, ignored: 0 },
  'libkml/styles.kml': { items: 0, failures: 0, ignored: 0 },
  'libkml/time.kml': { items: 0, failures: 361, ignored: 12 },
  'libkml/unknown-elements.kml': { items: 0, failures: 1, ignored: 0 },
  'maptools/Testing.kml': { refused: m.importInvalidXml },
  'pykml/altitudemode_reference.kml': { items: 0, failures: 0, ignored: 1 },
  'pykml/colorado_river_linestring.kml': { items: 0, failures: 0, ignored: 1 },
  'pykml/complete_tour_example.kml': { items: 2, failures: 1, ignored: 1 },
  'pykml/hello_world_1_simple_placemark.kml': { items: 1, failures: 0, ignored: 0 },
  'pykml/hello_world_2_spiral_words.kml': { items: 72, failures: 0, ignored: 0 },
  'pykml/hello_world_3_spiral_characters.kml': { items: 88, failures: 0, ignored: 0 },
  'pykml/hello_world_4_gateway_arch.kml': { items: 11, failures: 0, ignored: 0 },
  'pykml/hello_world_5_globe_scale.kml': { items: 11, failures: 0, ignored: 0 },
  'pykml/simple_file_with_comments.kml': { items: 0, failures: 0, ignored: 0 },
  'pykml/using_the_cdata_element.kml': { items: 1, failures: 0, ignored: 0 },
  'rgdal/test_trk2.gpx': { items: 0, failures: 0, ignored: 2 },
};

function corpusFiles(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? corpusFiles(path) : READABLE.test(name) ? [path] : [];
    })
    .sort();
}

function read(path: string): Expected {
  const bytes = readFileSync(path);
  const name = path.split('/').pop();
  const outcome = parseFileBytes(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length), name);
  if (!outcome.ok) return { refused: outcome.message };
  const { items, failures, ignored } = outcome.parsed;
  return { items: items.length, failures: failures.length, ignored };
}

describe('corpus of real files', () => {
  it('every file in the corpus is listed here, with what it holds', () => {
    const files = corpusFiles(CORPUS).map((path) => relative(CORPUS, path));
    expect(files).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [file, expected] of Object.entries(EXPECTED))
    it(`${file}`, () => {
      expect(read(join(CORPUS, file))).toEqual(expected);
    });

  it('reads the whole corpus to 454 spots, none of them garbled', () => {
    let total = 0;
    for (const path of corpusFiles(CORPUS)) {
      const bytes = readFileSync(path);
      const outcome = parseFileBytes(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
      if (!outcome.ok) continue;
      total += outcome.parsed.items.length;
      for (const item of outcome.parsed.items)
        expect(`${item.name} ${item.description ?? ''}`).not.toMatch(/[\uFFFD\u0080-\u009F]/);
    }
    expect(total).toBe(454);
  });
});
