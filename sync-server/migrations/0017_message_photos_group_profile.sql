CREATE TABLE `private_blob_uploads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`sha256` text NOT NULL,
	`uploaded_by` integer NOT NULL,
	`url` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `private_blob_uploads_owner_sha` ON `private_blob_uploads` (`uploaded_by`,`sha256`);--> statement-breakpoint
DROP TABLE `challenge_participations`;--> statement-breakpoint
DROP TABLE `challenges`;--> statement-breakpoint
DROP TABLE `likes`;--> statement-breakpoint
DROP TABLE `mentorships`;--> statement-breakpoint
CREATE INDEX `messages_attachment` ON `messages` (`attachment_url`);