-- Finds search by terms of one or two characters on PostgreSQL: the twin of SQLite's finds_fts_short
-- (sync-server/migrations/0026_finds_short_search.sql). pg_trgm cannot look them up (0004_finds_search.sql),
-- so a GIN index holds, per find, the set of its one- and two-character substrings ("grams") of the searched
-- text, lower-cased and unaccented as finds_search_text makes it. HOW TO QUERY (features/finds search on
-- PostgreSQL), per short term, ANDed with the other terms' conditions:
--
--   finds_search_grams(finds.title, finds.description, finds.location) @> finds_search_term_grams($term)
--   AND finds_search_text(finds.title, finds.description, finds.location) LIKE finds_search_pattern($term)
--
-- The left side of @> must be written exactly so: it is the expression of the GIN index finds_short_search.
-- The term's grams are the term itself, or its pairs when unaccent lengthened it ("æ" is "ae"); the LIKE of
-- 0004_finds_search.sql keeps the answer exact then. Newest first: ORDER BY finds.id DESC LIMIT n.
--
-- Grams holding a space are left out: fields are joined by spaces and a term never holds one. Computing a
-- find's grams (about 0.3 ms for 300 characters) costs far more than the LIKE (COST), so a plan that walks
-- finds newest first (a common term) tests the LIKE first and computes grams only for the rows it keeps.
-- The service uses this condition only when every term is short: beside a longer term it checks the LIKE
-- alone, as a recheck of a BitmapAnd with finds_search would compute grams for every candidate. Functions
-- qualify what they call, as in 0003_forum_search.sql.
DO $do$
DECLARE
  app text := current_schema();
BEGIN
  -- The pairs of adjacent characters of a text split into characters, none holding a space. The text is
  -- split once (regexp_split_to_array(text, '')): substr would walk it again for each position.
  EXECUTE format($f$
    CREATE FUNCTION %1$I.search_pairs(chars text[]) RETURNS text[]
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $body$
      SELECT ARRAY(
        SELECT a || b
        FROM ROWS FROM (pg_catalog.unnest(chars[:pg_catalog.cardinality(chars) - 1]), pg_catalog.unnest(chars[2:]))
          AS pairs(a, b)
        WHERE a <> ' ' AND b <> ' ')
    $body$
  $f$, app);

  -- A find's grams: its characters and pairs of characters. Duplicates are left in: GIN keeps each key once.
  EXECUTE format($f$
    CREATE FUNCTION %1$I.finds_search_grams(title text, description text, location text) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE COST 1000
    AS $body$
      SELECT pg_catalog.array_remove(chars, ' ') || %1$I.search_pairs(chars)
      FROM pg_catalog.regexp_split_to_array(%1$I.finds_search_text(title, description, location), '') AS chars
    $body$
  $f$, app);

  -- The grams a find must hold for the term: the term itself when one character long, else its pairs.
  EXECUTE format($f$
    CREATE FUNCTION %1$I.finds_search_term_grams(term text) RETURNS text[]
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $body$
      SELECT CASE WHEN pg_catalog.cardinality(chars) = 1 THEN chars ELSE %1$I.search_pairs(chars) END
      FROM pg_catalog.regexp_split_to_array(pg_catalog.lower(%1$I.search_unaccent(term)), '') AS chars
    $body$
  $f$, app);

  -- Like and comment counters change no indexed column, so their updates can stay HOT and never touch it.
  -- Finds written before this migration enter the index as it is built.
  EXECUTE format($f$
    CREATE INDEX finds_short_search ON %1$I.finds
    USING gin (%1$I.finds_search_grams(title, description, location))
  $f$, app);
END
$do$;
