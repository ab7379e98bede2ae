-- The feed of a reader who follows many members walks events newest first (features/social/feed.ts).
CREATE INDEX "events_created" ON "events" USING btree ("created_at");
--> statement-breakpoint
-- Events search on PostgreSQL: the twin of SQLite's FTS5 trigram index events_fts (sync-server/migrations/
-- 0019_growth_search_indexes.sql). The service's condition is unchanged (features/events/list.ts):
--
--   lower(events.title) LIKE lower($pattern) ESCAPE '\' OR lower(events.location) LIKE lower($pattern) ESCAPE '\'
--
-- and these pg_trgm GIN indexes on exactly those expressions serve each side of the OR (a BitmapOr), so a
-- term of three characters or more is looked up rather than matched against every event.
DO $do$
DECLARE
  app text := current_schema();
  trgm text := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
                WHERE e.extname = 'pg_trgm');
BEGIN
  EXECUTE format('CREATE INDEX events_title_search ON %1$I.events USING gin (lower(title) %2$I.gin_trgm_ops)',
    app, trgm);
  EXECUTE format('CREATE INDEX events_location_search ON %1$I.events USING gin (lower(location) %2$I.gin_trgm_ops)',
    app, trgm);
END
$do$;
