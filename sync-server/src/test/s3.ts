/**
 * A local S3-compatible server for tests (s3rver), on a free port with its own temporary directory and one
 * empty bucket, so the S3 photo store is tested against real S3 requests without contacting any S3 host.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../lib/config';

/** s3rver accepts only its own fixed credentials. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface LocalS3 {
  /** Settings for the S3 photo store, as lib/config.ts would read them from `env`. */
  settings: S3Config;
  /** The same as S3_* variables, for createTestApp. */
  env: Record<string, string>;
  /** Where s3rver keeps the bucket's objects. */
  directory: string;
  close(): Promise<void>;
}

export async function startLocalS3(bucket = 'digquest-photos'): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    settings: { bucket, region: 'us-east-1', endpoint, credentials: CREDENTIALS, forcePathStyle: true },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    directory,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
