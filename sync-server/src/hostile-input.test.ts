/**
 * Input an attacker or a word processor sends, over REST (issue 24; the push side is
 * sync/push-fuzz.test.ts): an edit naming no field is a no-op, never a 500; ids are whole numbers (or
 * their digits), never `true`, which `z.coerce.number()` read as member 1, the official account; and no
 * text a member writes is stored with a C0 control character (schema/contracts/text.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMessages, type Group } from '@schema/contracts/groups';
import { messageMessages } from '@schema/contracts/messages';
import { socialMessages } from '@schema/contracts/social';
import { OFFICIAL_USER_ID } from '@schema/contracts/constants';
import { eventBody } from './features/events/test-fixtures';
import { postBody } from './features/forum/test-fixtures';
import { spotBody } from './features/locations/test-fixtures';
import { storyBody } from './features/stories/test-fixtures';
import { createTestApp, type TestApp } from './test/harness';
import { mutation, newUid, push, signedIn, type TestClient } from './sync/test-fixtures';

let t: TestApp;
let alice: { client: TestClient; user: { id: number } };
let bob: { client: TestClient; user: { id: number } };

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedIn(t, 'alice');
  bob = await signedIn(t, 'bob');
});
afterAll(() => t.close());

const errorOf = (res: { status: number; json: { message?: string } | undefined }) => [
  res.status,
  res.json?.message,
];

async function created(url: string, body: unknown): Promise<Record<string, unknown> & { id: number }> {
  const res = await alice.client.post(url, body);
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${res.text}`);
  return res.json as Record<string, unknown> & { id: number };
}

const routeBody = {
  name: 'Roman road walk',
  startLat: 52.6,
  startLng: 1.28,
  endLat: 52.61,
  endLng: 1.29,
  difficulty: 'easy',
  isPublic: true,
};

/** Every REST edit whose fields are all optional: the create, and the field the answer must keep. */
const EDITABLE = [
  { path: '/api/stories', body: storyBody(), field: 'content' },
  { path: '/api/events', body: eventBody(), field: 'title' },
  { path: '/api/locations', body: spotBody(), field: 'name' },
  { path: '/api/groups', body: { name: 'Weekend diggers' }, field: 'name' },
  { path: '/api/routes', body: routeBody, field: 'name' },
];

describe('an edit naming no field', () => {
  for (const { path, body, field } of EDITABLE)
    it(`PUT ${path}/{id} with {} answers the record unchanged, never a 500`, async () => {
      const record = await created(path, body);
      const res = await alice.client.put(`${path}/${record.id}`, {});
      expect(res.status, res.text).toBe(200);
      expect(res.json).toMatchObject({ id: record.id, [field]: record[field] });
      expect((await alice.client.get(`${path}/${record.id}`)).json).toMatchObject({ [field]: record[field] });
    });
});

/** Values `z.coerce.number()` turned into an id (`true` → 1, the official account) or that are no id at all. */
const NOT_IDS: unknown[] = [true, false, null, '', '1e0', ' 1 ', '0x1', '1.0', [1], {}, 1.5, 0, -1, 2 ** 53];

