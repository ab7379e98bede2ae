CREATE INDEX "events_user_created" ON "events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "finds_user_created" ON "finds" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "stories_user_created" ON "stories" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "user_connections_following" ON "user_connections" USING btree ("following_id");