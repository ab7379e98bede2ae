/**
 * The member directory's search (`GET /api/users?q=`, docs/product/social.md "Screens"): names
 * containing the term ignoring case, the caller left out, public fields only; a name that looks like an
 * e-mail address matches only by what its mask shows (docs/privacy.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { signedIn, type TestClient } from '../../sync/test-fixtures';

let t: TestApp;
let anon: TestClient;
let searcher: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  anon = t.client();
  searcher = (await signedIn(t, 'RelicHunter')).client;
  await signedIn(t, 'relic_rita');
  await signedIn(t, 'Coinsmith');
  await signedIn(t, 'joanna.smith@mailbox.org');
  await signedIn(t, '100%_relic');
});
afterAll(() => t.close());

const names = async (client: TestClient, q: string) =>
  ((await client.get(`/api/users?q=${encodeURIComponent(q)}`)).json as { username: string }[]).map(
    (u) => u.username,
  );

describe('GET /api/users?q=', () => {
  it('anonymous: names containing the term, ignoring case, public fields only', async () => {
    expect(await names(anon, 'RELIC')).toEqual(['RelicHunter', 'relic_rita', '100%_relic']);
    const res = await anon.get('/api/users?q=coin');
    expect(res.json).toEqual([
      {
        id: expect.any(Number),
        username: 'Coinsmith',
        avatarUrl: expect.any(String),
        bio: null,
        created_at: expect.any(String),
      },
    ]);
  });

  it('a signed-in member searching is left out of the answer', async () => {
    expect(await names(searcher, 'relic')).toEqual(['relic_rita', '100%_relic']);
  });

  it('% and _ are plain characters', async () => {
    expect(await names(anon, '%_')).toEqual(['100%_relic']);
    expect(await names(anon, 'i_h')).toEqual([]);
  });

  it('an e-mail-like name is found by its first characters only, never by its hidden part', async () => {
    expect(await names(anon, 'smith')).toEqual(['Coinsmith']);
    expect(await names(anon, 'mailbox')).toEqual([]);
    // Shown masked to everyone but its member (toPublicUserFor).
    expect(await names(anon, 'jo')).toEqual(['joa***@m***.org']);
  });
});
