/**
 * Members and what belongs to one member alone: the account, its sessions and reset tokens, and the
 * per-member profile, preferences and onboarding rows. Every other table file may import these; this
 * file imports none of them (no import cycle: tables.ts only re-exports).
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bool, createdAt, id, nowIso, updatedAt } from './columns';

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
    /**
     * 'member' or 'moderator' (docs/moderation.md). The official account (id 1) moderates whatever its
     * role says and alone changes roles.
     */
    role: text('role').notNull().default('member'),
    /** Until when the member may only read (ISO; a far-future sentinel while "until lifted"); null: never. */
    suspendedUntil: text('suspended_until'),
    suspensionReason: text('suspension_reason'),
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
