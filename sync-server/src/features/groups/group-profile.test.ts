/**
 * A group's cover, tags and rules (docs/product/social.md "Groups"; the spec's `coverImageUrl`, `tags`,
 * `rules`): set by the creator through REST and queued writes alike, validated by the contract with its
 * messages, a cover only ever an image this server stored (re-encoded), and carried by REST and pull.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GROUP_RULES_MAX,
  GROUP_TAG_MAX,
  GROUP_TAGS_MAX,
  groupMessages,
  tagsFromText,
  type Group,
} from '@schema/contracts/groups';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  jpegBytes,
  mutation,
  newUid,
  pullAll,
  push,
  signedIn,
  type TestClient,
} from '../../sync/test-fixtures';
import { createGroupAs, errorOf } from './test-fixtures';

type Member = { client: TestClient; user: { id: number } };
let t: TestApp;
let creator: Member;
let member: Member;

beforeAll(async () => {
  t = await createTestApp();
  creator = await signedIn(t, 'creator');
  member = await signedIn(t, 'member');
});
afterAll(() => t.close());

async function uploadCover(client: TestClient, seed: number): Promise<string> {
  const form = new FormData();
  form.append(
    'image',
    new Blob([new Uint8Array(await jpegBytes(seed, 800, 300))], { type: 'image/jpeg' }),
    'c.jpg',
  );
  const res = await client.post('/api/upload-image', form);
  if (res.status !== 201) throw new Error(`upload: ${res.status}`);
  return String(res.json.imageUrl);
}

describe('cover, tags and rules', () => {
  it('the creator sets them on create and edit; REST and pull answer them; tags trimmed', async () => {
    const coverImageUrl = await uploadCover(creator.client, 1);
    const group = await createGroupAs(creator.client, {
      name: 'Wessex Diggers',
      coverImageUrl,
      tags: [' Roman ', 'Beach'],
      rules: '  Fill your holes.  ',
    });
    expect(group).toMatchObject({ coverImageUrl, tags: ['Roman', 'Beach'], rules: 'Fill your holes.' });
    const edited = await creator.client.put(`/api/groups/${group.id}`, { tags: ['Saxon'], rules: '' });
    expect(edited.json).toMatchObject({ coverImageUrl, tags: ['Saxon'], rules: null });
    const cleared = await creator.client.put(`/api/groups/${group.id}`, { coverImageUrl: null, tags: null });
    expect(cleared.json).toMatchObject({ coverImageUrl: null, tags: [] });
    const pulled = (await pullAll(creator.client)).changes.find(
      (c) => c.entity === 'groups' && c.uid === group.uid,
    );
    expect(pulled?.data).toMatchObject({ coverImageUrl: null, tags: [], rules: null });
    const plain = await createGroupAs(creator.client, { name: 'Plain' });
    expect(plain).toMatchObject({ coverImageUrl: null, tags: [], rules: null });
  });

  it('only the creator edits them (403 for a member who sees the group)', async () => {
    const group = await createGroupAs(creator.client, { name: 'Club' });
    expect(errorOf(await member.client.put(`/api/groups/${group.id}`, { tags: ['Mine'] }))).toEqual([
      403,
      groupMessages.notCreator,
    ]);
    const uid = group.uid;
    const answer = await push(member.client, [mutation('groups', 'update', uid, { rules: 'Mine now' })]);
    expect(answer.results[0]).toMatchObject({ status: 'rejected', message: groupMessages.notCreator });
  });

  it('tags: at most 5, each 1–24 characters, each once ignoring case, a list of words', async () => {
    const create = (tags: unknown) => creator.client.post('/api/groups', { name: 'Tagged', tags });
    const tooMany = Array.from({ length: GROUP_TAGS_MAX + 1 }, (_, i) => `t${i}`);
    expect(errorOf(await create(tooMany))).toEqual([400, groupMessages.tooManyTags]);
    expect(errorOf(await create(['x'.repeat(GROUP_TAG_MAX + 1)]))).toEqual([400, groupMessages.tagTooLong]);
    expect(errorOf(await create(['  ']))).toEqual([400, groupMessages.tagEmpty]);
    expect(errorOf(await create(['Roman', 'roman']))).toEqual([400, groupMessages.tagsRepeated]);
    for (const bad of ['Roman', [3], { a: 1 }])
      expect(errorOf(await create(bad))).toEqual([400, groupMessages.tagsInvalid]);
    expect((await create(['x'.repeat(GROUP_TAG_MAX), ...tooMany.slice(1, GROUP_TAGS_MAX)])).status).toBe(201);
    expect(tagsFromText(' Roman, , beach ,')).toEqual(['Roman', 'beach']);
  });

  it('rules: at most 2000 characters', async () => {
    const create = (rules: string) => creator.client.post('/api/groups', { name: 'Ruled', rules });
    expect(errorOf(await create('r'.repeat(GROUP_RULES_MAX + 1)))).toEqual([400, groupMessages.rulesTooLong]);
    expect((await create('r'.repeat(GROUP_RULES_MAX))).status).toBe(201);
  });

  it('a cover (or picture) this server did not store is refused, by REST and by a queued write', async () => {
    const elsewhere = 'https://tracker.example/cover.jpg';
    const unknown = `/uploads/${'e'.repeat(64)}.webp`;
    for (const coverImageUrl of [elsewhere, unknown])
      expect(errorOf(await creator.client.post('/api/groups', { name: 'Covered', coverImageUrl }))).toEqual([
        400,
        groupMessages.invalidFileType,
      ]);
    const uid = newUid();
    for (const field of ['coverImageUrl', 'avatarUrl']) {
      const answer = await push(creator.client, [
        mutation('groups', 'create', newUid(), { name: 'Queued', [field]: elsewhere }),
      ]);
      expect(answer.results[0]).toMatchObject({ status: 'rejected', message: groupMessages.invalidFileType });
    }
    const created = await push(creator.client, [
      mutation('groups', 'create', uid, { name: 'Queued', tags: ['Beach'] }),
    ]);
    expect(created.results[0]?.status).toBe('applied');
    const edit = await push(creator.client, [
      mutation('groups', 'update', uid, { coverImageUrl: elsewhere }),
    ]);
    expect(edit.results[0]).toMatchObject({ status: 'rejected', message: groupMessages.invalidFileType });
    const group = (await creator.client.get(`/api/groups/${uid}`)).json as Group;
    expect([group.coverImageUrl, group.tags]).toEqual([null, ['Beach']]);
  });
});
