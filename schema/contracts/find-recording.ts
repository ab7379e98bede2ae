/**
 * A find's recording details (docs/find-recording.md): the optional fields a Finds Liaison Officer records
 * a find with, how precisely others may see its find spot, and the Treasure fields. The find form, the
 * device's outbox and the server check them with these same schemas, so every path gives the same message.
 * Names follow the REST and sync field names; every field is optional and `null` clears it on an edit.
 */
import { z } from 'zod';
import { text } from './text';
import { EARLIEST_YEAR } from './period-dates';
import { isValidIsoDate } from './treasure-dates';
import {
  COMPLETENESS,
  DEPTH_BANDS,
  DISCOVERY_METHODS,
  FIND_MATERIALS,
  FINDSPOT_PRECISIONS,
  LAND_USES,
  POSITION_SOURCES,
  TREASURE_STATUSES,
  RECORDING_LIMITS,
} from './find-recording-constants';

export * from './find-recording-constants';

export const recordingMessages = {
  objectTypeTooLong: `Object type must be ${RECORDING_LIMITS.objectTypeMax} characters or fewer`,
  quantity: `Quantity must be a whole number from 1 to ${RECORDING_LIMITS.quantityMax.toLocaleString('en-GB')}`,
  material: 'Please choose one of the listed materials',
  weight: 'Weight must be more than 0 g, with at most two decimals',
  size: 'Measurements must be more than 0 mm',
  completeness: 'Please choose Complete, Incomplete, Fragment or Uncertain',
  year: 'Please enter a year (negative for BC; there is no year 0)',
  dateOrder: 'The date range must start before it ends',
  discoveryMethod: 'Please choose one of the listed discovery methods',
  depthBand: 'Please choose one of the listed depths',
  landUse: 'Please choose one of the listed land uses',
  date: 'Please enter a date (YYYY-MM-DD)',
  accuracy: 'Position accuracy must be 0 m or more',
  positionSource: 'Please choose how the position was taken',
  pasRecordId: 'A PAS record ID looks like WILT-123ABC',
  floNotesTooLong: `Notes for the FLO must be ${RECORDING_LIMITS.floNotesMax.toLocaleString('en-GB')} characters or fewer`,
  findspotPrecision: 'Please choose who may see where it was found',
  treasureStatus: 'Please choose none, possible or reported',
  reportedToTooLong: `Reported to must be ${RECORDING_LIMITS.reportedToMax} characters or fewer`,
  referenceTooLong: `The reference must be ${RECORDING_LIMITS.referenceMax} characters or fewer`,
  reportedNeedsDate: 'Please enter the day it was reported',
} as const;

const m = recordingMessages;

/** A choice from a list, or null to clear it. */
const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message }).nullable();

const positive = (message: string, max: number) =>
  z.number({ error: message }).gt(0, message).max(max, message).nullable();

/** Two decimals at most, judged in hundredths so 0.1 + 0.2 style fractions are not refused. */
const weightGrams = positive(m.weight, RECORDING_LIMITS.weightGramsMax).refine(
  (v) => v === null || Math.abs(Math.round(v * 100) - v * 100) < 1e-6,
  m.weight,
);

const year = z
  .number({ error: m.year })
  .int(m.year)
  .min(EARLIEST_YEAR, m.year)
  .max(RECORDING_LIMITS.latestYear, m.year)
  .refine((v) => v !== 0, m.year)
  .nullable();

const isoDate = z.string({ error: m.date }).refine(isValidIsoDate, m.date).nullable();

const optionalText = (max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    text({ error: message }).trim().max(max, message).nullable(),
  );

/** PAS record IDs: the recording institution's code, a hyphen and six hexadecimal characters. */
const PAS_RECORD_ID = /^[A-Z]{2,8}-[0-9A-F]{6}$/;

