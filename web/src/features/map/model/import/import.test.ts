/**
 * The import's reading (docs/map.md "Importing KML, KMZ, KMI and GPX") on files shaped like the real ones:
 * a Google My Maps KML with folders, styles, HTML descriptions and ExtendedData; a GPX from a handheld with
 * waypoints and a track; a Garrett .kmi; a KMZ with a picture inside; and the hostile ones — a KML with an
 * external entity, a zip bomb, broken XML — each refused with the member's message.
 */
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES, locationMessages as m } from '@schema/contracts/locations-constants';
import { importMessages } from './messages';
import { FAILURE_REASONS } from './parse';
import { checkImportFile } from './check-file';
import { parseFileBytes, type ParseOutcome } from './read';

const MY_MAPS_KML = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2">
  <Document>
    <name>Detecting permissions 2024</name>
    <Style id="icon-1899-0288D1-normal"><IconStyle><color>ffd18802</color></IconStyle></Style>
    <Folder>
      <name>Permissions</name>
      <Placemark>
        <name>Top Field – Manor Farm</name>
        <description><![CDATA[Stubble after harvest<br>Ask at the farmhouse &amp; park by the gate]]></description>
        <styleUrl>#icon-1899-0288D1</styleUrl>
        <ExtendedData>
          <Data name="Landowner"><value>Mr Jones</value></Data>
        </ExtendedData>
        <Point><coordinates>
          1.2345678,52.6543210,0
        </coordinates></Point>
      </Placemark>
      <Placemark>
        <name>Roman road crossing</name>
        <ExtendedData><Data name="Notes"><value>Coins found along the agger</value></Data></ExtendedData>
        <MultiGeometry>
          <Point><coordinates>-1.5,53.25,0</coordinates></Point>
          <LineString><coordinates>-1.5,53.25,0 -1.49,53.26,0</coordinates></LineString>
        </MultiGeometry>
      </Placemark>
      <Placemark>
        <name>Walk to the field</name>
        <LineString><coordinates>1.2,52.6,0 1.21,52.61,0</coordinates></LineString>
      </Placemark>
    </Folder>
    <Folder>
      <name>Beaches</name>
      <Folder>
        <name>Norfolk</name>
        <Placemark><name>Cromer foreshore</name><Point><coordinates>1.301,52.933</coordinates></Point></Placemark>
        <Placemark><Point><coordinates>1.3,52.9</coordinates></Point></Placemark>
        <Placemark><name>Wells</name></Placemark>
        <Placemark><name>Bad</name><Point><coordinates>1.3,95</coordinates></Point></Placemark>
      </Folder>
    </Folder>
  </Document>
</kml>`;

const HANDHELD_GPX = `<?xml version="1.0" encoding="UTF-8" standalone="no" ?>
<gpx xmlns="http://www.topografix.com/GPX/1/1" creator="eTrex 32x" version="1.1">
  <metadata><time>2024-05-04T09:12:00Z</time></metadata>
  <wpt lat="51.752021" lon="-1.257726"><ele>64.2</ele><time>2024-05-04T09:15:00Z</time><name>001 Hammered</name><cmt>Edward I penny</cmt><sym>Flag, Blue</sym></wpt>
  <wpt lat="51.7531" lon="-1.2581"><name>002</name></wpt>
  <wpt lon="-1.26"><name>Lost waypoint</name></wpt>
  <trk><name>Morning session</name><trkseg>
    <trkpt lat="51.752" lon="-1.2577"><ele>64</ele></trkpt>
    <trkpt lat="51.7522" lon="-1.2579"><ele>64</ele></trkpt>
  </trkseg></trk>
</gpx>`;

const GARRETT_KMI = `<?xml version="1.0"?>
<GarrettWaypoints>
  <wpt lat="50.5" lon="-3.5"><name>Dartmoor edge</name><desc>Pasture</desc></wpt>
