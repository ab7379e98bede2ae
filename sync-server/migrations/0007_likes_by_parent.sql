CREATE INDEX `find_likes_find` ON `find_likes` (`find_id`);--> statement-breakpoint
CREATE INDEX `post_likes_post` ON `post_likes` (`post_id`);