import { describe, expect, it } from 'vitest';
import { fieldMessages } from './validation';
import {
  IMPORT_MAX_BYTES,
  LOCATION_TYPES,
  NEARBY_RADIUS_DEFAULT_KM,
  NEARBY_RADIUS_MAX_KM,
  NEARBY_RADIUS_MIN_KM,
  NEARBY_RADIUS_STEP_KM,
  SPOT_FILTER_LABELS,
  importResultText,
  isLocationType,
  locationCreateSchema,
  locationMessages,
  locationSyncCreatePayloadSchema,
  locationSyncUpdatePayloadSchema,
  locationUpdateSchema,
  spotColourKey,
} from './locations';

const errors = fieldMessages;
const ok = (extra: Record<string, unknown> = {}) => ({
  name: 'Top field by the barn',
  latitude: 52.6,
  longitude: 1.2,
  type: 'Field',
  ...extra,
});

describe('product texts (docs/product/map.md) are verbatim', () => {
  it.each([
    ['nameTooShort', 'Name must be at least 3 characters'],
    ['nameTooLong', 'Name cannot exceed 100 characters'],
    ['typeRequired', 'Please select a location type'],
    ['coordinatesRequired', 'Latitude and longitude are required'],
    ['latitudeRange', 'Latitude must be between -90 and 90'],
    ['longitudeRange', 'Longitude must be between -180 and 180'],
    ['descriptionTooLong', 'Description cannot exceed 2000 characters'],
    ['terrainTooLong', 'Terrain cannot exceed 100 characters'],
    ['accessTooLong', 'Access information cannot exceed 1000 characters'],
    ['bestTimeTooLong', 'Best time to visit cannot exceed 200 characters'],
    ['landownerNameTooLong', 'Landowner name cannot exceed 100 characters'],
    ['landownerContactTooLong', 'Landowner contact cannot exceed 200 characters'],
    ['permissionNotesTooLong', 'Notes cannot exceed 2000 characters'],
    ['dateInvalid', 'Please enter a date as YYYY-MM-DD'],
    ['expiryBeforeGranted', 'The expiry date cannot be before the date permission was granted'],
    ['flagInvalid', 'Please tick or untick the box'],
    ['loginToAdd', 'Please log in to add a location.'],
    ['loginToEdit', 'Please log in to edit a location.'],
    ['loginToDelete', 'Please log in to delete a location.'],
    ['notOwner', 'You can only edit your own locations.'],
    ['notOwnerDelete', 'You can only delete your own locations.'],
    ['notFound', 'Spot not found'],
    ['uidTaken', 'This record id is already used by another member.'],
    ['invalidNear', 'near must be "latitude,longitude"'],
    ['invalidRadius', 'radiusKm must be a number from 1 to 100'],
    ['authRequiredTitle', 'Authentication Required'],
    ['missingCoordinatesTitle', 'Missing Coordinates'],
    ['missingCoordinates', 'Tap the map, use Find My Location or type the coordinates first.'],
    ['missingInformationTitle', 'Missing Information'],
    ['missingInformation', 'Please enter a name (at least 3 characters) and choose a type.'],
    ['addedTitle', 'Success!'],
    ['added', 'Your detecting spot has been added to the map!'],
    ['addFailed', 'Failed to add location'],
    ['updatedTitle', 'Spot updated'],
    ['updateFailed', 'Failed to update location'],
    ['fetchFailed', 'Failed to fetch locations'],
    ['deleted', 'Location deleted'],
    ['deleteFailed', 'Failed to delete location. Please try again.'],
    ['deleteConfirmTitle', 'Delete Spot'],
    ['savedOnDevice', 'Saved on this device. It syncs when you are online.'],
    ['sharedLabel', 'Share this spot'],
    ['privateText', 'Private - only visible to you'],
    [
      'sharedText',
      'Shared - signed-in members see it; visitors see it rounded to about 1 km, without access information',
    ],
    ['signInToAdd', 'Sign in to add spots'],
    ['signInToImport', 'Sign in to import spots'],
    ['permissionExpiresSoon', 'Permission expires within 30 days'],
    ['permissionExpired', 'Permission has expired'],
    ['importWrongType', 'Please select a .kml, .kmi, .kmz, .gpx, or .xml file.'],
    ['importTooLarge', 'Please select a file smaller than 10MB.'],
    ['importInvalidXml', 'Invalid KML/XML format'],
    ['importUnsafe', 'This file declares entities, which could read other files. It was not imported.'],
    ['importUnzippedTooLarge', 'This KMZ unpacks to more than 50MB. It was not imported.'],
    ['importNoKml', 'This KMZ holds no KML file.'],
    ['noLocationsTitle', 'No Locations Found'],
    ['noLocations', 'The file has no placemarks or waypoints with a name and a position.'],
    ['importCompleteTitle', 'Import Complete'],
    ['importFailedTitle', 'Import Failed'],
    ['importFailed', 'No locations could be imported. Please check the file format.'],
  ] as const)('%s', (key, text) => {
    expect(locationMessages[key]).toBe(text);
  });

  it('has no message this test does not check', () => {
    expect(Object.keys(locationMessages)).toHaveLength(58);
  });

  it("'Import Complete' counts, and the partial message", () => {
    expect(importResultText(12, 0)).toBe('Successfully imported 12 locations.');
    expect(importResultText(1, 0)).toBe('Successfully imported 1 location.');
    expect(importResultText(8, 3)).toBe('Successfully imported 8 locations. 3 failed to import.');
  });
});

