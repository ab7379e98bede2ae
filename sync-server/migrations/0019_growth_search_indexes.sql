-- The feed of a reader who follows many members walks events newest first (features/social/feed.ts).
CREATE INDEX `events_created` ON `events` (`created_at`);
--> statement-breakpoint
-- Events search (features/events/list.ts): an FTS5 trigram index over events.title and location, stored as an
-- external-content table (the text lives once, in events), so a term of three characters or more is looked up
-- rather than matched against every event ("ally" finds "Rally", as the LIKE search does). No remove_diacritics:
-- the search stays a plain case-insensitive substring match; the service re-checks its LIKE on the few rows the
-- index found. Kept in step by the triggers below, whoever writes events (events service, demo seed,
-- account-deletion cascades).
CREATE VIRTUAL TABLE `events_fts` USING fts5(title, location, content='events', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `events_fts_ai` AFTER INSERT ON `events` BEGIN
  INSERT INTO `events_fts`(rowid, title, location) VALUES (new.id, new.title, new.location);
END;
--> statement-breakpoint
CREATE TRIGGER `events_fts_ad` AFTER DELETE ON `events` BEGIN
  INSERT INTO `events_fts`(`events_fts`, rowid, title, location) VALUES ('delete', old.id, old.title, old.location);
END;
--> statement-breakpoint
-- Only the searched text: attendee and comment counters change often and never touch the index.
CREATE TRIGGER `events_fts_au` AFTER UPDATE OF title, location ON `events` BEGIN
  INSERT INTO `events_fts`(`events_fts`, rowid, title, location) VALUES ('delete', old.id, old.title, old.location);
  INSERT INTO `events_fts`(rowid, title, location) VALUES (new.id, new.title, new.location);
END;
--> statement-breakpoint
-- Events written before this migration enter the index now.
INSERT INTO `events_fts`(`events_fts`) VALUES ('rebuild');
--> statement-breakpoint
-- Forum search (features/forum/search.ts): the last term is a prefix ("coin" finds "coins"). FTS5 answers a
-- prefix from a prefix index of exactly its length, reading it newest first and stopping at the page; without
-- one it merges every matching word's whole list first, which grows with the forum. Prefix indexes of 2 to 8
-- characters (they were 2 and 3) cover the words members type; the index grows by about half. The triggers
-- of *_forum_search.sql name the table and keep it in step as before.
DROP TABLE `posts_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `posts_fts` USING fts5(title, content, content='posts', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5 6 7 8');
--> statement-breakpoint
INSERT INTO `posts_fts`(`posts_fts`) VALUES ('rebuild');
