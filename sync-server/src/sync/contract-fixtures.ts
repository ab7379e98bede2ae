/**
 * One fixture per writable synced entity, for the contract suite (contract.test.ts; never imported by
 * the app). A fixture knows how to make a valid create — its parent and its photo included — and an
 * invalid one together with the REST request that sends the same input, so the suite can check that the
 * sync rejection repeats the REST answer (S5). Registering an entity in entities.ts without adding its
 * fixture here fails the suite.
 */
import type { Mutation, SyncEntity } from '@schema/contracts/sync';
import { onboardingUid } from '@schema/contracts/onboarding';
import type { TestApp } from '../test/harness';
import {
  findForm,
  findPayload,
  jpegBytes,
  mutation,
  newUid,
  push,
  putBlob,
  sha256Of,
  signedIn,
  type TestClient,
} from './test-fixtures';

let groupNames = 0;
const foundersByGroup = new Map<string, TestClient>();

export interface ContractMember {
  client: TestClient;
  user: { id: number };
}

export interface ContractEnv {
  t: TestApp;
  /** Writes every record of the fixture. */
  writer: ContractMember;
  /** Another signed-in member. */
  other: ContractMember;
  anon: TestClient;
}

export interface RestAnswer {
  status: number;
  json: { code?: string; message?: string } | undefined;
}

export interface EntityFixture {
  /**
   * Makes what a valid create needs as the writer (its parent, its uploaded photo) and answers the create
   * mutation, not yet pushed. Where the entity declares owner-only fields, the create sets them.
   */
  validCreate(env: ContractEnv): Promise<Mutation>;
  /** A create the server refuses, and the same input sent to the REST route as the writer. */
  invalidCreate(env: ContractEnv): Promise<{ mutation: Mutation; rest: () => Promise<RestAnswer> }>;
  /** Visibility 'rules' only: makes the pushed record invisible to the other member. */
  hide?(env: ContractEnv, created: Mutation): Promise<void>;
  /**
   * Records the server makes and devices only update (notifications): `validCreate` makes one for the
   * writer on the server and answers a valid update of it, `invalidCreate` an invalid update and its REST
   * twin. The suite then checks that a device can neither create nor delete one.
   */
  serverMade?: true;
}

async function uploadedPhoto(env: ContractEnv, seed: number): Promise<{ sha: string; bytes: Uint8Array }> {
  const bytes = await jpegBytes(seed);
  const { status } = await putBlob(env.t, env.writer.client, bytes);
  if (status !== 201 && status !== 200) throw new Error(`photo upload: ${status}`);
  return { sha: sha256Of(bytes), bytes };
}

/** Pushes a create as the writer (or `by`) and answers its uid; throws unless it was applied. */
async function pushed(env: ContractEnv, create: Mutation, by: ContractMember = env.writer): Promise<string> {
  const { results } = await push(by.client, [create]);
  if (results[0]?.status !== 'applied')
    throw new Error(`${create.entity} parent: ${JSON.stringify(results)}`);
  return create.uid;
}

const findParent = async (env: ContractEnv) =>
  pushed(env, mutation('finds', 'create', newUid(), findPayload((await uploadedPhoto(env, 11)).sha)));

const postPayload = (extra: Record<string, unknown> = {}) => ({
  title: 'Contract post title',
  content: 'A post written for the sync contract suite.',
  categoryId: 1,
  ...extra,
});
const postParent = (env: ContractEnv) => pushed(env, mutation('posts', 'create', newUid(), postPayload()));

/** An event a week ahead (events can be joined only while upcoming). */
const eventPayload = (extra: Record<string, unknown> = {}) => ({
  title: 'Contract group dig',
  description: 'A dig organised for the sync contract suite.',
  location: 'Norfolk, UK',
  eventDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  ...extra,
});
const eventParent = (env: ContractEnv) => pushed(env, mutation('events', 'create', newUid(), eventPayload()));
/**
 * A third member's event for the writer to join: an organiser attends their own event from its creation and
 * cannot leave it, and that attendance (keyed, like the writer's, by the event's uid) must not reach the
 * suite's other member either.
 */
let organisers = 0;
const othersEventParent = async (env: ContractEnv) =>
  pushed(
    env,
    mutation('events', 'create', newUid(), eventPayload()),
    await signedIn(env.t, `organiser${++organisers}`),
  );

