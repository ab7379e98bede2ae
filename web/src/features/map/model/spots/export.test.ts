/**
 * Export (docs/map.md "Export"): the member's spots as GPX, KML and GeoJSON, which the import reads back;
 * permission records are written only when asked for; names with XML's special characters survive.
 */
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { LocalLocation } from '@web/db/locations-types';
import { parseFileBytes } from '../import/read';
import { exportSpots, toGeoJson } from './export';

const spot: LocalLocation = {
  id: 3,
  uid: 'u3',
  userId: 7,
  username: 'relic_hunter',
  name: 'Smith & Sons <top> field',
  description: 'Ploughed "every" autumn',
  latitude: 52.6543,
  longitude: 1.2345,
  type: 'Farmland',
  terrainType: 'Clay',
  accessInfo: 'Gate by the church',
  bestTimeToVisit: 'After harvest',
  hasPermission: true,
  isGroupDig: false,
  isShared: false,
  landownerName: 'Mr Jones',
  landownerContact: '01234 567890',
  permissionGranted: '2024-01-01',
  permissionExpires: '2026-01-01',
  permissionNotes: 'No digging near the barn',
  created_at: '',
  updated_at: '',
};

describe('export', () => {
  for (const format of ['gpx', 'kml'] as const) {
    it(`${format.toUpperCase()} is read back by the import, with the permission record only when asked`, () => {
      const without = exportSpots([spot], format, false);
      expect(without).not.toContain('Mr Jones');
      expect(without).not.toContain('01234 567890');
      const outcome = parseFileBytes(strToU8(without).buffer);
      if (!outcome.ok) throw new Error(outcome.message);
      expect(outcome.parsed.items).toEqual([
        expect.objectContaining({ name: spot.name, latitude: spot.latitude, longitude: spot.longitude }),
      ]);
      expect(outcome.parsed.items[0]?.description).toContain('Ploughed "every" autumn');
      const withRecord = exportSpots([spot], format, true);
      expect(withRecord).toContain('Mr Jones');
      expect(withRecord).toContain('No digging near the barn');
    });
  }

  it('GeoJSON: points in longitude, latitude order with the spot’s fields', () => {
    const without = JSON.parse(toGeoJson([spot], false));
    expect(without.features[0]).toEqual({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [1.2345, 52.6543] },
      properties: expect.objectContaining({ name: spot.name, type: 'Farmland', hasPermission: true }),
    });
    expect(without.features[0].properties).not.toHaveProperty('landownerName');
    expect(JSON.parse(toGeoJson([spot], true)).features[0].properties.landownerName).toBe('Mr Jones');
  });
});
