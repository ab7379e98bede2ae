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
