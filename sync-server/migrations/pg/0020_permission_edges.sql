ALTER TABLE "location_permissions" ADD COLUMN "boundary_geojson" text;--> statement-breakpoint
ALTER TABLE "location_permissions" ADD COLUMN "exclusions_geojson" text;--> statement-breakpoint
ALTER TABLE "location_permissions" ADD COLUMN "allowed_days" text;--> statement-breakpoint
ALTER TABLE "location_permissions" ADD COLUMN "notice" text;--> statement-breakpoint
ALTER TABLE "location_permissions" ADD COLUMN "crops_notes" text;--> statement-breakpoint
ALTER TABLE "location_permissions" ADD COLUMN "finds_split" text;--> statement-breakpoint
ALTER TABLE "location_permissions" ADD COLUMN "treasure_split" text;--> statement-breakpoint
ALTER TABLE "location_permissions" ADD COLUMN "landowner_sees" text;