const storyPayload = (extra: Record<string, unknown> = {}) => ({
  content: 'A morning on the stubble written for the sync contract suite.',
  yearsDetecting: 3,
  ...extra,
});
const storyParent = (env: ContractEnv) =>
  pushed(env, mutation('stories', 'create', newUid(), storyPayload()));

/** A parent that opts into engagement, as its comments' and likes' fixtures need it. */
interface EngagedParent {
  comments: SyncEntity;
  likes: SyncEntity;
  /** Pushes a parent as the writer; answers its uid. */
  make: (env: ContractEnv) => Promise<string>;
  /** The parent the writer's like goes on, when it cannot be the writer's own (`make` otherwise). */
  likeParent?: (env: ContractEnv) => Promise<string>;
  /** The parent's uid in a comment's create payload ('findUid'). */
  uidKey: string;
  /** Content the comment rule refuses. */
  badContent: string;
  /** The REST comment create and like routes, as the writer. */
  restComment: (client: TestClient, parentUid: string, content: string) => Promise<RestAnswer>;
  restLike: (client: TestClient, parentUid: string) => Promise<RestAnswer>;
}

/** The same comment and like fixtures for every engaged parent (engagement/define.ts). */
function engagementFixtures(p: EngagedParent): Record<string, EntityFixture> {
  const comment = (parentUid: string, content: string) =>
    mutation(p.comments, 'create', newUid(), { [p.uidKey]: parentUid, content });
  return {
    [p.comments]: {
      validCreate: async (env) => comment(await p.make(env), 'Lovely find'),
      async invalidCreate(env) {
        const parentUid = await p.make(env);
        return {
          mutation: comment(parentUid, p.badContent),
          rest: () => p.restComment(env.writer.client, parentUid, p.badContent),
        };
      },
    },
    [p.likes]: {
      validCreate: async (env) => mutation(p.likes, 'create', await (p.likeParent ?? p.make)(env)),
      // A like carries no payload: what can be wrong is its parent (S8).
      async invalidCreate(env) {
        const gone = newUid();
        return {
          mutation: mutation(p.likes, 'create', gone),
          rest: () => p.restLike(env.writer.client, gone),
        };
      },
    },
  };
}

/** A shared spot (every caller may see it, so the suite's pulls reach the other member and the visitor). */
const spotPayload = (extra: Record<string, unknown> = {}) => ({
  name: 'Contract stubble field',
  latitude: 52.61234,
  longitude: 1.28765,
  type: 'Field',
  accessInfo: 'Gate on the lane',
  isShared: true,
  landownerName: 'Mr Jones',
  ...extra,
});

/** A public route (every caller may pull it when pinned, so the suite reaches the other member and the visitor). */
const routePayload = (extra: Record<string, unknown> = {}) => ({
  name: 'Contract Roman road walk',
  startLat: 52.6,
  startLng: 1.28,
  endLat: 52.61,
  endLng: 1.29,
  waypoints: [{ lat: 52.605, lng: 1.285 }],
  difficulty: 'easy',
  historicalPeriods: ['Roman'],
  isPublic: true,
  ...extra,
});
const routeParent = (env: ContractEnv) => pushed(env, mutation('routes', 'create', newUid(), routePayload()));

let followTargets = 0;
let messageTargets = 0;
let followers = 0;

/** A notification made for the writer (a new member follows them): its uid, the newest in their list. */
async function notificationForWriter(env: ContractEnv): Promise<string> {
  const fan = await signedIn(env.t, `fan${++followers}`);
  const res = await fan.client.post('/api/social/follow', {
    targetUserId: env.writer.user.id,
    action: 'follow',
  });
  if (res.status !== 200) throw new Error(`follow the writer: ${res.status}`);
  const list = await env.writer.client.get('/api/notifications?limit=1');
  const uid: unknown = list.json?.notifications?.[0]?.uid;
  if (typeof uid !== 'string') throw new Error(`the writer's notification: ${list.text}`);
  return uid;
}

/** A post by the suite's other member for the writer to report (nobody may report their own): its id. */
async function reportablePost(env: ContractEnv): Promise<number> {
  const { results } = await push(env.other.client, [mutation('posts', 'create', newUid(), postPayload())]);
  const id = results[0]?.status === 'applied' ? results[0].id : undefined;
  if (id === undefined) throw new Error(`reports parent: ${JSON.stringify(results)}`);
  return id;
}

