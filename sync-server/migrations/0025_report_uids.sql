-- Reports become a synced entity (PROTOCOL.md `reports`): each gets the device-made `uid` a queued report
-- carries. SQLite cannot add a NOT NULL column without a default, so the table is rebuilt and the reports
-- filed before get a random UUID-shaped uid each (nothing on a device names them).
CREATE TABLE `__new_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uid` text NOT NULL,
	`reporter_id` integer,
	`entity` text NOT NULL,
	`record_id` integer NOT NULL,
	`reason` text NOT NULL,
	`note` text,
	`status` text DEFAULT 'open' NOT NULL,
	`open_key` integer DEFAULT 1,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_reports` (`id`, `uid`, `reporter_id`, `entity`, `record_id`, `reason`, `note`, `status`, `open_key`, `created_at`, `updated_at`)
SELECT `id`,
	lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-a'
		|| substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
	`reporter_id`, `entity`, `record_id`, `reason`, `note`, `status`, `open_key`, `created_at`, `updated_at`
FROM `reports`;
--> statement-breakpoint
DROP TABLE `reports`;
--> statement-breakpoint
ALTER TABLE `__new_reports` RENAME TO `reports`;
--> statement-breakpoint
CREATE UNIQUE INDEX `reports_uid_unique` ON `reports` (`uid`);--> statement-breakpoint
CREATE UNIQUE INDEX `reports_open_once` ON `reports` (`reporter_id`,`entity`,`record_id`,`open_key`);--> statement-breakpoint
CREATE INDEX `reports_status_record` ON `reports` (`status`,`entity`,`record_id`);
