/**
 * Which points an import finds (docs/map.md "Importing KML, KMZ, KMI and GPX"; issue 24, items 10 and 15),
 * on files from fixtures/corpus: a handheld's numeric and missing names get names made from the file and
 * the number; route points are spots; a decimal comma is refused with a message; prefixed KML and GPX,
 * white space before `<?xml` and a CDATA description mentioning `<!ENTITY` all read; a KMZ of more points
 * than the import takes, and a bzip2 KMZ, are refused with their own messages.
 */
import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES, locationMessages as m } from '@schema/contracts/locations-constants';
import { IMPORT_MAX_POINTS, importMessages } from './messages';
import { parseFileBytes, type ParseOutcome } from './read';

const fixture = (path: string) => {
  const bytes = readFileSync(new URL(`./fixtures/corpus/${path}`, import.meta.url));
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
};
const read = (path: string) => parseFileBytes(fixture(path), path.split('/').pop());
const ok = (outcome: ParseOutcome) => {
  if (!outcome.ok) throw new Error(`refused: ${outcome.message}`);
  return outcome.parsed;
};

describe('names', () => {
  it('a handheld’s "1", "12" and unnamed waypoints are named after the file and their number, marked as made up', () => {
    const parsed = ok(read('hostile/numeric-names.gpx'));
    expect(parsed.failures).toEqual([]);
    expect(parsed.items.map((i) => [i.name, i.nameGenerated ?? false, i.description])).toEqual([
      ['numeric-names 1', true, null],
      ['numeric-names 12', true, null],
      ['003', false, null],
      ['numeric-names 4', true, null],
      ['numeric-names 5', true, 'by the stile'],
    ]);
  });

  it('gpsbabel’s KML of the same kind of waypoints: short placemark names are made up too', () => {
    const names = ok(read('gpsbabel/gpsbabel.kml')).items.map((i) => i.name);
    expect(names.slice(0, 3)).toEqual(['gpsbabel 1', 'gpsbabel 12', 'Bell pit']);
  });

  it('without a file name the made-up names start with "Spot"; a placemark with no name at all still fails', () => {
    const kml = `<kml xmlns="http://www.opengis.net/kml/2.2"><Document>
      <Placemark><name>7</name><Point><coordinates>1,52</coordinates></Point></Placemark>
      <Placemark><Point><coordinates>1,52</coordinates></Point></Placemark></Document></kml>`;
    const parsed = ok(parseFileBytes(strToU8(kml).buffer));
    expect(parsed.items.map((i) => i.name)).toEqual(['Spot 7']);
    expect(parsed.failures).toEqual([{ name: null, reason: 'No name' }]);
  });
});

describe('points of every kind and spelling', () => {
  it('route points are spots, in their route’s folder; the track is still left out', () => {
    const parsed = ok(read('hostile/route-points.gpx'));
    expect(parsed.items).toEqual([
      expect.objectContaining({ name: 'Car park', latitude: 51.2001, folder: 'Route: Sunday rally' }),
      expect.objectContaining({ name: 'Ridge and furrow', description: 'Hammered silver last year' }),
      expect.objectContaining({ name: 'route-points 7', nameGenerated: true }),
    ]);
    expect(parsed.ignored).toBe(1);
    expect(ok(read('gpsbabel/gpsbabel-route.gpx')).items).toHaveLength(6);
  });

  it('refuses a decimal comma with a message instead of moving the spot 60 km', () => {
    expect(read('hostile/comma-decimals.gpx')).toEqual({
      ok: false,
      message: importMessages.commaDecimal('51,567'),
    });
    const kml = `<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>Comma farm</name>
      <Point><coordinates>-1,5,52,25,0</coordinates></Point></Placemark></kml>`;
    expect(parseFileBytes(strToU8(kml).buffer)).toEqual({
      ok: false,
      message: importMessages.commaDecimal('-1,5,52,25,0'),
    });
  });

  it('reads KML and GPX whose elements carry a namespace prefix', () => {
    expect(ok(read('hostile/prefixed.kml')).items).toEqual([
      { name: 'Prefixed barrow', description: 'Bronze Age', latitude: 51.1789, longitude: -1.8262 },
    ]);
    expect(ok(read('hostile/prefixed.gpx')).items).toEqual([
      { name: 'Prefixed riverbank', description: 'Tokens', latitude: 50.7184, longitude: -3.5339 },
    ]);
  });

  it('reads a file with blank lines before <?xml', () => {
    expect(ok(read('hostile/leading-whitespace.kml')).items.map((i) => i.name)).toEqual([
      'Leading blank lines',
    ]);
  });

  it('a CDATA description that mentions <!ENTITY is text, not an attack; a real declaration is still refused', () => {
    const parsed = ok(read('hostile/cdata-mentions-entity.kml'));
    expect(parsed.items[0]?.description).toBe(
      'We talked about why <!ENTITY declarations are dangerous: is only text here.',
    );
    const declared = `<?xml version="1.0"?><!DOCTYPE kml [<!-- x --><!ENTITY e "y">]><kml><![CDATA[a]]></kml>`;
    expect(parseFileBytes(strToU8(declared).buffer)).toEqual({ ok: false, message: m.importUnsafe });
  });
});

describe('KMZ limits', () => {
  it(`refuses a KMZ of more than ${IMPORT_MAX_POINTS} points with a clear message, before building any of them`, () => {
    const placemark = (i: number) =>
      `<Placemark><name>Spot ${i}</name><Point><coordinates>1,52</coordinates></Point></Placemark>`;
    const kml = (count: number) =>
      `<kml xmlns="http://www.opengis.net/kml/2.2"><Document>${Array.from({ length: count }, (_, i) => placemark(i)).join('')}</Document></kml>`;
    const over = zipSync({ 'doc.kml': strToU8(kml(IMPORT_MAX_POINTS + 1)) });
    expect(over.length).toBeLessThan(IMPORT_MAX_BYTES);
    expect(parseFileBytes(over.buffer)).toEqual({ ok: false, message: importMessages.tooManyPoints });
    const atCap = zipSync({ 'doc.kml': strToU8(kml(IMPORT_MAX_POINTS)) });
    expect(ok(parseFileBytes(atCap.buffer)).items).toHaveLength(IMPORT_MAX_POINTS);
  });

  it('a KMZ compressed with bzip2 says so, rather than "Invalid KML/XML format"', () => {
    expect(read('hostile/bzip2.kmz')).toEqual({ ok: false, message: importMessages.kmzCompression });
  });
});
