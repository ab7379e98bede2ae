CREATE INDEX `events_user_created` ON `events` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `finds_user_created` ON `finds` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `stories_user_created` ON `stories` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `user_connections_following` ON `user_connections` (`following_id`);