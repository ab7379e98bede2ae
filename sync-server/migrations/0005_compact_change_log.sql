-- Bounded sync (sync-server/src/sync/PROTOCOL.md S25-S31): the change log keeps one row per record (S29) and
-- says whose record each row is, so every pull scope is an index range scan. drizzle-kit cannot express the
-- expression index nor the triggers, hence this custom migration after 0004 (which added the columns).
--
-- S29: compaction. Keep only the newest row of each record (entity, entity_id, uid). Cursors handed out before
-- stay valid: a record's surviving row is its newest, so a client past it has seen its latest state, and a
-- client before it still reaches it.
DELETE FROM `change_log` WHERE `seq` NOT IN (
  SELECT max(`seq`) FROM `change_log` GROUP BY `entity`, `entity_id`, coalesce(`uid`, '')
);
--> statement-breakpoint
-- From now on a record is logged again by deleting its row and appending a new one (sync/changelog.ts): the
-- new row's seq is above every seq ever handed out (AUTOINCREMENT never reuses one).
CREATE UNIQUE INDEX `change_log_record` ON `change_log` (`entity`, `entity_id`, coalesce(`uid`, ''));
--> statement-breakpoint
-- Owners of what is already logged. Tombstones of rows already gone keep NULL: no device that starts now
-- needs them, and devices that held those rows received them earlier.
UPDATE `change_log` SET `owner_id` = (SELECT `user_id` FROM `finds` WHERE `finds`.`id` = `change_log`.`entity_id`) WHERE `entity` = 'finds';
--> statement-breakpoint
UPDATE `change_log` SET `owner_id` = (SELECT `user_id` FROM `posts` WHERE `posts`.`id` = `change_log`.`entity_id`) WHERE `entity` = 'posts';
--> statement-breakpoint
UPDATE `change_log` SET `owner_id` = (SELECT `user_id` FROM `events` WHERE `events`.`id` = `change_log`.`entity_id`) WHERE `entity` = 'events';
--> statement-breakpoint
-- Profiles are their member's; a like is logged under its member's id with the liked record's uid.
UPDATE `change_log` SET `owner_id` = `entity_id` WHERE `entity` = 'users';
--> statement-breakpoint
UPDATE `change_log` SET `owner_id` = `entity_id`, `parent_uid` = `uid` WHERE `entity` IN ('find_likes', 'post_likes');
--> statement-breakpoint
UPDATE `change_log` SET (`owner_id`, `parent_uid`, `parent_owner_id`) = (
  SELECT `c`.`user_id`, `f`.`uid`, `f`.`user_id` FROM `find_comments` `c` JOIN `finds` `f` ON `f`.`id` = `c`.`find_id`
  WHERE `c`.`id` = `change_log`.`entity_id`
) WHERE `entity` = 'find_comments';
--> statement-breakpoint
UPDATE `change_log` SET (`owner_id`, `parent_uid`, `parent_owner_id`) = (
  SELECT `c`.`user_id`, `p`.`uid`, `p`.`user_id` FROM `comments` `c` JOIN `posts` `p` ON `p`.`id` = `c`.`post_id`
  WHERE `c`.`id` = `change_log`.`entity_id`
) WHERE `entity` = 'comments';
--> statement-breakpoint
-- Categories (S21, S31) are logged by triggers (0003); they now compact like every other record.
DROP TRIGGER `categories_log_ai`;
--> statement-breakpoint
DROP TRIGGER `categories_log_au`;
--> statement-breakpoint
DROP TRIGGER `categories_log_ad`;
--> statement-breakpoint
CREATE TRIGGER `categories_log_ai` AFTER INSERT ON `categories` BEGIN
  DELETE FROM `change_log` WHERE `entity` = 'categories' AND `entity_id` = new.id AND coalesce(`uid`, '') = '';
  INSERT INTO `change_log`(entity, entity_id, uid, op) VALUES ('categories', new.id, NULL, 'upsert');
END;
--> statement-breakpoint
CREATE TRIGGER `categories_log_au` AFTER UPDATE ON `categories`
WHEN old.name IS NOT new.name OR old.slug IS NOT new.slug OR old.description IS NOT new.description OR old.icon IS NOT new.icon OR old.count IS NOT new.count BEGIN
  DELETE FROM `change_log` WHERE `entity` = 'categories' AND `entity_id` = new.id AND coalesce(`uid`, '') = '';
  INSERT INTO `change_log`(entity, entity_id, uid, op) VALUES ('categories', new.id, NULL, 'upsert');
END;
--> statement-breakpoint
CREATE TRIGGER `categories_log_ad` AFTER DELETE ON `categories` BEGIN
  DELETE FROM `change_log` WHERE `entity` = 'categories' AND `entity_id` = old.id AND coalesce(`uid`, '') = '';
  INSERT INTO `change_log`(entity, entity_id, uid, op) VALUES ('categories', old.id, NULL, 'delete');
END;
