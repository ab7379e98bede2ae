-- Forum search and bookkeeping that drizzle-kit cannot express (features/forum, sync PROTOCOL.md S19-S24).
-- posts_fts: an FTS5 index over posts.title and posts.content, stored as an external-content table (the text
-- lives once, in posts). unicode61 with remove_diacritics 2 makes "cafe" find "café"; prefix indexes of 2 and 3
-- characters keep short search-as-you-type prefixes fast. Kept in step by the triggers below, whoever writes
-- posts (forum service, demo seed, account-deletion cascades).
CREATE VIRTUAL TABLE `posts_fts` USING fts5(title, content, content='posts', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3');
--> statement-breakpoint
CREATE TRIGGER `posts_fts_ai` AFTER INSERT ON `posts` BEGIN
  INSERT INTO `posts_fts`(rowid, title, content) VALUES (new.id, new.title, new.content);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_ad` AFTER DELETE ON `posts` BEGIN
  INSERT INTO `posts_fts`(`posts_fts`, rowid, title, content) VALUES ('delete', old.id, old.title, old.content);
END;
--> statement-breakpoint
-- Only title and content: view, like and comment counters change often and never touch the index.
CREATE TRIGGER `posts_fts_au` AFTER UPDATE OF title, content ON `posts` BEGIN
  INSERT INTO `posts_fts`(`posts_fts`, rowid, title, content) VALUES ('delete', old.id, old.title, old.content);
  INSERT INTO `posts_fts`(rowid, title, content) VALUES (new.id, new.title, new.content);
END;
--> statement-breakpoint
-- Posts written before this migration (demo seed) enter the index now.
INSERT INTO `posts_fts`(`posts_fts`) VALUES ('rebuild');
--> statement-breakpoint
-- Most Popular (views, newest id first among equals), a category's and a member's (My Posts) newest posts:
-- each list is an index range scan that stops after a page, never a sort of every post.
CREATE INDEX `posts_popular` ON `posts` (`views`, `id`);
--> statement-breakpoint
CREATE INDEX `posts_category_created` ON `posts` (`category_id`, `created_at`);
--> statement-breakpoint
CREATE INDEX `posts_user_created` ON `posts` (`user_id`, `created_at`);
--> statement-breakpoint
-- Categories in the sync change log (PROTOCOL.md S21). Their rows are written outside the forum feature too
-- (first-start seed, demo seed and account deletion recount `count`), so the log is kept by triggers: every
-- change of a category reaches pulls, in the transaction of the write.
CREATE TRIGGER `categories_log_ai` AFTER INSERT ON `categories` BEGIN
  INSERT INTO `change_log`(entity, entity_id, uid, op) VALUES ('categories', new.id, NULL, 'upsert');
END;
--> statement-breakpoint
CREATE TRIGGER `categories_log_au` AFTER UPDATE ON `categories`
WHEN old.name IS NOT new.name OR old.slug IS NOT new.slug OR old.description IS NOT new.description OR old.icon IS NOT new.icon OR old.count IS NOT new.count BEGIN
  INSERT INTO `change_log`(entity, entity_id, uid, op) VALUES ('categories', new.id, NULL, 'upsert');
END;
--> statement-breakpoint
CREATE TRIGGER `categories_log_ad` AFTER DELETE ON `categories` BEGIN
  INSERT INTO `change_log`(entity, entity_id, uid, op) VALUES ('categories', old.id, NULL, 'delete');
END;
--> statement-breakpoint
-- Categories that already exist (an upgraded server) are logged once, so every client pulls them.
INSERT INTO `change_log`(entity, entity_id, uid, op) SELECT 'categories', id, NULL, 'upsert' FROM `categories` ORDER BY id;
