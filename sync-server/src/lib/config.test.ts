import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('throttle settings', () => {
  it('default to 10 logins, 5 sign-ups and 60 images, with no trusted proxy', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      loginRateLimit: 10,
      signupRateLimit: 5,
      uploadRateLimit: 60,
      trustProxy: [],
    });
  });
  it('read LOGIN_RATE_LIMIT, SIGNUP_RATE_LIMIT and UPLOAD_RATE_LIMIT', () => {
    const config = loadConfig({ LOGIN_RATE_LIMIT: '20', SIGNUP_RATE_LIMIT: '3', UPLOAD_RATE_LIMIT: '100' });
    expect(config).toMatchObject({ loginRateLimit: 20, signupRateLimit: 3, uploadRateLimit: 100 });
  });
  it('default to 120 messages, 60 comments, 20 posts and 3000 pushed changes per member in 10 minutes', () => {
    expect(loadConfig({})).toMatchObject({
      writeRateLimits: { messages: 120, comments: 60, posts: 20 },
      pushRateLimit: 3000,
    });
    const set = loadConfig({
      MESSAGE_RATE_LIMIT: '30',
      COMMENT_RATE_LIMIT: '40',
      POST_RATE_LIMIT: '5',
      PUSH_RATE_LIMIT: '500',
    });
    expect(set).toMatchObject({
      writeRateLimits: { messages: 30, comments: 40, posts: 5 },
      pushRateLimit: 500,
    });
  });
  it('give a new account half the write limits (rounded up) unless NEW_ACCOUNT_*_RATE_LIMIT says otherwise', () => {
    expect(loadConfig({})).toMatchObject({
      newAccountWriteRateLimits: { messages: 60, comments: 30, posts: 10 },
    });
    expect(loadConfig({ POST_RATE_LIMIT: '5', NEW_ACCOUNT_MESSAGE_RATE_LIMIT: '7' })).toMatchObject({
      newAccountWriteRateLimits: { messages: 7, comments: 30, posts: 3 },
    });
  });
  it('drop uploads slower than 1 KB/s in each 10-second window by default', () => {
    expect(loadConfig({})).toMatchObject({ uploadMinBytesPerSecond: 1024, uploadSlowGraceSeconds: 10 });
    expect(loadConfig({ UPLOAD_MIN_BYTES_PER_SECOND: '500', UPLOAD_SLOW_GRACE_SECONDS: '2' })).toMatchObject({
      uploadMinBytesPerSecond: 500,
      uploadSlowGraceSeconds: 2,
    });
  });
  it('refuse a value that is not a whole number of at least 1 instead of disabling the limit', () => {
    for (const bad of ['0', '-1', '2.5', 'ten'])
      expect(() => loadConfig({ SIGNUP_RATE_LIMIT: bad })).toThrow(/SIGNUP_RATE_LIMIT/);
  });
});

describe('listening address', () => {
  it('defaults to this machine only (127.0.0.1); HOST opens it to the LAN or a proxy', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});

describe('photo storage (S3_*)', () => {
  const keys = { S3_ACCESS_KEY_ID: 'AKIDEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret' };

  it('is the data directory without S3_BUCKET', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: '  ' }).s3).toBeUndefined();
  });

  it('is a bucket with S3_BUCKET: region us-east-1, virtual-hosted style and the SDK credentials by default', () => {
    expect(loadConfig({ S3_BUCKET: 'photos' }).s3).toEqual({
      bucket: 'photos',
      region: 'us-east-1',
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  it('reads the endpoint, region, keys and path style of an S3-compatible service', () => {
    const config = loadConfig({
      S3_BUCKET: 'photos',
      S3_ENDPOINT: 'http://minio.internal:9000/',
      S3_REGION: 'eu-west-2',
      S3_FORCE_PATH_STYLE: 'TRUE',
      ...keys,
    });
    expect(config.s3).toEqual({
      bucket: 'photos',
      region: 'eu-west-2',
      endpoint: 'http://minio.internal:9000',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
  });

  it('stops the start on a mistake, naming the variable', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ S3_ENDPOINT: 'http://minio:9000' }, /S3_ENDPOINT set without S3_BUCKET/],
      [{ S3_ACCESS_KEY_ID: 'a', S3_REGION: 'x' }, /S3_REGION, S3_ACCESS_KEY_ID set without S3_BUCKET/],
      [{ S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'a' }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/],
      [{ S3_BUCKET: 'photos', S3_SECRET_ACCESS_KEY: 'b' }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/],
      [{ S3_BUCKET: 'photos', S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT: 'minio:9000'/],
      [{ S3_BUCKET: 'photos', S3_ENDPOINT: 'ftp://minio' }, /S3_ENDPOINT/],
      [{ S3_BUCKET: 'photos', S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE must be true or false/],
      [{ S3_BUCKET: 'my/photos' }, /S3_BUCKET/],
    ];
    for (const [env, message] of cases) expect(() => loadConfig(env), JSON.stringify(env)).toThrow(message);
  });
});

describe('map sources (docs/map.md, "The detailed map")', () => {
  it('MAP_PMTILES_URL: a file in DATA_DIR, an absolute path, or an http(s) address; nothing else', () => {
    expect(loadConfig({ DATA_DIR: '/srv/dq', MAP_PMTILES_URL: 'maps/uk.pmtiles' }).mapDetail).toEqual({
      kind: 'file',
      path: '/srv/dq/maps/uk.pmtiles',
    });
    expect(loadConfig({ MAP_PMTILES_URL: '/data/uk.pmtiles' }).mapDetail).toEqual({
      kind: 'file',
      path: '/data/uk.pmtiles',
    });
    expect(loadConfig({ MAP_PMTILES_URL: 'https://maps.example.org/uk.pmtiles' }).mapDetail).toEqual({
      kind: 'http',
      url: 'https://maps.example.org/uk.pmtiles',
    });
    expect(loadConfig({}).mapDetail).toBeUndefined();
    expect(() => loadConfig({ MAP_PMTILES_URL: 'ftp://example.org/uk.pmtiles' })).toThrow(/MAP_PMTILES_URL/);
  });

  it('MAP_IMAGERY_URL needs its attribution and tile placeholders; its origin joins the CSP hosts', () => {
    const config = loadConfig({
      MAP_IMAGERY_URL: 'https://imagery.example.org/tiles/{z}/{x}/{y}.jpg',
      MAP_IMAGERY_ATTRIBUTION: 'Imagery © Example',
    });
    expect(config.mapImagery).toEqual({
      url: 'https://imagery.example.org/tiles/{z}/{x}/{y}.jpg',
      attribution: 'Imagery © Example',
      maxZoom: 19,
    });
    expect(config.mapHosts).toContain('https://imagery.example.org');
    expect(() => loadConfig({ MAP_IMAGERY_URL: 'https://imagery.example.org/{z}/{x}/{y}.jpg' })).toThrow(
      /MAP_IMAGERY_ATTRIBUTION/,
    );
    expect(() =>
      loadConfig({ MAP_IMAGERY_URL: 'https://imagery.example.org/tile.jpg', MAP_IMAGERY_ATTRIBUTION: 'x' }),
    ).toThrow(/\{z\}/);
    expect(() =>
      loadConfig({ MAP_IMAGERY_URL: 'imagery/{z}/{x}/{y}.jpg', MAP_IMAGERY_ATTRIBUTION: 'x' }),
    ).toThrow(/MAP_IMAGERY_URL/);
  });
});
