-- Forum search on PostgreSQL: the twin of SQLite's FTS5 index posts_fts (sync-server/migrations/0003_forum_search.sql),
-- plus the list indexes that migration adds. HOW TO QUERY (features/forum search on PostgreSQL):
--
--   WHERE posts_search_vector(posts.title, posts.content) @@ posts_search_query($terms::text[], $prefixLast)
--
-- $terms are the member's terms (lib/search-terms.ts searchTerms, unquoted: no FTS5 quoting), one text[]
-- parameter; $prefixLast is true when the last term is a prefix (toFtsQuery's MIN_PREFIX_LENGTH rule). The
-- left side must be written exactly so, with the table's own columns: it is the expression of the GIN index
-- posts_search, which then serves the match. Newest first: ORDER BY posts.id DESC LIMIT n (a bitmap scan of
-- the matches, then a top-n sort); Most Popular: ORDER BY views DESC, id DESC (posts_popular serves broad
-- searches walked in that order). Broad test: SELECT count(*) FROM (SELECT 1 FROM posts WHERE … LIMIT 500).
--
-- Matching, as FTS5's unicode61 remove_diacritics 2: words split at anything not a letter or digit, case and
-- accents ignored ("cafe" finds "café"), each term a phrase of its words (a quoted FTS5 string), terms ANDed,
-- the last a prefix when asked ("hammer" finds "hammered"). Nothing a member types is tsquery syntax: each
-- term goes through phraseto_tsquery, and only its normalised output is combined.
--
-- Every function qualifies what it calls (this schema, the extension's schema), so index maintenance works
-- under any search_path (PostgreSQL 17 runs VACUUM, ANALYZE and REINDEX with a restricted one).
DO $do$
DECLARE
  app text := current_schema();
  ext text := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
               WHERE e.extname = 'unaccent');
BEGIN
  -- unaccent() is STABLE (it reads its dictionary), so it cannot appear in an index expression; with the
  -- dictionary named explicitly its result never changes for a given text. Shared with 0004_finds_search.
  EXECUTE format($f$
    CREATE FUNCTION %1$I.search_unaccent(value text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $body$ SELECT %2$I.unaccent(%3$L::regdictionary, value) $body$
  $f$, app, ext, quote_ident(ext) || '.unaccent');

  -- The searched document of a post: title and content, unaccented, split and lower-cased by 'simple'
  -- (no stemming, no stop words: FTS5's unicode61 has neither).
  EXECUTE format($f$
    CREATE FUNCTION %1$I.posts_search_vector(title text, content text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $body$
      SELECT to_tsvector('pg_catalog.simple'::regconfig,
        %1$I.search_unaccent(coalesce(title, '') || ' ' || coalesce(content, '')))
    $body$
  $f$, app);

  -- The member's terms as one tsquery: each term a phrase of its words, ANDed, the last one's last word a
  -- prefix when prefix_last. Empty (matches nothing) when no term holds a word.
  EXECUTE format($f$
    CREATE FUNCTION %1$I.posts_search_query(terms text[], prefix_last boolean) RETURNS tsquery
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $body$
      SELECT coalesce(string_agg('(' || part || ')', ' & ' ORDER BY n), '')::tsquery
      FROM (
        SELECT n, phrase::text || CASE WHEN prefix_last AND n = cardinality(terms) THEN ':*' ELSE '' END AS part
        FROM unnest(terms) WITH ORDINALITY AS t(term, n),
          phraseto_tsquery('pg_catalog.simple'::regconfig, %1$I.search_unaccent(term)) AS phrase
        WHERE phrase::text <> ''
      ) AS parts
    $body$
  $f$, app);
END
$do$;
--> statement-breakpoint
-- Serves `posts_search_vector(title, content) @@ …` (see above). An expression index rather than a stored
-- tsvector column: a stored column is recomputed on every update of the row, counters included; the index
-- entry only when the row gets a new index entry at all.
CREATE INDEX "posts_search" ON "posts" USING gin (posts_search_vector("title", "content"));
--> statement-breakpoint
-- Most Popular (views, newest id first among equals), a category's and a member's (My Posts) newest posts:
-- each list is an index range scan that stops after a page, never a sort of every post.
CREATE INDEX "posts_popular" ON "posts" ("views", "id");
--> statement-breakpoint
CREATE INDEX "posts_category_created" ON "posts" ("category_id", "created_at");
--> statement-breakpoint
CREATE INDEX "posts_user_created" ON "posts" ("user_id", "created_at");
