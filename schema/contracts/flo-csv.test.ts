/**
 * The FLO pack's finds.csv (docs/find-recording.md "The FLO pack"): PAS-named columns, one row per find
 * with the exact find spot, RFC 4180 quoting with CRLF line ends, a UTF-8 BOM, and the formula guard.
 * No CSV library is installed, so the file is read back with a strict RFC 4180 reader
 * (csv-reader.test-utils.ts) that refuses what a lenient one would let through.
 */
import { describe, expect, it } from 'vitest';
import { readCsv } from './csv-reader.test-utils';
import { floCsv, floCsvCell, floCsvColumns, floFindNumber, type FloCsvFind } from './flo-csv';

/** The file without its BOM, as rows keyed by heading. */
function rowsOf(csv: string): Record<string, string>[] {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const [headings, ...rows] = readCsv(csv.slice(1));
  expect(headings).toEqual(floCsvColumns);
  return rows.map((row) => {
    expect(row).toHaveLength(floCsvColumns.length);
    return Object.fromEntries(row.map((value, i) => [floCsvColumns[i], value]));
  });
}

/** A synced find near Stonehenge with every recording detail filled. */
const recorded: FloCsvFind = {
  id: 42,
  uid: '0192a0b0-0000-7000-8000-000000000042',
  userId: 7,
  username: 'relic_hunter',
  title: 'Roman brooch, "Aucissa" type',
  description: 'Bow brooch, pin missing.\nFound with a nail; £5 value?',
  location: 'Field by the A303, Wiltshire',
  period: 'Roman',
  imageUrl: '/uploads/abc.webp',
  thumbUrl: '/uploads/abc-thumb.webp',
  likes: 0,
  commentCount: 0,
  created_at: '2024-05-04T09:00:00.000Z',
  latitude: 51.178882,
  longitude: -1.826215,
  objectType: 'brooch',
  quantity: 1,
  primaryMaterial: 'copper alloy',
  secondaryMaterial: 'iron',
  weightGrams: 12.35,
  lengthMm: 54,
  widthMm: 18.5,
  thicknessMm: 3,
  diameterMm: null,
  completeness: 'Incomplete',
  dateFromYear: -43,
  dateToYear: 60,
  discoveryMethod: 'Metal detector',
  depthBand: '10-20',
  landUse: 'cultivated',
  foundOn: '2024-05-03',
  positionSource: 'gps',
  positionAccuracyM: 4.5,
  pasRecordId: 'WILT-123ABC',
  floNotes: 'Élise at the Devizes office',
  findspotPrecision: 'hidden',
  treasureStatus: 'none',
  treasureRealisedOn: null,
  treasureReportedOn: null,
  treasureReportedTo: null,
  treasureReference: null,
  treasureDeadline: null,
};

