-- Finds full-text search (features/finds/search.ts; sync PROTOCOL.md S32): an FTS5 index over finds.title,
-- description and location, stored as an external-content table (the text lives once, in finds). The trigram
-- tokenizer keeps substring matches ("oman" finds "Roman", as the LIKE search it replaces did); remove_diacritics
-- makes "cafe" find "café". Terms under three characters cannot be looked up in a trigram index: the service
-- scans a bounded number of the newest finds for them instead. Kept in step by the triggers below, whoever
-- writes finds (finds service, demo seed, account-deletion cascades).
CREATE VIRTUAL TABLE `finds_fts` USING fts5(title, description, location, content='finds', content_rowid='id', tokenize='trigram remove_diacritics 1');
--> statement-breakpoint
CREATE TRIGGER `finds_fts_ai` AFTER INSERT ON `finds` BEGIN
  INSERT INTO `finds_fts`(rowid, title, description, location) VALUES (new.id, new.title, new.description, new.location);
END;
--> statement-breakpoint
CREATE TRIGGER `finds_fts_ad` AFTER DELETE ON `finds` BEGIN
  INSERT INTO `finds_fts`(`finds_fts`, rowid, title, description, location) VALUES ('delete', old.id, old.title, old.description, old.location);
END;
--> statement-breakpoint
-- Only the searched text: like and comment counters change often and never touch the index.
CREATE TRIGGER `finds_fts_au` AFTER UPDATE OF title, description, location ON `finds` BEGIN
  INSERT INTO `finds_fts`(`finds_fts`, rowid, title, description, location) VALUES ('delete', old.id, old.title, old.description, old.location);
  INSERT INTO `finds_fts`(rowid, title, description, location) VALUES (new.id, new.title, new.description, new.location);
END;
--> statement-breakpoint
-- Finds written before this migration enter the index now.
INSERT INTO `finds_fts`(`finds_fts`) VALUES ('rebuild');
