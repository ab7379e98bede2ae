CREATE TABLE `deleted_private_locations` (
	`location_id` integer PRIMARY KEY NOT NULL,
	`owner_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `location_permissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`location_id` integer NOT NULL,
	`landowner_name` text,
	`landowner_contact` text,
	`granted_on` text,
	`expires_on` text,
	`notes` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `location_permissions_location_id_unique` ON `location_permissions` (`location_id`);--> statement-breakpoint
ALTER TABLE `locations` ADD `lat` real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `locations` ADD `lng` real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `locations` ADD `ever_shared` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `locations_shared` ON `locations` (`is_private`,`id`);--> statement-breakpoint
CREATE INDEX `locations_position` ON `locations` (`lat`,`lng`);