/**
 * What keeps photo processing from taking the server down (lib/images.ts): a pixel cap sized for phone
 * photos, a global limit on images processed at once, and no libvips cache between uploads.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Deps } from '../deps';
import { loadConfig } from './config';
import { closeDatabase, openDatabase } from './db';
import { HttpError } from './errors';
import { createLogger } from './logger';
import { MAX_INPUT_PIXELS, storeImage, TOO_MANY_PIXELS_MESSAGE } from './images';
import { ConcurrencyLimit } from './rate-limit';

let deps: Deps;
let dataDir: string;

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-image-limits-'));
  deps = {
    db: await openDatabase({ engine: 'sqlite', file: path.join(dataDir, 'test.sqlite') }),
    config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    logger: createLogger('silent'),
    mailer: { send: async () => undefined },
  } satisfies Deps;
});
afterEach(async () => {
  await closeDatabase(deps.db);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A PNG header claiming width×height pixels, with almost no data behind it. */
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
  ihdr.writeUInt8(8, 8);
  ihdr.writeUInt8(2, 9);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(Buffer.alloc(1024))),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(err)}`);
  return err;
}

describe('pixel cap', () => {
  it('is 25 megapixels: a phone photo fits, a 50 MP claim does not', () => {
    expect(MAX_INPUT_PIXELS).toBe(25_000_000);
    expect(TOO_MANY_PIXELS_MESSAGE).toMatch(/25 megapixels/);
  });

  it('refuses a 26 MP image from its header, before decoding', async () => {
    for (const [width, height] of [
      [5200, 5000],
      [8160, 6120],
    ] as const) {
      const err = await rejection(
        storeImage(deps, pngClaiming(width, height), { uploadedBy: null, kind: 'photo' }),
      );
      expect(err.status).toBe(400);
      expect(err.code).toBe('image-too-many-pixels');
    }
  });

  it('takes a 24 MP photo (6000 × 4000) and stores it at display size', async () => {
    const jpeg = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#8a6d3b' } })
      .jpeg({ quality: 70 })
      .toBuffer();
    const stored = await storeImage(deps, new Uint8Array(jpeg), { uploadedBy: null, kind: 'photo' });
    expect([stored.width, stored.height]).toEqual([1600, 1067]);
  });
});

describe('libvips settings', () => {
  it('keeps no operation cache and uses one thread per image', () => {
    expect(sharp.cache()).toMatchObject({ memory: { max: 0 }, items: { max: 0 } });
    expect(sharp.concurrency()).toBe(1);
  });
});

describe('ConcurrencyLimit (images processed at once, uploads read at once)', () => {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

  it('runs at most `size` tasks at once and the rest in arrival order', async () => {
    const slots = new ConcurrencyLimit(2, 10, 'busy');
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const task = (n: number) => async () => {
      running += 1;
      most = Math.max(most, running);
      await tick();
      order.push(n);
      running -= 1;
      return n;
    };
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => slots.run(task(n))));
    expect(results).toEqual([1, 2, 3, 4, 5, 6]);
    expect(most).toBe(2);
    expect(order.slice(2)).toEqual([3, 4, 5, 6]);
    expect(slots.busy).toBe(0);
  });

  it('frees the slot when a task fails', async () => {
    const slots = new ConcurrencyLimit(1, 10, 'busy');
    await expect(slots.run(() => Promise.reject(new Error('decoder')))).rejects.toThrow('decoder');
    expect(await slots.run(() => Promise.resolve('next'))).toBe('next');
    expect(slots.busy).toBe(0);
  });

  it('answers 503 (retry later) when the queue is full, instead of holding ever more uploads', async () => {
    const slots = new ConcurrencyLimit(1, 2, 'Busy, try again');
    let release = () => undefined as void;
    const blocker = slots.run(() => new Promise<void>((resolve) => (release = resolve)));
    const queued = [slots.run(() => Promise.resolve(1)), slots.run(() => Promise.resolve(2))];
    const err = await rejection(slots.run(() => Promise.resolve(3)));
    expect(err.status).toBe(503);
    expect(err.message).toBe('Busy, try again');
    release();
    await blocker;
    expect(await Promise.all(queued)).toEqual([1, 2]);
  });
});
