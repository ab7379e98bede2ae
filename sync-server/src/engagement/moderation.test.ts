/**
 * One moderation rule for every comment kind (docs/product/overview.md: the official account "may delete
 * any find, post or comment"; each kind's "Permissions"): a comment is edited by its writer alone and
 * deleted by its writer or the official account — any comment the official account can read. Tried on
 * finds, forum posts, events, stories and a public group, over REST and push, on the engine the run names.
 * (A private group's comments, which the official account cannot read, are 404 to it: groups'
 * comments-access.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, OFFICIAL_PASSWORD, type TestApp } from '../test/harness';
import { createFind, mutation, push, signedIn, type TestClient } from '../sync/test-fixtures';

type Member = { client: TestClient; user: { id: number } };
let t: TestApp;
let author: Member;
let commenter: Member;
let other: Member;
let moderator: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  author = await signedIn(t, 'author');
  commenter = await signedIn(t, 'commenter');
  other = await signedIn(t, 'other');
  moderator = t.client();
  const login = await moderator.post('/api/users/login', {
    username: 'DigQuestor',
    password: OFFICIAL_PASSWORD,
  });
  expect(login.status).toBe(200);
});
afterAll(() => t.close());

const created = async (res: Promise<{ status: number; json: unknown; text: string }>) => {
  const answer = await res;
  if (answer.status !== 201) throw new Error(`${answer.status} ${answer.text}`);
  return answer.json as { id: number; uid: string };
};

interface CommentKind {
  kind: string;
  /** Makes a parent as its author; answers the parent's path, e.g. `/api/finds/12`. */
  parent(): Promise<string>;
  /** Adds the commenter's comment under that parent. */
  comment(parentPath: string, content: string): Promise<{ id: number; uid: string }>;
  /** Where a comment is edited and deleted, e.g. `/api/find-comments`. */
  comments: string;
  /** The sync entity of the comments. */
  entity: 'find_comments' | 'comments' | 'event_comments' | 'story_comments' | 'group_comments';
}

const underParent = (path: string, content: string) =>
  created(commenter.client.post(`${path}/comments`, { content }));

const KINDS: CommentKind[] = [
  {
    kind: 'find',
    parent: async () => `/api/finds/${(await createFind(author.client)).id}`,
    comment: underParent,
    comments: '/api/find-comments',
    entity: 'find_comments',
  },
  {
    kind: 'forum post',
    parent: async () =>
      `/api/posts/${
        (
          await created(
            author.client.post('/api/posts', {
              title: 'Hammered penny on stubble',
              content: 'A cut half of an Edward I penny.',
              categoryId: 1,
              imageUrl: null,
            }),
          )
        ).id
      }`,
    comment: (path, content) =>
      created(commenter.client.post('/api/comments', { postId: Number(path.split('/').pop()), content })),
    comments: '/api/comments',
    entity: 'comments',
  },
  {
    kind: 'event',
    parent: async () =>
      `/api/events/${
        (
          await created(
            author.client.post('/api/events', {
              title: 'Group dig on stubble',
              description: 'Bring a spade.',
              location: 'Norfolk, UK',
              eventDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
            }),
          )
        ).id
      }`,
    comment: underParent,
    comments: '/api/event-comments',
    entity: 'event_comments',
  },
  {
    kind: 'story',
    parent: async () =>
      `/api/stories/${
        (
          await created(
            author.client.post('/api/stories', {
              content: 'Two hours in a stubble field and my head was finally quiet.',
              yearsDetecting: 4,
            }),
          )
        ).id
      }`,
    comment: underParent,
    comments: '/api/story-comments',
    entity: 'story_comments',
  },
  {
    kind: 'public group',
    parent: async () => {
      const group = await created(author.client.post('/api/groups', { name: 'Weekend Diggers' }));
      expect((await commenter.client.post(`/api/groups/${group.id}/join`, {})).status).toBe(201);
      return `/api/groups/${group.id}`;
    },
    comment: underParent,
    comments: '/api/group-comments',
    entity: 'group_comments',
  },
];

describe.each(KINDS)('a comment on a $kind', ({ parent, comment, comments, entity }) => {
  const count = async (path: string) =>
    ((await author.client.get(`${path}/comments`)).json as unknown[]).length;

  it('another member may neither edit nor delete it (403); the moderator deletes but does not edit', async () => {
    const path = await parent();
    const { id } = await comment(path, 'A fine piece, well done.');
    const url = `${comments}/${id}`;
    expect((await other.client.put(url, { content: 'Not yours' })).status).toBe(403);
    expect((await other.client.del(url)).status).toBe(403);
    expect((await moderator.put(url, { content: 'Not yours either' })).status).toBe(403);
    expect(await count(path)).toBe(1);
    expect((await moderator.del(url)).json).toEqual({ success: true, id });
    expect(await count(path)).toBe(0);
  });

  it('the moderator deletes it by push as well', async () => {
    const path = await parent();
    const { uid } = await comment(path, 'Seen one like it at the museum.');
    const answer = await push(moderator, [mutation(entity, 'delete', uid)]);
    expect(answer.results).toEqual([expect.objectContaining({ status: 'applied' })]);
    expect(await count(path)).toBe(0);
  });
});
