/**
 * Where uploaded photos live: one interface, two engines (docs/architecture.md "Storage engines").
 *
 * - The data directory (default): files under DATA_DIR/uploads/, as a single server has always kept them.
 * - An S3-compatible bucket (S3_BUCKET set; AWS S3, MinIO, R2…): what several app servers behind a load
 *   balancer share, so a photo uploaded through one is served by every other.
 *
 * Names are content addressed by lib/images.ts (the SHA-256 of the bytes), so a name always stands for the
 * same bytes: `put` is idempotent and never has to replace anything, and a retried upload costs no
 * second write. The S3 engine keeps each name as the object key, so the files of DATA_DIR/uploads copy
 * one-to-one into a bucket.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type * as S3SdkModule from '@aws-sdk/client-s3';
import type { GetObjectCommandOutput, S3Client } from '@aws-sdk/client-s3';
import type { Config, S3Config } from './config';
import { metricsFor } from './metrics';

export interface StoredPhoto {
  /** The whole photo, or a stream of it when it is large (the S3 engine above its inline limit). */
  body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>;
  contentType: string;
  /** Bytes in the body. */
  length: number;
}

export interface PhotoStore {
  /** Stores the bytes under the name; a name already stored is left as it is (same name, same bytes). */
  put(name: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The photo, or null when no photo has that name. */
  get(name: string): Promise<StoredPhoto | null>;
  has(name: string): Promise<boolean>;
  /** Removes the photo; a missing one is not an error. */
  delete(name: string): Promise<void>;
}

/** A file name without directories: letters, digits, `.`, `_` and `-`, never starting with a dot. */
const PHOTO_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/;

/** Refuses anything that could reach outside the uploads (a path, `..`) before either engine sees it. */
export function checkPhotoName(name: string): string {
  if (!PHOTO_NAME.test(name)) throw new Error(`Not a photo name: ${JSON.stringify(name)}`);
  return name;
}

const TYPES_BY_EXTENSION: Readonly<Record<string, string>> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
};

