-- Reports become a synced entity (PROTOCOL.md `reports`): each gets the device-made `uid` a queued report
-- carries; the reports filed before get a random UUID each (nothing on a device names them).
ALTER TABLE "reports" ADD COLUMN "uid" text;--> statement-breakpoint
UPDATE "reports" SET "uid" = gen_random_uuid()::text;--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "uid" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_uid_unique" UNIQUE("uid");
