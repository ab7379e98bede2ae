/**
 * The FLO pack read back (docs/find-recording.md "The FLO pack"): three of a member's finds — one logged
 * offline with its photo only in the device's `blobs` (fake-indexeddb), one synced whose photo the device
 * still holds, one synced whose photo cannot be fetched (offline) — made into a ZIP, unzipped with fflate:
 * the CSV's columns and values, the photos byte for byte, one A4 page per find with its 8-figure grid
 * reference, and labels whose QR codes scan (jsqr) to each find's page.
 */
import 'fake-indexeddb/auto';
import { unzipSync } from 'fflate';
import { beforeEach, describe, expect, it } from 'vitest';
import { floCsvColumns } from '@schema/contracts/flo-csv';
import { readCsv } from '@schema/contracts/csv-reader.test-utils';
import { db, type LocalFind } from '@web/db/database';
import { jpegBytes, pngBytes } from '../../../../../sync-server/src/sync/test-fixtures';
import { loadPhotoFromDevice } from '../hooks/flo-pack';
import { buildFloPack, PACK_FILES } from './build-pack';
import { scanQrSvg, svgsOf } from './test-utils';

const ORIGIN = 'https://digquest.example';
const offlineFetch: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));

const base = {
  userId: 7,
  username: 'relic_hunter',
  description: '',
  period: 'Roman',
  thumbUrl: '',
  likes: 0,
  commentCount: 0,
} satisfies Partial<LocalFind>;

/** Logged offline in a field: no server id, photo in blobs only. */
const offline: LocalFind = {
  ...base,
  id: null,
  uid: '0192a0b0-0000-7000-8000-0000000000aa',
  title: 'Bronze Age axe <b>head</b>',
  location: 'Salisbury Plain',
  period: 'Bronze Age',
  imageUrl: '',
  imageSha256: 'a'.repeat(64),
  created_at: '2024-05-04T16:00:00.000Z',
  latitude: 51.178882,
  longitude: -1.826215,
  foundOn: '2024-05-04',
  objectType: 'axe',
  weightGrams: 210.5,
  lengthMm: 112,
  dateFromYear: -1500,
  dateToYear: -1150,
};

/** Synced, its photo still on the device (a PNG: the extension must follow the type). */
const synced: LocalFind = {
  ...base,
  id: 42,
  uid: '0192a0b0-0000-7000-8000-000000000042',
  title: 'Roman brooch, Aucissa type',
  location: 'Field by the A303',
  imageUrl: '/uploads/bbb.webp',
  imageSha256: 'b'.repeat(64),
  created_at: '2024-05-03T10:00:00.000Z',
  latitude: 54.597,
  longitude: -5.93,
  foundOn: '2024-05-03',
  treasureStatus: 'possible',
  treasureDeadline: '2024-05-17',
};

/** Synced, its photo only on the server, and the device is offline. */
const unreachable: LocalFind = {
  ...base,
  id: 43,
  uid: '0192a0b0-0000-7000-8000-000000000043',
  title: 'Lead token',
  location: 'Beach',
  imageUrl: '/uploads/ccc.webp',
  created_at: '2024-05-05T10:00:00.000Z',
  foundOn: '2024-05-05',
};

let axePhoto: Uint8Array;
let broochPhoto: Uint8Array;

beforeEach(async () => {
  axePhoto = await jpegBytes(3);
  broochPhoto = await pngBytes(4);
  await db.open();
  await Promise.all([db.finds.clear(), db.blobs.clear()]);
  const row = { uploaded: false, createdAt: '2024-05-04T16:00:00.000Z' };
  await db.blobs.bulkPut([
    { ...row, sha256: 'a'.repeat(64), data: axePhoto, mime: 'image/jpeg', size: axePhoto.byteLength },
    { ...row, sha256: 'b'.repeat(64), data: broochPhoto, mime: 'image/png', size: broochPhoto.byteLength },
  ]);
});

async function packOf(finds: LocalFind[]) {
  const pack = await buildFloPack(finds, {
    loadPhoto: (find) => loadPhotoFromDevice(find, offlineFetch, ORIGIN),
    origin: ORIGIN,
    today: '2024-05-06',
  });
  return { pack, files: unzipSync(pack.zip) };
}

const text = (files: Record<string, Uint8Array>, name: string) => {
  const bytes = files[name];
  if (!bytes) throw new Error(`${name} is not in the pack`);
  // Keeping the BOM: finds.csv must start with one (TextDecoder drops it by default).
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
};

/** Each entry's compression method from the ZIP's local file headers (0 stored, 8 deflated). */
function methodsOf(zip: Uint8Array): Record<string, number> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const methods: Record<string, number> = {};
  let at = 0;
  while (view.getUint32(at, true) === 0x04034b50) {
    const nameLength = view.getUint16(at + 26, true);
    const extraLength = view.getUint16(at + 28, true);
    const name = new TextDecoder().decode(zip.subarray(at + 30, at + 30 + nameLength));
    methods[name] = view.getUint16(at + 8, true);
    at += 30 + nameLength + extraLength + view.getUint32(at + 18, true);
  }
  return methods;
}

