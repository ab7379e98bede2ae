/**
 * The creates the entity fixtures (entity-fixtures.ts) queue: each record as its feature writes it, for
 * the shared sync suite (entities.test.ts). Test code only.
 */
import { uuidv7 } from 'uuidv7';
import { OFFICIAL_USER_ID } from '@schema/contracts/constants';
import type {
  LocalConnection,
  LocalEvent,
  LocalGroup,
  LocalGroupMembership,
  LocalLocation,
  LocalMessage,
  LocalPost,
  LocalStory,
} from '@web/db/database';
import type { LocalWrite } from './outbox';
import type { Device, Member, TestApp } from './test-utils';

export interface FixtureContext {
  dev: Device;
  member: Member;
  /** The in-process server, for what another member must do first (a group to join). */
  t: TestApp;
}

export function postWrite({ member }: FixtureContext, categoryId = 1): LocalWrite {
  const uid = uuidv7();
  const fields = { title: 'Hammered penny on stubble', content: 'Edward I, found this morning.', categoryId };
  const record: LocalPost = {
    id: null,
    uid,
    userId: member.user.id,
    username: member.user.username,
    categoryName: '',
    ...fields,
    imageUrl: null,
    comments: 0,
    views: 0,
    likes: 0,
    created_at: new Date().toISOString(),
  };
  return { entity: 'posts', op: 'create', uid, userId: member.user.id, payload: fields, record };
}

/** An event a week ahead (`days` from now: a negative one has already taken place). */
export function eventWrite(
  { member }: FixtureContext,
  fields: { title?: string; days?: number } = {},
): LocalWrite {
  const uid = uuidv7();
  const payload = {
    title: fields.title ?? 'Group dig on stubble',
    description: 'Permission farmland, bring a spade.',
    location: 'Norfolk, UK',
    eventDate: new Date(Date.now() + (fields.days ?? 7) * 86_400_000).toISOString(),
  };
  const record: LocalEvent = {
    id: null,
    uid,
    userId: member.user.id,
    username: member.user.username,
    ...payload,
    attendeeCount: 0,
    commentCount: 0,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
  };
  return { entity: 'events', op: 'create', uid, userId: member.user.id, payload, record };
}

/** A story as Share Your Story writes it. */
export function storyWrite(
  { member }: FixtureContext,
  content = 'A quiet hour on the stubble did more for me than a week indoors.',
): LocalWrite {
  const uid = uuidv7();
  const payload = { content, yearsDetecting: 2 };
  const record: LocalStory = {
    id: null,
    uid,
    userId: member.user.id,
    username: member.user.username,
    avatarUrl: member.user.avatarUrl,
    ...payload,
    likeCount: 0,
    commentCount: 0,
    created_at: new Date().toISOString(),
  };
  return { entity: 'stories', op: 'create', uid, userId: member.user.id, payload, record };
}

/** A private spot with a permission record, as Add New Spot writes it. */
export function spotWrite({ member }: FixtureContext, name = 'Stubble field by the church'): LocalWrite {
  const uid = uuidv7();
  const payload = {
    name,
    latitude: 52.61,
    longitude: 1.29,
    type: 'Field',
    description: 'Roman grots along the headland',
    hasPermission: true,
    isGroupDig: false,
    isShared: false,
    landownerName: 'Mr Jones',
    permissionExpires: '2030-03-01',
  };
  const now = new Date().toISOString();
  const record: LocalLocation = {
    id: null,
    uid,
    userId: member.user.id,
    username: member.user.username,
    ...payload,
    terrainType: null,
    accessInfo: null,
    bestTimeToVisit: null,
    landownerContact: null,
    permissionGranted: null,
    permissionNotes: null,
    created_at: now,
    updated_at: now,
  };
  return { entity: 'locations', op: 'create', uid, userId: member.user.id, payload, record };
}

/** Following a member: the official account (id 1) exists on every test server. */
export function followWrite({ member }: FixtureContext, followingId = OFFICIAL_USER_ID): LocalWrite {
  const uid = uuidv7();
  const record: LocalConnection = {
    id: null,
    uid,
    userId: member.user.id,
    followingId,
    created_at: new Date().toISOString(),
  };
  return {
    entity: 'user_connections',
    op: 'create',
    uid,
    userId: member.user.id,
    payload: { followingId },
    record,
  };
}

/** A message to the official account (id 1), which exists on every test server. */
export function messageWrite(
  { member }: FixtureContext,
  receiverId = OFFICIAL_USER_ID,
  content = 'Hello from the field',
): LocalWrite {
  const uid = uuidv7();
  const record: LocalMessage = {
    id: null,
    uid,
    userId: member.user.id,
    receiverId,
    content,
    isRead: false,
    created_at: new Date().toISOString(),
  };
  return {
    entity: 'messages',
    op: 'create',
    uid,
    userId: member.user.id,
    payload: { receiverId, content },
    record,
  };
}

/** A group's create the way the Create Group dialog queues it (groups/group-writes.ts). */
export function groupWrite({ member }: FixtureContext, name = 'Norfolk Detectorists'): LocalWrite {
  const uid = uuidv7();
  const payload = {
    name,
    description: 'Weekend digs on permission land.',
    location: 'Norfolk, UK',
    isPrivate: false,
  };
  const record: LocalGroup = {
    id: null,
    uid,
    userId: member.user.id,
    creatorId: member.user.id,
    creatorName: member.user.username,
    ...payload,
    avatarUrl: null,
    memberCount: 1,
    commentCount: 0,
    created_at: new Date().toISOString(),
    membership: { status: 'active', role: 'creator' },
  };
  return { entity: 'groups', op: 'create', uid, userId: member.user.id, payload, record };
}

/** Joining the group `groupUid` (a membership create naming it), as the Join button queues it. */
export function joinWrite({ member }: FixtureContext, groupUid: string): LocalWrite {
  const uid = uuidv7();
  const now = new Date().toISOString();
  const record: LocalGroupMembership = {
    id: null,
    uid,
    groupId: null,
    groupUid,
    userId: member.user.id,
    username: member.user.username,
    role: 'member',
    status: 'pending',
    joinedAt: now,
    created_at: now,
  };
  return {
    entity: 'group_memberships',
    op: 'create',
    uid,
    userId: member.user.id,
    payload: { groupUid },
    record,
  };
}
