/**
 * One test fixture per registered synced entity, for the shared suite (entities.test.ts): a create the
 * server accepts (with whatever it needs queued first, e.g. its parent find), and a create it refuses with
 * the code and message it answers. The map is typed by the registry, so registering an entity without a
 * fixture fails the typecheck, and the suite fails too.
 */
import { uuidv7 } from 'uuidv7';
import { eventMessages } from '@schema/contracts/events';
import { findMessages } from '@schema/contracts/finds';
import { forumMessages } from '@schema/contracts/forum';
import { locationMessages } from '@schema/contracts/locations-constants';
import { storyMessages } from '@schema/contracts/stories-constants';
import { socialMessages } from '@schema/contracts/social-constants';
import { messageMessages } from '@schema/contracts/messages-constants';
import { routeMessages } from '@schema/contracts/ar-routes-constants';
import { groupMessages } from '@schema/contracts/groups-constants';
import { onboardingMessages } from '@schema/contracts/achievements';
import { safetyMessages } from '@schema/contracts/safety';
import { moderationMessages } from '@schema/contracts/moderation';
import { initialOnboardingFields, mergeOnboarding, onboardingUid } from '@schema/contracts/onboarding';
import type { SyncEntity } from '@schema/contracts/sync';
import type { LocalOnboarding, OutboxError, SyncRecord } from '@web/db/database';
import { changeOf } from '@web/db/entities/onboarding';
import { isRow } from '@web/db/entity-fields';
import {
  eventAttendanceEntity,
  eventCommentsEntity,
  findCommentsEntity,
  findLikesEntity,
  groupCommentsEntity,
  postCommentsEntity,
  postLikesEntity,
  storyCommentsEntity,
  storyLikesEntity,
  type SyncedEntityName,
} from '@web/db/entities';
import type { CommentEntity, CommentFields, LikeEntity, LikeFields } from '@web/db/entities/engagement';
import { writeLocal, type LocalWrite } from './outbox';
import {
  eventWrite,
  followWrite,
  messageWrite,
  groupWrite,
  joinWrite,
  postWrite,
  spotWrite,
  storyWrite,
  type FixtureContext,
} from './fixture-writes';
import { completionWrite, routeWrite } from './route-fixture-writes';
import { tripWrite } from './safety-fixture-writes';
import { postOfAnother, reportWrite } from './report-fixture-writes';
import { notificationsFixture, type ServerMadeFixture } from './server-made-fixtures';
import { appFetch, findWrite, member as signedInMember } from './test-utils';
import { jsonInit, request } from './transport';

export type { FixtureContext } from './fixture-writes';

export interface DeviceMadeFixture {
  /** A create the server accepts; what it needs first (a parent) is already queued on `dev`. */
  create(ctx: FixtureContext): Promise<LocalWrite>;
  /** A create the server refuses (PROTOCOL.md S5, S8), and its answer. */
  refused(ctx: FixtureContext): Promise<{ write: LocalWrite; error: OutboxError }>;
}

export type EntityFixture = DeviceMadeFixture | ServerMadeFixture;

export const isServerMade = (f: EntityFixture | undefined): f is ServerMadeFixture =>
  f !== undefined && 'made' in f;

async function queued(ctx: FixtureContext, write: Promise<LocalWrite> | LocalWrite): Promise<string> {
  const parent = await write;
  await writeLocal(ctx.dev.db, parent);
  return parent.uid;
}

/** A comment under `parentUid`, its parent fields named by the entity (findUid, postUid…). */
function commentWrite<R extends SyncRecord & CommentFields>(
  entity: CommentEntity<SyncEntity, R>,
  { member }: FixtureContext,
  parentUid: string,
  content: string,
): LocalWrite {
  const uid = uuidv7();
  const { key, idKey } = entity.parent;
  const record: unknown = {
    id: null,
    uid,
    [key]: parentUid,
    [idKey]: null,
    userId: member.user.id,
    username: member.user.username,
    content,
    created_at: new Date().toISOString(),
  };
  if (!entity.is(record)) throw new Error(`not a ${entity.entity} record`);
  return {
    entity: entity.entity,
    op: 'create',
    uid,
    userId: member.user.id,
    payload: { [key]: parentUid, content },
    record,
  };
}

/** The member's like of `parentUid` (keyed by it). */
function likeWrite<R extends SyncRecord & LikeFields>(
  entity: LikeEntity<SyncEntity, R>,
  { member }: FixtureContext,
  parentUid: string,
): LocalWrite {
  const record: unknown = {
    uid: parentUid,
    userId: member.user.id,
    [entity.parent.idKey]: null,
    created_at: new Date().toISOString(),
  };
  if (!entity.is(record)) throw new Error(`not a ${entity.entity} record`);
  return { entity: entity.entity, op: 'create', uid: parentUid, userId: member.user.id, record };
}

