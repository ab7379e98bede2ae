CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`window_start` text NOT NULL,
	`window_ends` text NOT NULL,
	`last_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limits_window_ends` ON `rate_limits` (`window_ends`);