/**
 * A content page's first look in the static shell (docs/architecture.md "First paint"): what the server
 * writes into index.html for `/finds`, a find, `/forum` and a post on a first visit — the records an
 * anonymous visitor may read, escaped, the first photo at once — and when it writes nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forumMessages, postPreview } from '@schema/contracts/forum';
import { createPost } from '../features/forum/test-fixtures';
import { PREVIEW_MARKER } from '../lib/page-hints';
import { createTestApp, type TestApp } from '../test/harness';
import { createFind, signedIn, type TestClient } from '../sync/test-fixtures';

const html =
  '<!doctype html><html><head><title>DigQuest</title></head>' +
  `<body><div id="boot-shell" aria-hidden="true"><div>header</div>${PREVIEW_MARKER}</div><div id="root"></div></body></html>`;

const manifest = {
  'index.html': { file: 'assets/index-e1.js', isEntry: true },
  'src/features/finds/index.ts': {
    file: 'assets/finds-f1.js',
    isDynamicEntry: true,
    imports: ['index.html'],
  },
  'src/features/forum/index.ts': {
    file: 'assets/forum-p1.js',
    isDynamicEntry: true,
    imports: ['index.html'],
  },
};

/** The first look the page carries, or null. */
function previewOf(page: string): string | null {
  return /<div id="boot-preview"[\s\S]*<\/div>(?=<\/div><div id="root">)/.exec(page)?.[0] ?? null;
}
const titlesIn = (preview: string, tag = 'div') =>
  [...preview.matchAll(new RegExp(`<${tag} class="[^"]*font-semibold[^"]*">([^<]*)</${tag}>`, 'g'))].map(
    (m) => m[1],
  );
const modulePreloads = (page: string) => page.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
const imagePreloads = (page: string) => page.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];

