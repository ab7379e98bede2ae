/**
 * What "Download my data" reads of a member (docs/export.md): everything that is theirs, page by page in
 * id order (keyset paging), never another member's record. Finds and spots come shaped as their owner's
 * devices get them (the sync loaders: exact positions, recording and Treasure details, the permission
 * record with its edges); the rest as stored, with only the member's own columns picked. Of other members
 * only what the member's own records name: a message's other party and the usernames of follows.
 */
import { and, asc, eq, gt, inArray, or, type SQL } from 'drizzle-orm';
import {
  achievements,
  comments,
  eventAttendees,
  eventComments,
  events,
  findComments,
  finds,
  groupComments,
  groupMemberships,
  groups,
  imageStorage,
  locations,
  messages,
  posts,
  stories,
  storyComments,
  userAchievements,
  userConnections,
  userPreferences,
  userProfiles,
  users,
} from '@schema/db/tables';
import type { Store } from '../../lib/db';
import { first } from '../../lib/query';
import { refKey, type SyncEntityHandler } from '../../sync/registry';

/** Rows per query: a member with 100,000 finds is read 500 at a time. */
export const PAGE = 500;

/** Pages of rows after an id, until a short page. */
export async function* pagesAfter<T>(
  fetch: (after: number) => Promise<T[]>,
  idOf: (row: T) => number,
): AsyncGenerator<T[]> {
  for (let after = 0; ;) {
    const rows = await fetch(after);
    if (rows.length > 0) yield rows;
    if (rows.length < PAGE) return;
    after = idOf(rows[rows.length - 1] as T);
  }
}

const afterId = (column: Parameters<typeof gt>[0], after: number) => gt(column, after);

/** The account without its secrets (password hash, tokens), with the profile and preferences. */
export async function profileOf(store: Store, userId: number) {
  const account = await first(
    store
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        isEmailVerified: users.isEmailVerified,
        avatarUrl: users.avatarUrl,
        bio: users.bio,
        createdAt: users.createdAt,
        updatedAt: users.updatedAt,
      })
      .from(users)
      .where(eq(users.id, userId)),
  );
  const profile = await first(store.select().from(userProfiles).where(eq(userProfiles.userId, userId)));
  const preferences = await first(
    store.select().from(userPreferences).where(eq(userPreferences.userId, userId)),
  );
  const strip = <T extends { id: number; userId: number }>(row: T | undefined) => {
    if (!row) return null;
    const { id: _id, userId: _userId, ...rest } = row;
    return rest;
  };
  return { ...account, profile: strip(profile), preferences: strip(preferences) };
}

/** A member's records of an owned synced entity, shaped for their owner by the entity's pull loader. */
function ownedPages(
  store: Store,
  handler: SyncEntityHandler,
  table: typeof finds | typeof locations,
  userId: number,
) {
  return pagesAfter(
    async (after) => {
      const refs = await store
        .select({ entityId: table.id, uid: table.uid })
        .from(table)
        .where(and(eq(table.userId, userId), afterId(table.id, after)))
        .orderBy(asc(table.id))
        .limit(PAGE);
      const loaded = await handler.load(store, { id: userId }, refs);
      return refs.map((ref) => ({ id: ref.entityId, data: loaded.get(refKey(ref))?.data ?? null }));
    },
    (row) => row.id,
  );
}

export const findPages = (store: Store, handler: SyncEntityHandler, userId: number) =>
  ownedPages(store, handler, finds, userId);
export const spotPages = (store: Store, handler: SyncEntityHandler, userId: number) =>
  ownedPages(store, handler, locations, userId);

/** The original names of stored photos, by file name (what the member's device called them). */
export async function originalNames(store: Store, filenames: string[]): Promise<Map<string, string | null>> {
  if (filenames.length === 0) return new Map();
  const rows = await store
    .select({ filename: imageStorage.filename, originalName: imageStorage.originalName })
    .from(imageStorage)
    .where(inArray(imageStorage.filename, filenames));
  return new Map(rows.map((row) => [row.filename, row.originalName]));
}

export const postPages = (store: Store, userId: number) =>
  pagesAfter(
    (after) =>
      store
        .select()
        .from(posts)
        .where(and(eq(posts.userId, userId), afterId(posts.id, after)))
        .orderBy(asc(posts.id))
        .limit(PAGE),
    (row) => row.id,
  );

export const storyPages = (store: Store, userId: number) =>
  pagesAfter(
    (after) =>
      store
        .select()
        .from(stories)
        .where(and(eq(stories.userId, userId), afterId(stories.id, after)))
        .orderBy(asc(stories.id))
        .limit(PAGE),
    (row) => row.id,
  );

/** Every kind of comment, each with the kind and the id of what it is on. */
export function commentKinds(store: Store, userId: number) {
  const kinds = [
    { kind: 'post', table: comments, parent: comments.postId },
    { kind: 'find', table: findComments, parent: findComments.findId },
    { kind: 'event', table: eventComments, parent: eventComments.eventId },
    { kind: 'story', table: storyComments, parent: storyComments.storyId },
    { kind: 'group', table: groupComments, parent: groupComments.groupId },
  ] as const;
  return kinds.map(({ kind, table, parent }) => ({
    kind,
    pages: pagesAfter(
      (after) =>
        store
          .select({
            id: table.id,
            uid: table.uid,
            parentId: parent,
            content: table.content,
            createdAt: table.createdAt,
            updatedAt: table.updatedAt,
          })
          .from(table)
          .where(and(eq(table.userId, userId), afterId(table.id, after)))
          .orderBy(asc(table.id))
          .limit(PAGE),
      (row) => row.id,
    ),
  }));
}