const refusedAs = (code: string, message: string) => (write: LocalWrite) => ({
  write,
  error: { code, message },
});

export const ENTITY_FIXTURES: Record<SyncedEntityName, EntityFixture> = {
  finds: {
    create: ({ member }) => findWrite(member.user.id),
    refused: async ({ member }) =>
      refusedAs(
        'validation-failed',
        findMessages.titleTooShort,
      )(await findWrite(member.user.id, { title: 'ab' })),
  },
  find_comments: {
    create: async (ctx) =>
      commentWrite(
        findCommentsEntity,
        ctx,
        await queued(ctx, findWrite(ctx.member.user.id)),
        'Edward I, nice one',
      ),
    refused: async (ctx) =>
      refusedAs(
        'validation-failed',
        findMessages.commentTooShort,
      )(commentWrite(findCommentsEntity, ctx, await queued(ctx, findWrite(ctx.member.user.id)), 'ab')),
  },
  find_likes: {
    create: async (ctx) => likeWrite(findLikesEntity, ctx, await queued(ctx, findWrite(ctx.member.user.id))),
    // S8: a like whose find does not exist.
    refused: async (ctx) =>
      refusedAs('parent-missing', findMessages.notFound)(likeWrite(findLikesEntity, ctx, uuidv7())),
  },
  posts: {
    create: async (ctx) => postWrite(ctx),
    // S20: a category that does not exist.
    refused: async (ctx) =>
      refusedAs('validation-failed', forumMessages.categoryRequired)(postWrite(ctx, 9999)),
  },
  comments: {
    create: async (ctx) =>
      commentWrite(postCommentsEntity, ctx, await queued(ctx, postWrite(ctx)), 'Looks like a Class 10 penny'),
    refused: async (ctx) =>
      refusedAs(
        'validation-failed',
        forumMessages.commentRequired,
      )(commentWrite(postCommentsEntity, ctx, await queued(ctx, postWrite(ctx)), '   ')),
  },
  post_likes: {
    create: async (ctx) => likeWrite(postLikesEntity, ctx, await queued(ctx, postWrite(ctx))),
    refused: async (ctx) =>
      refusedAs('parent-missing', forumMessages.postNotFound)(likeWrite(postLikesEntity, ctx, uuidv7())),
  },
  events: {
    create: async (ctx) => eventWrite(ctx),
    refused: async (ctx) =>
      refusedAs('validation-failed', eventMessages.titleTooShort)(eventWrite(ctx, { title: 'Dig' })),
  },
  event_comments: {
    create: async (ctx) =>
      commentWrite(eventCommentsEntity, ctx, await queued(ctx, eventWrite(ctx)), 'Count me in, thanks'),
    refused: async (ctx) =>
      refusedAs(
        'validation-failed',
        eventMessages.commentTooShort,
      )(commentWrite(eventCommentsEntity, ctx, await queued(ctx, eventWrite(ctx)), 'ab')),
  },
  event_attendees: {
    // Another member's event: an organiser attends their own from its creation and cannot leave it.
    create: async (ctx) => likeWrite(eventAttendanceEntity, ctx, await eventOfAnother(ctx)),
    // S8: joining an event that does not exist (deleted meanwhile).
    refused: async (ctx) =>
      refusedAs('parent-missing', eventMessages.notFound)(likeWrite(eventAttendanceEntity, ctx, uuidv7())),
  },
  locations: {
    create: async (ctx) => spotWrite(ctx),
    refused: async (ctx) =>
      refusedAs('validation-failed', locationMessages.nameTooShort)(spotWrite(ctx, 'ab')),
  },
  stories: {
    create: async (ctx) => storyWrite(ctx),
    refused: async (ctx) =>
      refusedAs('validation-failed', storyMessages.contentTooShort)(storyWrite(ctx, 'Too short')),
  },
  story_comments: {
    create: async (ctx) =>
      commentWrite(storyCommentsEntity, ctx, await queued(ctx, storyWrite(ctx)), 'Thank you for sharing'),
    refused: async (ctx) =>
      refusedAs(
        'validation-failed',
        storyMessages.commentTooShort,
      )(commentWrite(storyCommentsEntity, ctx, await queued(ctx, storyWrite(ctx)), 'ab')),
  },
  story_likes: {
    create: async (ctx) => likeWrite(storyLikesEntity, ctx, await queued(ctx, storyWrite(ctx))),
    // S8: liking a story that does not exist (removed meanwhile).
    refused: async (ctx) =>
      refusedAs('parent-missing', storyMessages.notFound)(likeWrite(storyLikesEntity, ctx, uuidv7())),
  },
  user_connections: {
    create: async (ctx) => followWrite(ctx),
    refused: async (ctx) =>
      refusedAs('validation-failed', socialMessages.followSelf)(followWrite(ctx, ctx.member.user.id)),
  },
  messages: {
    create: async (ctx) => messageWrite(ctx),
    refused: async (ctx) =>
      refusedAs('validation-failed', messageMessages.toSelf)(messageWrite(ctx, ctx.member.user.id)),
  },
  routes: {
    create: async (ctx) => routeWrite(ctx),
    refused: async (ctx) => refusedAs('validation-failed', routeMessages.nameTooShort)(routeWrite(ctx, 'ab')),
  },
  route_completions: {
    create: async (ctx) => completionWrite(ctx, await queued(ctx, routeWrite(ctx))),
    // S8: a walk of a route that does not exist (deleted meanwhile).
    refused: async (ctx) =>
      refusedAs('parent-missing', routeMessages.notFound)(completionWrite(ctx, uuidv7())),
  },
  groups: {
    create: async (ctx) => groupWrite(ctx),
    refused: async (ctx) =>
      refusedAs('validation-failed', groupMessages.nameRequired)(groupWrite(ctx, '   ')),
  },
  group_memberships: {
    // Joining another member's public group (its creator's own membership comes with the group).
    create: async (ctx) => joinWrite(ctx, await publicGroupOfAnother(ctx)),
    // S8: joining a group that does not exist (deleted meanwhile).
    refused: async (ctx) => refusedAs('parent-missing', groupMessages.notFound)(joinWrite(ctx, uuidv7())),
  },
  group_comments: {
    create: async (ctx) =>
      commentWrite(groupCommentsEntity, ctx, await queued(ctx, groupWrite(ctx)), 'Who is up for Saturday?'),
    refused: async (ctx) =>
      refusedAs(
        'validation-failed',
        groupMessages.commentEmpty,
      )(commentWrite(groupCommentsEntity, ctx, await queued(ctx, groupWrite(ctx)), '   ')),
  },
  // The member's one tour record (its uid derived from their id): created as a first device would.
  onboarding: {
    create: async ({ member }) =>
      tourWrite(member.user.id, { completedSteps: ['welcome'], currentStep: 'forum' }),
    refused: async ({ member }) =>
      refusedAs(
        'validation-failed',
        onboardingMessages.invalidStep,
      )(tourWrite(member.user.id, { currentStep: 'treasure' })),
  },
  notifications: notificationsFixture,
  // The member's detecting trip; a malformed contact address is refused as the form refuses it.
  safety_trips: {
    create: async (ctx) => tripWrite(ctx),
    refused: async (ctx) =>
      refusedAs('validation-failed', safetyMessages.contactInvalid)(tripWrite(ctx, ['not an address'])),
  },
  // The member's report of another member's post; one of a record that is not there is refused (S8).
  reports: {
    create: async (ctx) =>
      reportWrite(ctx, { entity: 'posts', id: await postOfAnother(ctx), reason: 'spam', note: null }),
    refused: async (ctx) =>
      refusedAs(
        'parent-missing',
        moderationMessages.notFound,
      )(reportWrite(ctx, { entity: 'posts', id: 99_999_999, reason: 'spam', note: null })),
  },
};

