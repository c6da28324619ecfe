-- Operation log tamper evidence (issue 15 §5): the sealing job (insight audit-chain.ts) gives every
-- row, in its own order, a `seq` and `hash` = sha256(prev_hash, canonical row); the rows are
-- append-only: a trigger refuses UPDATE, DELETE and TRUNCATE, except the seal (setting seq, prev_hash
-- and hash of an unsealed row, nothing else) and the retention job's DELETE (which sets the
-- transaction-local `portal.audit_retention` to 'on').
-- Rows and search: the outcome (a refused write is logged too), the actor's company (the log is visible
-- to the actor's subtree and the target's) and the module (the first segment of the action).
ALTER TABLE "operation_logs" ADD COLUMN IF NOT EXISTS "result" text DEFAULT 'success' NOT NULL;
--> statement-breakpoint
ALTER TABLE "operation_logs" ADD COLUMN IF NOT EXISTS "actor_company_path" text;
--> statement-breakpoint
ALTER TABLE "operation_logs" ADD COLUMN IF NOT EXISTS "module" text DEFAULT '' NOT NULL;
--> statement-breakpoint
UPDATE "operation_logs" SET "module" = split_part("action", '/', 1) WHERE "module" = '';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "operation_logs_actor_path_idx" ON "operation_logs" USING btree ("actor_company_path" text_pattern_ops, "at");
--> statement-breakpoint
-- Keyset paging: newest first by (at, id).
CREATE INDEX IF NOT EXISTS "operation_logs_at_id_idx" ON "operation_logs" USING btree ("at", "id");
--> statement-breakpoint
-- Search filters that can be selective, each with the time (insight oplog.repository.ts).
CREATE INDEX IF NOT EXISTS "operation_logs_module_idx" ON "operation_logs" USING btree ("module", "at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "operation_logs_action_idx" ON "operation_logs" USING btree ("action" text_pattern_ops, "at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "operation_logs_ip_idx" ON "operation_logs" USING btree ("ip" text_pattern_ops, "at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "operation_logs_actor_name_idx" ON "operation_logs" USING btree (lower("actor_name") text_pattern_ops, "at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "operation_logs_refused_idx" ON "operation_logs" USING btree ("at") WHERE "result" = 'refused';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "operation_logs_target_idx" ON "operation_logs" USING btree ("target_type", "target_id", "at");
--> statement-breakpoint
ALTER TABLE "operation_logs" ADD COLUMN IF NOT EXISTS "seq" bigint;
--> statement-breakpoint
ALTER TABLE "operation_logs" ADD COLUMN IF NOT EXISTS "prev_hash" text;
--> statement-breakpoint
ALTER TABLE "operation_logs" ADD COLUMN IF NOT EXISTS "hash" text;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "operation_logs_seq_idx" ON "operation_logs" USING btree ("seq");
--> statement-breakpoint
-- The seal picks unsealed rows, whenever they committed: a late commit is never skipped.
CREATE INDEX IF NOT EXISTS "operation_logs_unsealed_idx" ON "operation_logs" USING btree ("id") WHERE "seq" IS NULL;
--> statement-breakpoint
-- Hourly and retention checkpoints; each is also a file in the file store (file_key), which verify reads.
CREATE TABLE IF NOT EXISTS "operation_log_checkpoints" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "kind" text NOT NULL,
  "seq" bigint NOT NULL,
  "hash" text NOT NULL,
  "at" timestamp with time zone NOT NULL,
  "file_key" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "operation_log_checkpoints_kind_idx" ON "operation_log_checkpoints" USING btree ("kind", "seq");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_operation_logs_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF current_setting('portal.audit_retention', true) = 'on' THEN
      RETURN OLD;
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    IF OLD.seq IS NULL AND NEW.seq IS NOT NULL
       AND (to_jsonb(OLD) - 'seq' - 'prev_hash' - 'hash') = (to_jsonb(NEW) - 'seq' - 'prev_hash' - 'hash') THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'operation_logs is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS operation_logs_guard ON operation_logs;
--> statement-breakpoint
CREATE TRIGGER operation_logs_guard BEFORE UPDATE OR DELETE ON operation_logs
  FOR EACH ROW EXECUTE FUNCTION portal_operation_logs_guard();
--> statement-breakpoint
DROP TRIGGER IF EXISTS operation_logs_no_truncate ON operation_logs;
--> statement-breakpoint
CREATE TRIGGER operation_logs_no_truncate BEFORE TRUNCATE ON operation_logs
  FOR EACH STATEMENT EXECUTE FUNCTION portal_operation_logs_guard();