describe('FLO pack', () => {
  it('holds the CSV, the record sheet, the labels and each photo named by find, byte for byte', async () => {
    const { pack, files } = await packOf([unreachable, offline, synced]);
    expect(pack.fileName).toBe('flo-pack-2024-05-06.zip');
    expect(pack.count).toBe(3);
    expect(pack.missingPhotos.map((f) => f.uid)).toEqual([unreachable.uid]);
    const axePath = `photos/${offline.uid}-bronze-age-axe-b-head-b.jpg`;
    const broochPath = 'photos/42-roman-brooch-aucissa-type.png';
    expect(
      Object.keys(files)
        .filter((name) => !name.endsWith('/'))
        .sort(),
    ).toEqual([PACK_FILES.csv, PACK_FILES.labels, PACK_FILES.sheet, axePath, broochPath].sort());
    expect(files[axePath]).toEqual(axePhoto);
    expect(files[broochPath]).toEqual(broochPhoto);
    // Photos are stored as they are (already compressed); the text files are deflated.
    expect(methodsOf(pack.zip)).toMatchObject({ [axePath]: 0, [broochPath]: 0, [PACK_FILES.csv]: 8 });
  });

  it('finds.csv: the PAS columns, one row per find oldest first, exact grid references and photo paths', async () => {
    const { files } = await packOf([unreachable, offline, synced]);
    expect([...(files[PACK_FILES.csv] ?? []).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = text(files, PACK_FILES.csv);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [headings, ...rows] = readCsv(csv.slice(1));
    expect(headings).toEqual(floCsvColumns);
    const byHeading = rows.map((row) => Object.fromEntries(row.map((v, i) => [floCsvColumns[i], v])));
    expect(byHeading.map((r) => r['Find number'])).toEqual(['42', offline.uid, '43']);
    expect(byHeading[0]).toMatchObject({
      Title: 'Roman brooch, Aucissa type',
      'Grid reference': 'J 33835 74054',
      Latitude: '54.597',
      Longitude: '-5.93',
      'Date found': '2024-05-03',
      'Treasure status': 'possible',
      'Treasure deadline': '2024-05-17',
      'Photo file': 'photos/42-roman-brooch-aucissa-type.png',
    });
    expect(byHeading[1]).toMatchObject({
      'Object type': 'axe',
      'Weight (g)': '210.5',
      'Length (mm)': '112',
      'Date from': '-1500',
      'Date to': '-1150',
      'Grid reference': 'SU 12244 42197',
      'Photo file': `photos/${offline.uid}-bronze-age-axe-b-head-b.jpg`,
    });
    expect(byHeading[2]).toMatchObject({ 'Grid reference': '', 'Photo file': '' });
  });

  it('record-sheet.html: one A4 page per find with its photo, 8-figure grid reference and number; escaped; nothing external', async () => {
    const { files } = await packOf([offline, synced, unreachable]);
    const sheet = text(files, PACK_FILES.sheet);
    expect(sheet).toMatch(/@page\s*\{\s*size:\s*A4/);
    expect(sheet).toMatch(/\.find\s*\{[^}]*page-break-after:\s*always/);
    const pages = [...sheet.matchAll(/<section class="find" data-find="([^"]+)">([\s\S]*?)<\/section>/g)];
    expect(pages.map((p) => p[1])).toEqual(['42', offline.uid, '43']);
    const [brooch, axe, token] = pages.map((p) => p[2] ?? '');
    expect(brooch).toContain('J 3383 7405');
    expect(brooch).toContain('Find 42');
    expect(brooch).toContain('<img src="photos/42-roman-brooch-aucissa-type.png"');
    expect(axe).toContain('SU 1224 4219');
    expect(axe).toContain('1500 BC – 1150 BC');
    expect(axe).toContain('210.5 g');
    expect(token).toContain('No position recorded');
    expect(token).not.toContain('<img');
    // The member's text is text: the title's tags are shown, never parsed.
    expect(sheet).toContain('Bronze Age axe &lt;b&gt;head&lt;/b&gt;');
    expect(sheet).not.toContain('<b>head');
    // Self-contained: no script, stylesheet link or address outside the pack.
    expect(sheet).not.toMatch(/<script|<link|https?:\/\/(?!www\.w3\.org)|url\(/i);
    for (const [, src] of sheet.matchAll(/<img src="([^"]+)"/g)) expect(files[src ?? '']).toBeDefined();
  });

  it('labels.html: each find’s number, date and 8-figure grid reference, and a QR code that scans to its page', async () => {
    const { files } = await packOf([offline, synced, unreachable]);
    const labels = text(files, PACK_FILES.labels);
    expect(labels).toMatch(/@page\s*\{\s*size:\s*A4/);
    const found = [...labels.matchAll(/<div class="label" data-find="([^"]+)"[\s\S]*?<\/div>\n<\/div>/g)];
    expect(found.map((m) => m[1])).toEqual(['42', offline.uid, '43']);
    expect(found[0]?.[0]).toContain('Found 2024-05-03');
    expect(found[0]?.[0]).toContain('J 3383 7405');
    expect(found[1]?.[0]).toContain('SU 1224 4219');
    const scanned = svgsOf(labels).map((svg) => scanQrSvg(svg));
    expect(scanned).toEqual([`${ORIGIN}/finds/42`, `${ORIGIN}/finds/${offline.uid}`, `${ORIGIN}/finds/43`]);
    expect(labels).not.toMatch(/<script|<link|<img/i);
  });

  it('packs no find into an empty but valid pack', async () => {
    const { pack, files } = await packOf([]);
    expect(pack.count).toBe(0);
    expect(readCsv(text(files, PACK_FILES.csv).slice(1))).toEqual([[...floCsvColumns]]);
  });
});
