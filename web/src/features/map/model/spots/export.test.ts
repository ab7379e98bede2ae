/**
 * Export (docs/map.md "Export"): the member's spots as GPX, KML and GeoJSON. Each is read back by the import
 * with every field equal — type, terrain, access, best time, the flags and the permission record — also
 * for text with `<`, `&`, quotes, line breaks and spacing, a control character pasted from a word
 * processor (written as a space: strict readers refuse the file otherwise) and a longitude of 1e-7 (written
 * in plain decimals). The GPX validates against the GPX 1.1 schema (fixtures/gpx-xsd). Permission records
 * are written only when asked for.
 */
import { readFileSync } from 'node:fs';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import type { LocalLocation } from '@web/db/locations-types';
import type { ImportItem } from '../import/parse';
import { parseFileBytes } from '../import/read';
import { exportSpots, plainDecimal, toGeoJson, type ExportFormat } from './export';

const spot: LocalLocation = {
  id: 3,
  uid: 'u3',
  userId: 7,
  username: 'relic_hunter',
  name: 'Smith & Sons <top> field\u000b“Église”',
  description: 'Ploughed "every" autumn <6in & >1800\n\n  indented  twice\tand £5 \u000c€',
  latitude: -0.000001234,
  longitude: 1e-7,
  type: 'Farmland',
  terrainType: 'Clay & <flint>',
  accessInfo: 'Gate by the church\nring first',
  bestTimeToVisit: 'After harvest',
  hasPermission: true,
  isGroupDig: true,
  isShared: true,
  landownerName: 'Mr Jones',
  landownerContact: '01234 567890',
  permissionGranted: '2024-01-01',
  permissionExpires: '2026-01-01',
  permissionNotes: 'No digging near the barn',
  created_at: '',
  updated_at: '',
};
const plain: LocalLocation = {
  ...spot,
  uid: 'u4',
  name: 'Bare spot',
  description: null,
  latitude: 52,
  longitude: -1.5,
  type: 'Other',
  terrainType: null,
  accessInfo: null,
  bestTimeToVisit: null,
  hasPermission: false,
  isGroupDig: false,
  isShared: false,
  landownerName: null,
  landownerContact: null,
  permissionGranted: null,
  permissionExpires: null,
  permissionNotes: null,
};

const FIELDS = ['name', 'description', 'latitude', 'longitude', 'type', 'terrainType', 'accessInfo'] as const;
const MORE = ['bestTimeToVisit', 'hasPermission', 'isGroupDig', 'isShared', 'landownerName'] as const;
const RECORD = ['landownerContact', 'permissionGranted', 'permissionExpires', 'permissionNotes'] as const;

/** The spot's fields as the import gives them back: what the file does not say is null or false. */
function restored(item: ImportItem) {
  const d = item.details ?? {};
  return {
    name: item.name,
    description: item.description,
    latitude: item.latitude,
    longitude: item.longitude,
    type: d.type ?? 'Other',
    terrainType: d.terrainType ?? null,
    accessInfo: d.accessInfo ?? null,
    bestTimeToVisit: d.bestTimeToVisit ?? null,
    hasPermission: d.hasPermission ?? false,
    isGroupDig: d.isGroupDig ?? false,
    isShared: d.isShared ?? false,
    landownerName: d.landownerName ?? null,
    landownerContact: d.landownerContact ?? null,
    permissionGranted: d.permissionGranted ?? null,
    permissionExpires: d.permissionExpires ?? null,
    permissionNotes: d.permissionNotes ?? null,
  };
}
const fieldsOf = (s: LocalLocation) =>
  Object.fromEntries([...FIELDS, ...MORE, ...RECORD].map((key) => [key, s[key] ?? null]));

function reimport(text: string, format: ExportFormat) {
  const outcome = parseFileBytes(strToU8(text).buffer, `my-spots.${format}`);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.parsed.items.map(restored);
}

describe('export round trip', () => {
  for (const format of ['gpx', 'kml', 'geojson'] as const)
    it(`${format.toUpperCase()}: every field comes back equal; a control character as a space`, () => {
      const text = exportSpots([spot, plain], format, true);
      expect(reimport(text, format)).toEqual([
        {
          ...fieldsOf(spot),
          name: 'Smith & Sons <top> field “Église”',
          description: 'Ploughed "every" autumn <6in & >1800\n\n  indented  twice\tand £5  €',
        },
        fieldsOf(plain),
      ]);
    });

  for (const format of ['gpx', 'kml', 'geojson'] as const)
    it(`${format.toUpperCase()}: the permission record is left out unless asked for`, () => {
      const text = exportSpots([spot], format, false);
      expect(text).not.toContain('Mr Jones');
      expect(text).not.toContain('01234 567890');
      expect(reimport(text, format)[0]).toMatchObject({ landownerName: null, permissionNotes: null });
      expect(reimport(text, format)[0]).toMatchObject({ terrainType: 'Clay & <flint>', isGroupDig: true });
    });
});

describe('files strict readers accept', () => {
  it('GPX and KML never hold a character XML forbids, nor a number in exponent notation', () => {
    for (const format of ['gpx', 'kml'] as const) {
      const text = exportSpots([spot], format, true);
      // eslint-disable-next-line no-control-regex -- the characters XML forbids
      expect(text).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
      expect(text).not.toMatch(/\de-\d/);
    }
    expect(plainDecimal(1e-7)).toBe('0.0000001');
    expect(plainDecimal(-1.234e-6)).toBe('-0.000001234');
    expect(plainDecimal(52.6543)).toBe('52.6543');
  });

  it('the GPX is valid against the GPX 1.1 schema', async () => {
    const schema = readFileSync(new URL('../import/fixtures/gpx-xsd/gpx.xsd', import.meta.url), 'utf8');
    const result = await validateXML({
      xml: [{ fileName: 'spots.gpx', contents: exportSpots([spot, plain], 'gpx', true) }],
      schema: [{ fileName: 'gpx.xsd', contents: schema }],
    });
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('GeoJSON: a FeatureCollection of points in longitude, latitude order with the spot’s fields', () => {
    const data = JSON.parse(toGeoJson([spot], false));
    expect(data.type).toBe('FeatureCollection');
    expect(data.features[0]).toEqual({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [1e-7, -0.000001234] },
      properties: expect.objectContaining({ type: 'Farmland', hasPermission: true }),
    });
    expect(data.features[0].properties).not.toHaveProperty('landownerName');
    expect(JSON.parse(toGeoJson([spot], true)).features[0].properties.landownerName).toBe('Mr Jones');
  });
});
