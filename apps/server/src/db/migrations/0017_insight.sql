-- Insight (issue 15 items 1 and 2): device history, the presence flag the last-seen flush and the offline job
-- keep, a device's downstream customer, the company's reporting time zone, 5-minute fleet samples and the
-- hourly/daily rollups the statistics read.
ALTER TABLE "companies" ADD COLUMN IF NOT EXISTS "time_zone" text DEFAULT 'UTC' NOT NULL;
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN IF NOT EXISTS "online" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN IF NOT EXISTS "customer_id" integer;
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN IF NOT EXISTS "customer_path" text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- The offline job: devices still marked online whose last poll is older than the online window.
CREATE INDEX IF NOT EXISTS "devices_online_seen_idx" ON "devices" USING btree ("last_seen_at") WHERE "online";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "devices_customer_path_idx" ON "devices" USING btree ("customer_path" text_pattern_ops, "id") WHERE "customer_path" <> '';
--> statement-breakpoint
-- Append-only: the dimensions are the device's at the event, so a rollup needs no join. txid orders commits
-- for the rollup watermark (pg_snapshot_xmin): an event committed late is never skipped.
CREATE TABLE IF NOT EXISTS "device_events" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "device_id" bigint NOT NULL,
  "kind" text NOT NULL,
  "at" timestamp with time zone NOT NULL,
  "code" text DEFAULT '' NOT NULL,
  "from_version" text DEFAULT '' NOT NULL,
  "task_id" integer,
  "brand_id" integer NOT NULL,
  "brand_path" text NOT NULL,
  "customer_id" integer DEFAULT 0 NOT NULL,
  "customer_path" text DEFAULT '' NOT NULL,
  "product_type" text NOT NULL,
  "model" text NOT NULL,
  "version" text NOT NULL,
  "country" text NOT NULL,
  "area_id" integer DEFAULT 0 NOT NULL,
  "txid" xid8 DEFAULT pg_current_xact_id() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_events_device_idx" ON "device_events" USING btree ("device_id", "at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_events_txid_idx" ON "device_events" USING btree ("txid");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_events_at_idx" ON "device_events" USING btree ("at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "device_samples" (
  "at" timestamp with time zone NOT NULL,
  "brand_id" integer NOT NULL,
  "brand_path" text NOT NULL,
  "customer_id" integer DEFAULT 0 NOT NULL,
  "customer_path" text DEFAULT '' NOT NULL,
  "product_type" text NOT NULL,
  "model" text NOT NULL,
  "version" text NOT NULL,
  "country" text NOT NULL,
  "area_id" integer DEFAULT 0 NOT NULL,
  "devices" integer NOT NULL,
  "online" integer NOT NULL,
  "txid" xid8 DEFAULT pg_current_xact_id() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_samples_at_idx" ON "device_samples" USING btree ("at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_samples_txid_idx" ON "device_samples" USING btree ("txid");
--> statement-breakpoint
-- Sample times, so a period's device count is the samples' sum over their number.
CREATE TABLE IF NOT EXISTS "device_sample_times" ("at" timestamp with time zone PRIMARY KEY NOT NULL, "txid" xid8 DEFAULT pg_current_xact_id() NOT NULL);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "stats_hourly" (
  "bucket" timestamp with time zone NOT NULL,
  "brand_id" integer NOT NULL,
  "brand_path" text NOT NULL,
  "customer_id" integer NOT NULL,
  "customer_path" text NOT NULL,
  "product_type" text NOT NULL,
  "model" text NOT NULL,
  "version" text NOT NULL,
  "country" text NOT NULL,
  "area_id" integer NOT NULL,
  "code" text NOT NULL,
  "activations" integer DEFAULT 0 NOT NULL,
  "onlines" integer DEFAULT 0 NOT NULL,
  "offlines" integer DEFAULT 0 NOT NULL,
  "version_changes" integer DEFAULT 0 NOT NULL,
  "upgrade_success" integer DEFAULT 0 NOT NULL,
  "upgrade_failed" integer DEFAULT 0 NOT NULL,
  "bound" integer DEFAULT 0 NOT NULL,
  "unbound" integer DEFAULT 0 NOT NULL,
  "log_uploads" integer DEFAULT 0 NOT NULL,
  "device_samples" bigint DEFAULT 0 NOT NULL,
  "online_samples" bigint DEFAULT 0 NOT NULL,
  "devices_last" integer DEFAULT 0 NOT NULL,
  "online_last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "stats_hourly_uq" ON "stats_hourly" USING btree ("bucket", "brand_id", "customer_id", "product_type", "model", "version", "country", "area_id", "code");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stats_hourly_brand_idx" ON "stats_hourly" USING btree ("brand_path" text_pattern_ops, "bucket");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stats_hourly_customer_idx" ON "stats_hourly" USING btree ("customer_path" text_pattern_ops, "bucket") WHERE "customer_path" <> '';
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "stats_daily" (
  "time_zone" text NOT NULL,
  "day" date NOT NULL,
  "brand_id" integer NOT NULL,
  "brand_path" text NOT NULL,
  "customer_id" integer NOT NULL,
  "customer_path" text NOT NULL,
  "product_type" text NOT NULL,
  "model" text NOT NULL,
  "version" text NOT NULL,
  "country" text NOT NULL,
  "area_id" integer NOT NULL,
  "code" text NOT NULL,
  "activations" integer DEFAULT 0 NOT NULL,
  "onlines" integer DEFAULT 0 NOT NULL,
  "offlines" integer DEFAULT 0 NOT NULL,
  "version_changes" integer DEFAULT 0 NOT NULL,
  "upgrade_success" integer DEFAULT 0 NOT NULL,
  "upgrade_failed" integer DEFAULT 0 NOT NULL,
  "bound" integer DEFAULT 0 NOT NULL,
  "unbound" integer DEFAULT 0 NOT NULL,
  "log_uploads" integer DEFAULT 0 NOT NULL,
  "device_samples" bigint DEFAULT 0 NOT NULL,
  "online_samples" bigint DEFAULT 0 NOT NULL,
  "devices_last" integer DEFAULT 0 NOT NULL,
  "online_last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "stats_daily_uq" ON "stats_daily" USING btree ("time_zone", "day", "brand_id", "customer_id", "product_type", "model", "version", "country", "area_id", "code");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stats_daily_brand_idx" ON "stats_daily" USING btree ("time_zone", "brand_path" text_pattern_ops, "day");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stats_daily_customer_idx" ON "stats_daily" USING btree ("time_zone", "customer_path" text_pattern_ops, "day") WHERE "customer_path" <> '';
--> statement-breakpoint
-- devices_last / online_last: the group's devices (online) at the bucket's last sample, so "devices" is an exact count
-- as of that sample; device_samples / online_samples: sums over every sample, for the online rate.
-- Per day: the sample times of that day in that zone (the divisor of the average device count).
CREATE TABLE IF NOT EXISTS "stats_daily_samples" ("time_zone" text NOT NULL, "day" date NOT NULL, "samples" integer NOT NULL, PRIMARY KEY ("time_zone", "day"));
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "stats_hourly_samples" ("bucket" timestamp with time zone PRIMARY KEY NOT NULL, "samples" integer NOT NULL);
--> statement-breakpoint
-- One row per rollup: every event and sample of a transaction below txid is rolled up.
CREATE TABLE IF NOT EXISTS "stats_watermarks" ("name" text PRIMARY KEY NOT NULL, "txid" xid8 NOT NULL, "updated_at" timestamp with time zone NOT NULL);
--> statement-breakpoint
-- The new resource codes of devices and statistics go to every owner (user_auth_type 1) below the supplier, and to
-- the supplier's users who hold every other code (SPEC §6: owners hold all their company's codes).
UPDATE "users" SET "auth_res_list" = "auth_res_list" || ARRAY['dealer_device_qry', 'dealer_device_mgr']
 WHERE "user_auth_type" = 1 AND NOT ('dealer_device_qry' = ANY("auth_res_list"));
