CREATE TABLE `post_view_salts` (
	`day` text PRIMARY KEY NOT NULL,
	`salt` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `post_views` (
	`post_id` integer NOT NULL,
	`visitor_key` text NOT NULL,
	`day` text NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `post_views_once` ON `post_views` (`post_id`,`visitor_key`,`day`);--> statement-breakpoint
CREATE INDEX `post_views_day` ON `post_views` (`day`);