describe('floCsv (the FLO pack finds.csv)', () => {
  it('names its columns after the PAS recording fields, in order', () => {
    expect(floCsvColumns).toEqual([
      'Find number',
      'Object type',
      'Quantity',
      'Primary material',
      'Secondary material',
      'Weight (g)',
      'Length (mm)',
      'Width (mm)',
      'Thickness (mm)',
      'Diameter (mm)',
      'Completeness',
      'Date from',
      'Date to',
      'Period',
      'Discovery method',
      'Date found',
      'Depth',
      'Land use',
      'Grid reference',
      'Latitude',
      'Longitude',
      'Position accuracy (m)',
      'Position source',
      'Find spot description',
      'Title',
      'Description',
      'PAS record ID',
      'Notes for the FLO',
      'Treasure status',
      'Treasure deadline',
      'Photo file',
    ]);
  });

  it('writes one row per find with every recording detail and the exact find spot', () => {
    const [row, ...rest] = rowsOf(floCsv([recorded], { photoFile: () => 'photos/42-roman-brooch.jpg' }));
    expect(rest).toEqual([]);
    expect(row).toEqual({
      'Find number': '42',
      'Object type': 'brooch',
      Quantity: '1',
      'Primary material': 'copper alloy',
      'Secondary material': 'iron',
      'Weight (g)': '12.35',
      'Length (mm)': '54',
      'Width (mm)': '18.5',
      'Thickness (mm)': '3',
      'Diameter (mm)': '',
      Completeness: 'Incomplete',
      'Date from': '-43',
      'Date to': '60',
      Period: 'Roman',
      'Discovery method': 'Metal detector',
      'Date found': '2024-05-03',
      Depth: '10–20 cm',
      'Land use': 'cultivated',
      'Grid reference': 'SU 12244 42197',
      Latitude: '51.178882',
      Longitude: '-1.826215',
      'Position accuracy (m)': '4.5',
      'Position source': 'gps',
      'Find spot description': 'Field by the A303, Wiltshire',
      Title: 'Roman brooch, "Aucissa" type',
      Description: 'Bow brooch, pin missing.\nFound with a nail; £5 value?',
      'PAS record ID': 'WILT-123ABC',
      'Notes for the FLO': 'Élise at the Devizes office',
      'Treasure status': 'none',
      'Treasure deadline': '',
      'Photo file': 'photos/42-roman-brooch.jpg',
    });
  });

  it('quotes commas, quotes and newlines as RFC 4180 says, ends every line with CRLF and starts with a BOM', () => {
    const csv = floCsv([recorded]);
    expect(csv.startsWith('\uFEFFFind number,Object type,')).toBe(true);
    expect(csv).toContain(',"Roman brooch, ""Aucissa"" type",');
    expect(csv).toContain('"Bow brooch, pin missing.\nFound with a nail; £5 value?"');
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.split('\r\n')).toHaveLength(3);
    // UTF-8 with its byte order mark: Excel then reads £, – and É as they are.
    const bytes = new TextEncoder().encode(csv);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toContain('£5');
  });

  it('a find only on the device: its uid as the number; the day it was logged (UK) as the date; no position, no grid reference', () => {
    const offline: FloCsvFind = {
      ...recorded,
      id: null,
      uid: '0192a0b0-0000-7000-8000-0000000000ff',
      latitude: undefined,
      longitude: undefined,
      foundOn: undefined,
      // 23:30 UTC on 30 June is already 1 July in British Summer Time.
      created_at: '2024-06-30T23:30:00.000Z',
      quantity: undefined,
      discoveryMethod: undefined,
      treasureStatus: 'possible',
      treasureDeadline: '2024-07-15',
    };
    const [row] = rowsOf(floCsv([offline]));
    expect(row).toMatchObject({
      'Find number': '0192a0b0-0000-7000-8000-0000000000ff',
      'Date found': '2024-07-01',
      'Grid reference': '',
      Latitude: '',
      Longitude: '',
      Quantity: '1',
      'Discovery method': 'Metal detector',
      'Treasure status': 'possible',
      'Treasure deadline': '2024-07-15',
      // Without options the cell holds the photo's address (the server's export has no ZIP).
      'Photo file': '/uploads/abc.webp',
    });
    expect(floFindNumber(offline)).toBe(offline.uid);
  });

  it('guards cells a spreadsheet would run as a formula, but leaves plain negative numbers alone', () => {
    expect(floCsvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(floCsvCell('+44 1234 567890')).toBe("'+44 1234 567890");
    expect(floCsvCell('-2+3+cmd|')).toBe("'-2+3+cmd|");
    expect(floCsvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(floCsvCell('\tindent')).toBe("'\tindent");
    expect(floCsvCell('\rx')).toBe(`"'\rx"`);
    expect(floCsvCell(-43)).toBe('-43');
    expect(floCsvCell('-1.826215')).toBe('-1.826215');
    expect(floCsvCell('Roman')).toBe('Roman');
    expect(floCsvCell(null)).toBe('');

    const [row] = rowsOf(floCsv([{ ...recorded, title: '=1+1', floNotes: '@me', dateFromYear: -800 }]));
    expect(row).toMatchObject({ Title: "'=1+1", 'Notes for the FLO': "'@me", 'Date from': '-800' });
  });

  it('keeps the order it is given and writes only the headings for no finds', () => {
    const second = { ...recorded, id: 43, uid: '0192a0b0-0000-7000-8000-000000000043', title: 'Lead token' };
    expect(rowsOf(floCsv([second, recorded])).map((r) => r['Find number'])).toEqual(['43', '42']);
    expect(rowsOf(floCsv([]))).toEqual([]);
  });
});