/** A create of the member's tour record, holding what the device shows of the payload. */
function tourWrite(userId: number, payload: Record<string, unknown>): LocalWrite {
  const uid = onboardingUid(userId);
  const record: LocalOnboarding = {
    uid,
    id: userId,
    userId,
    ...mergeOnboarding(initialOnboardingFields, changeOf(payload)),
  };
  return { entity: 'onboarding', op: 'create', uid, userId, payload, record };
}

/** An upcoming event created over REST by a fresh member: its uid. */
async function eventOfAnother(ctx: FixtureContext): Promise<string> {
  const organiser = await signedInMember(ctx.t, `organiser-${uuidv7().slice(-12)}`);
  const { payload } = eventWrite({ ...ctx, member: organiser });
  const res = await request(
    appFetch(ctx.t, () => organiser.cookie),
    '/api/events',
    jsonInit('POST', payload),
  );
  const uid = isRow(res.data) ? res.data.uid : undefined;
  if (typeof uid !== 'string') throw new Error(`create event: ${res.status}`);
  return uid;
}

/** A public group created over REST by a fresh member: its uid. */
async function publicGroupOfAnother(ctx: FixtureContext): Promise<string> {
  const owner = await signedInMember(ctx.t, `owner-${uuidv7().slice(-12)}`);
  const res = await request(
    appFetch(ctx.t, () => owner.cookie),
    '/api/groups',
    jsonInit('POST', { name: 'Weald Diggers' }),
  );
  const uid = isRow(res.data) ? res.data.uid : undefined;
  if (typeof uid !== 'string') throw new Error(`create group: ${res.status}`);
  return uid;
}
