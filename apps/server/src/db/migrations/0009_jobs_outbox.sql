-- Every cached table announces every kind of write (lib/data-versions.ts CACHED_TABLES; the read
-- cache test checks each has triggers for insert, update, delete and truncate). Sessions had none
-- for insert: a session is read only after it exists, but the rule is one rule for every table.
CREATE TRIGGER sessions_inserts AFTER INSERT ON sessions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_row_changes();
