/**
 * POST /api/users/register/check (docs/product/accounts.md "API calls"): the sign-up dialog asks whether
 * the name is free before the donation step, so a donor never pays and only then learns it is taken. The
 * answers are register's own for the name, on the engine the run names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@schema/contracts/auth';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const taken = await t.client().post('/api/users/register', {
    username: 'TakenName',
    email: 'taken@example.com',
    password: 'secret-pass',
  });
  expect(taken.status).toBe(201);
});
afterAll(() => t.close());

const check = (username: unknown) => t.client().post('/api/users/register/check', { username });

describe('POST /api/users/register/check', () => {
  it('a free name: 200 { available: true }, and nothing is created', async () => {
    const res = await check('fresh_digger');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ available: true });
    expect(await t.sql("SELECT id FROM users WHERE username = 'fresh_digger'")).toEqual([]);
  });

  it("a taken name, in any case: 409 with register's message", async () => {
    for (const name of ['TakenName', 'takenname']) {
      const res = await check(name);
      expect(res.status).toBe(409);
      expect(res.json).toMatchObject({ code: 'conflict', message: authMessages.usernameTaken(name) });
    }
  });

  it('a reserved, too short or missing name: 400 with the form’s messages', async () => {
    expect((await check('DigQuestor')).json).toMatchObject({ message: authMessages.reservedUsername });
    expect((await check('ab')).json).toMatchObject({ message: authMessages.usernameTooShort });
    const missing = await check(undefined);
    expect(missing.status).toBe(400);
  });
});
