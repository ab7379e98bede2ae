/**
 * The SQLite schema: every table of spec 2 §3 with its defaults, plus what DESIGN.md adds
 * (sessions, `uid` on offline-creatable tables, the change log, applied sync mutations, event attendees,
 * donations, password-reset tokens). Server-only: the web app imports contracts, never this file.
 */
import { sql } from 'drizzle-orm';
import { blob, index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bool, createdAt, id, nowIso, uid, updatedAt } from './columns';

export const users = sqliteTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    password: text('password').notNull(),
    email: text('email').notNull(),
    isEmailVerified: bool('is_email_verified').notNull().default(false),
    emailVerificationToken: text('email_verification_token'),
    emailVerificationExpires: text('email_verification_expires'),
    avatarUrl: text('avatar_url'),
    bio: text('bio'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_nocase').on(sql`${t.username} COLLATE NOCASE`),
    index('users_email').on(t.email),
  ],
);

export const sessions = sqliteTable(
  'sessions',
  {
    /** SHA-256 of the cookie's random token: a stolen database holds no usable session. */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: text('expires_at').notNull(),
    lastSeenAt: text('last_seen_at').notNull().default(nowIso),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

export const passwordResetTokens = sqliteTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: text('expires_at').notNull(),
  usedAt: text('used_at'),
  createdAt: createdAt(),
});

