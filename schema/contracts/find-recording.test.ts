/** A find's recording details (docs/find-recording.md): each field's rule and message, and the rules across fields. */
import { describe, expect, it } from 'vitest';
import {
  DEPTH_BAND_LABELS,
  DEPTH_BANDS,
  findRecordingSchema,
  recordingMessages as m,
  recordingProblems,
} from './find-recording';

const parse = (value: Record<string, unknown>) => findRecordingSchema.safeParse(value);

/** The message the schema gives for one field, or undefined when the value is accepted. */
function messageFor(field: string, value: unknown): string | undefined {
  const result = parse({ [field]: value });
  return result.success ? undefined : result.error.issues.find((i) => i.path[0] === field)?.message;
}

describe('find recording details', () => {
  it('accepts a full FLO record and keeps what it was given', () => {
    const record = {
      objectType: 'strap end',
      quantity: 1,
      primaryMaterial: 'copper alloy',
      secondaryMaterial: 'silver',
      weightGrams: 4.25,
      lengthMm: 38.5,
      widthMm: 12,
      thicknessMm: 2.1,
      diameterMm: null,
      completeness: 'Complete',
      dateFromYear: 800,
      dateToYear: 1000,
      discoveryMethod: 'Metal detector',
      depthBand: '10-20',
      landUse: 'cultivated',
      foundOn: '2026-03-14',
      positionAccuracyM: 4.8,
      positionSource: 'gps',
      pasRecordId: 'WILT-123ABC',
      floNotes: 'Found with a second fragment 2 m away.',
      findspotPrecision: '4',
      treasureStatus: 'none',
    };
    expect(parse(record)).toEqual({ success: true, data: record });
  });

  it('accepts nothing at all: every field is optional', () => {
    expect(parse({})).toEqual({ success: true, data: {} });
  });

  it.each([
    ['quantity', 0, m.quantity],
    ['quantity', 1.5, m.quantity],
    ['quantity', 10_001, m.quantity],
    ['weightGrams', 0, m.weight],
    ['weightGrams', -2, m.weight],
    ['weightGrams', 1.234, m.weight],
    ['lengthMm', 0, m.size],
    ['diameterMm', -1, m.size],
    ['primaryMaterial', 'brass', m.material],
    ['completeness', 'complete', m.completeness],
    ['dateFromYear', 0, m.year],
    ['dateFromYear', 43.5, m.year],
    ['dateToYear', 2101, m.year],
    ['discoveryMethod', 'Magnet fishing', m.discoveryMethod],
    ['depthBand', '60-80', m.depthBand],
    ['landUse', 'moorland', m.landUse],
    ['foundOn', '2025-02-29', m.date],
    ['foundOn', '14/03/2026', m.date],
    ['positionAccuracyM', -1, m.accuracy],
    ['positionSource', 'guess', m.positionSource],
    ['pasRecordId', 'WILT123ABC', m.pasRecordId],
    ['pasRecordId', 'WILT-123ABZ', m.pasRecordId],
    ['floNotes', 'x'.repeat(2001), m.floNotesTooLong],
    ['objectType', 'x'.repeat(61), m.objectTypeTooLong],
    ['findspotPrecision', '8', m.findspotPrecision],
    ['findspotPrecision', null, m.findspotPrecision],
    ['treasureStatus', 'maybe', m.treasureStatus],
    ['treasureReportedTo', 'x'.repeat(121), m.reportedToTooLong],
  ])('refuses %s = %j with “%s”', (field, value, message) => {
    expect(messageFor(field, value)).toBe(message);
  });

  it.each([
    ['weightGrams', 0.01],
    ['weightGrams', 0.3],
    ['weightGrams', 1234.56],
    ['dateFromYear', -2350],
    ['dateToYear', -801],
    ['foundOn', '2024-02-29'],
    ['positionAccuracyM', 0],
    ['primaryMaterial', null],
  ])('accepts %s = %j', (field, value) => {
    expect(messageFor(field, value)).toBeUndefined();
  });

  it('reads a PAS record ID in capitals, and a blank text field as none', () => {
    expect(parse({ pasRecordId: ' wilt-123abc ', floNotes: '   ', objectType: '' })).toEqual({
      success: true,
      data: { pasRecordId: 'WILT-123ABC', floNotes: null, objectType: null },
    });
  });

  it('offers each depth band with its label', () => {
    expect(DEPTH_BANDS.map((band) => DEPTH_BAND_LABELS[band])).toEqual([
      '0–10 cm',
      '10–20 cm',
      '20–30 cm',
      '30–40 cm',
      '40–60 cm',
      'Over 60 cm',
    ]);
  });
});

describe('rules across fields', () => {
  it('a date range must not end before it starts (BC years are negative)', () => {
    expect(messageFor('dateToYear', undefined)).toBeUndefined();
    const backwards = parse({ dateFromYear: -100, dateToYear: -800 });
    expect(backwards.success ? [] : backwards.error.issues).toEqual([
      expect.objectContaining({ path: ['dateToYear'], message: m.dateOrder }),
    ]);
    expect(parse({ dateFromYear: -800, dateToYear: -100 }).success).toBe(true);
    expect(parse({ dateFromYear: 1066, dateToYear: 1066 }).success).toBe(true);
  });

  it('a find marked reported needs the day it was reported', () => {
    const unreported = parse({ treasureStatus: 'reported' });
    expect(unreported.success ? [] : unreported.error.issues).toEqual([
      expect.objectContaining({ path: ['treasureReportedOn'], message: m.reportedNeedsDate }),
    ]);
    expect(parse({ treasureStatus: 'reported', treasureReportedOn: '2026-03-20' }).success).toBe(true);
  });

  it('judges what a find will hold after an edit, not the edit alone', () => {
    // The stored find already had its range; an edit moves only its start past the end.
    const stored = { dateFromYear: 43, dateToYear: 409 };
    expect(recordingProblems({ ...stored, dateFromYear: 500 })).toEqual([
      { field: 'dateToYear', message: m.dateOrder },
    ]);
    expect(recordingProblems({ ...stored, dateFromYear: 100 })).toEqual([]);
  });
});
