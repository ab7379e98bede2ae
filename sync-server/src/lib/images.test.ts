import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { imageStorage } from '@schema/db/tables';
import { MAX_IMAGE_BYTES } from '@schema/contracts/constants';
import type { Deps } from '../deps';
import { loadConfig } from './config';
import { closeDatabase, openDatabase } from './db';
import { HttpError } from './errors';
import { createLogger } from './logger';
import { storeImage, uploadsDir } from './images';

let deps: Deps;
let dataDir: string;

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-images-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  deps = {
    db: await openDatabase({ engine: 'sqlite', file: path.join(dataDir, 'test.sqlite') }),
    config,
    logger: createLogger('silent'),
    mailer: { send: async () => undefined },
  } satisfies Deps;
});

afterEach(async () => {
  await closeDatabase(deps.db);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A noisy picture compresses like a photo, not like a flat colour. */
function photo(width: number, height: number) {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  });
}

/** The stored bytes behind a `/uploads/…` URL. */
function readStored(url: string): Buffer {
  return fs.readFileSync(path.join(uploadsDir(deps.config), path.basename(url)));
}

/** Whether an EXIF block's first IFD points to a GPS IFD (tag 0x8825), read straight from the TIFF layout. */
function hasGpsIfd(exif: Buffer): boolean {
  const tiff = exif.subarray(exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0);
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const ifd0 = le ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4);
  const count = u16(ifd0);
  for (let i = 0; i < count; i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  return false;
}

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(err)}`);
  return err;
}

/** A PNG whose header claims width×height pixels but carries almost no data: a decompression bomb. */
function pngClaiming(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // truecolour
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(Buffer.alloc(1024))),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

describe('storeImage', () => {
  it('re-encodes to WebP without EXIF, so GPS coordinates never reach other members', async () => {
    const input = await photo(640, 480)
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Finder 9' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 28/1 4000/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 3900/100',
        },
      })
      .jpeg()
      .toBuffer();
    // Sanity: the upload really carries GPS tags.
    const before = await sharp(input).metadata();
    expect(before.exif?.toString('latin1')).toContain('PhoneCo');
    expect(before.exif && hasGpsIfd(before.exif)).toBe(true);

    const stored = await storeImage(deps, new Uint8Array(input), {
      uploadedBy: null,
      originalName: 'IMG_0001.jpg',
      kind: 'photo',
    });

    expect(stored.url).toBe(`/uploads/${stored.sha256}.webp`);
    expect(stored.thumbUrl).toBe(`/uploads/${stored.sha256}-thumb.webp`);
    for (const url of [stored.url, stored.thumbUrl]) {
      const meta = await sharp(readStored(url)).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
    }
    expect(readStored(stored.url).includes('PhoneCo')).toBe(false);
  });

  it('applies the EXIF orientation to the pixels before dropping the tag', async () => {
    // Landscape pixels tagged "rotate 90° clockwise" (orientation 6), as phones save portrait shots.
    const input = await photo(300, 200).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);
    const stored = await storeImage(deps, new Uint8Array(input), { uploadedBy: null, kind: 'photo' });
    expect([stored.width, stored.height]).toEqual([200, 300]);
    const meta = await sharp(readStored(stored.url)).metadata();
    expect(meta.orientation).toBeUndefined();
  });

  it('is idempotent: the same bytes twice give the same URL and one row', async () => {
    const input = new Uint8Array(await photo(500, 400).jpeg().toBuffer());
    const first = await storeImage(deps, input, { uploadedBy: null, kind: 'photo' });
    const second = await storeImage(deps, input, { uploadedBy: null, kind: 'photo' });
    expect(second).toEqual(first);
    const rows = await deps.db
      .select()
      .from(imageStorage)
      .where(eq(imageStorage.filename, `${first.sha256}.webp`));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      mimeType: 'image/webp',
      size: readStored(first.url).byteLength,
      data: null,
    });
    // No temporary files left behind.
    expect(fs.readdirSync(uploadsDir(deps.config)).sort()).toEqual([
      `${first.sha256}-thumb.webp`,
      `${first.sha256}.webp`,
    ]);
  });

  it('accepts PNG (with transparency) and shrinks photos inside 1600×1600 with a 400 px thumbnail', async () => {
    const input = await sharp({
      create: { width: 2400, height: 1200, channels: 4, background: { r: 200, g: 150, b: 40, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const stored = await storeImage(deps, new Uint8Array(input), { uploadedBy: null, kind: 'photo' });
    expect([stored.width, stored.height]).toEqual([1600, 800]);
    const thumb = await sharp(readStored(stored.thumbUrl)).metadata();
    expect([thumb.width, thumb.height]).toEqual([400, 200]);
    expect(thumb.hasAlpha).toBe(true);
  });

  it('never enlarges a small photo', async () => {
    const input = await photo(120, 80).png().toBuffer();
    const stored = await storeImage(deps, new Uint8Array(input), { uploadedBy: null, kind: 'photo' });
    expect([stored.width, stored.height]).toEqual([120, 80]);
  });

  it('crops avatars to a 256 px square with a 96 px thumbnail, and smaller pictures to their short side', async () => {
    const big = await storeImage(deps, new Uint8Array(await photo(800, 600).jpeg().toBuffer()), {
      uploadedBy: null,
      kind: 'avatar',
    });
    expect([big.width, big.height]).toEqual([256, 256]);
    const thumb = await sharp(readStored(big.thumbUrl)).metadata();
    expect([thumb.width, thumb.height]).toEqual([96, 96]);

    const small = await storeImage(deps, new Uint8Array(await photo(200, 100).jpeg().toBuffer()), {
      uploadedBy: null,
      kind: 'avatar',
    });
    expect([small.width, small.height]).toEqual([100, 100]);
  });

  it('refuses SVG, HTML and plain text with 415', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    for (const text of [
      svg,
      `<?xml version="1.0"?>${svg}`,
      '<html><body>hi</body></html>',
      'just some text',
    ]) {
      const err = await rejection(
        storeImage(deps, new TextEncoder().encode(text), { uploadedBy: null, kind: 'photo' }),
      );
      expect(err.status).toBe(415);
      expect(err.message).toBe('Please upload a JPG or PNG image.');
    }
  });

  it('refuses other binary formats (a PDF) with 415', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    const err = await rejection(storeImage(deps, pdf, { uploadedBy: null, kind: 'photo' }));
    expect(err.status).toBe(415);
  });

  it('refuses more than 5 MB with 413 and the spec message, before decoding', async () => {
    const bytes = new Uint8Array(MAX_IMAGE_BYTES + 1);
    bytes.set(await photo(10, 10).jpeg().toBuffer());
    const err = await rejection(storeImage(deps, bytes, { uploadedBy: null, kind: 'photo' }));
    expect(err.status).toBe(413);
    expect(err.message).toBe('Please upload an image smaller than 5MB.');
  });

  it('answers a truncated or corrupt JPEG with 415, not a 500', async () => {
    const jpeg = await photo(400, 300).jpeg().toBuffer();
    const truncated = await rejection(
      storeImage(deps, new Uint8Array(jpeg.subarray(0, jpeg.length / 2)), {
        uploadedBy: null,
        kind: 'photo',
      }),
    );
    expect(truncated.status).toBe(415);
    expect(truncated.message).toMatch(/could not be read/);

    const corrupt = Buffer.from(jpeg);
    corrupt.fill(0x41, 200, 3000); // scribble over the tables and the start of the scan
    const err = await rejection(
      storeImage(deps, new Uint8Array(corrupt), { uploadedBy: null, kind: 'photo' }),
    );
    expect(err.status).toBe(415);
    expect(await deps.db.select().from(imageStorage)).toHaveLength(0);
  });

  it('refuses a decompression bomb (a tiny PNG claiming 400 megapixels) without decoding it', async () => {
    const bomb = pngClaiming(20_000, 20_000);
    expect(bomb.byteLength).toBeLessThan(2000);
    const err = await rejection(storeImage(deps, bomb, { uploadedBy: null, kind: 'photo' }));
    expect(err.status).toBe(400);
    expect(err.code).toBe('image-too-many-pixels');
    expect(err.message).toMatch(/megapixels/);
  });

  it('keeps only the base name of the original file name', async () => {
    const input = new Uint8Array(await photo(50, 50).png().toBuffer());
    const stored = await storeImage(deps, input, {
      uploadedBy: null,
      kind: 'photo',
      originalName: 'C:\\Users\\me\\Pictures\\coin\u0000.png',
    });
    const row = (
      await deps.db
        .select()
        .from(imageStorage)
        .where(eq(imageStorage.filename, `${stored.sha256}.webp`))
    )[0];
    expect(row?.originalName).toBe('coin.png');
  });
});
