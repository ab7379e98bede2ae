/**
 * How members relate: connections, groups and their memberships, activities, messages and achievements
 * (docs/product/data-model.md). The spec's generic `likes`, `mentorships`, `challenges` and
 * `challenge_participations` were dropped (migration 0017): nothing used them, and likes live per parent
 * in the engagement module (docs/product/data-model.md "Dropped tables").
 */
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './account-tables';
import { bool, createdAt, id, nowIso, uid, updatedAt } from './columns';

export const userConnections = sqliteTable(
  'user_connections',
  {
    id: id(),
    uid: uid(),
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followingId: integer('following_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    connectionType: text('connection_type').notNull().default('follow'),
    createdAt: createdAt(),
  },
  // The pair: who I follow, and one follow per pair; `following_id`: my followers (docs/product/social.md).
  (t) => [
    uniqueIndex('user_connections_pair').on(t.followerId, t.followingId),
    index('user_connections_following').on(t.followingId),
  ],
);

export const groups = sqliteTable('groups', {
  id: id(),
  uid: uid(),
  name: text('name').notNull(),
  description: text('description'),
  avatarUrl: text('avatar_url'),
  coverImageUrl: text('cover_image_url'),
  creatorId: integer('creator_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  isPrivate: bool('is_private').notNull().default(false),
  memberCount: integer('member_count').notNull().default(1),
  location: text('location'),
  tags: text('tags', { mode: 'json' }),
  rules: text('rules'),
  /** The discussion's comments, counted by the server (engagement module; docs/product/social.md "Groups"). */
  commentCount: integer('comment_count').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A group's discussion: comments through the engagement module, read by whoever may see inside the group. */
export const groupComments = sqliteTable(
  'group_comments',
  {
    id: id(),
    uid: uid(),
    content: text('content').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('group_comments_group').on(t.groupId)],
);

export const groupMemberships = sqliteTable(
  'group_memberships',
  {
    id: id(),
    uid: uid(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('member'),
    status: text('status').notNull().default('pending'),
    joinedAt: text('joined_at').notNull().default(nowIso),
  },
  // The pair: one membership per member and group, and a member's groups; by group and status: a group's
  // members and pending requests, and its member count (docs/product/social.md "Groups").
  (t) => [
    uniqueIndex('group_memberships_pair').on(t.userId, t.groupId),
    index('group_memberships_group').on(t.groupId, t.status),
  ],
);

export const activities = sqliteTable(
  'activities',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activityType: text('activity_type').notNull(),
    entityType: text('entity_type'),
    entityId: integer('entity_id'),
    content: text('content'),
    isPublic: bool('is_public').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('activities_user').on(t.userId)],
);

export const messages = sqliteTable(
  'messages',
  {
    id: id(),
    uid: uid(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: integer('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    isRead: bool('is_read').notNull().default(false),
    messageType: text('message_type').notNull().default('text'),
    attachmentUrl: text('attachment_url'),
    createdAt: createdAt(),
  },
  // A thread is the pair in either direction, newest first: (sender, receiver, id) serves both halves and
  // the unread count; `receiver` alone lists my conversations (docs/product/social.md "Messages");
  // `attachment_url`: who may read a message's photo (the messages naming it, sender or receiver).
  (t) => [
    index('messages_receiver').on(t.receiverId),
    index('messages_sender').on(t.senderId),
    index('messages_pair').on(t.senderId, t.receiverId, t.id),
    index('messages_attachment').on(t.attachmentUrl),
  ],
);

/**
 * Blocks (docs/product/social.md "Blocking"): the blocker no longer receives messages or follows from the
 * blocked member. One row per pair; `blocked_id` answers "who blocked me" when a member writes.
 */
export const userBlocks = sqliteTable(
  'user_blocks',
  {
    id: id(),
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_blocks_pair').on(t.blockerId, t.blockedId),
    index('user_blocks_blocked').on(t.blockedId),
  ],
);

export const achievements = sqliteTable('achievements', {
  id: id(),
  // The catalogue's stable id ('first-treasure'): the server seeds rows by it (docs/product/achievements.md).
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description'),
  iconUrl: text('icon_url'),
  badgeType: text('badge_type'),
  criteria: text('criteria', { mode: 'json' }),
  points: integer('points').notNull().default(0),
  isActive: bool('is_active').notNull().default(true),
});

export const userAchievements = sqliteTable(
  'user_achievements',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    achievementId: integer('achievement_id')
      .notNull()
      .references(() => achievements.id, { onDelete: 'cascade' }),
    earnedAt: text('earned_at'),
    progress: integer('progress').notNull().default(0),
  },
  (t) => [uniqueIndex('user_achievements_pair').on(t.userId, t.achievementId)],
);
