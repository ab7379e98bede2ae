/**
 * Helpers for the achievements tests (never imported by the app): one way to do each activity, through
 * REST or as a pushed offline write, answering how to undo it.
 */
import type { Achievement } from '@schema/contracts/achievements';
import { FIND_PERIODS } from '@schema/contracts/finds';
import type { TestApp } from '../../test/harness';
import {
  findForm,
  findPayload,
  jpegBytes,
  mutation,
  newUid,
  push,
  putBlob,
  sha256Of,
  type signedIn,
  type TestClient,
} from '../../sync/test-fixtures';

export type Via = 'rest' | 'push';
export type Member = Awaited<ReturnType<typeof signedIn>>;

/** Pushes one mutation and fails the test unless it was applied. */
export async function pushOne(client: TestClient, m: ReturnType<typeof mutation>): Promise<void> {
  const { results } = await push(client, [m]);
  if (results[0]?.status !== 'applied') throw new Error(`${m.entity}: ${JSON.stringify(results)}`);
}

async function restOk(res: Promise<{ status: number; text: string }>, what: string): Promise<void> {
  const { status, text } = await res;
  if (status >= 300) throw new Error(`${what}: ${status} ${text}`);
}

/** Creates a record through REST with the given uid, or pushes its create; answers its uid. */
async function created(
  via: Via,
  client: TestClient,
  entity: 'posts' | 'locations' | 'stories' | 'events',
  payload: Record<string, unknown>,
): Promise<string> {
  const uid = newUid();
  if (via === 'push') await pushOne(client, mutation(entity, 'create', uid, payload));
  else await restOk(client.post(`/api/${entity}`, { ...payload, uid }), `create ${entity}`);
  return uid;
}

export const postPayload = (i = 0) => ({
  title: `Achievement post ${i}`,
  content: 'A post written for the achievements tests.',
  categoryId: 1,
});
export const spotPayload = (i = 0) => ({
  name: `Stubble field ${i}`,
  latitude: 52.6 + i / 1000,
  longitude: 1.28,
  type: 'Field',
  isShared: false,
});
export const storyPayload = () => ({
  content: 'A morning on the stubble and my head was finally quiet again.',
  yearsDetecting: 3,
});
export const eventPayload = (i = 0) => ({
  title: `Group dig ${i}`,
  description: 'A dig organised for the achievements tests.',
  location: 'Norfolk, UK',
  eventDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
});

export const makePost = (via: Via, c: TestClient, i = 0) => created(via, c, 'posts', postPayload(i));
export const makeSpot = (via: Via, c: TestClient, i = 0) => created(via, c, 'locations', spotPayload(i));
export const makeStory = (via: Via, c: TestClient) => created(via, c, 'stories', storyPayload());
export const makeEvent = (via: Via, c: TestClient, i = 0) => created(via, c, 'events', eventPayload(i));

/** A find with a photo, in the given period (finds need one: REST multipart, or a blob then a push). */
export async function makeFind(t: TestApp, via: Via, c: TestClient, i = 0, period = 'Roman') {
  const bytes = await jpegBytes(100 + i);
  const uid = newUid();
  if (via === 'push') {
    const { status } = await putBlob(t, c, bytes);
    if (status !== 201 && status !== 200) throw new Error(`photo: ${status}`);
    await pushOne(c, mutation('finds', 'create', uid, findPayload(sha256Of(bytes), { period })));
  } else await restOk(c.post('/api/finds', findForm({ period, uid }, bytes)), 'create find');
  return uid;
}

export const periods = FIND_PERIODS;

export async function comment(via: Via, c: TestClient, postUid: string): Promise<string> {
  const uid = newUid();
  const content = 'Great write-up, thanks';
  if (via === 'push') await pushOne(c, mutation('comments', 'create', uid, { postUid, content }));
  else await restOk(c.post('/api/comments', { postId: postUid, content, uid }), 'comment');
  return uid;
}

/** Likes a find, post or story; joining an event is the same kind of write (an attendance). */
export async function mark(
  via: Via,
  c: TestClient,
  kind: 'finds' | 'posts' | 'stories' | 'events',
  parentUid: string,
): Promise<void> {
  const entity = {
    finds: 'find_likes',
    posts: 'post_likes',
    stories: 'story_likes',
    events: 'event_attendees',
  } as const;
  if (via === 'push') await pushOne(c, mutation(entity[kind], 'create', parentUid));
  else await restOk(c.post(`/api/${kind}/${parentUid}/${kind === 'events' ? 'join' : 'like'}`, {}), 'mark');
}

export async function del(c: TestClient, path: string): Promise<void> {
  await restOk(c.del(path), `delete ${path}`);
}

/** What anyone sees of a member: earned ones only. Read without the member, so nothing is evaluated. */
export async function earnedIds(t: TestApp, userId: number): Promise<string[]> {
  const res = await t.client().get(`/api/users/${userId}/achievements`);
  if (res.status !== 200) throw new Error(`earned: ${res.status} ${res.text}`);
  return (res.json as Achievement[]).map((x) => x.id);
}

/** The member's own view of one achievement (with progress). */
export async function ownView(member: Member, id: string): Promise<Achievement | undefined> {
  const res = await member.client.get(`/api/users/${member.user.id}/achievements`);
  if (res.status !== 200) throw new Error(`own: ${res.status} ${res.text}`);
  return (res.json as Achievement[]).find((x) => x.id === id);
}