describe('ids are whole numbers or their digits, never true', () => {
  let group: Group;
  beforeAll(async () => {
    group = (await created('/api/groups', { name: 'Strict ids club' })) as unknown as Group;
  });

  it('group invite and transfer refuse every non-id, and never reach the official account', async () => {
    for (const userId of NOT_IDS) {
      const body = { userId };
      expect(
        errorOf(await alice.client.post(`/api/groups/${group.id}/invite`, body)),
        String(userId),
      ).toEqual([400, groupMessages.userIdRequired]);
      expect(errorOf(await alice.client.post(`/api/groups/${group.id}/transfer`, body))).toEqual([
        400,
        groupMessages.userIdRequired,
      ]);
    }
    const members = (await alice.client.get(`/api/groups/${group.id}/members`)).json as { userId: number }[];
    expect(members.map((m) => m.userId)).not.toContain(OFFICIAL_USER_ID);
    expect((await alice.client.get(`/api/groups/${group.id}`)).json).toMatchObject({
      creatorId: alice.user.id,
    });
    // A member's id as a number, or as its digits (a form field), still invites.
    expect(
      (await alice.client.post(`/api/groups/${group.id}/invite`, { userId: String(bob.user.id) })).status,
    ).toBe(201);
  });

  it('a member id in a path is digits only', async () => {
    for (const raw of ['1e0', '%201', '0x1', 'true'])
      expect(errorOf(await alice.client.post(`/api/groups/${group.id}/members/${raw}/approve`))).toEqual([
        400,
        'Invalid id',
      ]);
  });

  it('follows and messages refuse true and every other non-id, over REST and push', async () => {
    for (const id of NOT_IDS) {
      const follow = await alice.client.post('/api/social/follow', { targetUserId: id, action: 'follow' });
      expect(errorOf(follow), String(id)).toEqual([400, socialMessages.targetRequired]);
      const message = await alice.client.post('/api/social/messages', { receiverId: id, content: 'Hello' });
      expect(errorOf(message)).toEqual([400, messageMessages.receiverRequired]);
      const read = await alice.client.post('/api/social/messages/read', { withUserId: id });
      expect(errorOf(read)).toEqual([400, messageMessages.withUserRequired]);
    }
    const { results } = await push(alice.client, [
      mutation('user_connections', 'create', newUid(), { followingId: true }),
      mutation('messages', 'create', newUid(), { receiverId: true, content: 'Hello' }),
    ]);
    expect(results.map((r) => [r.status, r.code, r.message])).toEqual([
      ['rejected', 'validation-failed', socialMessages.targetRequired],
      ['rejected', 'validation-failed', messageMessages.receiverRequired],
    ]);
  });
});

/** A vertical tab (a word processor's line break), a NUL (which PostgreSQL refuses), a bell and an escape. */
const pasted = (words: string) => `${words}\u000bsecond line\u0000 with a\u0007 bell\u001b`;
const cleaned = (words: string) => `${words}\nsecond line with a bell`;

describe('text without C0 control characters', () => {
  const WRITES = [
    { path: '/api/stories', words: 'A quiet morning on the stubble', body: storyBody, field: 'content' },
    { path: '/api/events', words: 'Dig', body: eventBody, field: 'title' },
    { path: '/api/locations', words: 'Headland', body: spotBody, field: 'description' },
    { path: '/api/groups', words: 'Club', body: (x: object) => ({ name: 'Club', ...x }), field: 'name' },
    { path: '/api/routes', words: 'Road', body: (x: object) => ({ ...routeBody, ...x }), field: 'name' },
    { path: '/api/posts', words: 'Penny', body: postBody, field: 'title' },
  ];
  for (const { path, words, body, field } of WRITES)
    it(`POST ${path} stores its ${field} cleaned: a vertical tab is a line break, other controls are gone`, async () => {
      const record = await created(path, body({ [field]: pasted(words) }));
      expect(record[field]).toBe(cleaned(words));
      const stored = (await alice.client.get(`${path}/${record.id}`)).json as Record<string, unknown>;
      expect(stored[field]).toBe(cleaned(words));
    });

  it('a message and a bio are cleaned too', async () => {
    const sent = await alice.client.post('/api/social/messages', {
      receiverId: bob.user.id,
      content: pasted('Hello'),
    });
    expect([sent.status, sent.json?.content]).toEqual([201, cleaned('Hello')]);
    const profile = await alice.client.put(`/api/users/${alice.user.id}`, {
      bio: pasted('Detecting since 1990'),
    });
    expect([profile.status, profile.json?.bio]).toEqual([200, cleaned('Detecting since 1990')]);
  });
});
