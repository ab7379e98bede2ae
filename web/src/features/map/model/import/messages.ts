/**
 * The import's own refusals and limits that the product specification has no text for (docs/product/map.md
 * "Import and export"). The specification's texts stay in `@schema/contracts/locations-constants`; these
 * live with the import because only the import reads them.
 */
import { IMPORT_EXTENSIONS } from '@schema/contracts/locations-constants';
import { formatCount } from '@web/lib/numbers';

/** The most points (placemarks, waypoints, route points, features) one file may hold. */
export const IMPORT_MAX_POINTS = 20_000;

/** The specification's extensions, and GeoJSON, which our own export writes. */
export const IMPORT_FILE_EXTENSIONS = [...IMPORT_EXTENSIONS, '.geojson', '.json'] as const;

export const importMessages = {
  wrongType: 'Please select a .kml, .kmi, .kmz, .gpx, .xml or .geojson file.',
  tooManyPoints: `This file holds more than ${formatCount(IMPORT_MAX_POINTS)} points. Split it into smaller files and import them one at a time.`,
  kmzCompression:
    'This KMZ is compressed with a method DigQuest cannot unpack (such as bzip2). Unzip it and import the .kml inside, or save it again as a standard zip.',
  invalidGeoJson: 'Invalid GeoJSON format',
  commaDecimal: (value: string) =>
    `The position "${value}" is written with a decimal comma, which would put spots in the wrong place. Export the file again with decimal points (51.567, not 51,567), then import it.`,
} as const;
