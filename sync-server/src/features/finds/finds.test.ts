/** Finds REST (docs/product/finds.md#api-calls): every path, as anonymous, another member and the owner. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { finds } from '@schema/db/tables';
import { MAX_IMAGE_BYTES } from '@schema/contracts/constants';
import { findMessages } from '@schema/contracts/finds';
import { createTestApp, OFFICIAL_PASSWORD, type TestApp } from '../../test/harness';
import {
  createFind,
  findForm,
  jpegBytes,
  newUid,
  pngBytes,
  signedIn,
  type TestClient,
} from '../../sync/test-fixtures';

let t: TestApp;
let alice: { client: TestClient; user: { id: number } };
let bob: { client: TestClient; user: { id: number } };
let anon: TestClient;

beforeEach(async () => {
  t = await createTestApp();
  alice = await signedIn(t, 'alice');
  bob = await signedIn(t, 'bob');
  anon = t.client();
});
afterEach(() => t.close());

const errorOf = (res: { status: number; json: { message?: string } }) => [res.status, res.json?.message];

describe('POST /api/finds', () => {
  it('refuses visitors with the spec message', async () => {
    expect(errorOf(await anon.post('/api/finds', findForm({}, await jpegBytes())))).toEqual([
      401,
      'Please log in to upload a find.',
    ]);
  });

  it('requires an image', async () => {
    expect(errorOf(await alice.client.post('/api/finds', findForm({}, null)))).toEqual([
      400,
      findMessages.imageRequired,
    ]);
  });

  it.each([
    [{ title: 'ab' }, findMessages.titleTooShort],
    [{ title: 'x'.repeat(101) }, findMessages.titleTooLong],
    [{ location: 'a' }, findMessages.locationRequired],
    [{ period: 'Jurassic' }, findMessages.invalidPeriod],
    [{ latitude: '95', longitude: '1' }, findMessages.latitudeRange],
  ])('validates the text fields: %j', async (fields, message) => {
    expect(errorOf(await alice.client.post('/api/finds', findForm(fields, await jpegBytes())))).toEqual([
      400,
      message,
    ]);
  });

  it('refuses non-images (415) and images over 5 MB (413)', async () => {
    const text = new TextEncoder().encode('just some text, not a photo');
    expect(errorOf(await alice.client.post('/api/finds', findForm({}, text, 'image/jpeg')))).toEqual([
      415,
      findMessages.invalidFileType,
    ]);
    const huge = new Uint8Array(MAX_IMAGE_BYTES + 1);
    expect(errorOf(await alice.client.post('/api/finds', findForm({}, huge)))).toEqual([
      413,
      findMessages.fileTooLarge,
    ]);
    expect(await t.db.select().from(finds)).toHaveLength(0);
  });

  it('creates a find from a JPEG or a PNG, owned by the session member whatever userId says', async () => {
    const res = await alice.client.post(
      '/api/finds',
      findForm({ userId: String(bob.user.id), period: '' }, await jpegBytes()),
    );
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      userId: alice.user.id,
      username: 'alice',
      title: 'Roman denarius',
      location: 'Norfolk, UK',
      period: 'Unknown',
      likes: 0,
      commentCount: 0,
    });
    expect(res.json.imageUrl).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);
    expect(res.json.thumbUrl).toBe(res.json.imageUrl.replace('.webp', '-thumb.webp'));
    expect(res.json.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.text).not.toContain('@example.com');
    const png = await alice.client.post('/api/finds', findForm({}, await pngBytes(), 'image/png'));
    expect(png.status).toBe(201);
  });

  it('S4: a retried upload with the same uid answers the same find, never a second row', async () => {
    const uid = newUid();
    const first = await alice.client.post('/api/finds', findForm({ uid }, await jpegBytes()));
    const again = await alice.client.post('/api/finds', findForm({ uid }, await jpegBytes()));
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.json.id).toBe(first.json.id);
    expect(await t.db.select().from(finds)).toHaveLength(1);
    // Another member cannot claim that uid.
    expect((await bob.client.post('/api/finds', findForm({ uid }, await jpegBytes()))).status).toBe(409);
  });
});

describe('GET /api/finds and /api/finds/{id}', () => {
  it('lists newest first, paged with X-Next-Cursor (default 24)', async () => {
    for (let i = 0; i < 26; i += 1)
      await t.db.insert(finds).values({
        uid: newUid(),
        title: `Find ${i}`,
        location: 'Kent',
        period: 'Roman',
        imageUrl: '/x.webp',
        userId: alice.user.id,
      });
    const first = await anon.get('/api/finds');
    expect(first.json).toHaveLength(24);
    expect(first.json[0].title).toBe('Find 25');
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const second = await anon.get(`/api/finds?cursor=${cursor}`);
    expect(second.json.map((f: { title: string }) => f.title)).toEqual(['Find 1', 'Find 0']);
    expect(second.headers.get('x-next-cursor')).toBeNull();
    expect((await anon.get('/api/finds?limit=4')).json).toHaveLength(4);
    expect((await anon.get('/api/finds?cursor=garbage')).status).toBe(400);
  });

  it('searches title, description and location; filters by period and member', async () => {
    await createFind(
      alice.client,
      { title: 'Hammered penny', description: 'Edward I', location: 'York', period: 'Medieval' },
      1,
    );
    await createFind(
      bob.client,
      { title: 'Musket ball', description: 'Lead', location: 'Naseby, Northants', period: 'Georgian' },
      2,
    );
    const titles = async (query: string) =>
      (await anon.get(`/api/finds?${query}`)).json.map((f: { title: string }) => f.title);
    expect(await titles('q=penny')).toEqual(['Hammered penny']);
    expect(await titles('q=edward')).toEqual(['Hammered penny']);
    expect(await titles('q=naseby')).toEqual(['Musket ball']);
    expect(await titles('q=%25')).toEqual([]);
    expect(await titles('period=Georgian')).toEqual(['Musket ball']);
    expect(await titles('period=All%20Periods')).toHaveLength(2);
    expect(await titles(`userId=${alice.user.id}`)).toEqual(['Hammered penny']);
  });

  it('answers one find by id or uid; a missing one is Find Not Found', async () => {
    const find = await createFind(alice.client);
    expect((await anon.get(`/api/finds/${find.id}`)).json.uid).toBe(find.uid);
    expect((await anon.get(`/api/finds/${find.uid}`)).json.id).toBe(find.id);
    expect(errorOf(await anon.get('/api/finds/999'))).toEqual([404, 'Find Not Found']);
    expect((await anon.get('/api/finds/not-an-id')).status).toBe(400);
  });

  it('S16: exact coordinates reach only the finder', async () => {
    const find = await createFind(alice.client, { latitude: '52.6', longitude: '1.3' });
    expect(find).toMatchObject({ latitude: 52.6, longitude: 1.3 });
    expect((await alice.client.get(`/api/finds/${find.id}`)).json).toMatchObject({
      latitude: 52.6,
      longitude: 1.3,
    });
    for (const viewer of [anon, bob.client]) {
      const one = await viewer.get(`/api/finds/${find.id}`);
      const list = await viewer.get('/api/finds');
      for (const text of [one.text, list.text]) {
        expect(text).not.toContain('latitude');
        expect(text).not.toContain('52.6');
      }
    }
  });
});

describe('PATCH /api/finds/{id}', () => {
  it('refuses visitors (401), other members (403) and missing finds (404)', async () => {
    const find = await createFind(alice.client);
    expect(errorOf(await anon.patch(`/api/finds/${find.id}`, findForm({ title: 'Hacked' })))).toEqual([
      401,
      'Please log in to edit a find.',
    ]);
    expect(
      errorOf(
        await bob.client.patch(`/api/finds/${find.id}`, findForm({ title: 'Hacked' }, await jpegBytes(5))),
      ),
    ).toEqual([403, 'You can only edit your own finds.']);
    expect(errorOf(await alice.client.patch('/api/finds/999', findForm({ title: 'Hacked' })))).toEqual([
      404,
      'Find Not Found',
    ]);
    expect((await anon.get(`/api/finds/${find.id}`)).json.title).toBe('Roman denarius');
  });

  it('lets the finder change fields (image optional) with the upload rules', async () => {
    const find = await createFind(alice.client);
    const edited = await alice.client.patch(
      `/api/finds/${find.uid}`,
      findForm({ title: 'Roman sestertius', period: 'Roman' }),
    );
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ id: find.id, title: 'Roman sestertius', imageUrl: find.imageUrl });
    expect(errorOf(await alice.client.patch(`/api/finds/${find.id}`, findForm({ title: 'ab' })))).toEqual([
      400,
      findMessages.titleTooShort,
    ]);
    const body = new FormData();
    body.append('location', 'Suffolk');
    expect((await alice.client.patch(`/api/finds/${find.id}`, body)).json).toMatchObject({
      title: 'Roman sestertius',
      location: 'Suffolk',
    });
    const photo = await alice.client.patch(`/api/finds/${find.id}`, findForm({}, await jpegBytes(9)));
    expect(photo.json.imageUrl).not.toBe(find.imageUrl);
    const text = new TextEncoder().encode('not a photo');
    expect((await alice.client.patch(`/api/finds/${find.id}`, findForm({}, text))).status).toBe(415);
  });

  it('accepts JSON edits and clears coordinates with blanks', async () => {
    const find = await createFind(alice.client, { latitude: '50', longitude: '1' });
    const res = await alice.client.patch(`/api/finds/${find.id}`, {
      description: 'Worn',
      latitude: '',
      longitude: '',
      userId: bob.user.id,
    });
    expect(res.status).toBe(200);
    expect(res.json.description).toBe('Worn');
    expect(res.json.latitude).toBeUndefined();
    expect(res.json.userId).toBe(alice.user.id);
  });
});

describe('DELETE /api/finds/{id}', () => {
  it('refuses visitors and other members, whatever ?userId= says', async () => {
    const find = await createFind(alice.client);
    expect(errorOf(await anon.del(`/api/finds/${find.id}?userId=${alice.user.id}`))).toEqual([
      401,
      findMessages.loginToDelete,
    ]);
    expect(errorOf(await bob.client.del(`/api/finds/${find.id}?userId=${alice.user.id}`))).toEqual([
      403,
      findMessages.notOwnerDelete,
    ]);
    expect((await anon.get(`/api/finds/${find.id}`)).status).toBe(200);
  });

  it('lets the finder delete; then the find is gone', async () => {
    const find = await createFind(alice.client);
    expect((await alice.client.del(`/api/finds/${find.id}`)).status).toBe(200);
    expect(errorOf(await anon.get(`/api/finds/${find.id}`))).toEqual([404, 'Find Not Found']);
    expect((await alice.client.del(`/api/finds/${find.id}`)).status).toBe(404);
  });

  it('lets the official account delete as moderator', async () => {
    const find = await createFind(alice.client);
    const official = t.client();
    expect(
      (await official.post('/api/users/login', { username: 'DigQuestor', password: OFFICIAL_PASSWORD }))
        .status,
    ).toBe(200);
    expect((await official.del(`/api/finds/${find.uid}`)).status).toBe(200);
    expect((await anon.get(`/api/finds/${find.id}`)).status).toBe(404);
  });
});