describe('constants (docs/product/constants.md)', () => {
  it('types, filters, nearby radius and the import cap', () => {
    expect(LOCATION_TYPES).toEqual([
      'Roman Site',
      'Beach',
      'Field',
      'Woodland',
      'Park',
      'Farmland',
      'Historical Site',
      'Other',
    ]);
    expect(isLocationType('Beach')).toBe(true);
    expect(isLocationType('beach')).toBe(false);
    expect(Object.values(SPOT_FILTER_LABELS)).toEqual([
      'Roman Sites',
      'Beaches',
      'Permission Granted',
      'Group Digs',
      'Nearby Locations',
    ]);
    expect([
      NEARBY_RADIUS_MIN_KM,
      NEARBY_RADIUS_MAX_KM,
      NEARBY_RADIUS_STEP_KM,
      NEARBY_RADIUS_DEFAULT_KM,
    ]).toEqual([1, 100, 1, 10]);
    expect(IMPORT_MAX_BYTES).toBe(10_485_760);
  });

  it('marker colours: Roman Site, Beach and group digs their own, everything else brown', () => {
    expect(spotColourKey({ type: 'Roman Site', isGroupDig: false })).toBe('romanSite');
    expect(spotColourKey({ type: 'Beach', isGroupDig: false })).toBe('beach');
    expect(spotColourKey({ type: 'Beach', isGroupDig: true })).toBe('groupDig');
    for (const type of ['Field', 'Woodland', 'Park', 'Farmland', 'Historical Site', 'Other', null])
      expect(spotColourKey({ type, isGroupDig: false })).toBe('other');
  });
});

