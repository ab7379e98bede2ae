-- Finds search by terms of one or two characters (features/finds/search.ts; sync PROTOCOL.md S32): "au" for
-- gold. finds_fts (0006_finds_search.sql) cannot look them up, its trigrams being three characters long, so
-- this second FTS5 trigram index holds each field spelled with char(31) between and around its characters:
-- "Gold" is indexed as ␟G␟o␟l␟d␟. Every trigram of that text is either ␟x␟ (the character x) or x␟y (the
-- pair xy), so a one-character term is the single trigram ␟x␟ and a two-character term the single trigram
-- x␟y: an exact lookup, newest first (rowid DESC) and stopping at the page, like every longer term. The
-- tokenizer folds case and removes diacritics as finds_fts does ("CA" finds "ça"). Member terms never hold
-- char(31) (lib/search-terms.ts turns control characters into spaces), so no query trigram can come from
-- anything but two adjacent characters of a field.
--
-- detail='none': a lookup of one trigram needs no positions, and rowids alone keep the index small (about a
-- fifth of finds_fts). Contentless, with contentless_delete: the spaced-out text is never read back, only
-- deleted by rowid.
--
-- The spaced-out text is made in SQL (finds_fts_short_text) so that the triggers below keep the index in step
-- whoever writes finds (finds service, demo seed, account-deletion cascades, scripts on their own
-- connections); triggers cannot use a recursive CTE, so finds_fts_short_chunks lists the start of every
-- 16-character chunk of a field. It covers 65,536 characters, far beyond the longest field the contracts
-- allow (a description: 5,000).
CREATE TABLE `finds_fts_short_chunks` (`start` integer PRIMARY KEY NOT NULL);
--> statement-breakpoint
WITH RECURSIVE `chunk`(`start`) AS (SELECT 1 UNION ALL SELECT `start` + 16 FROM `chunk` WHERE `start` + 16 <= 65536)
INSERT INTO `finds_fts_short_chunks`(`start`) SELECT `start` FROM `chunk`;
--> statement-breakpoint
-- Each field's characters with char(31) between and around them: chunk by chunk (fewer rows to aggregate
-- than one per character), in order, the padding that substr leaves past a field's end trimmed. The LIMIT
-- keeps SQLite from flattening the chunk subquery into the aggregate, so each chunk is cut once, not 16 times.
CREATE VIEW `finds_fts_short_text` AS SELECT finds.id AS id,
  (SELECT rtrim(group_concat(concat_ws(char(31), '',
            substr(chunk, 1, 1), substr(chunk, 2, 1), substr(chunk, 3, 1), substr(chunk, 4, 1),
            substr(chunk, 5, 1), substr(chunk, 6, 1), substr(chunk, 7, 1), substr(chunk, 8, 1),
            substr(chunk, 9, 1), substr(chunk, 10, 1), substr(chunk, 11, 1), substr(chunk, 12, 1),
            substr(chunk, 13, 1), substr(chunk, 14, 1), substr(chunk, 15, 1), substr(chunk, 16, 1)), '' ORDER BY start), char(31)) || char(31)
     FROM (SELECT start, substr(finds.title, start, 16) AS chunk FROM `finds_fts_short_chunks`
           WHERE start <= length(finds.title) LIMIT -1)) AS title,
  (SELECT rtrim(group_concat(concat_ws(char(31), '',
            substr(chunk, 1, 1), substr(chunk, 2, 1), substr(chunk, 3, 1), substr(chunk, 4, 1),
            substr(chunk, 5, 1), substr(chunk, 6, 1), substr(chunk, 7, 1), substr(chunk, 8, 1),
            substr(chunk, 9, 1), substr(chunk, 10, 1), substr(chunk, 11, 1), substr(chunk, 12, 1),
            substr(chunk, 13, 1), substr(chunk, 14, 1), substr(chunk, 15, 1), substr(chunk, 16, 1)), '' ORDER BY start), char(31)) || char(31)
     FROM (SELECT start, substr(finds.description, start, 16) AS chunk FROM `finds_fts_short_chunks`
           WHERE start <= length(finds.description) LIMIT -1)) AS description,
  (SELECT rtrim(group_concat(concat_ws(char(31), '',
            substr(chunk, 1, 1), substr(chunk, 2, 1), substr(chunk, 3, 1), substr(chunk, 4, 1),
            substr(chunk, 5, 1), substr(chunk, 6, 1), substr(chunk, 7, 1), substr(chunk, 8, 1),
            substr(chunk, 9, 1), substr(chunk, 10, 1), substr(chunk, 11, 1), substr(chunk, 12, 1),
            substr(chunk, 13, 1), substr(chunk, 14, 1), substr(chunk, 15, 1), substr(chunk, 16, 1)), '' ORDER BY start), char(31)) || char(31)
     FROM (SELECT start, substr(finds.location, start, 16) AS chunk FROM `finds_fts_short_chunks`
           WHERE start <= length(finds.location) LIMIT -1)) AS location
FROM `finds`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `finds_fts_short` USING fts5(title, description, location, content='', contentless_delete=1, detail='none', tokenize='trigram remove_diacritics 1');
--> statement-breakpoint
CREATE TRIGGER `finds_fts_short_ai` AFTER INSERT ON `finds` BEGIN
  INSERT INTO `finds_fts_short`(rowid, title, description, location)
    SELECT id, title, description, location FROM `finds_fts_short_text` WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `finds_fts_short_ad` AFTER DELETE ON `finds` BEGIN
  DELETE FROM `finds_fts_short` WHERE rowid = old.id;
END;
--> statement-breakpoint
-- Only the searched text, as finds_fts_au: like and comment counters never touch the index.
CREATE TRIGGER `finds_fts_short_au` AFTER UPDATE OF title, description, location ON `finds` BEGIN
  DELETE FROM `finds_fts_short` WHERE rowid = old.id;
  INSERT INTO `finds_fts_short`(rowid, title, description, location)
    SELECT id, title, description, location FROM `finds_fts_short_text` WHERE id = new.id;
END;
--> statement-breakpoint
-- Finds written before this migration enter the index now.
INSERT INTO `finds_fts_short`(rowid, title, description, location)
  SELECT id, title, description, location FROM `finds_fts_short_text`;
