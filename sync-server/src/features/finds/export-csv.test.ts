/**
 * GET /api/finds/export.csv (docs/find-recording.md "The FLO pack"): the finder's own spreadsheet — 401
 * signed out, only the caller's finds, every page of them, the exact spot included, the same columns and
 * cells as the device's pack (floCsv).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { floCsvColumns } from '@schema/contracts/flo-csv';
import { readCsv } from '@schema/contracts/csv-reader.test-utils';
import { createTestApp, type TestApp } from '../../test/harness';
import { findForm, insertFinds, jpegBytes, signedIn, type TestClient } from '../../sync/test-fixtures';

let t: TestApp;
let alice: { client: TestClient; user: { id: number } };
let bob: { client: TestClient; user: { id: number } };
beforeAll(async () => {
  t = await createTestApp();
  alice = await signedIn(t, 'alice');
  bob = await signedIn(t, 'bob');
});
afterAll(() => t.close());

describe('GET /api/finds/export.csv', () => {
  it('is 401 for a visitor', async () => {
    expect((await t.client().get('/api/finds/export.csv')).status).toBe(401);
  });

  it("holds the caller's finds only, every one of them, with the exact spot and the recording details", async () => {
    const body = findForm(
      { title: 'Gold ring, "posy"', latitude: '51.17869', longitude: '-1.82622' },
      await jpegBytes(),
    );
    body.set('objectType', 'ring');
    body.set('weightGrams', '3.25');
    body.set('floNotes', 'Inscribed\ninside');
    expect((await alice.client.post('/api/finds', body)).status).toBe(201);
    await insertFinds(t, alice.user.id, 1200, { title: (i) => `Musket ball ${i}` });
    await insertFinds(t, bob.user.id, 3, { title: (i) => `Bob's find ${i}` });

    const res = await alice.client.get('/api/finds/export.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('attachment');
    // The byte order mark Excel needs (Response.text() drops it, so read the bytes).
    const raw = await t.app.request('/api/finds/export.csv', { headers: { cookie: alice.client.cookie } });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = readCsv(res.text.replace(/^\uFEFF/, ''));
    expect(header).toEqual([...floCsvColumns]);
    expect(rows).toHaveLength(1201);
    expect(res.text).not.toContain("Bob's find");
    const col = (name: string) => header?.indexOf(name) ?? -1;
    const ring = rows.find((row) => row[col('Title')] === 'Gold ring, "posy"');
    expect(ring?.[col('Object type')]).toBe('ring');
    expect(ring?.[col('Weight (g)')]).toBe('3.25');
    // Multipart sends the line break as CRLF; the cell keeps it inside its quotes.
    expect(ring?.[col('Notes for the FLO')]).toMatch(/^Inscribed\r?\ninside$/);
    expect(ring?.[col('Latitude')]).toBe('51.17869');
    expect(ring?.[col('Grid reference')]).toMatch(/^SU \d{5} \d{5}$/);
  });
});
