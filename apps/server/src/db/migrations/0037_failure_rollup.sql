-- Usage and diagnostics (issue 15 §4): the failure-code Pareto reads upgrade failures by code, model and from-to
-- version from this rollup, never from raw events. One row per UTC hour and group; kept incrementally from
-- device_events (kind upgrade_failed) by the rollup job with its own watermark (stats_watermarks 'failures'),
-- whose to_version is the version of the task's package.
CREATE TABLE IF NOT EXISTS "stats_failures_hourly" (
  "bucket" timestamp with time zone NOT NULL,
  "brand_id" integer NOT NULL,
  "brand_path" text NOT NULL,
  "customer_id" integer DEFAULT 0 NOT NULL,
  "customer_path" text DEFAULT '' NOT NULL,
  "product_type" text NOT NULL,
  "model" text NOT NULL,
  "from_version" text NOT NULL,
  "to_version" text NOT NULL,
  "code" text NOT NULL,
  "area_id" integer DEFAULT 0 NOT NULL,
  "failures" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "stats_failures_hourly_uq" ON "stats_failures_hourly" USING btree
  ("bucket", "brand_id", "customer_id", "product_type", "model", "from_version", "to_version", "code", "area_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stats_failures_hourly_brand_idx" ON "stats_failures_hourly" USING btree ("brand_path" text_pattern_ops, "bucket");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stats_failures_hourly_customer_idx" ON "stats_failures_hourly" USING btree ("customer_path" text_pattern_ops, "bucket") WHERE "customer_path" <> '';
