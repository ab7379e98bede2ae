/**
 * Download my data and import it elsewhere (docs/export.md), on both engines: two members with interleaved
 * content; A's archive holds every entity of A, A's photos byte-identical, and nothing of B but what A's
 * own records name (B's messages to A as received messages, B's username in follows); it resumes (Range,
 * If-Range), is reused within the day and rate-limited; imported into a fresh server as another member,
 * the finds, photos, spots and permission records come back as that member's, pulled by their devices,
 * and a second import adds nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { unzipSync, zipSync, strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXPORT_BUILDS_PER_DAY,
  myDataMessages,
  type ExportManifest,
  type ImportResult,
} from '@schema/contracts/my-data';
import { readCsv } from '@schema/contracts/csv-reader.test-utils';
import { createTestApp, type TestApp } from '../../test/harness';
import { createFind, pullScopes, signedIn, type TestClient } from '../../sync/test-fixtures';

type Member = Awaited<ReturnType<typeof signedIn>>;

/** A spot's permission record with its edges (docs/permissions.md), as the spot form sends it. */
const permissionBody = {
  landownerName: 'Mr Jones',
  landownerContact: '01234 567890',
  permissionGranted: '2025-03-01',
  permissionExpires: '2026-03-01',
  permissionNotes: 'Stubble only',
  permissionBoundary: {
    type: 'Polygon',
    coordinates: [
      [
        [-1.5, 52.6],
        [-1.49, 52.6],
        [-1.49, 52.61],
        [-1.5, 52.61],
        [-1.5, 52.6],
      ],
    ],
  },
  permissionDays: ['sat', 'sun'],
  permissionNotice: '24 hours by phone',
  agreementFindsSplit: 'Finds stay with the finder',
};

async function createSpot(client: TestClient, extra: Record<string, unknown>) {
  const res = await client.post('/api/locations', {
    latitude: 52.605,
    longitude: -1.495,
    type: 'Farmland',
    terrainType: 'Arable',
    accessInfo: 'Ring first',
    hasPermission: true,
    ...extra,
  });
  if (res.status !== 201) throw new Error(`create spot: ${res.status} ${res.text}`);
  return res.json as { uid: string };
}

let t: TestApp;
let alice: Member;
let bob: Member;
const made = {
  alice: { finds: [] as { id: number; uid: string; imageUrl: string }[], spots: [] as { uid: string }[] },
  bob: { finds: [] as { id: number; uid: string; imageUrl: string }[], spots: [] as { uid: string }[] },
};

async function ok(res: Promise<{ status: number; text: string; json: unknown }>, status = [200, 201]) {
  const answer = await res;
  if (!status.includes(answer.status)) throw new Error(`${answer.status} ${answer.text}`);
  return answer.json as { id: number; uid: string };
}

