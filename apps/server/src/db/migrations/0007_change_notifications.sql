-- Change notifications for the server's read caches (lib/data-versions.ts): every committed write
-- to a table the caches read from is announced on the 'portal_changes' channel, whichever code
-- path, connection or instance made it. NOTIFY is transactional: it is delivered at commit, once
-- per distinct payload per transaction, and never for a rolled-back write.
-- Payloads: '<table>' for a change that may touch any row of the table; '<table>:<id>' for one row.
CREATE OR REPLACE FUNCTION portal_notify_table_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_changes', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Statement-level with the statement's rows as a transition table: one notification per changed
-- row for the usual small write, and one for the whole table when a statement changes more than
-- 100 rows (an import, a bulk update), so that listeners are never flooded.
CREATE OR REPLACE FUNCTION portal_notify_row_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed bigint;
  row_id bigint;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT count(*) INTO changed FROM old_rows;
  ELSE
    SELECT count(*) INTO changed FROM new_rows;
  END IF;
  IF changed > 100 THEN
    PERFORM pg_notify('portal_changes', TG_TABLE_NAME);
  ELSIF TG_OP = 'DELETE' THEN
    FOR row_id IN SELECT id FROM old_rows LOOP
      PERFORM pg_notify('portal_changes', TG_TABLE_NAME || ':' || row_id);
    END LOOP;
  ELSIF TG_OP = 'INSERT' THEN
    FOR row_id IN SELECT id FROM new_rows LOOP
      PERFORM pg_notify('portal_changes', TG_TABLE_NAME || ':' || row_id);
    END LOOP;
  ELSE
    -- An update that changed a row's id is announced under both ids.
    FOR row_id IN SELECT id FROM new_rows UNION SELECT id FROM old_rows LOOP
      PERFORM pg_notify('portal_changes', TG_TABLE_NAME || ':' || row_id);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER companies_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER users_inserts AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_row_changes();
--> statement-breakpoint
CREATE TRIGGER users_updates AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_row_changes();
--> statement-breakpoint
CREATE TRIGGER users_deletes AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_row_changes();
--> statement-breakpoint
CREATE TRIGGER users_truncates AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER sessions_updates AFTER UPDATE ON sessions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_row_changes();
--> statement-breakpoint
CREATE TRIGGER sessions_deletes AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_row_changes();
--> statement-breakpoint
CREATE TRIGGER sessions_truncates AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
