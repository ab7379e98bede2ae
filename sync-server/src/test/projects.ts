/**
 * Which test files run on which database engine (docs/testing.md), read by vite.config.ts for its two
 * Vitest projects and by the test harness:
 * - `sqlite`: every test, except those that need PostgreSQL by nature;
 * - `postgres`: every server API and sync test — each test file that starts the real server in process —
 *   again with DB_ENGINE=postgres, in a database made for the run (global-setup.ts).
 * A test that starts the server but is missing from the postgres project fails on SQLite saying so
 * (harness.ts), so a new server test cannot silently run on one engine only.
 */

/** Test files are `*.test.ts` / `*.test.tsx`; paths are relative to the repository root. */
const TESTS = '**/*.test.{ts,tsx}';

/** Every test of the repository. */
export const ALL_TESTS = [`{web,sync-server,schema,scripts}/${TESTS}`];

/** Folders whose tests all run on both engines (except ENGINE_FREE_TESTS). */
const POSTGRES_FOLDERS = ['sync-server/src', 'web/src/sync'];

/** Web tests outside web/src/sync that drive the real server in process (web/src/sync/test-utils.ts). */
const POSTGRES_WEB_TESTS = [
  'web/src/features/achievements/state.test.ts',
  'web/src/features/detecting/pages/detecting-page.test.tsx',
  'web/src/features/events/pages/event-detail-page.test.tsx',
  'web/src/features/events/pages/events-page.test.tsx',
  'web/src/features/finds/finds-pins.test.ts',
  'web/src/features/finds/pages/finds-gallery-beyond.test.tsx',
  'web/src/features/finds/pages/flo-pack-page.test.tsx',
  'web/src/features/finds/components/protected-warning.test.tsx',
  'web/src/features/forum/forum-sync.test.ts',
  'web/src/features/forum/pages/forum-beyond.test.tsx',
  'web/src/features/map/ar-routes-sync.test.ts',
  'web/src/features/map/components/spots/spots-nearby.test.tsx',
  'web/src/features/map/hooks/spot-store.test.ts',
  'web/src/features/map/services/saved-areas-detail.test.ts',
  'web/src/features/map/spots-sync.test.ts',
  'web/src/features/notifications/pages/notifications-page.test.tsx',
  'web/src/features/notifications/pages/notification-settings-page.test.tsx',
  'web/src/features/social/components/messages-tab.test.tsx',
  'web/src/features/social/components/profile-settings-dialog.test.tsx',
  'web/src/features/safety/pages/safety-page.test.tsx',
  'web/src/components/moderation/report-dialog.test.tsx',
  'web/src/features/moderation/pages/moderation-page.test.tsx',
  'web/src/features/forum/pages/post-hidden-notice.test.tsx',
  'web/src/features/moderation/report-queue.test.tsx',
  'web/src/features/auth/components/header-moderation.test.tsx',
  'web/src/features/settings/pages/data-page.test.tsx',
  'web/src/features/social/hooks/follow.test.ts',
  'web/src/features/social/hooks/messages-sync.test.ts',
  'web/src/features/social/hooks/message-photos-sync.test.ts',
  'web/src/features/social/pages/profile-page.test.tsx',
  'web/src/features/social/pages/social-page.test.tsx',
  'web/src/features/social/groups/groups-tab.test.tsx',
  'web/src/features/social/groups/groups-sync.test.ts',
  'web/src/features/social/groups/group-profile.test.tsx',
  'web/src/features/social/components/message-photos.test.tsx',
  'web/src/features/social/pages/group-page.test.tsx',
  'web/src/features/finds/treasure/components/treasure-card.test.tsx',
  'web/src/features/finds/treasure/pages/reporting-page.test.tsx',
  'web/src/features/wellbeing/pages/story-page.test.tsx',
  'web/src/features/wellbeing/pages/wellbeing-page.test.tsx',
  'web/src/sw-notifications.test.ts',
];

/**
 * Tests in those folders that open no database of the engine under test — pure functions, configuration,
 * the photo store, images on a SQLite scratch file, the built server on its default SQLite: the sqlite
 * project runs them once; a second run would prove nothing.
 */
export const ENGINE_FREE_TESTS = [
  'sync-server/src/features/auth/avatar.test.ts',
  'sync-server/src/index.test.ts',
  'sync-server/src/lib/client-address.test.ts',
  'sync-server/src/lib/config.test.ts',
  'sync-server/src/lib/db-config.test.ts',
  'sync-server/src/lib/auth/password.test.ts',
  'sync-server/src/lib/image-limits.test.ts',
  'sync-server/src/lib/keep-alive.test.ts',
  'sync-server/src/lib/images.test.ts',
  'sync-server/src/lib/photo-store.test.ts',
  'sync-server/src/lib/security.test.ts',
  'sync-server/src/test/projects.test.ts',
];

/**
 * Tests that need PostgreSQL whatever the engine under test — of PostgreSQL itself (the generated schema
 * and its migrations) or from SQLite to it (db:copy): the postgres project only.
 */
export const POSTGRES_ONLY_TESTS = [
  'sync-server/src/lib/db-copy.test.ts',
  'sync-server/src/lib/pg-schema.test.ts',
];

/** The postgres project's include globs. */
export const POSTGRES_TESTS = [
  ...POSTGRES_FOLDERS.map((folder) => `${folder}/${TESTS}`),
  ...POSTGRES_WEB_TESTS,
];

/** True when the test file (relative to the repository root, `/` separators) runs on PostgreSQL too. */
export function runsOnPostgres(file: string): boolean {
  if (ENGINE_FREE_TESTS.includes(file)) return false;
  return (
    POSTGRES_WEB_TESTS.includes(file) || POSTGRES_FOLDERS.some((folder) => file.startsWith(`${folder}/`))
  );
}
