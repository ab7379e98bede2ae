-- The change log's PostgreSQL half of what the SQLite custom migrations 0003 and 0005 add (sync-server/src/sync/
-- PROTOCOL.md S21, S29): the compaction index, one lock for every append, and the category triggers.
-- A fresh database needs nothing else: 0005's compaction and owner back-fill only rewrite rows an upgraded
-- SQLite server already had (npm run db:copy copies a compacted log).
--
-- S29: one row per record. A record is logged again by deleting its row and appending a new one (sync/
-- changelog.ts); the identity sequence behind seq never hands a value out twice, as SQLite's AUTOINCREMENT.
CREATE UNIQUE INDEX "change_log_record" ON "change_log" ("entity", "entity_id", coalesce("uid", ''));
--> statement-breakpoint
-- Pull never skips a write: every transaction that appends to the change log first calls this (recordChange
-- once per transaction, and the category trigger below). Appends are serialised until commit, so a lower seq
-- can never become visible after a higher one a pull has already passed. Transaction-scoped: it is released
-- by COMMIT or ROLLBACK and taking it again in the same transaction costs nothing.
-- The key is fixed ('DQ' 0x4451 and 1): nothing else in the database may use advisory lock 1146159105.
CREATE FUNCTION "lock_change_log_appends"() RETURNS void LANGUAGE sql VOLATILE AS $$
  SELECT pg_advisory_xact_lock(1146159105)
$$;
--> statement-breakpoint
-- Categories in the change log (S21). Their rows are written outside the forum feature too (first-start seed,
-- demo seed, account deletion recounts `count`), so the log is kept by triggers, in the transaction of the
-- write. Like every record they compact (S29): the category's previous row goes, a new one is appended.
-- search_path is fixed at creation, so the trigger writes this schema's log whatever the session's path.
CREATE FUNCTION "categories_log_change"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  category_id integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
BEGIN
  PERFORM lock_change_log_appends();
  DELETE FROM change_log WHERE entity = 'categories' AND entity_id = category_id AND coalesce(uid, '') = '';
  INSERT INTO change_log (entity, entity_id, uid, op)
    VALUES ('categories', category_id, NULL, CASE WHEN TG_OP = 'DELETE' THEN 'delete' ELSE 'upsert' END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "categories_log_ai" AFTER INSERT ON "categories"
  FOR EACH ROW EXECUTE FUNCTION "categories_log_change"();
--> statement-breakpoint
-- Only when a synced field changes (SQLite: WHEN old.x IS NOT new.x …).
CREATE TRIGGER "categories_log_au" AFTER UPDATE ON "categories" FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.slug IS DISTINCT FROM NEW.slug
    OR OLD.description IS DISTINCT FROM NEW.description OR OLD.icon IS DISTINCT FROM NEW.icon
    OR OLD.count IS DISTINCT FROM NEW.count)
  EXECUTE FUNCTION "categories_log_change"();
--> statement-breakpoint
CREATE TRIGGER "categories_log_ad" AFTER DELETE ON "categories"
  FOR EACH ROW EXECUTE FUNCTION "categories_log_change"();