/** One round of a member's content, tagged so the other's archive can be searched for it. */
async function seedRound(who: 'alice' | 'bob', me: Member, other: Member, round: number, categoryId: number) {
  const tag = `${who.toUpperCase()}SECRET${round}`;
  const c: TestClient = me.client;
  const find = await createFind(
    c,
    { title: `${tag} find`, latitude: '52.1234567', longitude: '-1.7654321' },
    round * 2 + (who === 'alice' ? 1 : 2),
  );
  made[who].finds.push(find);
  await ok(
    c.patch(`/api/finds/${find.id}`, {
      objectType: `${tag} brooch`,
      primaryMaterial: 'copper alloy',
      treasureStatus: 'possible',
      foundOn: '2025-05-01',
    }),
  );
  const spot = await createSpot(c, {
    name: `${tag} spot`,
    // The second spot of each member is shared: an import brings every spot back private.
    isShared: made[who].spots.length > 0,
    ...permissionBody,
    landownerName: `${tag} landowner`,
  });
  made[who].spots.push(spot);
  await ok(
    c.post('/api/posts', {
      title: `${tag} post title`,
      content: `${tag} post body`,
      categoryId,
      imageUrl: null,
    }),
  );
  await ok(c.post('/api/stories', { content: `${tag} story about detecting and wellbeing` }));
  const event = await ok(
    c.post('/api/events', {
      title: `${tag} rally`,
      location: 'Somewhere',
      eventDate: '2030-06-01T10:00:00.000Z',
    }),
  );
  await ok(c.post(`/api/events/${event.id}/comments`, { content: `${tag} event comment` }));
  await ok(
    c.post('/api/groups', { name: `${tag} group`, description: `${tag} group description`, isPrivate: true }),
  );
  await ok(
    c.post('/api/social/messages', { receiverId: other.user.id, content: `${tag} message to the other` }),
  );
  // On the other's find: A's comment is A's; it names B's find by id only.
  const theirs = made[who === 'alice' ? 'bob' : 'alice'].finds.at(-1);
  if (theirs) await ok(c.post(`/api/finds/${theirs.id}/comments`, { content: `${tag} comment on a find` }));
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

async function download(client: TestClient, url = '/api/me/export', headers: Record<string, string> = {}) {
  return t.app.request(url, { headers: { cookie: client.cookie, ...headers } });
}

async function importZip(app: TestApp, client: TestClient, body: Uint8Array) {
  const res = await app.app.request('/api/me/import', {
    method: 'POST',
    headers: { cookie: client.cookie, 'content-type': 'application/zip' },
    body: new Uint8Array(body),
  });
  return { status: res.status, json: (await res.json()) as ImportResult & { message?: string } };
}

let archive: Uint8Array;
let files: Record<string, Uint8Array>;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'error' });
  alice = await signedIn(t, 'alice_exp');
  bob = await signedIn(t, 'bob_exp');
  const [category] = await t.sql('SELECT id FROM categories ORDER BY id LIMIT 1');
  const categoryId = Number(category?.id);
  for (let round = 1; round <= 2; round++) {
    await seedRound('alice', alice, bob, round, categoryId);
    await seedRound('bob', bob, alice, round, categoryId);
  }
  await ok(alice.client.post('/api/social/follow', { targetUserId: bob.user.id, action: 'follow' }));
  await ok(bob.client.post('/api/social/follow', { targetUserId: alice.user.id, action: 'follow' }));
  const bobsEvent = await t.sql('SELECT id FROM events WHERE user_id = ? ORDER BY id LIMIT 1', bob.user.id);
  await ok(alice.client.post(`/api/events/${Number(bobsEvent[0]?.id)}/attend`));
  const res = await download(alice.client);
  if (res.status !== 200) throw new Error(`export: ${res.status} ${await res.text()}`);
  archive = new Uint8Array(await res.arrayBuffer());
  files = unzipSync(archive);
}, 120_000);

afterAll(async () => {
  await t.close();
});

