ALTER TABLE `location_permissions` ADD `boundary_geojson` text;--> statement-breakpoint
ALTER TABLE `location_permissions` ADD `exclusions_geojson` text;--> statement-breakpoint
ALTER TABLE `location_permissions` ADD `allowed_days` text;--> statement-breakpoint
ALTER TABLE `location_permissions` ADD `notice` text;--> statement-breakpoint
ALTER TABLE `location_permissions` ADD `crops_notes` text;--> statement-breakpoint
ALTER TABLE `location_permissions` ADD `finds_split` text;--> statement-breakpoint
ALTER TABLE `location_permissions` ADD `treasure_split` text;--> statement-breakpoint
ALTER TABLE `location_permissions` ADD `landowner_sees` text;