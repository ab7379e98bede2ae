/**
 * Any search input gets 200 or 400, never a 500: control characters (a NUL byte first of all) never reach
 * FTS5, where a NUL ends the query string in the middle of a quoted term.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '@schema/contracts/forum';
import { createTestApp, type TestApp } from '../../test/harness';
import { signedIn } from '../../sync/test-fixtures';
import { toFtsQuery } from './search';
import { createPost } from './test-fixtures';

/** Every C0 control, DEL and the C1 controls, each alone and between letters. */
const CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
  '\u007F',
  '\u0085',
  '\u009F',
];

describe('toFtsQuery and control characters', () => {
  it('treats a control character as a space between words', () => {
    expect(toFtsQuery('a\u0000b')).toBe('"a" "b"');
    expect(toFtsQuery('roman\u0000coin')).toBe('"roman" "coin"*');
    expect(toFtsQuery('coin\u0007\u001b[31m')).toBe('"coin" "[31m"*');
  });
  it('never lets one into the FTS5 expression', () => {
    for (const control of CONTROLS) {
      for (const input of [control, `a${control}b`, `coin${control}`, `"${control}"`]) {
        // eslint-disable-next-line no-control-regex -- looking for control characters is the point
        expect(toFtsQuery(input) ?? '').not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
      }
    }
  });
});

describe('GET /api/posts?q= with control characters', () => {
  let t: TestApp;
  let post: Post;
  beforeAll(async () => {
    t = await createTestApp();
    const alice = await signedIn(t, 'alice');
    post = await createPost(alice.client, { title: 'Roman coin hoard', content: 'Found near the river' });
  });
  afterAll(() => t.close());

  it('answers 200 for a%00b (it was a 500)', async () => {
    const res = await t.client().get('/api/posts?q=a%00b');
    expect(res.status).toBe(200);
    expect(res.json).toEqual([]);
  });

  it('answers 200 or 400, never 500, for every control character in any position', async () => {
    for (const control of CONTROLS) {
      const encoded = encodeURIComponent(control);
      for (const q of [encoded, `a${encoded}b`, `roman${encoded}`, `${encoded}coin`, `%22${encoded}%22`]) {
        const res = await t.client().get(`/api/posts?q=${q}`);
        expect([200, 400], `q=${q}`).toContain(res.status);
      }
    }
  });

  it('still finds posts when the words are separated by a control character', async () => {
    const res = await t.client().get('/api/posts?q=roman%00coin');
    expect(res.status).toBe(200);
    expect((res.json as Post[]).map((p) => p.id)).toEqual([post.id]);
  });
});
