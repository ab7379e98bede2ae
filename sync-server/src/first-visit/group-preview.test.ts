/**
 * The first look of a group's page (docs/architecture.md "First paint"): `/groups/{uid}` (how the app links a
 * group) and `/groups/{id}` carry what GET /api/groups/{id} gives an anonymous visitor — the cover, name,
 * description, tags, member count, place, creator and rules — and a private group carries nothing, not even
 * its name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Group } from '@schema/contracts/groups';
import type { TestApp } from '../test/harness';
import { signedIn, type TestClient } from '../sync/test-fixtures';
import { createGroupAs } from '../features/groups/test-fixtures';
import { previewOf, startPreviewSite, type PreviewSite } from './preview-test-site';

describe("a group's first look", () => {
  let site: PreviewSite;
  let t: TestApp;
  let anon: TestClient;
  let creator: TestClient;

  beforeAll(async () => {
    site = await startPreviewSite('group-preview', { 'src/features/social/index.ts': 'assets/social-s1.js' });
    t = site.t;
    anon = t.client();
    creator = (await signedIn(t, 'night.owl@example.com')).client;
  });
  afterAll(() => site.close());

  it('shows a public group as the API gives it to a visitor, by its uid and by its id', async () => {
    const group = await createGroupAs(creator, {
      name: 'Norfolk Night Owls',
      description: 'Dusk digs on the permission fields.',
      location: 'Norfolk',
      isPrivate: false,
      tags: ['beach', 'night digs'],
      rules: 'Fill every hole.\nShare the finds.',
    });
    await t.sql('UPDATE groups SET cover_image_url = ? WHERE id = ?', '/uploads/owls-cover.webp', group.id);
    const seen = (await anon.get(`/api/groups/${group.id}`)).json as Group;

    for (const ref of [group.uid, String(group.id)]) {
      const page = (await anon.get(`/groups/${ref}`)).text;
      const preview = previewOf(page)!;
      expect(preview, ref).toContain(`data-path="/groups/${ref}"`);
      expect(preview).toContain('<div class="text-3xl font-bold">Norfolk Night Owls</div>');
      expect(preview).toContain('Public</span>');
      expect(preview).toContain('Dusk digs on the permission fields.');
      expect(preview).toContain('beach</span>');
      expect(preview).toContain('night digs</span>');
      expect(preview).toContain(`${seen.memberCount} member`);
      expect(preview).toContain('Norfolk</span>');
      expect(preview).toContain('Fill every hole.\nShare the finds.');
      expect(preview).toContain('<img src="/uploads/owls-cover.webp"');
      expect(page).toContain('<link rel="preload" as="image" href="/uploads/owls-cover.webp"');
      // The creator's e-mail-like name is masked as the app masks it; nothing in the look can be focused.
      expect(preview).toContain('Created by <span>nig***@e***.com</span>');
      expect(page).not.toContain('night.owl@');
      expect(preview).not.toMatch(/<(a|button|input|select)\b/);
    }
  });

  it('says "No description provided" as the page does, and escapes what the creator wrote', async () => {
    const group = await createGroupAs(creator, { name: 'Owls <script>alert(1)</script> & co', isPrivate: false });
    const preview = previewOf((await anon.get(`/groups/${group.uid}`)).text)!;
    expect(preview).toContain('Owls &lt;script&gt;alert(1)&lt;/script&gt; &amp; co');
    expect(preview).not.toContain('<script>');
    expect(preview).toContain('No description provided');
  });

  it('writes nothing of a private group, an unknown one or an address that is no id', async () => {
    const secret = await createGroupAs(creator, { name: 'Secret Hoard Society', isPrivate: true });
    for (const url of [`/groups/${secret.uid}`, `/groups/${secret.id}`, '/groups/999999', '/groups/not-an-id']) {
      const page = (await anon.get(url)).text;
      expect(previewOf(page), url).toBeNull();
      expect(page).not.toContain('Secret Hoard Society');
    }
  });
});
