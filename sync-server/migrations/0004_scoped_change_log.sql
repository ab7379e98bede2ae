DROP INDEX `change_log_entity`;--> statement-breakpoint
ALTER TABLE `change_log` ADD `owner_id` integer;--> statement-breakpoint
ALTER TABLE `change_log` ADD `parent_uid` text;--> statement-breakpoint
ALTER TABLE `change_log` ADD `parent_owner_id` integer;--> statement-breakpoint
CREATE INDEX `change_log_entity_seq` ON `change_log` (`entity`,`seq`);--> statement-breakpoint
CREATE INDEX `change_log_owner_seq` ON `change_log` (`owner_id`,`seq`);--> statement-breakpoint
CREATE INDEX `change_log_parent_owner_seq` ON `change_log` (`parent_owner_id`,`seq`);--> statement-breakpoint
CREATE INDEX `change_log_parent_uid_seq` ON `change_log` (`parent_uid`,`seq`);--> statement-breakpoint
CREATE INDEX `change_log_uid_seq` ON `change_log` (`uid`,`seq`);