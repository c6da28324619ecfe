-- The end-user log (issue 15 §5 "End-user log"): one row per app-facing call of a brand's end users,
-- written in batches by the call router's recorder; append-only (a trigger refuses UPDATE), purged
-- after 180 days by the insight.end-user-log job. Searched by brand and time (keyset on at, id).
CREATE TABLE IF NOT EXISTS "end_user_logs" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "at" timestamp with time zone NOT NULL,
  "company_id" integer NOT NULL,
  "company_path" text NOT NULL,
  "app_key_id" integer NOT NULL,
  "end_user_id" bigint,
  "area_id" integer,
  "action" text NOT NULL,
  "code" integer NOT NULL,
  "platform" text DEFAULT '' NOT NULL,
  "app_version" text DEFAULT '' NOT NULL,
  "ip" text DEFAULT '' NOT NULL,
  "sn" text DEFAULT '' NOT NULL,
  "detail" text DEFAULT '' NOT NULL,
  "duration_ms" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "end_user_logs_company_at_idx" ON "end_user_logs" USING btree ("company_id", "at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "end_user_logs_at_idx" ON "end_user_logs" USING btree ("at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "end_user_logs_end_user_idx" ON "end_user_logs" USING btree ("end_user_id", "at", "id") WHERE "end_user_id" is not null;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION end_user_logs_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'end_user_logs is append-only';
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS end_user_logs_no_update ON "end_user_logs";
--> statement-breakpoint
CREATE TRIGGER end_user_logs_no_update BEFORE UPDATE ON "end_user_logs" FOR EACH ROW EXECUTE FUNCTION end_user_logs_append_only();
