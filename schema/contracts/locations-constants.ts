/**
 * The detecting spots' plain values — types, limits, the map's spot numbers and the exact messages — kept
 * apart from the Zod schemas in ./locations so that the map page and the sync engine do not bring Zod into
 * the first load (docs/architecture.md). ./locations re-exports everything here. The rules and texts are
 * docs/product/map.md's; where we differ from the product specification on purpose, that page says so.
 */

/** Spot types, in the form's order (docs/product/map.md "Rules and messages"). */
export const LOCATION_TYPES = [
  'Roman Site',
  'Beach',
  'Field',
  'Woodland',
  'Park',
  'Farmland',
  'Historical Site',
  'Other',
] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

export function isLocationType(value: unknown): value is LocationType {
  return typeof value === 'string' && (LOCATION_TYPES as readonly string[]).includes(value);
}

export const LOCATION_NAME_MIN = 3;
export const LOCATION_NAME_MAX = 100;
/** Not in the product spec: enough for a field's story, small enough that every device holds thousands. */
export const LOCATION_DESCRIPTION_MAX = 2000;
export const LOCATION_TERRAIN_MAX = 100;
export const LOCATION_ACCESS_MAX = 1000;
export const LOCATION_BEST_TIME_MAX = 200;
export const LANDOWNER_NAME_MAX = 100;
export const LANDOWNER_CONTACT_MAX = 200;
export const PERMISSION_NOTES_MAX = 2000;

/** `GET /api/locations` page size (docs/api.md "Paging": at most 200). */
export const LOCATIONS_PAGE_SIZE = 50;

/** Nearby: the radius slider (km) and the Nearby Locations filter's radius. */
export const NEARBY_RADIUS_MIN_KM = 1;
export const NEARBY_RADIUS_MAX_KM = 100;
export const NEARBY_RADIUS_STEP_KM = 1;
export const NEARBY_RADIUS_DEFAULT_KM = 10;
/** Great-circle distances use this Earth radius. */
export const EARTH_RADIUS_KM = 6371;

/** Anonymous visitors see a shared spot rounded to this many decimals (about 1 km; docs/privacy.md). */
export const PUBLIC_COORDINATE_DECIMALS = 2;

/** The info window: at most this many of the member's own finds, within this distance of the spot. */
export const INFO_WINDOW_MAX_FINDS = 2;
export const INFO_WINDOW_FINDS_RADIUS_KM = 1;
/** The info window shows the description cut to this many characters. */
export const INFO_DESCRIPTION_CHARS = 80;

/** A permission record whose expiry is this close (or past) is flagged on the list. */
export const PERMISSION_EXPIRY_WARNING_DAYS = 30;

/** Import: the largest file, the largest a KMZ may unzip to, and what counts as a spot already saved. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_UNZIPPED_BYTES = 50 * 1024 * 1024;
export const IMPORT_DUPLICATE_METRES = 25;
/** Extensions the import accepts; the parser is chosen by the document's root element, not by these. */
export const IMPORT_EXTENSIONS = ['.kml', '.kmi', '.kmz', '.gpx', '.xml'] as const;

/** Marker colours: Roman Site, Beach and group digs each their own, every other spot brown. */
export const SPOT_COLOURS = {
  romanSite: '#b91c1c',
  beach: '#0369a1',
  groupDig: '#7c3aed',
  other: '#854d0e',
} as const;
export type SpotColourKey = keyof typeof SPOT_COLOURS;

/** A group dig wins over its type: it is the one thing a member looks for among shared spots. */
export function spotColourKey(spot: { type: string | null; isGroupDig: boolean }): SpotColourKey {
  if (spot.isGroupDig) return 'groupDig';
  if (spot.type === 'Roman Site') return 'romanSite';
  if (spot.type === 'Beach') return 'beach';
  return 'other';
}

export const SPOT_LEGEND: ReadonlyArray<{ key: SpotColourKey; label: string }> = [
  { key: 'romanSite', label: 'Roman Site' },
  { key: 'beach', label: 'Beach' },
  { key: 'groupDig', label: 'Group dig' },
  { key: 'other', label: 'Other spots' },
];

/** The map's filters: one at a time, clicking the active one again clears it. */
export const SPOT_FILTERS = ['roman', 'beach', 'permission', 'group', 'nearby'] as const;
export type SpotFilter = (typeof SPOT_FILTERS)[number];
export const SPOT_FILTER_LABELS: Readonly<Record<SpotFilter, string>> = {
  roman: 'Roman Sites',
  beach: 'Beaches',
  permission: 'Permission Granted',
  group: 'Group Digs',
  nearby: 'Nearby Locations',
};

