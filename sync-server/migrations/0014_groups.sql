CREATE TABLE `group_comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uid` text NOT NULL,
	`content` text NOT NULL,
	`user_id` integer NOT NULL,
	`group_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`group_id`) REFERENCES `groups`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `group_comments_uid_unique` ON `group_comments` (`uid`);--> statement-breakpoint
CREATE INDEX `group_comments_group` ON `group_comments` (`group_id`);--> statement-breakpoint
ALTER TABLE `groups` ADD `comment_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `group_memberships_group` ON `group_memberships` (`group_id`,`status`);