/** Every field optional: absent leaves it as it is (an edit), null clears it. */
export const findRecordingShape = {
  objectType: optionalText(RECORDING_LIMITS.objectTypeMax, m.objectTypeTooLong).optional(),
  quantity: z
    .number({ error: m.quantity })
    .int(m.quantity)
    .min(1, m.quantity)
    .max(RECORDING_LIMITS.quantityMax, m.quantity)
    .optional(),
  primaryMaterial: choice(FIND_MATERIALS, m.material).optional(),
  secondaryMaterial: choice(FIND_MATERIALS, m.material).optional(),
  weightGrams: weightGrams.optional(),
  lengthMm: positive(m.size, RECORDING_LIMITS.sizeMmMax).optional(),
  widthMm: positive(m.size, RECORDING_LIMITS.sizeMmMax).optional(),
  thicknessMm: positive(m.size, RECORDING_LIMITS.sizeMmMax).optional(),
  diameterMm: positive(m.size, RECORDING_LIMITS.sizeMmMax).optional(),
  completeness: choice(COMPLETENESS, m.completeness).optional(),
  dateFromYear: year.optional(),
  dateToYear: year.optional(),
  discoveryMethod: z.enum(DISCOVERY_METHODS, { error: m.discoveryMethod }).optional(),
  depthBand: choice(DEPTH_BANDS, m.depthBand).optional(),
  landUse: choice(LAND_USES, m.landUse).optional(),
  foundOn: isoDate.optional(),
  positionAccuracyM: z
    .number({ error: m.accuracy })
    .min(0, m.accuracy)
    .max(RECORDING_LIMITS.accuracyMMax, m.accuracy)
    .nullable()
    .optional(),
  positionSource: choice(POSITION_SOURCES, m.positionSource).optional(),
  pasRecordId: z
    .preprocess(
      (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim().toUpperCase()) : v),
      z.string({ error: m.pasRecordId }).regex(PAS_RECORD_ID, m.pasRecordId).nullable(),
    )
    .optional(),
  floNotes: optionalText(RECORDING_LIMITS.floNotesMax, m.floNotesTooLong).optional(),
  findspotPrecision: z.enum(FINDSPOT_PRECISIONS, { error: m.findspotPrecision }).optional(),
  treasureStatus: z.enum(TREASURE_STATUSES, { error: m.treasureStatus }).optional(),
  treasureRealisedOn: isoDate.optional(),
  treasureReportedOn: isoDate.optional(),
  treasureReportedTo: optionalText(RECORDING_LIMITS.reportedToMax, m.reportedToTooLong).optional(),
  treasureReference: optionalText(RECORDING_LIMITS.referenceMax, m.referenceTooLong).optional(),
};

export type FindRecording = z.output<z.ZodObject<typeof findRecordingShape>>;

/**
 * The rules across fields, for what a find will hold once a change is applied (`merged`): a date range that
 * starts before it ends, and a report with its day. Returns the field and message of each problem.
 */
export function recordingProblems(merged: FindRecording): { field: keyof FindRecording; message: string }[] {
  const problems: { field: keyof FindRecording; message: string }[] = [];
  const { dateFromYear: from, dateToYear: to } = merged;
  if (typeof from === 'number' && typeof to === 'number' && from > to)
    problems.push({ field: 'dateToYear', message: m.dateOrder });
  if (merged.treasureStatus === 'reported' && !merged.treasureReportedOn)
    problems.push({ field: 'treasureReportedOn', message: m.reportedNeedsDate });
  return problems;
}

/** The schema of a change to the recording details, the cross-field rules applied to the change alone. */
export const findRecordingSchema = z.object(findRecordingShape).superRefine((value, ctx) => {
  for (const { field, message } of recordingProblems(value))
    ctx.addIssue({ code: 'custom', path: [field], message });
});

/** The fields a find form or a device may send (treasureDeadline and the public point are the server's). */
export const RECORDING_INPUT_FIELDS = Object.keys(findRecordingShape) as (keyof FindRecording)[];
