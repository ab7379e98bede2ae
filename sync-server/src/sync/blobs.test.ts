/** Content-addressed photo uploads (PROTOCOL.md S9), on the real app and a real SQLite file. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blobUploads } from '@schema/db/tables';
import { MAX_IMAGE_BYTES } from '@schema/contracts/constants';
import { findMessages } from '@schema/contracts/finds';
import { createTestApp, type TestApp } from '../test/harness';
import { HASH_MISMATCH_MESSAGE } from './blobs';
import { jpegBytes, pngBytes, putBlob, sha256Of, signedIn, type TestClient } from './test-fixtures';

let t: TestApp;
let alice: { client: TestClient; user: { id: number } };

beforeEach(async () => {
  t = await createTestApp();
  alice = await signedIn(t, 'alice');
});
afterEach(() => t.close());

/** POST /api/sync/blobs/check as `client`. */
const check = (sha256: unknown, client: TestClient = alice.client) =>
  client.post('/api/sync/blobs/check', { sha256 });

describe('blobs', () => {
  it('S9: stores a photo under the hash of its bytes and answers a BlobAck', async () => {
    const bytes = await jpegBytes(11);
    const sha = sha256Of(bytes);
    const res = await putBlob(t, alice.client, bytes);
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      sha256: sha,
      url: expect.stringMatching(/^\/uploads\/[0-9a-f]{64}\.webp$/),
      thumbUrl: expect.stringMatching(/-thumb\.webp$/),
    });
    expect(res.json?.thumbUrl).toBe(String(res.json?.url).replace('.webp', '-thumb.webp'));
    const served = await t.app.request(String(res.json?.url));
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/webp']);
    const png = await pngBytes(3);
    expect((await putBlob(t, alice.client, png, sha256Of(png), 'image/png')).status).toBe(201);
  });

  it('S9: uploading the same bytes again is idempotent', async () => {
    const bytes = await jpegBytes(12);
    const first = await putBlob(t, alice.client, bytes);
    const again = await putBlob(t, alice.client, bytes);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(await t.db.select().from(blobUploads)).toHaveLength(1);
  });

  it('S9: refuses bytes that do not match the hash (a truncated upload)', async () => {
    const bytes = await jpegBytes(13);
    const res = await putBlob(t, alice.client, bytes.slice(0, bytes.length - 10), sha256Of(bytes));
    expect([res.status, res.json?.code, res.json?.message]).toEqual([
      400,
      'hash-mismatch',
      HASH_MISMATCH_MESSAGE,
    ]);
    expect((await check([sha256Of(bytes)])).json).toEqual({ stored: [] });
  });

  it('S9: refuses visitors, bad hashes, non-images and oversized files', async () => {
    const bytes = await jpegBytes(14);
    expect((await putBlob(t, null, bytes)).status).toBe(401);
    expect((await putBlob(t, alice.client, bytes, 'not-a-hash')).status).toBe(400);
    expect((await putBlob(t, alice.client, bytes, sha256Of(bytes), 'text/plain')).status).toBe(415);
    const text = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    expect(await putBlob(t, alice.client, text, sha256Of(text), 'image/svg+xml')).toMatchObject({
      status: 415,
      json: { message: findMessages.invalidFileType },
    });
    const huge = new Uint8Array(MAX_IMAGE_BYTES + 1);
    expect((await putBlob(t, alice.client, huge)).status).toBe(413);
    expect(await t.db.select().from(blobUploads)).toHaveLength(0);
  });

  it('S9: one check tells which photos of a batch are stored, always with a 200, so an interrupted upload is resumed', async () => {
    const [stored, missing] = [await jpegBytes(15), await jpegBytes(16)];
    const [sha, other] = [sha256Of(stored), sha256Of(missing)];
    const before = await check([sha, other]);
    expect([before.status, before.json]).toEqual([200, { stored: [] }]);
    const { json: ack } = await putBlob(t, alice.client, stored);
    // In the order asked, each once, hashes in any case.
    const after = await check([other, sha.toUpperCase(), sha]);
    expect([after.status, after.json]).toEqual([200, { stored: [ack] }]);
    expect((await check([sha], t.client())).status).toBe(401);
  });

  it('S9: the check refuses an empty list, more than 100 hashes or a malformed one', async () => {
    const sha = sha256Of(await jpegBytes(17));
    for (const bad of [[], Array.from({ length: 101 }, () => sha), ['not-a-hash'], 'abc', undefined])
      expect((await check(bad)).status).toBe(400);
    expect((await check(Array.from({ length: 100 }, () => sha))).status).toBe(200);
  });

  it('S9: the per-photo probe is gone; a client that still probes gets a 404 and its upload answers the stored photo', async () => {
    const bytes = await jpegBytes(18);
    const { json: ack } = await putBlob(t, alice.client, bytes);
    for (const method of ['GET', 'HEAD'])
      expect(
        (
          await t.app.request(`/api/sync/blobs/${sha256Of(bytes)}`, {
            method,
            headers: { cookie: alice.client.cookie },
          })
        ).status,
      ).toBe(404);
    expect(await putBlob(t, alice.client, bytes)).toEqual({ status: 200, json: ack });
  });
});
