-- Extensions the PostgreSQL schema needs, before any table (docs/architecture.md):
-- pg_trgm for the finds substring search (0004_finds_search.sql), unaccent for accent-insensitive forum and
-- finds search (0003, 0004). Both are "trusted" extensions: a database owner may create them.
-- They go to the public schema whatever the search_path, so several app schemas in one database (the test
-- suite runs one per test app) share them and dropping one app schema never drops an extension. Where an
-- operator installed them elsewhere beforehand, IF NOT EXISTS keeps theirs: the search functions look the
-- extension's schema up (0003) rather than assume public.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;