describe('locationCreateSchema (Add New Spot)', () => {
  it('accepts a spot with coordinates as numbers or text; private unless shared', () => {
    const parsed = locationCreateSchema.parse(ok({ latitude: ' 52.61 ', longitude: '1.25', userId: 99 }));
    expect(parsed).toEqual({
      name: 'Top field by the barn',
      latitude: 52.61,
      longitude: 1.25,
      type: 'Field',
      description: null,
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
      permissionBoundary: null,
      permissionExclusions: null,
      permissionDays: null,
      permissionNotice: null,
      permissionCropsNotes: null,
      agreementFindsSplit: null,
      agreementTreasureSplit: null,
      agreementLandownerSees: null,
    });
    expect(parsed).not.toHaveProperty('userId');
  });

  it('isShared decides; without it isPrivate (the product import) is its inverse', () => {
    expect(locationCreateSchema.parse(ok({ isShared: true })).isShared).toBe(true);
    expect(locationCreateSchema.parse(ok({ isPrivate: true })).isShared).toBe(false);
    expect(locationCreateSchema.parse(ok({ isPrivate: false })).isShared).toBe(true);
    expect(locationCreateSchema.parse(ok({ isShared: false, isPrivate: false })).isShared).toBe(false);
  });

  it('name 3 to 100 characters, trimmed', () => {
    expect(errors(locationCreateSchema, ok({ name: ' ab ' }))).toEqual({
      name: 'Name must be at least 3 characters',
    });
    expect(errors(locationCreateSchema, ok({ name: undefined }))).toEqual({
      name: 'Name must be at least 3 characters',
    });
    expect(errors(locationCreateSchema, ok({ name: 'x'.repeat(101) }))).toEqual({
      name: 'Name cannot exceed 100 characters',
    });
    expect(errors(locationCreateSchema, ok({ name: 'x'.repeat(100) }))).toEqual({});
  });

  it('type is one of the eight', () => {
    expect(errors(locationCreateSchema, ok({ type: undefined }))).toEqual({
      type: 'Please select a location type',
    });
    expect(errors(locationCreateSchema, ok({ type: 'Moon' }))).toEqual({
      type: 'Please select a location type',
    });
  });

  it('coordinates are required and in range', () => {
    expect(errors(locationCreateSchema, ok({ latitude: undefined }))).toEqual({
      latitude: 'Latitude and longitude are required',
    });
    expect(errors(locationCreateSchema, ok({ longitude: '' }))).toEqual({
      longitude: 'Latitude and longitude are required',
    });
    expect(errors(locationCreateSchema, ok({ latitude: 91 }))).toEqual({
      latitude: 'Latitude must be between -90 and 90',
    });
    expect(errors(locationCreateSchema, ok({ latitude: 'north' }))).toEqual({
      latitude: 'Latitude must be between -90 and 90',
    });
    expect(errors(locationCreateSchema, ok({ longitude: -180.5 }))).toEqual({
      longitude: 'Longitude must be between -180 and 180',
    });
    expect(errors(locationCreateSchema, ok({ latitude: -90, longitude: 180 }))).toEqual({});
  });

  it('optional texts: blank is none, each has its bound', () => {
    expect(locationCreateSchema.parse(ok({ description: '   ', accessInfo: null })).description).toBeNull();
    expect(errors(locationCreateSchema, ok({ description: 'x'.repeat(2001) }))).toEqual({
      description: 'Description cannot exceed 2000 characters',
    });
    expect(errors(locationCreateSchema, ok({ terrainType: 'x'.repeat(101) }))).toEqual({
      terrainType: 'Terrain cannot exceed 100 characters',
    });
    expect(errors(locationCreateSchema, ok({ accessInfo: 'x'.repeat(1001) }))).toEqual({
      accessInfo: 'Access information cannot exceed 1000 characters',
    });
    expect(errors(locationCreateSchema, ok({ bestTimeToVisit: 'x'.repeat(201) }))).toEqual({
      bestTimeToVisit: 'Best time to visit cannot exceed 200 characters',
    });
  });

  it('flags are booleans', () => {
    expect(errors(locationCreateSchema, ok({ hasPermission: 'yes' }))).toEqual({
      hasPermission: 'Please tick or untick the box',
    });
  });

  it('a permission record: real dates, expiry not before the grant, bounded texts', () => {
    const parsed = locationCreateSchema.parse(
      ok({
        landownerName: 'Mr Jones',
        landownerContact: '01234 567890',
        permissionGranted: '2025-03-01',
        permissionExpires: '2026-03-01',
        permissionNotes: 'Stubble only, not the pasture',
      }),
    );
    expect(parsed).toMatchObject({ landownerName: 'Mr Jones', permissionExpires: '2026-03-01' });
    expect(errors(locationCreateSchema, ok({ permissionGranted: '2025-02-30' }))).toEqual({
      permissionGranted: 'Please enter a date as YYYY-MM-DD',
    });
    expect(errors(locationCreateSchema, ok({ permissionExpires: '1/3/2026' }))).toEqual({
      permissionExpires: 'Please enter a date as YYYY-MM-DD',
    });
    expect(
      errors(locationCreateSchema, ok({ permissionGranted: '2025-03-02', permissionExpires: '2025-03-01' })),
    ).toEqual({ permissionExpires: 'The expiry date cannot be before the date permission was granted' });
    expect(errors(locationCreateSchema, ok({ landownerName: 'x'.repeat(101) }))).toEqual({
      landownerName: 'Landowner name cannot exceed 100 characters',
    });
    expect(errors(locationCreateSchema, ok({ landownerContact: 'x'.repeat(201) }))).toEqual({
      landownerContact: 'Landowner contact cannot exceed 200 characters',
    });
    expect(errors(locationCreateSchema, ok({ permissionNotes: 'x'.repeat(2001) }))).toEqual({
      permissionNotes: 'Notes cannot exceed 2000 characters',
    });
  });

  it('the sync create payload is the REST body', () => {
    expect(locationSyncCreatePayloadSchema).toBe(locationCreateSchema);
    expect(locationSyncUpdatePayloadSchema).toBe(locationUpdateSchema);
  });
});

describe('locationUpdateSchema (edit)', () => {
  it('only the fields sent; blank clears an optional text', () => {
    expect(locationUpdateSchema.parse({ name: ' New name ' })).toEqual({
      name: 'New name',
      isShared: undefined,
    });
    expect(locationUpdateSchema.parse({ accessInfo: '', permissionNotes: null })).toEqual({
      accessInfo: null,
      permissionNotes: null,
      isShared: undefined,
    });
  });

  it('sharing and making private', () => {
    expect(locationUpdateSchema.parse({ isShared: true }).isShared).toBe(true);
    expect(locationUpdateSchema.parse({ isPrivate: true }).isShared).toBe(false);
  });

  it('coordinates change together, in range', () => {
    expect(errors(locationUpdateSchema, { latitude: 52 })).toEqual({
      longitude: 'Latitude and longitude are required',
    });
    expect(errors(locationUpdateSchema, { latitude: 95, longitude: 1 })).toEqual({
      latitude: 'Latitude must be between -90 and 90',
    });
    expect(locationUpdateSchema.parse({ latitude: '51.5', longitude: '-0.12' })).toMatchObject({
      latitude: 51.5,
      longitude: -0.12,
    });
  });

  it('the same rules as the create', () => {
    expect(errors(locationUpdateSchema, { name: 'ab' })).toEqual({
      name: 'Name must be at least 3 characters',
    });
    expect(errors(locationUpdateSchema, { type: 'Moon' })).toEqual({ type: 'Please select a location type' });
    expect(errors(locationUpdateSchema, { permissionGranted: '2025-13-01' })).toEqual({
      permissionGranted: 'Please enter a date as YYYY-MM-DD',
    });
  });
});