</GarrettWaypoints>`;

const bytes = (text: string) => strToU8(text).buffer;
const ok = (outcome: ParseOutcome) => {
  if (!outcome.ok) throw new Error(`refused: ${outcome.message}`);
  return outcome.parsed;
};

describe('checks before reading', () => {
  it('accepts the five extensions and GeoJSON up to 10MB, with the product’s messages otherwise', () => {
    for (const name of ['a.kml', 'b.KMI', 'c.kmz', 'd.gpx', 'e.xml', 'f.geojson', 'g.json'])
      expect(checkImportFile({ name, size: 100 })).toBeNull();
    expect(checkImportFile({ name: 'photo.jpg', size: 100 })).toBe(importMessages.wrongType);
    expect(checkImportFile({ name: 'big.kml', size: IMPORT_MAX_BYTES + 1 })).toBe(m.importTooLarge);
    expect(checkImportFile({ name: 'edge.kml', size: IMPORT_MAX_BYTES })).toBeNull();
  });
});

describe('KML, GPX and KMI', () => {
  it('reads a Google My Maps export: folders, HTML and ExtendedData descriptions, MultiGeometry, longitude first', () => {
    const parsed = ok(parseFileBytes(bytes(MY_MAPS_KML)));
    expect(parsed.format).toBe('kml');
    expect(parsed.items).toEqual([
      {
        name: 'Top Field – Manor Farm',
        description: 'Stubble after harvest\nAsk at the farmhouse & park by the gate',
        latitude: 52.654321,
        longitude: 1.2345678,
        folder: 'Permissions',
        // My Maps' "Landowner" column is the permission record's landowner.
        details: { landownerName: 'Mr Jones' },
      },
      {
        name: 'Roman road crossing',
        description: 'Coins found along the agger',
        latitude: 53.25,
        longitude: -1.5,
        folder: 'Permissions',
      },
      {
        name: 'Cromer foreshore',
        description: null,
        latitude: 52.933,
        longitude: 1.301,
        folder: 'Beaches / Norfolk',
      },
    ]);
    expect(parsed.ignored).toBe(1);
    expect(parsed.failures).toEqual([
      { name: null, reason: FAILURE_REASONS.noName },
      { name: 'Wells', reason: FAILURE_REASONS.noPoint },
      { name: 'Bad', reason: FAILURE_REASONS.outOfRange },
    ]);
  });

  it('reads a handheld GPX: waypoints become spots, the track is left out, a waypoint without lat fails by name', () => {
    const parsed = ok(parseFileBytes(bytes(HANDHELD_GPX)));
    expect(parsed.format).toBe('gpx');
    expect(parsed.items).toEqual([
      { name: '001 Hammered', description: 'Edward I penny', latitude: 51.752021, longitude: -1.257726 },
      { name: '002', description: null, latitude: 51.7531, longitude: -1.2581 },
    ]);
    expect(parsed.ignored).toBe(1);
    expect(parsed.failures).toEqual([{ name: 'Lost waypoint', reason: FAILURE_REASONS.noPoint }]);
  });

  it('reads a Garrett .kmi by its waypoints, whatever its root element', () => {
    const parsed = ok(parseFileBytes(bytes(GARRETT_KMI)));
    expect(parsed.items).toEqual([
      { name: 'Dartmoor edge', description: 'Pasture', latitude: 50.5, longitude: -3.5 },
    ]);
  });

  it('broken XML is "Invalid KML/XML format"; a document with nothing usable has no items', () => {
    expect(parseFileBytes(bytes('<kml><Placemark><name>x</name></kml'))).toEqual({
      ok: false,
      message: m.importInvalidXml,
    });
    expect(ok(parseFileBytes(bytes('<?xml version="1.0"?><html><body/></html>'))).items).toEqual([]);
  });
});

describe('KMZ', () => {
  it('reads doc.kml out of a KMZ that also holds a picture', () => {
    const jpeg = new Uint8Array(200_000).map((_, i) => (i * 7919) % 251);
    const kmz = zipSync({ 'doc.kml': strToU8(MY_MAPS_KML), 'files/field.jpg': [jpeg, { level: 0 }] });
    const parsed = ok(parseFileBytes(kmz.buffer));
    expect(parsed.items.map((i) => i.name)).toEqual([
      'Top Field – Manor Farm',
      'Roman road crossing',
      'Cromer foreshore',
    ]);
  });

  it('a KMZ without a KML says so', () => {
    const kmz = zipSync({ 'files/field.jpg': new Uint8Array(10) });
    expect(parseFileBytes(kmz.buffer)).toEqual({ ok: false, message: m.importNoKml });
  });
});

describe('hostile files', () => {
  it('refuses a KML declaring an external entity before any parser sees it', () => {
    const xxe = `<?xml version="1.0"?>
<!DOCTYPE kml [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>&secret;</name>
<Point><coordinates>0,51</coordinates></Point></Placemark></Document></kml>`;
    expect(parseFileBytes(bytes(xxe))).toEqual({ ok: false, message: m.importUnsafe });
    const billion = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><kml>&lol2;</kml>`;
    expect(parseFileBytes(bytes(billion))).toEqual({ ok: false, message: m.importUnsafe });
  });

  it('stops a zip bomb at 50MB unzipped, counting what comes out rather than trusting the archive', () => {
    // 60MB of the same byte compresses to about 60KB: well under the 10MB upload limit.
    const bomb = zipSync({ 'doc.kml': [new Uint8Array(60 * 1024 * 1024).fill(0x20), { level: 9 }] });
    expect(bomb.length).toBeLessThan(IMPORT_MAX_BYTES);
    expect(parseFileBytes(bomb.buffer)).toEqual({ ok: false, message: m.importUnzippedTooLarge });
  });
});
