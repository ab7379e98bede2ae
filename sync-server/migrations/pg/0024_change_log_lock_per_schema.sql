-- The change log's append lock (0002_change_log.sql) belongs to this schema's log, not to the whole database.
-- Its key was one fixed number, so apps in other schemas of the same database (the test suite gives each test
-- app a schema of its own) queued behind each other's writes although their logs are separate. The key is now
-- two numbers: the same 'DQ' 0x4451 and 1, and the object id of this schema's change_log table, which no
-- other schema's table shares. Servers on one schema still serialise their appends as before.
-- search_path is fixed at creation, so 'change_log' names this schema's table whatever the caller's path.
CREATE OR REPLACE FUNCTION "lock_change_log_appends"() RETURNS void LANGUAGE sql VOLATILE
  SET search_path FROM CURRENT AS $$
  SELECT pg_advisory_xact_lock(1146159105, 'change_log'::regclass::oid::integer)
$$;
