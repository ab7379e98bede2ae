/**
 * A find's recording details without their rules (docs/find-recording.md): the lists the fields choose
 * from and the wire types. Kept apart from find-recording.ts, whose schemas are built when it loads, so the
 * device's sync code and a first visit read these without the validation code.
 */
/** Offered as suggestions: the member may type any object type. */
export const OBJECT_TYPE_SUGGESTIONS = [
  'coin',
  'brooch',
  'buckle',
  'button',
  'token',
  'ring',
  'pendant',
  'strap end',
  'spindle whorl',
  'musket ball',
  'seal matrix',
  'key',
  'mount',
  'weight',
  'other',
] as const;

export const FIND_MATERIALS = [
  'copper alloy',
  'silver',
  'gold',
  'lead',
  'iron',
  'tin',
  'pewter',
  'ceramic',
  'stone',
  'glass',
  'bone',
  'other',
] as const;

export const COMPLETENESS = ['Complete', 'Incomplete', 'Fragment', 'Uncertain'] as const;

export const DISCOVERY_METHODS = [
  'Metal detector',
  'Chance find while detecting',
  'Fieldwalking',
  'Gardening',
  'Building work',
  'Agricultural or drainage work',
  'Other chance find',
  'Unknown',
] as const;
export const DEFAULT_DISCOVERY_METHOD = 'Metal detector';

/** How deep it lay, as stored; DEPTH_BAND_LABELS says each the way the form shows it. */
export const DEPTH_BANDS = ['0-10', '10-20', '20-30', '30-40', '40-60', '60+'] as const;
export type DepthBand = (typeof DEPTH_BANDS)[number];
export const DEPTH_BAND_LABELS: Readonly<Record<DepthBand, string>> = {
  '0-10': '0–10 cm',
  '10-20': '10–20 cm',
  '20-30': '20–30 cm',
  '30-40': '30–40 cm',
  '40-60': '40–60 cm',
  '60+': 'Over 60 cm',
};

export const LAND_USES = [
  'cultivated',
  'pasture',
  'woodland',
  'foreshore or beach',
  'garden',
  'other',
] as const;

export const POSITION_SOURCES = ['gps', 'map', 'grid reference', 'typed'] as const;

/** `hidden`: nobody else sees where; `4`: the 1 km grid square; `6`: the 100 m square (never to visitors). */
export const FINDSPOT_PRECISIONS = ['hidden', '4', '6'] as const;
export type FindspotPrecision = (typeof FINDSPOT_PRECISIONS)[number];

export const TREASURE_STATUSES = ['none', 'possible', 'reported'] as const;

export type FindMaterial = (typeof FIND_MATERIALS)[number];
export type Completeness = (typeof COMPLETENESS)[number];
export type DiscoveryMethod = (typeof DISCOVERY_METHODS)[number];
export type LandUse = (typeof LAND_USES)[number];
export type PositionSource = (typeof POSITION_SOURCES)[number];
export type TreasureStatus = (typeof TREASURE_STATUSES)[number];

/**
 * The recording details every viewer of a find gets, on REST and pull alike. `foundOn` is the day it was
 * logged when the finder gave none. The public point is the centre of the grid square `findspotPrecision`
 * allows this viewer (docs/find-recording.md "Who sees the find spot"); absent when they may see none.
 */
export type FindRecordingPublic = {
  objectType: string | null;
  quantity: number;
  primaryMaterial: FindMaterial | null;
  secondaryMaterial: FindMaterial | null;
  weightGrams: number | null;
  lengthMm: number | null;
  widthMm: number | null;
  thicknessMm: number | null;
  diameterMm: number | null;
  completeness: Completeness | null;
  dateFromYear: number | null;
  dateToYear: number | null;
  discoveryMethod: DiscoveryMethod;
  depthBand: DepthBand | null;
  landUse: LandUse | null;
  foundOn: string;
  positionSource: PositionSource | null;
  pasRecordId: string | null;
  findspotPrecision: FindspotPrecision;
  publicGridRef?: string;
  publicLatitude?: number;
  publicLongitude?: number;
};

/** What only the finder gets, on every path (moderator included): absent, not null, for anyone else. */
export type FindRecordingOwnerOnly = {
  positionAccuracyM: number | null;
  floNotes: string | null;
  treasureStatus: TreasureStatus;
  treasureRealisedOn: string | null;
  treasureReportedOn: string | null;
  treasureReportedTo: string | null;
  treasureReference: string | null;
  /** Computed from `foundOn` and `treasureRealisedOn` (treasure.ts); null unless the status is possible or reported. */
  treasureDeadline: string | null;
};

export const OWNER_ONLY_RECORDING_FIELDS = [
  'positionAccuracyM',
  'floNotes',
  'treasureStatus',
  'treasureRealisedOn',
  'treasureReportedOn',
  'treasureReportedTo',
  'treasureReference',
  'treasureDeadline',
] as const satisfies readonly (keyof FindRecordingOwnerOnly)[];

/** The recording fields' bounds: the schemas in ./find-recording check them, the forms set maxLength. */
export const RECORDING_LIMITS = {
  objectTypeMax: 60,
  quantityMax: 10_000,
  weightGramsMax: 100_000,
  sizeMmMax: 10_000,
  accuracyMMax: 100_000,
  floNotesMax: 2_000,
  reportedToMax: 120,
  referenceMax: 60,
  latestYear: 2100,
} as const;
