-- Device logs (issue 15 §4 "Request logs", §5 "Device log"): a portal user asks a device for its
-- log, the device uploads a gzip by a signed URL (or unasked, at most 20 a day). devices.log_requested_until
-- is the flag the poll reads in its one statement (no extra statement per poll); the brand's retention
-- of logs (7-180 days) lives on companies.
ALTER TABLE "companies" ADD COLUMN "device_log_retention_days" integer DEFAULT 30 NOT NULL
  CHECK ("device_log_retention_days" between 7 and 180);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "log_requested_until" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "device_logs" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "device_id" bigint NOT NULL REFERENCES "devices"("id") ON DELETE cascade,
  "state" text NOT NULL CHECK ("state" in ('requested', 'uploaded', 'expired')),
  "requested_by" integer,
  "requested_at" timestamp with time zone,
  "expires_at" timestamp with time zone,
  "uploaded_at" timestamp with time zone,
  "file_id" bigint REFERENCES "files"("id"),
  "size" bigint,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_logs_device_idx" ON "device_logs" USING btree ("device_id", "created_at", "id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "device_logs_requested_uq" ON "device_logs" USING btree ("device_id") WHERE "state" = 'requested';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_logs_expiry_idx" ON "device_logs" USING btree ("expires_at") WHERE "state" = 'requested';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_logs_created_idx" ON "device_logs" USING btree ("created_at");
