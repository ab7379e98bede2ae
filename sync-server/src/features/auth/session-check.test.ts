import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

/** GET /api/auth/session: the start-up session check, which never fails for a signed-out visitor. */
describe('GET /api/auth/session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 with user null when signed out, and is never cached', async () => {
    const res = await t.client().get('/api/auth/session');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ user: null });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers the signed-in member’s own record, as GET /api/auth/user does', async () => {
    const { client } = await t.member('SessionCheck');
    const session = await client.get('/api/auth/session');
    expect(session.status).toBe(200);
    expect(session.json.user).toEqual((await client.get('/api/auth/user')).json);
    expect(session.json.user).toMatchObject({ username: 'SessionCheck', email: 'sessioncheck@example.com' });
  });

  it('answers user null again after logging out, while /api/auth/user stays a 401', async () => {
    const { client } = await t.member('LeavingSoon');
    await client.post('/api/users/logout');
    expect((await client.get('/api/auth/session')).json).toEqual({ user: null });
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });
});
