/**
 * A private group's invite link (docs/product/social.md "Groups"): the link is the group's uid, and whoever
 * holds it may see what they are invited to — the group's name and whether they already asked — through
 * GET /api/groups/{uid}/invitation, and nothing more. By its guessable numeric id, or for a uid that names
 * no group, the answer is the same 404 as for any hidden group; the group itself stays hidden everywhere
 * else. On the engine the run names (DB_ENGINE).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMessages, type Group } from '@schema/contracts/groups';
import { createTestApp, type TestApp } from '../../test/harness';
import { signedIn, type TestClient } from '../../sync/test-fixtures';
import { createGroupAs, errorOf } from './test-fixtures';

let t: TestApp;
let creator: TestClient;
let stranger: TestClient;
let anon: TestClient;
let group: Group;

beforeAll(async () => {
  t = await createTestApp();
  creator = (await signedIn(t, 'creator')).client;
  stranger = (await signedIn(t, 'stranger')).client;
  anon = t.client();
  group = await createGroupAs(creator, {
    name: 'Night Owls',
    isPrivate: true,
    description: 'Secret fields',
    location: 'Hidden Farm',
  });
});
afterAll(() => t.close());

const invitation = (client: TestClient, ref: string | number) => client.get(`/api/groups/${ref}/invitation`);

describe('GET /api/groups/{uid}/invitation', () => {
  it('the link holder — signed in or not — sees the name only; the group stays hidden elsewhere', async () => {
    for (const client of [stranger, anon]) {
      const res = await invitation(client, group.uid);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ uid: group.uid, name: 'Night Owls', isPrivate: true, membership: null });
      expect(res.text).not.toContain('Secret fields');
      expect(res.text).not.toContain('Hidden Farm');
      expect(errorOf(await client.get(`/api/groups/${group.uid}`))).toEqual([404, groupMessages.notFound]);
    }
  });

  it('by the numeric id, or a uid of no group: 404 like any hidden group', async () => {
    expect(errorOf(await invitation(stranger, group.id))).toEqual([404, groupMessages.notFound]);
    expect(errorOf(await invitation(stranger, '0192f000-0000-7000-8000-00000000dead'))).toEqual([
      404,
      groupMessages.notFound,
    ]);
  });

  it('after asking to join, the invitation says the request is pending', async () => {
    expect((await stranger.post(`/api/groups/${group.uid}/join`, {})).json).toMatchObject({
      status: 'pending',
    });
    expect((await invitation(stranger, group.uid)).json).toMatchObject({ membership: { status: 'pending' } });
    expect((await invitation(anon, group.uid)).json).toMatchObject({ membership: null });
  });

  it('a deleted group has no invitation', async () => {
    const gone = await createGroupAs(creator, { name: 'Gone', isPrivate: true });
    expect((await creator.del(`/api/groups/${gone.id}`)).status).toBe(200);
    expect(errorOf(await invitation(stranger, gone.uid))).toEqual([404, groupMessages.notFound]);
  });
});