describe('GET /api/me/export', () => {
  it('answers 401 signed out', async () => {
    expect((await t.app.request('/api/me/export')).status).toBe(401);
  });

  it('holds every entity of the member, in the documented layout', async () => {
    for (const name of [
      'README.txt',
      'manifest.json',
      'profile.json',
      'finds.json',
      'finds.csv',
      'spots.json',
      'spots.gpx',
      'spots.kml',
      'spots.geojson',
      'posts.json',
      'comments.json',
      'stories.json',
      'events.json',
      'messages.json',
      'groups.json',
      'follows.json',
      'achievements.json',
    ])
      expect(Object.keys(files)).toContain(name);
    const manifest = JSON.parse(text(files['manifest.json']!)) as ExportManifest;
    expect(manifest).toMatchObject({
      format: 'digquest-export',
      version: 1,
      user: { id: alice.user.id, username: 'alice_exp' },
    });
    expect(manifest.counts).toMatchObject({
      finds: 2,
      photos: 2,
      spots: 2,
      posts: 2,
      stories: 2,
      messages: 4,
      groups: 2,
      following: 1,
      followers: 1,
    });
    expect(manifest.counts.comments).toBe(3); // two event comments, one on bob's find (round 2)
    expect(manifest.counts.events).toBe(3); // two organised, one attended

    const finds = JSON.parse(text(files['finds.json']!)) as Record<string, unknown>[];
    expect(finds.map((f) => f.uid).sort()).toEqual(made.alice.finds.map((f) => f.uid).sort());
    expect(finds[0]).toMatchObject({
      latitude: 52.1234567,
      longitude: -1.7654321,
      primaryMaterial: 'copper alloy',
      treasureStatus: 'possible',
    });
    expect(finds[0]?.treasureDeadline).toEqual(expect.any(String));

    const spots = JSON.parse(text(files['spots.json']!)) as Record<string, unknown>[];
    expect(spots).toHaveLength(2);
    expect(spots[0]).toMatchObject({
      permissionBoundary: permissionBody.permissionBoundary,
      permissionDays: ['sat', 'sun'],
    });
    for (const name of ['spots.gpx', 'spots.kml', 'spots.geojson']) {
      expect(text(files[name]!)).toContain('ALICESECRET1 spot');
      expect(text(files[name]!)).toContain('ALICESECRET1 landowner');
    }
    const profile = JSON.parse(text(files['profile.json']!)) as Record<string, unknown>;
    expect(profile).toMatchObject({ username: 'alice_exp', email: 'alice_exp@example.com' });
    expect(text(files['profile.json']!)).not.toMatch(/password|token/i);

    const messages = JSON.parse(text(files['messages.json']!)) as Record<string, unknown>[];
    expect(messages.filter((m) => m.direction === 'sent')).toHaveLength(2);
    const received = messages.filter((m) => m.direction === 'received');
    expect(received.map((m) => [m.from, m.content])).toEqual([
      ['bob_exp', 'BOBSECRET1 message to the other'],
      ['bob_exp', 'BOBSECRET2 message to the other'],
    ]);
    expect(JSON.parse(text(files['follows.json']!))).toEqual({
      following: ['bob_exp'],
      followers: ['bob_exp'],
    });
    const achieved = await t.sql(
      'SELECT count(*) AS n FROM user_achievements WHERE user_id = ?',
      alice.user.id,
    );
    expect(JSON.parse(text(files['achievements.json']!))).toHaveLength(Number(achieved[0]?.n));
  });

  it("has the member's photos byte-identical, each listed by its find", () => {
    const finds = JSON.parse(text(files['finds.json']!)) as {
      id: number;
      imageUrl: string;
      photos: string[];
    }[];
    for (const find of finds) {
      expect(find.photos).toEqual([expect.stringMatching(new RegExp(`^photos/${find.id}/1-[^/]+\\.webp$`))]);
      const stored = fs.readFileSync(path.join(t.dataDir, 'uploads', path.basename(find.imageUrl)));
      expect(Buffer.from(files[find.photos[0]!]!).equals(stored)).toBe(true);
    }
    expect(Object.keys(files).filter((name) => name.startsWith('photos/'))).toHaveLength(2);
  });

  it('writes finds.csv one row per find', () => {
    const rows = readCsv(text(files['finds.csv']!).replace(/^\uFEFF/, ''));
    const data = rows.filter((row) => row.some((cell) => cell !== ''));
    expect(data).toHaveLength(3);
    expect(data[0]).toContain('Find number');
    expect(
      data
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(made.alice.finds.map((f) => String(f.id)).sort());
  });

  it('holds nothing of the other member but what her own records name', async () => {
    const all = Object.entries(files)
      .filter(([name]) => !name.startsWith('photos/'))
      .map(([, bytes]) => text(bytes))
      .join('\n');
    // Bob's own strings appear only as his messages to alice and the event she attends.
    const bobStrings = all.match(/BOBSECRET\d[^"\n]*/g) ?? [];
    expect(bobStrings.sort()).toEqual([
      'BOBSECRET1 message to the other',
      'BOBSECRET1 rally',
      'BOBSECRET2 message to the other',
    ]);
    for (const record of [...made.bob.finds, ...made.bob.spots]) expect(all).not.toContain(record.uid);
    expect(all).not.toContain('bob_exp@example.com');
    const bobPhotos = made.bob.finds.map((f) => path.basename(f.imageUrl));
    for (const photo of bobPhotos) expect(all).not.toContain(photo);
    const [bobHash] = await t.sql('SELECT password FROM users WHERE id = ?', bob.user.id);
    expect(all).not.toContain(String(bobHash?.password));
  });

  it('resumes: Range answers 206 with those bytes, If-Range of another version the whole file, out of range 416', async () => {
    const first = await download(alice.client);
    const etag = first.headers.get('etag') ?? '';
    expect(first.headers.get('accept-ranges')).toBe('bytes');
    expect(first.headers.get('content-length')).toBe(String(archive.byteLength));
    expect(first.headers.get('content-disposition')).toMatch(
      /^attachment; filename="digquest-export-alice_exp-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    // Reused: the same file, not a new build.
    expect(new Uint8Array(await first.arrayBuffer())).toEqual(archive);

    const part = await download(alice.client, '/api/me/export', {
      range: 'bytes=100-1099',
      'if-range': etag,
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1099/${archive.byteLength}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(archive.slice(100, 1100));

    const tail = await download(alice.client, '/api/me/export', {
      range: `bytes=${archive.byteLength - 10}-`,
    });
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(archive.slice(-10));

    const changed = await download(alice.client, '/api/me/export', {
      range: 'bytes=100-199',
      'if-range': '"another"',
    });
    expect(changed.status).toBe(200);
    expect(new Uint8Array(await changed.arrayBuffer())).toEqual(archive);

    const beyond = await download(alice.client, '/api/me/export', { range: `bytes=${archive.byteLength}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${archive.byteLength}`);
  });

  it(`builds at most ${EXPORT_BUILDS_PER_DAY} a day (429 with Retry-After); serving the built file is not counted`, async () => {
    // One build so far (beforeAll).
    for (let i = 1; i < EXPORT_BUILDS_PER_DAY; i++)
      expect((await download(alice.client, '/api/me/export?fresh=1')).status).toBe(200);
    const refused = await download(alice.client, '/api/me/export?fresh=1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toBe(myDataMessages.tooManyExports);
    expect((await download(alice.client)).status).toBe(200);
    // One file kept per member.
    const kept = fs
      .readdirSync(path.join(t.dataDir, 'exports'))
      .filter((n) => n.startsWith(`${alice.user.id}-`));
    expect(kept).toHaveLength(1);
    // Bob has his own allowance.
    expect((await download(bob.client)).status).toBe(200);
  });
});

describe('POST /api/me/import', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp();
  });
  afterAll(async () => {
    await other.close();
  });

  it("brings finds, photos, spots and permission records back as the importing member's own, once", async () => {
    const carol = await signedIn(other, 'carol_imp');
    const first = await importZip(other, carol.client, archive);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({
      imported: { finds: 2, photos: 2, spots: 2 },
      skipped: { finds: 0, photos: 0, spots: 0 },
      problems: [],
    });

    const exported = JSON.parse(text(files['finds.json']!)) as {
      title: string;
      photos: string[];
      objectType: string;
    }[];
    const finds = (await other.sql(
      'SELECT title, user_id, image_url, object_type, latitude FROM finds ORDER BY id',
    )) as { title: string; user_id: number; image_url: string; object_type: string; latitude: string }[];
    expect(finds.map((f) => f.title)).toEqual(exported.map((f) => f.title));
    for (const [i, find] of finds.entries()) {
      expect(find.user_id).toBe(carol.user.id);
      expect(find.object_type).toBe(exported[i]?.objectType);
      expect(Number(find.latitude)).toBe(52.1234567);
      const bytes = fs.readFileSync(path.join(other.dataDir, 'uploads', path.basename(find.image_url)));
      expect(Buffer.from(files[exported[i]!.photos[0]!]!).equals(bytes)).toBe(true);
      expect(
        fs.existsSync(
          path.join(other.dataDir, 'uploads', path.basename(find.image_url).replace('.webp', '-thumb.webp')),
        ),
      ).toBe(true);
    }
    const spots = await carol.client.get('/api/locations?mine=1');
    expect(spots.status).toBe(200);
    const { changes } = await pullScopes(carol.client, { own: '' });
    const pulledFinds = changes.filter((ch) => ch.entity === 'finds' && ch.op === 'upsert');
    expect(pulledFinds.map((ch) => ch.data?.title).sort()).toEqual(exported.map((f) => f.title).sort());
    const pulledSpots = changes.filter((ch) => ch.entity === 'locations' && ch.op === 'upsert');
    expect(pulledSpots).toHaveLength(2);
    expect(pulledSpots.map((ch) => ch.data?.isShared)).toEqual([false, false]);
    expect(pulledSpots[0]?.data).toMatchObject({
      userId: carol.user.id,
      permissionBoundary: permissionBody.permissionBoundary,
      permissionNotice: permissionBody.permissionNotice,
    });

    const again = await importZip(other, carol.client, archive);
    expect(again.json).toEqual({
      imported: { finds: 0, photos: 0, spots: 0 },
      skipped: { finds: 2, photos: 2, spots: 2 },
      problems: [],
    });
    expect(await other.sql('SELECT count(*) AS n FROM finds')).toEqual([{ n: 2 }]);
    expect(await other.sql('SELECT count(*) AS n FROM locations')).toEqual([{ n: 2 }]);
  });

  it('adds nothing when the member imports their own export into the same account', async () => {
    const before = await t.sql('SELECT count(*) AS n FROM finds');
    const res = await importZip(t, alice.client, archive);
    expect(res.status).toBe(200);
    expect(res.json.imported).toEqual({ finds: 0, photos: 0, spots: 0 });
    expect(await t.sql('SELECT count(*) AS n FROM finds')).toEqual(before);
  });

  it('refuses a file that is not a DigQuest export with 400, and a signed-out import with 401', async () => {
    const dave = await signedIn(other, 'dave_imp');
    const garbage = await importZip(other, dave.client, strToU8('this is not a zip at all'));
    expect(garbage.status).toBe(400);
    expect(garbage.json.message).toBe(myDataMessages.notAnExport);
    const otherZip = await importZip(other, dave.client, zipSync({ 'notes.txt': strToU8('hello') }));
    expect(otherZip.status).toBe(400);
    const signedOut = await other.app.request('/api/me/import', {
      method: 'POST',
      headers: { 'content-type': 'application/zip' },
      body: new Uint8Array(archive),
    });
    expect(signedOut.status).toBe(401);
  });
});
