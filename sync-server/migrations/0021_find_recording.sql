ALTER TABLE `finds` ADD `object_type` text;--> statement-breakpoint
ALTER TABLE `finds` ADD `quantity` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `finds` ADD `primary_material` text;--> statement-breakpoint
ALTER TABLE `finds` ADD `secondary_material` text;--> statement-breakpoint
ALTER TABLE `finds` ADD `weight_grams` real;--> statement-breakpoint
ALTER TABLE `finds` ADD `length_mm` real;--> statement-breakpoint
ALTER TABLE `finds` ADD `width_mm` real;--> statement-breakpoint
ALTER TABLE `finds` ADD `thickness_mm` real;--> statement-breakpoint
ALTER TABLE `finds` ADD `diameter_mm` real;--> statement-breakpoint
ALTER TABLE `finds` ADD `completeness` text;--> statement-breakpoint
ALTER TABLE `finds` ADD `date_from_year` integer;--> statement-breakpoint
ALTER TABLE `finds` ADD `date_to_year` integer;--> statement-breakpoint
ALTER TABLE `finds` ADD `discovery_method` text DEFAULT 'Metal detector' NOT NULL;--> statement-breakpoint
ALTER TABLE `finds` ADD `depth_band` text;--> statement-breakpoint
ALTER TABLE `finds` ADD `land_use` text;--> statement-breakpoint
ALTER TABLE `finds` ADD `found_on` text;--> statement-breakpoint
ALTER TABLE `finds` ADD `position_accuracy_m` real;--> statement-breakpoint
ALTER TABLE `finds` ADD `position_source` text;--> statement-breakpoint
ALTER TABLE `finds` ADD `pas_record_id` text;--> statement-breakpoint
ALTER TABLE `finds` ADD `flo_notes` text;--> statement-breakpoint
ALTER TABLE `finds` ADD `findspot_precision` text DEFAULT 'hidden' NOT NULL;--> statement-breakpoint
ALTER TABLE `finds` ADD `treasure_status` text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE `finds` ADD `treasure_realised_on` text;--> statement-breakpoint
ALTER TABLE `finds` ADD `treasure_reported_on` text;--> statement-breakpoint
ALTER TABLE `finds` ADD `treasure_reported_to` text;--> statement-breakpoint
ALTER TABLE `finds` ADD `treasure_reference` text;--> statement-breakpoint
CREATE INDEX `finds_treasure` ON `finds` (`treasure_status`,`user_id`);