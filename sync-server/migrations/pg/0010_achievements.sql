ALTER TABLE "achievements" ADD COLUMN "slug" text NOT NULL;--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_slug_unique" UNIQUE("slug");