export const categories = sqliteTable('categories', {
  id: id(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  description: text('description'),
  icon: text('icon'),
  count: integer('count').notNull().default(0),
});

export const posts = sqliteTable(
  'posts',
  {
    id: id(),
    uid: uid(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    imageUrl: text('image_url'),
    views: integer('views').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('posts_created').on(t.createdAt),
    index('posts_category').on(t.categoryId),
    index('posts_user').on(t.userId),
  ],
);

export const comments = sqliteTable(
  'comments',
  {
    id: id(),
    uid: uid(),
    content: text('content').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('comments_post').on(t.postId)],
);

export const postLikes = sqliteTable(
  'post_likes',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('post_likes_pair').on(t.userId, t.postId)],
);

export const finds = sqliteTable(
  'finds',
  {
    id: id(),
    uid: uid(),
    title: text('title').notNull(),
    description: text('description'),
    latitude: text('latitude'),
    longitude: text('longitude'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    location: text('location'),
    imageUrl: text('image_url').notNull(),
    likes: integer('likes').notNull().default(0),
    period: text('period'),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('finds_created').on(t.createdAt), index('finds_user').on(t.userId)],
);

export const findLikes = sqliteTable(
  'find_likes',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    findId: integer('find_id')
      .notNull()
      .references(() => finds.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('find_likes_pair').on(t.userId, t.findId)],
);

export const findComments = sqliteTable(
  'find_comments',
  {
    id: id(),
    uid: uid(),
    content: text('content').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    findId: integer('find_id')
      .notNull()
      .references(() => finds.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('find_comments_find').on(t.findId)],
);

export const locations = sqliteTable(
  'locations',
  {
    id: id(),
    uid: uid(),
    name: text('name').notNull(),
    description: text('description'),
    latitude: text('latitude').notNull(),
    longitude: text('longitude').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isPrivate: bool('is_private').notNull().default(true),
    terrainType: text('terrain_type'),
    accessInfo: text('access_info'),
    bestTimeToVisit: text('best_time_to_visit'),
    type: text('type'),
    hasPermission: bool('has_permission').notNull().default(false),
    isGroupDig: bool('is_group_dig').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('locations_user').on(t.userId)],
);

export const events = sqliteTable(
  'events',
  {
    id: id(),
    uid: uid(),
    title: text('title').notNull(),
    description: text('description'),
    location: text('location'),
    eventDate: text('event_date').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attendeeCount: integer('attendee_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('events_date').on(t.eventDate)],
);

export const eventAttendees = sqliteTable(
  'event_attendees',
  {
    id: id(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('event_attendees_pair').on(t.eventId, t.userId)],
);

export const stories = sqliteTable('stories', {
  id: id(),
  uid: uid(),
  content: text('content').notNull(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  yearsDetecting: integer('years_detecting'),
  createdAt: createdAt(),
});

export const routes = sqliteTable('routes', {
  id: id(),
  uid: uid(),
  name: text('name').notNull(),
  description: text('description'),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  startLat: real('start_lat'),
  startLng: real('start_lng'),
  endLat: real('end_lat'),
  endLng: real('end_lng'),
  waypoints: text('waypoints', { mode: 'json' }),
  estimatedDuration: integer('estimated_duration'),
  difficulty: text('difficulty'),
  terrainType: text('terrain_type'),
  historicalPeriods: text('historical_periods', { mode: 'json' }),
  isPublic: bool('is_public').notNull().default(false),
  rating: real('rating'),
  completedCount: integer('completed_count').notNull().default(0),
  createdAt: createdAt(),
});

export const userPreferences = sqliteTable('user_preferences', {
  id: id(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  preferredTerrain: text('preferred_terrain'),
  preferredDifficulty: text('preferred_difficulty'),
  maxDistance: integer('max_distance'),
  historicalInterests: text('historical_interests', { mode: 'json' }),
});

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
  (t) => [uniqueIndex('user_connections_pair').on(t.followerId, t.followingId)],
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
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

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
  (t) => [uniqueIndex('group_memberships_pair').on(t.userId, t.groupId)],
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

export const likes = sqliteTable(
  'likes',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('likes_triple').on(t.userId, t.entityType, t.entityId)],
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
  (t) => [index('messages_receiver').on(t.receiverId), index('messages_sender').on(t.senderId)],
);

export const achievements = sqliteTable('achievements', {
  id: id(),
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

export const userProfiles = sqliteTable('user_profiles', {
  id: id(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  yearsDetecting: integer('years_detecting'),
  favoriteFinds: text('favorite_finds'),
  detectorBrand: text('detector_brand'),
  detectorModel: text('detector_model'),
  searchTechniques: text('search_techniques'),
  specialtyPeriods: text('specialty_periods', { mode: 'json' }),
  location: text('location'),
  isLocationPublic: bool('is_location_public').notNull().default(false),
  socialLinks: text('social_links', { mode: 'json' }),
  totalFinds: integer('total_finds').notNull().default(0),
  totalPoints: integer('total_points').notNull().default(0),
  reputation: integer('reputation').notNull().default(0),
});

export const mentorships = sqliteTable('mentorships', {
  id: id(),
  mentorId: integer('mentor_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  menteeId: integer('mentee_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  status: text('status').notNull().default('pending'),
  focusAreas: text('focus_areas', { mode: 'json' }),
  notes: text('notes'),
  startedAt: text('started_at'),
  completedAt: text('completed_at'),
});

export const challenges = sqliteTable('challenges', {
  id: id(),
  title: text('title').notNull(),
  description: text('description'),
  challengeType: text('challenge_type'),
  rules: text('rules'),
  rewards: text('rewards', { mode: 'json' }),
  startDate: text('start_date'),
  endDate: text('end_date'),
  creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
  participantCount: integer('participant_count').notNull().default(0),
  isActive: bool('is_active').notNull().default(true),
});

export const challengeParticipations = sqliteTable(
  'challenge_participations',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    progress: integer('progress').notNull().default(0),
    score: integer('score').notNull().default(0),
    completedAt: text('completed_at'),
  },
  (t) => [uniqueIndex('challenge_participations_pair').on(t.userId, t.challengeId)],
);

export const userOnboarding = sqliteTable('user_onboarding', {
  id: id(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  currentStep: text('current_step').notNull().default('welcome'),
  completedSteps: text('completed_steps', { mode: 'json' }).$type<string[]>(),
  isCompleted: bool('is_completed').notNull().default(false),
  skippedTour: bool('skipped_tour').notNull().default(false),
  lastActiveStep: text('last_active_step'),
  completedAt: text('completed_at'),
});

/**
 * Uploaded images, content-addressed: `filename` is the SHA-256 of the re-encoded bytes plus its extension.
 * The bytes live on disk under DATA_DIR/uploads (`data` stays null) so the database stays small.
 */
export const imageStorage = sqliteTable('image_storage', {
  id: id(),
  filename: text('filename').notNull().unique(),
  originalName: text('original_name'),
  mimeType: text('mime_type').notNull(),
  data: blob('data', { mode: 'buffer' }),
  size: integer('size').notNull(),
  uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** One global, monotonic sequence of server writes, read by GET /api/sync/pull (DESIGN.md §4). */
export const changeLog = sqliteTable(
  'change_log',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    uid: text('uid'),
    op: text('op', { enum: ['upsert', 'delete'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('change_log_entity').on(t.entity, t.entityId)],
);

/** Mutation ids already applied by POST /api/sync/push: a replayed mutation answers `duplicate`. */
export const syncMutations = sqliteTable('sync_mutations', {
  mutationId: text('mutation_id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  entity: text('entity').notNull(),
  op: text('op').notNull(),
  appliedAt: text('applied_at').notNull().default(nowIso),
});

export const donations = sqliteTable('donations', {
  id: id(),
  paymentIntentId: text('payment_intent_id').notNull().unique(),
  /** In the currency's minor units (pence, cents). */
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  email: text('email'),
  name: text('name'),
  status: text('status').notNull().default('created'),
  lastEventId: text('last_event_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Stripe webhook events already handled, so a replayed delivery changes nothing. */
export const stripeEvents = sqliteTable('stripe_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: text('received_at').notNull().default(nowIso),
});
export * from './sync-tables';
export * from './forum-tables';
