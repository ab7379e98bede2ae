CREATE TABLE `route_completions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uid` text NOT NULL,
	`user_id` integer NOT NULL,
	`route_id` integer NOT NULL,
	`completed_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`route_id`) REFERENCES `routes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `route_completions_uid_unique` ON `route_completions` (`uid`);--> statement-breakpoint
CREATE INDEX `route_completions_user` ON `route_completions` (`user_id`);--> statement-breakpoint
CREATE INDEX `route_completions_route` ON `route_completions` (`route_id`);--> statement-breakpoint
CREATE TABLE `route_ratings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`route_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`rating` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`route_id`) REFERENCES `routes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `route_ratings_pair` ON `route_ratings` (`route_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `route_ratings_user` ON `route_ratings` (`user_id`);--> statement-breakpoint
ALTER TABLE `routes` ADD `ever_public` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `routes` ADD `rating_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `routes_user` ON `routes` (`user_id`);--> statement-breakpoint
CREATE INDEX `routes_public_start` ON `routes` (`is_public`,`start_lat`);