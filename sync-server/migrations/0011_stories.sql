CREATE TABLE `story_comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uid` text NOT NULL,
	`content` text NOT NULL,
	`user_id` integer NOT NULL,
	`story_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`story_id`) REFERENCES `stories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `story_comments_uid_unique` ON `story_comments` (`uid`);--> statement-breakpoint
CREATE INDEX `story_comments_story` ON `story_comments` (`story_id`);--> statement-breakpoint
CREATE TABLE `story_likes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`story_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`story_id`) REFERENCES `stories`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `story_likes_pair` ON `story_likes` (`story_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `story_likes_user` ON `story_likes` (`user_id`);--> statement-breakpoint
ALTER TABLE `stories` ADD `like_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `stories` ADD `comment_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `stories_created` ON `stories` (`created_at`);--> statement-breakpoint
CREATE INDEX `stories_user` ON `stories` (`user_id`);