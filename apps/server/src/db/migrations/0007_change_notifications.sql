-- Change notifications for the server's read caches (lib/data-versions.ts): every committed write
-- to a table the caches read from is announced on the 'portal_changes' channel, whichever code
-- path, connection or instance made it. NOTIFY is transactional: it is delivered at commit, once
-- per distinct payload per transaction, and never for a rolled-back write.
-- Payloads: '<table>' for a change anywhere in the table; 'sessions:<id>' for one session row.
CREATE OR REPLACE FUNCTION portal_notify_table_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_changes', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_notify_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('portal_changes', TG_TABLE_NAME || ':' || OLD.id);
  ELSE
    PERFORM pg_notify('portal_changes', TG_TABLE_NAME || ':' || NEW.id);
    IF TG_OP = 'UPDATE' AND OLD.id <> NEW.id THEN
      PERFORM pg_notify('portal_changes', TG_TABLE_NAME || ':' || OLD.id);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER companies_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER users_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER sessions_row_changes AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION portal_notify_row_change();
--> statement-breakpoint
CREATE TRIGGER sessions_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
