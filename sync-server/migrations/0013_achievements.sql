ALTER TABLE `achievements` ADD `slug` text NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `achievements_slug_unique` ON `achievements` (`slug`);