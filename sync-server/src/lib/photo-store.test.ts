/**
 * The photo store contract, run against both engines: the data directory, and S3 through a local
 * S3-compatible server (s3rver, test/s3.ts) started here on a free port — no test contacts an S3 host.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../test/s3';
import { loadConfig } from './config';
import {
  directoryPhotoStore,
  photoStoreFor,
  s3PhotoStore,
  uploadsDir,
  type PhotoStore,
  type StoredPhoto,
} from './photo-store';

let s3: LocalS3;
const tempDirs: string[] = [];
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3.close();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-photos-'));
  tempDirs.push(dir);
  return dir;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A content-addressed name, as lib/images.ts makes them, so every case uses fresh keys. */
function photo(label: string, size = 64): { name: string; bytes: Uint8Array } {
  const bytes = new Uint8Array(size).map((_, i) => (i * 31 + label.length) % 256);
  bytes.set(new TextEncoder().encode(label).slice(0, size));
  const name = `${sha256(bytes)}.webp`;
  return { name, bytes };
}

async function bytesOf(stored: StoredPhoto): Promise<Uint8Array> {
  // Compared as plain Uint8Array: the data directory hands back a Buffer.
  if (stored.body instanceof Uint8Array) return new Uint8Array(stored.body);
  return new Uint8Array(await new Response(stored.body).arrayBuffer());
}

const engines: [string, () => PhotoStore][] = [
  ['data directory', () => directoryPhotoStore(path.join(tempDir(), 'uploads'))],
  ['S3 (s3rver)', () => s3PhotoStore(s3.settings)],
];

describe.each(engines)('photo store contract: %s', (_engine, makeStore) => {
  let store: PhotoStore;
  beforeEach(() => {
    store = makeStore();
  });

  it('gives back what was put: the same bytes, type and length', async () => {
    const { name, bytes } = photo('round trip', 3000);
    expect(await store.has(name)).toBe(false);
    await store.put(name, bytes, 'image/webp');
    expect(await store.has(name)).toBe(true);
    const stored = await store.get(name);
    expect(stored).toMatchObject({ contentType: 'image/webp', length: 3000 });
    expect(await bytesOf(stored!)).toEqual(bytes);
  });

  it('answers null and false for a name never put', async () => {
    const { name } = photo('never stored');
    expect(await store.get(name)).toBeNull();
    expect(await store.has(name)).toBe(false);
  });

  it('is idempotent: the same name again keeps the first bytes, concurrent puts included', async () => {
    const { name, bytes } = photo('retried upload');
    await Promise.all([store.put(name, bytes, 'image/webp'), store.put(name, bytes, 'image/webp')]);
    await store.put(name, bytes, 'image/webp');
    expect(await bytesOf((await store.get(name))!)).toEqual(bytes);
    // A name stands for its bytes (content addressing), so a stored name is never written again.
    await store.put(name, new Uint8Array([1, 2, 3]), 'image/webp');
    expect(await bytesOf((await store.get(name))!)).toEqual(bytes);
  });

  it('deletes, and deleting a missing photo is not an error', async () => {
    const { name, bytes } = photo('deleted');
    await store.put(name, bytes, 'image/webp');
    await store.delete(name);
    expect(await store.has(name)).toBe(false);
    expect(await store.get(name)).toBeNull();
    await expect(store.delete(name)).resolves.toBeUndefined();
  });

  it('keeps photos apart by name, thumbnails beside their photos', async () => {
    const { name, bytes } = photo('display');
    const thumbName = name.replace('.webp', '-thumb.webp');
    const thumb = new Uint8Array([9, 8, 7]);
    await store.put(name, bytes, 'image/webp');
    await store.put(thumbName, thumb, 'image/webp');
    expect(await bytesOf((await store.get(name))!)).toEqual(bytes);
    expect(await bytesOf((await store.get(thumbName))!)).toEqual(thumb);
  });

  it('refuses names that are paths or hidden files before touching storage', async () => {
    for (const name of ['../secret.webp', 'a/b.webp', '.hidden', '', 'a\\b.webp', '%2e%2e']) {
      await expect(store.put(name, new Uint8Array([1]), 'image/webp'), name).rejects.toThrow(/photo name/);
      await expect(store.get(name), name).rejects.toThrow(/photo name/);
      await expect(store.has(name), name).rejects.toThrow(/photo name/);
      await expect(store.delete(name), name).rejects.toThrow(/photo name/);
    }
  });
});

describe('data directory engine', () => {
  it('writes through a temporary file and leaves only the photo behind', async () => {
    const dir = path.join(tempDir(), 'uploads');
    const store = directoryPhotoStore(dir);
    const { name, bytes } = photo('atomic');
    await store.put(name, bytes, 'image/webp');
    expect(fs.readdirSync(dir)).toEqual([name]);
    expect(new Uint8Array(fs.readFileSync(path.join(dir, name)))).toEqual(bytes);
  });

  it('is what an app gets without S3_BUCKET: DATA_DIR/uploads', async () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    const { name, bytes } = photo('default engine');
    await photoStoreFor(config).put(name, bytes, 'image/webp');
    expect(fs.existsSync(path.join(uploadsDir(config), name))).toBe(true);
    expect(photoStoreFor(config)).toBe(photoStoreFor(config));
  });
});

describe('S3 engine', () => {
  it('stores each photo as the object named by it, with its content type', async () => {
    const config = loadConfig({ DATA_DIR: tempDir(), ...s3.env });
    const { name, bytes } = photo('configured bucket');
    await photoStoreFor(config).put(name, bytes, 'image/webp');
    // Seen through another client of the same bucket: the object is in S3, not in this process.
    const other = s3PhotoStore(s3.settings);
    expect(await other.get(name)).toMatchObject({ contentType: 'image/webp', length: bytes.byteLength });
    expect(fs.existsSync(uploadsDir(config))).toBe(false);
  });

  it('streams objects above the inline limit instead of reading them whole', async () => {
    const store = s3PhotoStore(s3.settings, { inlineLimit: 1024 });
    const { name, bytes } = photo('large photo', 200_000);
    await store.put(name, bytes, 'image/webp');
    const stored = (await store.get(name))!;
    expect(stored.body).toBeInstanceOf(ReadableStream);
    expect(stored.length).toBe(200_000);
    // By hash: a deep comparison of 200,000 elements takes vitest a second.
    expect(sha256(await bytesOf(stored))).toBe(sha256(bytes));

    const small = photo('small photo', 100);
    await store.put(small.name, small.bytes, 'image/webp');
    expect((await store.get(small.name))!.body).toBeInstanceOf(Uint8Array);
  });

  it('reports a missing bucket as an error, not as a missing photo', async () => {
    const store = s3PhotoStore({ ...s3.settings, bucket: 'no-such-bucket' });
    await expect(store.get(photo('anything').name)).rejects.toThrow();
    await expect(store.put(photo('anything').name, new Uint8Array([1]), 'image/webp')).rejects.toThrow();
  });
});
