CREATE TABLE `protected_areas` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`source` text NOT NULL,
	`reference` text NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`designated_on` text,
	`record_url` text,
	`geometry` text NOT NULL,
	`min_lng` real NOT NULL,
	`min_lat` real NOT NULL,
	`max_lng` real NOT NULL,
	`max_lat` real NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `protected_areas_source_reference` ON `protected_areas` (`source`,`reference`);--> statement-breakpoint
CREATE INDEX `protected_areas_bbox` ON `protected_areas` (`min_lat`,`max_lat`,`min_lng`,`max_lng`);--> statement-breakpoint
CREATE TABLE `protected_sources` (
	`source` text PRIMARY KEY NOT NULL,
	`nations` text NOT NULL,
	`attribution` text,
	`area_count` integer DEFAULT 0 NOT NULL,
	`max_span_lat` real DEFAULT 0 NOT NULL,
	`imported_at` text NOT NULL
);
