/**
 * The find form's "Recording details" (docs/find-recording.md) as the inputs hold them (text), and how that
 * text becomes what the contract's schema reads: numbers parsed, a blank input "none" — left out on a new
 * find, null (clears it) on an edit — and anything unreadable passed on as typed, so the schema answers
 * with the field's own message and the input keeps what the member wrote.
 */
import type { FindRecording } from '@schema/contracts/find-recording';
import { DEFAULT_DISCOVERY_METHOD } from '@schema/contracts/find-recording-constants';
import { periodDateRange, type YearRange } from '@schema/contracts/period-dates';
import { isoDayText } from '@web/lib/dates';

export type Era = 'AD' | 'BC';

/** The recording inputs (Treasure fields excluded: the Treasure assistant sets those). */
export interface RecordingFormInput {
  objectType: string;
  quantity: string;
  primaryMaterial: string;
  secondaryMaterial: string;
  weightGrams: string;
  lengthMm: string;
  widthMm: string;
  thicknessMm: string;
  diameterMm: string;
  completeness: string;
  dateFromYear: string;
  dateFromEra: Era;
  dateToYear: string;
  dateToEra: Era;
  discoveryMethod: string;
  depthBand: string;
  landUse: string;
  foundOn: string;
  pasRecordId: string;
  floNotes: string;
  findspotPrecision: string;
  /** Set by the find spot's buttons, never typed (position-fields.tsx). */
  positionAccuracyM: string;
  positionSource: string;
}

/** The recording fields the find form edits, by their REST and sync names. */
export const FORM_RECORDING_FIELDS = [
  'objectType',
  'quantity',
  'primaryMaterial',
  'secondaryMaterial',
  'weightGrams',
  'lengthMm',
  'widthMm',
  'thicknessMm',
  'diameterMm',
  'completeness',
  'dateFromYear',
  'dateToYear',
  'discoveryMethod',
  'depthBand',
  'landUse',
  'foundOn',
  'pasRecordId',
  'floNotes',
  'findspotPrecision',
  'positionAccuracyM',
  'positionSource',
] as const satisfies readonly (keyof FindRecording & keyof RecordingFormInput)[];
export type FormRecordingField = (typeof FORM_RECORDING_FIELDS)[number];

const NUMBER_FIELDS: ReadonlySet<FormRecordingField> = new Set([
  'quantity',
  'weightGrams',
  'lengthMm',
  'widthMm',
  'thicknessMm',
  'diameterMm',
  'positionAccuracyM',
]);

/** Today on this device's calendar (not UTC): a find logged at 00:30 was found today, not yesterday. */
export const localIsoDate = (now = new Date()): string => isoDayText(now);

/** What the find holds, as text for the inputs; a new find starts from the contract's defaults. */
export function recordingFormValues(find: Partial<FindRecording> | null, today: string): RecordingFormInput {
  const textOf = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  const from = yearInput(find?.dateFromYear);
  const to = yearInput(find?.dateToYear);
  return {
    objectType: textOf(find?.objectType),
    quantity: textOf(find?.quantity ?? 1),
    primaryMaterial: textOf(find?.primaryMaterial),
    secondaryMaterial: textOf(find?.secondaryMaterial),
    weightGrams: textOf(find?.weightGrams),
    lengthMm: textOf(find?.lengthMm),
    widthMm: textOf(find?.widthMm),
    thicknessMm: textOf(find?.thicknessMm),
    diameterMm: textOf(find?.diameterMm),
    completeness: textOf(find?.completeness),
    dateFromYear: from.year,
    dateFromEra: from.era,
    dateToYear: to.year,
    dateToEra: to.era,
    discoveryMethod: find?.discoveryMethod ?? DEFAULT_DISCOVERY_METHOD,
    depthBand: textOf(find?.depthBand),
    landUse: textOf(find?.landUse),
    foundOn: find ? textOf(find.foundOn) : today,
    pasRecordId: textOf(find?.pasRecordId),
    floNotes: textOf(find?.floNotes),
    findspotPrecision: find?.findspotPrecision ?? 'hidden',
    positionAccuracyM: textOf(find?.positionAccuracyM),
    positionSource: textOf(find?.positionSource),
  };
}