/** The data directory keeps no metadata: a file's type follows from its extension. */
export function contentTypeOfName(name: string): string {
  return TYPES_BY_EXTENSION[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
}

export function uploadsDir(config: Config): string {
  return path.join(config.dataDir, 'uploads');
}

/** Files in one directory, each written whole or not at all. */
export function directoryPhotoStore(dir: string): PhotoStore {
  const fileOf = (name: string) => path.join(dir, checkPhotoName(name));
  return {
    async put(name, bytes) {
      const file = fileOf(name);
      await fs.mkdir(dir, { recursive: true });
      await writeAtomically(file, bytes);
    },
    async get(name) {
      try {
        const body = await fs.readFile(fileOf(name));
        return { body, contentType: contentTypeOfName(name), length: body.byteLength };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async has(name) {
      try {
        return (await fs.stat(fileOf(name))).isFile();
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    async delete(name) {
      await fs.rm(fileOf(name), { force: true });
    },
  };
}

/**
 * Write to a temporary name in the same directory, then rename: readers see no file or the whole file, never
 * half of one, even if the process dies mid-write. An existing file already holds exactly these bytes
 * (content addressing), so it is left alone.
 */
async function writeAtomically(file: string, data: Uint8Array): Promise<void> {
  try {
    await fs.access(file);
    return;
  } catch {
    // not there yet
  }
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await fs.writeFile(temp, data);
    await fs.rename(temp, file);
  } catch (err) {
    await fs.rm(temp, { force: true });
    throw err;
  }
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

type S3Sdk = typeof S3SdkModule;

let s3Sdk: Promise<S3Sdk> | undefined;
/**
 * The AWS SDK, loaded with the first photo stored or served rather than at start-up, like sharp (README.md,
 * Decisions: "The production server is built"); a server on the data directory never loads it.
 */
function loadS3Sdk(): Promise<S3Sdk> {
  s3Sdk ??= import('@aws-sdk/client-s3');
  return s3Sdk;
}

/**
 * Objects above this size are streamed to the client rather than read whole first. Display photos and
 * thumbnails are well under it (lib/images.ts: at most 1600 px of WebP), so they are read whole: one
 * buffer, a known length, and an S3 error surfaces as a 500 before the first byte is sent.
 */
const INLINE_LIMIT = 8 * 1024 * 1024;

export interface S3StoreOptions {
  /** Bytes up to which `get` reads the object whole; larger ones come as a stream. */
  inlineLimit?: number;
}

/** Objects in a bucket, the object key being the photo's name. */
export function s3PhotoStore(settings: S3Config, options: S3StoreOptions = {}): PhotoStore {
  const inlineLimit = options.inlineLimit ?? INLINE_LIMIT;
  const Bucket = settings.bucket;
  let connected: Promise<{ sdk: S3Sdk; client: S3Client }> | undefined;
  const connect = () =>
    (connected ??= loadS3Sdk().then((sdk) => ({ sdk, client: newS3Client(sdk, settings) })));

  async function has(name: string): Promise<boolean> {
    const Key = checkPhotoName(name);
    const { sdk, client } = await connect();
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket, Key }));
      return true;
    } catch (err) {
      if (isMissingObject(err)) return false;
      throw err;
    }
  }

  return {
    has,
    async put(name, bytes, contentType) {
      // Asking first saves sending the bytes again for a retried upload. Two servers storing the same new
      // photo at once both write it: the same bytes under the same key, so either write may win.
      if (await has(name)) return;
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: name,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
          // Content addressed: the bytes under a name never change.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(name) {
      const Key = checkPhotoName(name);
      const { sdk, client } = await connect();
      let object: GetObjectCommandOutput;
      try {
        object = await client.send(new sdk.GetObjectCommand({ Bucket, Key }));
      } catch (err) {
        if (isMissingObject(err)) return null;
        throw err;
      }
      const body = object.Body;
      if (!body) throw new Error(`S3 answered no body for ${name}`);
      const contentType = object.ContentType ?? contentTypeOfName(name);
      const length = object.ContentLength;
      if (length !== undefined && length > inlineLimit)
        return { body: body.transformToWebStream(), contentType, length };
      const bytes = new Uint8Array(await body.transformToByteArray());
      return { body: bytes, contentType, length: bytes.byteLength };
    },
    async delete(name) {
      const Key = checkPhotoName(name);
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key }));
    },
  };
}

function newS3Client(sdk: S3Sdk, settings: S3Config): S3Client {
  return new sdk.S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    forcePathStyle: settings.forcePathStyle,
    // The SDK's default CRC32 checksums on every request are refused by several S3-compatible services
    // (MinIO, R2 and others have answered them with errors); SigV4 already signs a hash of each body.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A member is waiting on the upload or the image: fail over to an error instead of hanging forever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000, throwOnRequestTimeout: true },
  });
}

/**
 * No such key. A missing bucket (NoSuchBucket) is a configuration error, not a missing photo; only HEAD,
 * which has no body to say which, reports both as NotFound, and the put or get after it then fails.
 */
function isMissingObject(err: unknown): boolean {
  const name = (err as { name?: unknown } | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

/**
 * The store of an app, made on first use from its configuration and kept per configuration object, like the
 * upload counters in lib/images.ts: every test app gets its own directory or bucket, and the S3 client (with
 * its connection pool) is made once per app, not per request.
 */
const stores = new WeakMap<Config, PhotoStore>();

export function photoStoreFor(config: Config): PhotoStore {
  let store = stores.get(config);
  if (!store) {
    const engine = config.s3 ? s3PhotoStore(config.s3) : directoryPhotoStore(uploadsDir(config));
    store = countingErrors(engine, (operation) => metricsFor(config).photoStoreError(operation));
    stores.set(config, store);
  }
  return store;
}

/** The same store, telling `failed` of each operation that throws (digquest_photo_store_errors_total). */
function countingErrors(store: PhotoStore, failed: (operation: keyof PhotoStore) => void): PhotoStore {
  const counted =
    <A extends unknown[], R>(operation: keyof PhotoStore, run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await run(...args);
      } catch (err) {
        failed(operation);
        throw err;
      }
    };
  return {
    put: counted('put', store.put),
    get: counted('get', store.get),
    has: counted('has', store.has),
    delete: counted('delete', store.delete),
  };
}
