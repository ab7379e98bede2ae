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

async function probe(method: 'GET' | 'HEAD', sha: string, client: TestClient | null = alice.client) {
  const res = await t.app.request(`/api/sync/blobs/${sha}`, {
    method,
    headers: client ? { cookie: client.cookie } : {},
  });
  const text = await res.text();
  return { status: res.status, text, json: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

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
    expect((await probe('HEAD', sha256Of(bytes))).status).toBe(404);
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

  it('S9: HEAD and GET tell whether a photo is stored, so an interrupted upload is resumed', async () => {
    const bytes = await jpegBytes(15);
    const sha = sha256Of(bytes);
    expect((await probe('HEAD', sha)).status).toBe(404);
    expect((await probe('GET', sha)).status).toBe(404);
    await putBlob(t, alice.client, bytes);
    const head = await probe('HEAD', sha);
    expect([head.status, head.text]).toEqual([200, '']);
    expect((await probe('GET', sha)).json).toMatchObject({ sha256: sha });
    expect((await probe('GET', sha, null)).status).toBe(401);
  });
});