export const contractFixtures: Readonly<Record<string, EntityFixture>> = {
  // Member-only: the writer's report of another member's post (a new post each time: one open report per
  // member and record); a reason not on the list is refused as by REST.
  reports: {
    validCreate: async (env) =>
      mutation('reports', 'create', newUid(), {
        entity: 'posts',
        id: await reportablePost(env),
        reason: 'spam',
        note: 'Selling fakes',
      }),
    async invalidCreate(env) {
      const body = { entity: 'posts', id: await reportablePost(env), reason: 'boring' };
      return {
        mutation: mutation('reports', 'create', newUid(), body),
        rest: () => env.writer.client.post('/api/reports', body),
      };
    },
  },
  // Member-only: the writer's own detecting trip; a malformed contact address is refused as by REST.
  safety_trips: {
    validCreate: (env) => safetyTrip(env),
    async invalidCreate(env) {
      const invalid = await safetyTrip(env, { contacts: ['not an address'] });
      return { mutation: invalid, rest: () => env.writer.client.post('/api/safety/trips', invalid.payload) };
    },
  },
  finds: {
    async validCreate(env) {
      const { sha } = await uploadedPhoto(env, 12);
      return mutation('finds', 'create', newUid(), findPayload(sha, { latitude: 51.5, longitude: -1.8 }));
    },
    async invalidCreate(env) {
      const { sha, bytes } = await uploadedPhoto(env, 13);
      const fields = {
        title: 'ab',
        description: 'Palstave',
        location: 'Wiltshire, UK',
        period: 'Bronze Age',
      };
      return {
        mutation: mutation('finds', 'create', newUid(), findPayload(sha, { title: 'ab' })),
        rest: () => env.writer.client.post('/api/finds', findForm(fields, bytes)),
      };
    },
  },
  ...engagementFixtures({
    comments: 'find_comments',
    likes: 'find_likes',
    make: findParent,
    uidKey: 'findUid',
    badContent: 'ab',
    restComment: (client, uid, content) => client.post(`/api/finds/${uid}/comments`, { content }),
    restLike: (client, uid) => client.post(`/api/finds/${uid}/like`),
  }),

  posts: {
    async validCreate() {
      return mutation('posts', 'create', newUid(), postPayload());
    },
    async invalidCreate(env) {
      return {
        mutation: mutation('posts', 'create', newUid(), postPayload({ title: 'Hi' })),
        rest: () => env.writer.client.post('/api/posts', { ...postPayload({ title: 'Hi' }), imageUrl: null }),
      };
    },
  },
  ...engagementFixtures({
    comments: 'comments',
    likes: 'post_likes',
    make: postParent,
    uidKey: 'postUid',
    badContent: '   ',
    restComment: (client, uid, content) => client.post('/api/comments', { postId: uid, content }),
    restLike: (client, uid) => client.post(`/api/posts/${uid}/like`),
  }),

  events: {
    async validCreate() {
      return mutation('events', 'create', newUid(), eventPayload());
    },
    async invalidCreate(env) {
      return {
        mutation: mutation('events', 'create', newUid(), eventPayload({ title: 'Dig' })),
        rest: () => env.writer.client.post('/api/events', eventPayload({ title: 'Dig' })),
      };
    },
  },
  // Attendance is the events' "like": one per member and event, keyed by the event's uid.
  ...engagementFixtures({
    comments: 'event_comments',
    likes: 'event_attendees',
    make: eventParent,
    likeParent: othersEventParent,
    uidKey: 'eventUid',
    badContent: 'ab',
    restComment: (client, uid, content) => client.post(`/api/events/${uid}/comments`, { content }),
    restLike: (client, uid) => client.post(`/api/events/${uid}/join`),
  }),

  stories: {
    async validCreate() {
      return mutation('stories', 'create', newUid(), storyPayload());
    },
    async invalidCreate(env) {
      return {
        mutation: mutation('stories', 'create', newUid(), storyPayload({ content: 'Too short' })),
        rest: () => env.writer.client.post('/api/stories', storyPayload({ content: 'Too short' })),
      };
    },
  },
  ...engagementFixtures({
    comments: 'story_comments',
    likes: 'story_likes',
    make: storyParent,
    uidKey: 'storyUid',
    badContent: 'ab',
    restComment: (client, uid, content) => client.post(`/api/stories/${uid}/comments`, { content }),
    restLike: (client, uid) => client.post(`/api/stories/${uid}/like`),
  }),

  // A follow of a member made for it (a second follow of the same member is the same connection).
  user_connections: {
    async validCreate(env) {
      const { user } = await signedIn(env.t, `followed${++followTargets}`);
      return mutation('user_connections', 'create', newUid(), { followingId: user.id });
    },
    async invalidCreate(env) {
      const self = env.writer.user.id;
      return {
        mutation: mutation('user_connections', 'create', newUid(), { followingId: self }),
        rest: () => env.writer.client.post('/api/social/follow', { targetUserId: self, action: 'follow' }),
      };
    },
  },

  // Visibility 'rules': a group made private is a tombstone for everyone but its members.
  groups: {
    async validCreate() {
      return mutation('groups', 'create', newUid(), { name: `Group ${++groupNames}` });
    },
    async invalidCreate(env) {
      return {
        mutation: mutation('groups', 'create', newUid(), { name: '   ' }),
        rest: () => env.writer.client.post('/api/groups', { name: '   ' }),
      };
    },
    async hide(env, created) {
      const { results } = await push(env.writer.client, [
        mutation('groups', 'update', created.uid, { isPrivate: true }),
      ]);
      if (results[0]?.status !== 'applied') throw new Error(`hide group: ${JSON.stringify(results)}`);
    },
  },

  // A membership of a public group a third member made; the group made private hides it from others.
  group_memberships: {
    async validCreate(env) {
      const founder = await signedIn(env.t, `founder${++groupNames}`);
      const res = await founder.client.post('/api/groups', { name: `Club ${groupNames}` });
      const group = res.json as { uid: string; id: number };
      foundersByGroup.set(group.uid, founder.client);
      return mutation('group_memberships', 'create', newUid(), { groupUid: group.uid });
    },
    async invalidCreate(env) {
      const groupUid = newUid();
      return {
        mutation: mutation('group_memberships', 'create', newUid(), { groupUid }),
        rest: () => env.writer.client.post(`/api/groups/${groupUid}/join`, {}),
      };
    },
    async hide(_env, created) {
      const groupUid = String(created.payload.groupUid);
      const founder = foundersByGroup.get(groupUid);
      if (!founder) throw new Error('hide membership: unknown group');
      const res = await founder.put(`/api/groups/${groupUid}`, { isPrivate: true });
      if (res.status !== 200) throw new Error(`hide membership: ${res.status}`);
    },
  },

  // A comment in the discussion of the writer's public group; the group made private hides it.
  group_comments: {
    async validCreate(env) {
      const res = await env.writer.client.post('/api/groups', { name: `Talk ${++groupNames}` });
      const group = res.json as { uid: string };
      return mutation('group_comments', 'create', newUid(), {
        groupUid: group.uid,
        content: 'Who is out Sunday?',
      });
    },
    async invalidCreate(env) {
      const res = await env.writer.client.post('/api/groups', { name: `Talk ${++groupNames}` });
      const group = res.json as { uid: string };
      return {
        mutation: mutation('group_comments', 'create', newUid(), { groupUid: group.uid, content: '  ' }),
        rest: () => env.writer.client.post(`/api/groups/${group.uid}/comments`, { content: '  ' }),
      };
    },
    async hide(env, created) {
      const res = await env.writer.client.put(`/api/groups/${String(created.payload.groupUid)}`, {
        isPrivate: true,
      });
      if (res.status !== 200) throw new Error(`hide group comment: ${res.status}`);
    },
  },

  // Visibility 'participants': a message to a member made for it; `other` is a third member.
  messages: {
    async validCreate(env) {
      const { user } = await signedIn(env.t, `receiver${++messageTargets}`);
      return mutation('messages', 'create', newUid(), { receiverId: user.id, content: 'Hello there' });
    },
    async invalidCreate(env) {
      const self = env.writer.user.id;
      const body = { receiverId: self, content: 'Hello me' };
      return {
        mutation: mutation('messages', 'create', newUid(), body),
        rest: () => env.writer.client.post('/api/social/messages', body),
      };
    },
  },

  // Visibility 'rules': a spot made private is a tombstone for everyone but its owner.
  locations: {
    async validCreate() {
      return mutation('locations', 'create', newUid(), spotPayload());
    },
    async invalidCreate(env) {
      return {
        mutation: mutation('locations', 'create', newUid(), spotPayload({ name: 'ab' })),
        rest: () => env.writer.client.post('/api/locations', spotPayload({ name: 'ab' })),
      };
    },
    async hide(env, created) {
      const { results } = await push(env.writer.client, [
        mutation('locations', 'update', created.uid, { isShared: false }),
      ]);
      if (results[0]?.status !== 'applied') throw new Error(`hide spot: ${JSON.stringify(results)}`);
    },
  },

  // Visibility 'rules': a route made private is a tombstone for a member who pinned it.
  routes: {
    async validCreate() {
      return mutation('routes', 'create', newUid(), routePayload());
    },
    async invalidCreate(env) {
      return {
        mutation: mutation('routes', 'create', newUid(), routePayload({ name: 'ab' })),
        rest: () => env.writer.client.post('/api/routes', routePayload({ name: 'ab' })),
      };
    },
    async hide(env, created) {
      const { results } = await push(env.writer.client, [
        mutation('routes', 'update', created.uid, { isPublic: false }),
      ]);
      if (results[0]?.status !== 'applied') throw new Error(`hide route: ${JSON.stringify(results)}`);
    },
  },
  // One walk of a route; a walk of a route that does not exist is refused as its REST call is (S8).
  route_completions: {
    validCreate: async (env) =>
      mutation('route_completions', 'create', newUid(), { routeUid: await routeParent(env) }),
    async invalidCreate(env) {
      const gone = newUid();
      return {
        mutation: mutation('route_completions', 'create', newUid(), { routeUid: gone }),
        rest: () => env.writer.client.post(`/api/routes/${gone}/complete`, {}),
      };
    },
  },
  // Made by the server (a follow of the writer); a device only marks one read or unread.
  notifications: {
    serverMade: true,
    validCreate: async (env) =>
      mutation('notifications', 'update', await notificationForWriter(env), {
        readAt: new Date().toISOString(),
      }),
    async invalidCreate(env) {
      const uid = await notificationForWriter(env);
      const body = { readAt: 'yesterday' };
      return {
        mutation: mutation('notifications', 'update', uid, body),
        rest: () => env.writer.client.patch(`/api/notifications/${uid}`, body),
      };
    },
  },
  // One record per member (its uid derived from the member's id): each create starts from no record, so
  // the writer's earlier tests cannot turn it into a duplicate. Restart (a delete) is how it goes.
  onboarding: {
    validCreate: async (env) =>
      mutation('onboarding', 'create', await noTour(env), {
        completedSteps: ['welcome'],
        currentStep: 'forum',
      }),
    async invalidCreate(env) {
      return {
        mutation: mutation('onboarding', 'create', await noTour(env), { currentStep: 'treasure' }),
        rest: () => env.writer.client.put('/api/onboarding', { action: 'go-to', step: 'treasure' }),
      };
    },
  },
};

/**
 * A detecting trip back in two hours: the writer's trip under way checked in first (one at a time), so
 * each test's create starts afresh.
 */
async function safetyTrip(env: ContractEnv, extra: Record<string, unknown> = {}): Promise<Mutation> {
  const current = await env.writer.client.get('/api/safety/trips/current');
  const trip = current.json as { uid: string } | null;
  if (trip) await env.writer.client.post(`/api/safety/trips/${trip.uid}/checkin`);
  return mutation('safety_trips', 'create', newUid(), {
    expectedReturnAt: new Date(Date.now() + 2 * 3_600_000).toISOString(),
    contacts: ['buddy@example.com'],
    shareLastPosition: true,
    ...extra,
  });
}

/** The writer's tour record, restarted (deleted) first: its uid. */
async function noTour(env: ContractEnv): Promise<string> {
  const uid = onboardingUid(env.writer.user.id);
  const { results } = await push(env.writer.client, [mutation('onboarding', 'delete', uid)]);
  if (results[0]?.status !== 'applied') throw new Error(`restart tour: ${JSON.stringify(results)}`);
  return uid;
}
