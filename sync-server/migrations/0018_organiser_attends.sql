-- The organiser attends their own event (docs/product/events.md "States"): events made before this rule
-- get their organiser's attendance, dated with the event, and every count is recomputed from the rows.
INSERT INTO event_attendees (event_id, user_id, created_at)
SELECT e.id, e.user_id, e.created_at FROM events e
WHERE NOT EXISTS (SELECT 1 FROM event_attendees a WHERE a.event_id = e.id AND a.user_id = e.user_id);
--> statement-breakpoint
UPDATE events SET attendee_count = (SELECT count(*) FROM event_attendees a WHERE a.event_id = events.id);
