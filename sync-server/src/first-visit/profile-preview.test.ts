/**
 * The first look of a member's profile (docs/architecture.md "First paint"): `/users/{id}` carries what
 * GET /api/users/{id}/profile gives an anonymous visitor (the public name, masked when it looks like an
 * e-mail address, the bio, the details and the four counts), never the e-mail, a spot or a find's position.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicProfile } from '@schema/contracts/social';
import { createSpot } from '../features/locations/test-fixtures';
import type { TestApp } from '../test/harness';
import { createFind, signedIn, type TestClient } from '../sync/test-fixtures';
import { modulePreloads, previewOf, startPreviewSite, type PreviewSite } from './preview-test-site';

describe("a member's profile's first look", () => {
  let site: PreviewSite;
  let t: TestApp;
  let anon: TestClient;

  beforeAll(async () => {
    site = await startPreviewSite('profile-preview', { 'src/features/social/index.ts': 'assets/social-s1.js' });
    t = site.t;
    anon = t.client();
  });
  afterAll(() => site.close());

  it('shows the public name, bio, details and counts the profile API gives a visitor', async () => {
    const { client: rowan, user } = await signedIn(t, 'rowan');
    const { client: follower } = await signedIn(t, 'marsh.walker');
    await t.sql('UPDATE users SET bio = ? WHERE id = ?', 'Weekend digger on the Norfolk coast.', user.id);
    const details = { yearsDetecting: 7, detectorBrand: 'Minelab', detectorModel: 'Equinox 800' };
    expect((await rowan.put('/api/social/profile-details', details)).status).toBe(200);
    expect(
      (await follower.post('/api/social/follow', { targetUserId: user.id, action: 'follow' })).status,
    ).toBe(200);
    await createFind(rowan, { title: 'Bronze Age palstave', latitude: '52.876543', longitude: '1.345678' });
    await createSpot(rowan, { name: 'Private barley field', latitude: 52.765432, longitude: 1.234567 });

    const res = await anon.get(`/users/${user.id}`);
    const preview = previewOf(res.text)!;
    expect(preview).toContain(`data-path="/users/${user.id}"`);
    expect(preview).toContain('>rowan</div>');
    expect(preview).toContain('Weekend digger on the Norfolk coast.');
    expect(preview).toContain('<span>7</span>');
    expect(preview).toContain('Minelab Equinox 800');
    // The counts are the API's, tile for tile.
    const { stats } = (await anon.get(`/api/users/${user.id}/profile`)).json as PublicProfile;
    expect(stats).toMatchObject({ followers: 1, finds: 1 });
    const tiles = [
      ...preview.matchAll(/>(Followers|Following|Posts|Finds)<\/div><div class="text-2xl font-bold">(\d+)</g),
    ];
    expect(Object.fromEntries(tiles.map((m) => [m[1]!.toLowerCase(), Number(m[2])]))).toEqual(stats);
    expect(preview).not.toMatch(/<(a|button|input|select)\b/);
    for (const hidden of ['rowan@example.com', 'Private barley field', '52.765432', '52.876543', '1.345678'])
      expect(res.text, hidden).not.toContain(hidden);
    // Under a first look the route's code is left to the entry.
    expect(modulePreloads(res.text)).toEqual([]);
  });

  it('masks an e-mail-like name as the app does and never writes the e-mail', async () => {
    const { user } = await signedIn(t, 'hedge.finder@example.com');
    const page = (await anon.get(`/users/${user.id}`)).text;
    const preview = previewOf(page)!;
    expect(preview).toContain('hed***@e***.com');
    expect(preview).toContain('No bio yet.');
    expect(preview).toContain('Not said');
    expect(page).not.toContain('hedge.finder');
  });

  it('is not written for an unknown member or an address that is not an id', async () => {
    for (const url of ['/users/999999', '/users/not-an-id', '/users/1e3', '/users/']) {
      expect(previewOf((await anon.get(url)).text), url).toBeNull();
    }
    const { user } = await signedIn(t, 'quiet.one');
    expect(previewOf((await anon.get(`/users/${user.id}?tab=finds`)).text)).toBeNull();
  });

  it('escapes what the member wrote in their bio', async () => {
    const { user } = await signedIn(t, 'tricky');
    await t.sql('UPDATE users SET bio = ? WHERE id = ?', '<img src=x onerror=alert(1)> & "quotes"', user.id);
    const preview = previewOf((await anon.get(`/users/${user.id}`)).text)!;
    expect(preview).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
    expect(preview).not.toContain('<img');
  });
});
