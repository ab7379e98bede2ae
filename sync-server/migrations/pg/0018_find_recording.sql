ALTER TABLE "finds" ADD COLUMN "object_type" text;--> statement-breakpoint
ALTER TABLE "finds" ADD COLUMN "quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "finds" ADD COLUMN "primary_material" text;--> statement-breakpoint
ALTER TABLE "finds" ADD COLUMN "secondary_material" text;--> statement-breakpoint
ALTER TABLE "finds" ADD COLUMN "weight_grams" double precision;--> statement-breakpoint
ALTER TABLE "finds" ADD COLUMN "length_mm" double precision;--> statement-breakpoint
ALTER TABLE "finds" ADD COLUMN "width_mm" double precision;--> statement-breakpoint
ALTER TABLE "finds" ADD COLUMN "thickness_mm" double precision;--> statement-breakpoint
ALTER TABLE "finds" ADD COLUMN "diameter_mm" double precision;--> statement-breakpoint
ALTER TABLE "finds" ADD COLUMN "completeness" text;--> statement-breakpoint
ALTER TABLE "finds" ADD COLUMN "date_from_year" integer;--> statement-breakpoint
ALTER TABLE "finds" ADD COLUMN "date_to_year" integer;--> statement-breakpoint
ALTER TABLE "finds" ADD COLUMN "discovery_method" text DEFAULT 'Metal detector' NOT NULL;--> statement-breakpoint
ALTER TABLE "finds" ADD COLUMN "depth_band" text;--> statement-breakpoint
ALTER TABLE "finds" ADD COLUMN "land_use" text;--> statement-breakpoint
ALTER TABLE "finds" ADD COLUMN "found_on" text;--> statement-breakpoint
ALTER TABLE "finds" ADD COLUMN "position_accuracy_m" double precision;--> statement-breakpoint
ALTER TABLE "finds" ADD COLUMN "position_source" text;--> statement-breakpoint
ALTER TABLE "finds" ADD COLUMN "pas_record_id" text;--> statement-breakpoint
ALTER TABLE "finds" ADD COLUMN "flo_notes" text;--> statement-breakpoint
ALTER TABLE "finds" ADD COLUMN "findspot_precision" text DEFAULT 'hidden' NOT NULL;--> statement-breakpoint
ALTER TABLE "finds" ADD COLUMN "treasure_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "finds" ADD COLUMN "treasure_realised_on" text;--> statement-breakpoint
ALTER TABLE "finds" ADD COLUMN "treasure_reported_on" text;--> statement-breakpoint
ALTER TABLE "finds" ADD COLUMN "treasure_reported_to" text;--> statement-breakpoint
ALTER TABLE "finds" ADD COLUMN "treasure_reference" text;--> statement-breakpoint
CREATE INDEX "finds_treasure" ON "finds" USING btree ("treasure_status","user_id");