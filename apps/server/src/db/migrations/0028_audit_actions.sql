-- Typed audit actions (issue 15 §5): the action code, the target's name at the time, the sentence's
-- parameters, the field diff and the call's request data (secrets replaced) of each operation-log row.
ALTER TABLE "operation_logs" ADD COLUMN IF NOT EXISTS "code" text;
--> statement-breakpoint
ALTER TABLE "operation_logs" ADD COLUMN IF NOT EXISTS "target_name" text;
--> statement-breakpoint
ALTER TABLE "operation_logs" ADD COLUMN IF NOT EXISTS "params" jsonb;
--> statement-breakpoint
ALTER TABLE "operation_logs" ADD COLUMN IF NOT EXISTS "diff" jsonb;
--> statement-breakpoint
ALTER TABLE "operation_logs" ADD COLUMN IF NOT EXISTS "request" jsonb;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "operation_logs_code_idx" ON "operation_logs" USING btree ("code", "at");