export const locationMessages = {
  // Form rules (docs/product/map.md "Rules and messages").
  nameTooShort: `Name must be at least ${LOCATION_NAME_MIN} characters`,
  nameTooLong: `Name cannot exceed ${LOCATION_NAME_MAX} characters`,
  typeRequired: 'Please select a location type',
  coordinatesRequired: 'Latitude and longitude are required',
  latitudeRange: 'Latitude must be between -90 and 90',
  longitudeRange: 'Longitude must be between -180 and 180',
  descriptionTooLong: `Description cannot exceed ${LOCATION_DESCRIPTION_MAX} characters`,
  terrainTooLong: `Terrain cannot exceed ${LOCATION_TERRAIN_MAX} characters`,
  accessTooLong: `Access information cannot exceed ${LOCATION_ACCESS_MAX} characters`,
  bestTimeTooLong: `Best time to visit cannot exceed ${LOCATION_BEST_TIME_MAX} characters`,
  landownerNameTooLong: `Landowner name cannot exceed ${LANDOWNER_NAME_MAX} characters`,
  landownerContactTooLong: `Landowner contact cannot exceed ${LANDOWNER_CONTACT_MAX} characters`,
  permissionNotesTooLong: `Notes cannot exceed ${PERMISSION_NOTES_MAX} characters`,
  dateInvalid: 'Please enter a date as YYYY-MM-DD',
  expiryBeforeGranted: 'The expiry date cannot be before the date permission was granted',
  flagInvalid: 'Please tick or untick the box',
  // Server answers.
  loginToAdd: 'Please log in to add a location.',
  loginToEdit: 'Please log in to edit a location.',
  loginToDelete: 'Please log in to delete a location.',
  notOwner: 'You can only edit your own locations.',
  notOwnerDelete: 'You can only delete your own locations.',
  notFound: 'Spot not found',
  uidTaken: 'This record id is already used by another member.',
  invalidNear: 'near must be "latitude,longitude"',
  invalidRadius: `radiusKm must be a number from ${NEARBY_RADIUS_MIN_KM} to ${NEARBY_RADIUS_MAX_KM}`,
  // Toasts on the map (the product's texts).
  authRequiredTitle: 'Authentication Required',
  missingCoordinatesTitle: 'Missing Coordinates',
  missingCoordinates: 'Tap the map, use Find My Location or type the coordinates first.',
  missingInformationTitle: 'Missing Information',
  missingInformation: 'Please enter a name (at least 3 characters) and choose a type.',
  addedTitle: 'Success!',
  added: 'Your detecting spot has been added to the map!',
  addFailed: 'Failed to add location',
  updatedTitle: 'Spot updated',
  updateFailed: 'Failed to update location',
  fetchFailed: 'Failed to fetch locations',
  deleted: 'Location deleted',
  deleteFailed: 'Failed to delete location. Please try again.',
  deleteConfirmTitle: 'Delete Spot',
  savedOnDevice: 'Saved on this device. It syncs when you are online.',
  // The shared checkbox: its text says what unchecked means.
  sharedLabel: 'Share this spot',
  privateText: 'Private - only visible to you',
  sharedText:
    'Shared - signed-in members see it; visitors see it rounded to about 1 km, without access information',
  // Anonymous visitors: the disabled buttons say why.
  signInToAdd: 'Sign in to add spots',
  signInToImport: 'Sign in to import spots',
  // Permission records.
  permissionExpiresSoon: `Permission expires within ${PERMISSION_EXPIRY_WARNING_DAYS} days`,
  permissionExpired: 'Permission has expired',
  // Import (docs/product/map.md "Import and export").
  importWrongType: 'Please select a .kml, .kmi, .kmz, .gpx, or .xml file.',
  importTooLarge: 'Please select a file smaller than 10MB.',
  importInvalidXml: 'Invalid KML/XML format',
  importUnsafe: 'This file declares entities, which could read other files. It was not imported.',
  importUnzippedTooLarge: 'This KMZ unpacks to more than 50MB. It was not imported.',
  importNoKml: 'This KMZ holds no KML file.',
  noLocationsTitle: 'No Locations Found',
  noLocations: 'The file has no placemarks or waypoints with a name and a position.',
  importCompleteTitle: 'Import Complete',
  importFailedTitle: 'Import Failed',
  importFailed: 'No locations could be imported. Please check the file format.',
} as const;

/** 'Import Complete' text: how many were imported, and how many failed when some did. */
export function importResultText(imported: number, failed: number): string {
  const spots = `${imported} location${imported === 1 ? '' : 's'}`;
  return failed > 0
    ? `Successfully imported ${spots}. ${failed} failed to import.`
    : `Successfully imported ${spots}.`;
}
