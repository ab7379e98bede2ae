/** Images per member (UPLOAD_RATE_LIMIT per 15 minutes): a 429 with Retry-After, the sync engine retries. */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_RATE_LIMIT: '2' });
});
afterAll(() => t.close());

async function photoForm(seed: number): Promise<FormData> {
  const bytes = await sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: seed, g: 80, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'find.jpg');
  form.append('kind', 'photo');
  return form;
}

describe('uploads per member', () => {
  it('processes UPLOAD_RATE_LIMIT images, then answers 429 with the time to wait', async () => {
    const { client } = await t.member('busy');
    expect((await client.post('/api/upload', await photoForm(1))).status).toBe(201);
    expect((await client.post('/api/upload-image', await photoForm(2).then(asImage))).status).toBe(201);
    const refused = await client.post('/api/upload', await photoForm(3));
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: 'rate-limited', message: expect.stringMatching(/wait/) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800);
  });

  it('counts each member apart', async () => {
    const { client } = await t.member('calm');
    expect((await client.post('/api/upload', await photoForm(4))).status).toBe(201);
  });

  it('does not count what is refused before processing (not an image)', async () => {
    const { client } = await t.member('careful');
    const text = new FormData();
    text.append('file', new Blob(['hello'], { type: 'image/jpeg' }), 'x.jpg');
    for (let i = 0; i < 3; i += 1) expect((await client.post('/api/upload', text)).status).toBe(415);
    expect((await client.post('/api/upload', await photoForm(5))).status).toBe(201);
  });
});

/** The same picture in the part `/api/upload-image` reads. */
function asImage(form: FormData): FormData {
  const out = new FormData();
  const file = form.get('file');
  if (file instanceof Blob) out.append('image', file, 'post.jpg');
  return out;
}
