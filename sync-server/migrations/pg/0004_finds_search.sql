-- Finds search on PostgreSQL: the twin of SQLite's FTS5 trigram index finds_fts (sync-server/migrations/
-- 0006_finds_search.sql). HOW TO QUERY (features/finds search on PostgreSQL), one condition per term, ANDed:
--
--   finds_search_text(finds.title, finds.description, finds.location) LIKE finds_search_pattern($term)
--
-- The left side must be written exactly so: it is the expression of the pg_trgm GIN index finds_search,
-- which serves every term of three characters or more. finds_search_pattern lower-cases and unaccents the
-- term and escapes LIKE's wildcards (ESCAPE is the default backslash), so a term matches anywhere inside a
-- word ("oman" finds "Roman"), ignoring case and accents ("cafe" finds "café"), as FTS5's trigram
-- remove_diacritics 1 does. Shorter terms cannot be looked up in a trigram index: use the same condition on
-- the bounded scan of the newest finds (features/finds/search.ts SHORT_TERMS_SCAN), not plain LIKE on the
-- columns (PostgreSQL's LIKE is case-sensitive). Newest first: ORDER BY finds.id DESC LIMIT n.
--
-- Title, description and location are searched as one text joined by spaces: a term never holds a space,
-- so it cannot match across two fields. Functions qualify what they call, as in 0003_forum_search.sql.
DO $do$
DECLARE
  app text := current_schema();
  trgm text := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
                WHERE e.extname = 'pg_trgm');
BEGIN
  -- unaccent before lower: lower() folds only what the database's ctype knows; unaccent has already turned
  -- accented Latin letters into ASCII ones.
  EXECUTE format($f$
    CREATE FUNCTION %1$I.finds_search_text(title text, description text, location text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $body$
      SELECT lower(%1$I.search_unaccent(
        coalesce(title, '') || ' ' || coalesce(description, '') || ' ' || coalesce(location, '')))
    $body$
  $f$, app);

  EXECUTE format($f$
    CREATE FUNCTION %1$I.finds_search_pattern(term text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $body$
      SELECT '%%' || replace(replace(replace(lower(%1$I.search_unaccent(term)),
        '\', '\\'), '%%', '\%%'), '_', '\_') || '%%'
    $body$
  $f$, app);

  -- Serves `finds_search_text(title, description, location) LIKE …` (see above). Like and comment
  -- counters change no indexed column, so their updates can stay HOT and never touch it.
  EXECUTE format($f$
    CREATE INDEX finds_search ON %1$I.finds
    USING gin (%1$I.finds_search_text(title, description, location) %2$I.gin_trgm_ops)
  $f$, app, trgm);
END
$do$;