/** Events the member organises or attends: the event's own fields, never the attendee list. */
export const eventPages = (store: Store, userId: number) => {
  const mine = store
    .select({ eventId: eventAttendees.eventId })
    .from(eventAttendees)
    .where(eq(eventAttendees.userId, userId));
  return pagesAfter(
    async (after) => {
      const rows = await store
        .select({
          id: events.id,
          uid: events.uid,
          title: events.title,
          description: events.description,
          location: events.location,
          eventDate: events.eventDate,
          createdAt: events.createdAt,
          organiserId: events.userId,
        })
        .from(events)
        .where(and(or(eq(events.userId, userId), inArray(events.id, mine)), afterId(events.id, after)))
        .orderBy(asc(events.id))
        .limit(PAGE);
      const attending = new Set(
        (
          await store
            .select({ eventId: eventAttendees.eventId })
            .from(eventAttendees)
            .where(
              and(
                eq(eventAttendees.userId, userId),
                inArray(
                  eventAttendees.eventId,
                  rows.map((r) => r.id),
                ),
              ),
            )
        ).map((r) => r.eventId),
      );
      return rows.map(({ organiserId, ...event }) => ({
        ...event,
        organisedByMe: organiserId === userId,
        attending: attending.has(event.id),
      }));
    },
    (row) => row.id,
  );
};

/** Messages sent and received: the text, and of the other party only the username. */
export const messagePages = (store: Store, userId: number) =>
  pagesAfter(
    async (after) => {
      const rows = await store
        .select({
          id: messages.id,
          uid: messages.uid,
          senderId: messages.senderId,
          receiverId: messages.receiverId,
          content: messages.content,
          isRead: messages.isRead,
          messageType: messages.messageType,
          attachmentUrl: messages.attachmentUrl,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .where(
          and(
            or(eq(messages.senderId, userId), eq(messages.receiverId, userId)) as SQL,
            afterId(messages.id, after),
          ),
        )
        .orderBy(asc(messages.id))
        .limit(PAGE);
      const ids = [...new Set(rows.flatMap((r) => [r.senderId, r.receiverId]))];
      const names = new Map(
        ids.length === 0
          ? []
          : (
              await store
                .select({ id: users.id, username: users.username })
                .from(users)
                .where(inArray(users.id, ids))
            ).map((u) => [u.id, u.username]),
      );
      return rows.map(({ id, uid, senderId, receiverId, attachmentUrl, ...message }) => {
        const from = names.get(senderId) ?? null;
        const to = names.get(receiverId) ?? null;
        // A received photo is the sender's upload: the export says there was one, not where it is.
        return senderId === userId
          ? { id, uid, direction: 'sent', from, to, ...message, attachmentUrl }
          : { id, uid, direction: 'received', from, to, ...message, hasAttachment: attachmentUrl !== null };
      });
    },
    (row) => row.id,
  );

/** Groups the member created or belongs to (or asked to join), with their membership. */
export async function groupsOf(store: Store, userId: number) {
  const memberships = await store
    .select({
      groupId: groupMemberships.groupId,
      role: groupMemberships.role,
      status: groupMemberships.status,
      joinedAt: groupMemberships.joinedAt,
    })
    .from(groupMemberships)
    .where(eq(groupMemberships.userId, userId));
  const byGroup = new Map(memberships.map((m) => [m.groupId, m]));
  const rows = await store
    .select({
      id: groups.id,
      uid: groups.uid,
      name: groups.name,
      description: groups.description,
      isPrivate: groups.isPrivate,
      location: groups.location,
      tags: groups.tags,
      rules: groups.rules,
      createdAt: groups.createdAt,
      creatorId: groups.creatorId,
    })
    .from(groups)
    .where(
      or(
        eq(groups.creatorId, userId),
        inArray(
          groups.id,
          store
            .select({ id: groupMemberships.groupId })
            .from(groupMemberships)
            .where(eq(groupMemberships.userId, userId)),
        ),
      ),
    )
    .orderBy(asc(groups.id));
  return rows.map(({ creatorId, ...group }) => ({
    ...group,
    createdByMe: creatorId === userId,
    membership: byGroup.get(group.id) ?? null,
  }));
}

/** Who the member follows and who follows them, as usernames (a follow takes effect at once). */
export async function followsOf(store: Store, userId: number) {
  const following = await store
    .select({ username: users.username })
    .from(userConnections)
    .innerJoin(users, eq(users.id, userConnections.followingId))
    .where(eq(userConnections.followerId, userId))
    .orderBy(asc(userConnections.id));
  const followers = await store
    .select({ username: users.username })
    .from(userConnections)
    .innerJoin(users, eq(users.id, userConnections.followerId))
    .where(eq(userConnections.followingId, userId))
    .orderBy(asc(userConnections.id));
  return { following: following.map((r) => r.username), followers: followers.map((r) => r.username) };
}

export async function achievementsOf(store: Store, userId: number) {
  return store
    .select({
      slug: achievements.slug,
      name: achievements.name,
      description: achievements.description,
      points: achievements.points,
      earnedAt: userAchievements.earnedAt,
      progress: userAchievements.progress,
    })
    .from(userAchievements)
    .innerJoin(achievements, eq(achievements.id, userAchievements.achievementId))
    .where(eq(userAchievements.userId, userId))
    .orderBy(asc(userAchievements.id));
}