describe("a content page's first look", () => {
  let t: TestApp;
  let anon: TestClient;
  let alice: TestClient;
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-preview-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(webDir, '.vite'));
    fs.writeFileSync(path.join(webDir, 'index.html'), html);
    fs.writeFileSync(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    t = await createTestApp({ WEB_DIR: webDir });
    anon = t.client();
    alice = (await signedIn(t, 'alice')).client;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('is not written while there is nothing to show: the route code is hinted instead', async () => {
    for (const url of ['/finds', '/forum']) {
      const page = (await anon.get(url)).text;
      expect(previewOf(page), url).toBeNull();
      expect(page, url).toContain(PREVIEW_MARKER);
      expect(modulePreloads(page).length, url).toBe(1);
    }
  });

  it('shows the gallery’s newest finds in its order, the first photo at once, and leaves the code to the entry', async () => {
    const made = [];
    for (let n = 1; n <= 10; n++)
      made.push(await createFind(alice, { title: `Find ${n}`, location: `Field ${n}, Norfolk` }, n));
    const res = await anon.get('/finds');
    const preview = previewOf(res.text);
    expect(preview).not.toBeNull();
    expect(preview).toContain('data-path="/finds"');
    expect(preview).toContain('Treasure Finds Gallery');
    // The REST list's first page, newest first, cut at the loading grid's eight cards.
    const listed = (await anon.get('/api/finds?limit=8')).json as { title: string }[];
    expect(titlesIn(preview!)).toEqual(listed.map((f) => f.title));
    expect(titlesIn(preview!)[0]).toBe('Find 10');
    expect(preview).toContain('Field 10');
    const images = preview!.match(/<img [^>]*>/g) ?? [];
    expect(images).toHaveLength(8);
    const newest = made.at(-1)!;
    expect(images[0]).toContain(`src="${newest.thumbUrl}"`);
    expect(images[0]).toContain(`srcset="${newest.thumbUrl} 400w, ${newest.imageUrl} 1600w"`);
    expect(images[0]).toContain('loading="eager" fetchpriority="high"');
    expect(
      images.slice(1).every((img) => img.includes('loading="lazy"') && !img.includes('fetchpriority')),
    ).toBe(true);
    // Nothing in the first look can be focused: the shell is hidden from assistive technology.
    expect(preview).not.toMatch(/<(a|button|input|select)\b/);
    expect(modulePreloads(res.text)).toEqual([]);
    expect(imagePreloads(res.text)).toHaveLength(1);
  });

  it("shows a find's title, photo and description, never its position; a find nobody can read gets none", async () => {
    const find = await createFind(
      alice,
      {
        title: 'Bronze Age palstave',
        description: 'Looped, with a stop ridge.',
        latitude: '52.4123',
        longitude: '-0.7321',
      },
      42,
    );
    const preview = previewOf((await anon.get(`/finds/${find.id}`)).text);
    expect(preview).toContain(`data-path="/finds/${find.id}"`);
    expect(preview).toContain('Bronze Age palstave');
    expect(preview).toContain('Looped, with a stop ridge.');
    expect(preview).toContain(`src="${find.imageUrl}"`);
    expect(preview).not.toContain('52.4123');
    expect(preview).not.toContain('0.7321');
    expect(previewOf((await anon.get(`/finds/${find.uid}`)).text)).toContain(
      `data-path="/finds/${find.uid}"`,
    );
    for (const url of ['/finds/999999', '/finds/not-an-id']) {
      const page = (await anon.get(url)).text;
      expect(previewOf(page), url).toBeNull();
      expect(modulePreloads(page), url).toHaveLength(1);
    }
  });

  it("shows the forum's newest posts with their 120-character preview and the author as the forum names them", async () => {
    const masked = (await signedIn(t, 'digger.dave@example.com')).client;
    const long = 'Cut half of an Edward I penny, found on stubble after the rain. '.repeat(4);
    // Top Poster needs five posts in 30 days: both authors get there with older posts first.
    for (let n = 1; n <= 4; n += 1) await createPost(masked, { title: `Older post ${n}` });
    for (let n = 1; n <= 2; n += 1) await createPost(alice, { title: `Earlier post ${n}` });
    await createPost(alice, { title: 'First post' });
    await createPost(alice, { title: 'Second post' });
    await createPost(alice, { title: 'Third post' });
    await createPost(masked, { title: 'Newest post', content: long });
    const res = await anon.get('/forum');
    const preview = previewOf(res.text);
    expect(preview).toContain('data-path="/forum"');
    expect(titlesIn(preview!)).toEqual(['Newest post', 'Third post', 'Second post']);
    expect(preview).toContain(postPreview(long));
    expect(preview).not.toContain(long);
    expect(preview).not.toContain('digger.dave@example.com');
    expect(preview).toContain(forumMessages.loginToPost);
    // The badges the forum shows beside a name (GET /api/badges): both authors are among this month's
    // top three posters, so each of the three cards carries one.
    const { topPosters } = (await anon.get('/api/badges')).json as { topPosters: number[] };
    const authors = await t.sql(
      "SELECT id FROM users WHERE username IN ('alice', 'digger.dave@example.com')",
    );
    expect(topPosters).toEqual(expect.arrayContaining(authors.map((row) => Number(row.id))));
    expect(preview!.match(/>Top Poster</g)).toHaveLength(3);
    expect(modulePreloads(res.text)).toEqual([]);
  });

  it("shows a post's page with its whole text and picture, and does not count a view", async () => {
    const masked = (await signedIn(t, 'field.walker@example.com')).client;
    const content = 'Line one of a long post.\n\nLine two, after a blank line: ' + 'more '.repeat(40).trim();
    const post = await createPost(masked, { title: 'Lead disc with a central hole', content });
    await t.sql('UPDATE posts SET image_url = ? WHERE id = ?', '/uploads/disc.webp', post.id);
    const res = await anon.get(`/forum/post/${post.id}`);
    const preview = previewOf(res.text);
    expect(preview).toContain(`data-path="/forum/post/${post.id}"`);
    expect(preview).toContain('Lead disc with a central hole');
    expect(preview).toContain(content);
    expect(preview).toContain(
      '<img src="/uploads/disc.webp" alt="Lead disc with a central hole" loading="eager"',
    );
    expect(preview).not.toContain('field.walker@example.com');
    expect(preview).toContain('Back to Forum');
    expect(imagePreloads(res.text)).toEqual([
      '<link rel="preload" as="image" href="/uploads/disc.webp" fetchpriority="high" />',
    ]);
    expect(modulePreloads(res.text)).toEqual([]);
    const [row] = await t.sql('SELECT views FROM posts WHERE id = ?', post.id);
    expect(Number(row?.views)).toBe(0);

    await t.sql('UPDATE posts SET image_url = ? WHERE id = ?', 'https://elsewhere.example/p.jpg', post.id);
    const offSite = (await anon.get(`/forum/post/${post.uid}`)).text;
    expect(previewOf(offSite)).toContain('Lead disc with a central hole');
    expect(offSite).not.toContain('elsewhere.example');
    for (const url of ['/forum/post/999999', '/forum/post/not-an-id']) {
      const page = (await anon.get(url)).text;
      expect(previewOf(page), url).toBeNull();
      expect(modulePreloads(page), url).toHaveLength(1);
    }
  });

  it('is left out when the address carries a query: the app would show another list', async () => {
    for (const url of [
      '/finds?period=Roman',
      '/forum?category=finds',
      '/finds/1?edit=1',
      '/forum/post/1?x=1',
      '/finds/',
    ]) {
      const page = (await anon.get(url)).text;
      expect(previewOf(page), url).toBeNull();
    }
    expect(modulePreloads((await anon.get('/finds?period=Roman')).text)).toHaveLength(1);
  });

  it('escapes what members wrote, and shows no photo from another host', async () => {
    const [row] = await t.sql("SELECT id FROM users WHERE username = 'alice'");
    await t.sql(
      "INSERT INTO finds (uid, title, location, user_id, image_url) VALUES ('0193a6f2-7c1e-7b2a-9f10-3c4d5e6f7a09', ?, ?, ?, ?)",
      '<script>alert("x")</script> & $1 $&',
      'Field "A" <b>',
      row?.id,
      'https://elsewhere.example/photo.jpg',
    );
    const preview = previewOf((await anon.get('/finds')).text)!;
    expect(titlesIn(preview)[0]).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; $1 $&amp;');
    expect(preview).toContain('Field &quot;A&quot; &lt;b&gt;');
    expect(preview).not.toContain('<script>');
    expect(preview).not.toContain('elsewhere.example');
    // The card keeps its place with an empty photo box.
    expect(preview.match(/<img [^>]*>/g)).toHaveLength(7);
  });
});