export function yearInput(year: number | null | undefined): { year: string; era: Era } {
  if (year === null || year === undefined) return { year: '', era: 'AD' };
  return { year: String(Math.abs(year)), era: year < 0 ? 'BC' : 'AD' };
}

/** A year's input and its era as the schema reads it: BC is negative, whatever sign was typed. */
function yearValue(text: string, era: Era): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed);
  if (!Number.isFinite(n)) return trimmed;
  return era === 'BC' ? -Math.abs(n) : n;
}

/** One input's value for the schema: null when blank, a number where one is expected (or the raw text). */
function fieldValue(input: RecordingFormInput, field: FormRecordingField): unknown {
  if (field === 'dateFromYear') return yearValue(input.dateFromYear, input.dateFromEra);
  if (field === 'dateToYear') return yearValue(input.dateToYear, input.dateToEra);
  const text = input[field].trim();
  if (text === '') return null;
  if (!NUMBER_FIELDS.has(field)) return text;
  const n = Number(text);
  return Number.isFinite(n) ? n : text;
}

/**
 * The recording inputs as the schema reads them. `blank`: what an empty input means — 'absent' on a new
 * find (the defaults apply), 'null' on an edit (it clears the field).
 */
export function recordingForSchema(
  input: RecordingFormInput,
  blank: 'absent' | 'null',
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of FORM_RECORDING_FIELDS) {
    const value = fieldValue(input, field);
    if (value !== null || blank === 'null') out[field] = value;
  }
  return out;
}

/**
 * The fields whose value differs from the one the form opened with: only these are sent, so a new find
 * gets the contract's defaults for what the member left alone, and an edit changes only what they changed.
 */
export function changedRecordingFields(
  input: RecordingFormInput,
  initial: RecordingFormInput,
): FormRecordingField[] {
  return FORM_RECORDING_FIELDS.filter((f) => fieldValue(input, f) !== fieldValue(initial, f));
}

/**
 * The typed date range for fillEmptyDateRange: null for a blank end; text that is no number counts as
 * filled (NaN), so picking a period never overwrites what the member typed.
 */
export function typedRange(input: RecordingFormInput): { fromYear: number | null; toYear: number | null } {
  const year = (text: string, era: Era) => {
    const value = yearValue(text, era);
    return typeof value === 'string' ? Number.NaN : value;
  };
  return {
    fromYear: year(input.dateFromYear, input.dateFromEra),
    toYear: year(input.dateToYear, input.dateToEra),
  };
}

/** 'Roman (43–409)', 'Iron Age (800 BC–AD 42)', 'Modern (1901 onwards)', 'Stone Age (to 2,351 BC)'. */
export function periodLabel(period: string): string {
  const range = periodDateRange(period);
  return range ? `${period} (${rangeWords(range)})` : period;
}

const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A span of years in plain words: '43–409', '2,350–801 BC', '800 BC–AD 42', '1901 onwards'. */
export function rangeWords({ fromYear, toYear }: YearRange): string {
  if (toYear === null) return `${fromYear < 0 ? `${grouped(-fromYear)} BC` : fromYear} onwards`;
  // The Stone Age has no start year (period-dates.ts EARLIEST_YEAR): it runs "to" its end.
  if (fromYear <= -100_000) return `to ${grouped(-toYear)} BC`;
  if (fromYear < 0 && toYear < 0) return `${grouped(-fromYear)}–${grouped(-toYear)} BC`;
  if (fromYear < 0) return `${grouped(-fromYear)} BC–AD ${toYear}`;
  return `${fromYear}–${toYear}`;
}
