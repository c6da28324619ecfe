-- Storage plan sales and active end users in the rollups (issue 15 §2), and the monitoring links (§7).
-- sales_events: one row each time an order becomes paid (written by the trigger below, whatever
-- path paid it: the app's checkout, a webhook, a free plan, an internal purchase), with the
-- device's dimensions then, so a rollup groups it like a device event. Append-only.
CREATE TABLE IF NOT EXISTS "sales_events" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "order_id" bigint NOT NULL,
  "at" timestamp with time zone NOT NULL,
  "amount" bigint NOT NULL,
  "currency" text NOT NULL,
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
CREATE INDEX IF NOT EXISTS "sales_events_txid_idx" ON "sales_events" USING btree ("txid");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sales_events_at_idx" ON "sales_events" USING btree ("at");
--> statement-breakpoint
-- Statement-level, with the transition tables: a bulk insert (the large seed's million orders) costs
-- one INSERT ... SELECT, not one per row.
CREATE OR REPLACE FUNCTION storage_orders_sales_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_events (order_id, at, amount, currency, brand_id, brand_path, customer_id, customer_path,
                            product_type, model, version, country, area_id)
  SELECT n.id, coalesce(n.paid_at, now()), n.amount, n.currency, d.company_id, d.company_path,
         coalesce(d.customer_id, 0), d.customer_path, d.product_type, d.model, d.firmware_version, d.country,
         coalesce(d.area_id, 0)
    FROM new_orders n JOIN devices d ON d.id = n.device_id
   WHERE n.state = 'paid';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION storage_orders_sales_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_events (order_id, at, amount, currency, brand_id, brand_path, customer_id, customer_path,
                            product_type, model, version, country, area_id)
  SELECT n.id, coalesce(n.paid_at, now()), n.amount, n.currency, d.company_id, d.company_path,
         coalesce(d.customer_id, 0), d.customer_path, d.product_type, d.model, d.firmware_version, d.country,
         coalesce(d.area_id, 0)
    FROM new_orders n JOIN old_orders o ON o.id = n.id JOIN devices d ON d.id = n.device_id
   WHERE n.state = 'paid' AND o.state <> 'paid';
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS storage_orders_sales_insert ON "storage_orders";
--> statement-breakpoint
CREATE TRIGGER storage_orders_sales_insert AFTER INSERT ON "storage_orders" REFERENCING NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION storage_orders_sales_inserted();
--> statement-breakpoint
DROP TRIGGER IF EXISTS storage_orders_sales_update ON "storage_orders";
--> statement-breakpoint
CREATE TRIGGER storage_orders_sales_update AFTER UPDATE ON "storage_orders" REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION storage_orders_sales_updated();
--> statement-breakpoint
-- The end-user log's rows carry their transaction, so the rollup finds the ones it has not counted.
ALTER TABLE "end_user_logs" ADD COLUMN IF NOT EXISTS "txid" xid8 DEFAULT pg_current_xact_id() NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "end_user_logs_txid_idx" ON "end_user_logs" USING btree ("txid");
--> statement-breakpoint
-- Daily app figures per reporting time zone: end users active that day (distinct, by brand and
-- area; their device dimensions are empty), and paid orders with their amount per currency (by
-- the device's dimensions). Recomputed whole for every day a new row falls in.
CREATE TABLE IF NOT EXISTS "stats_daily_app" (
  "time_zone" text NOT NULL,
  "day" date NOT NULL,
  "brand_id" integer NOT NULL,
  "brand_path" text NOT NULL,
  "customer_id" integer DEFAULT 0 NOT NULL,
  "customer_path" text DEFAULT '' NOT NULL,
  "product_type" text NOT NULL,
  "model" text NOT NULL,
  "version" text NOT NULL,
  "country" text NOT NULL,
  "area_id" integer DEFAULT 0 NOT NULL,
  "currency" text NOT NULL,
  "active_end_users" integer DEFAULT 0 NOT NULL,
  "orders_paid" integer DEFAULT 0 NOT NULL,
  "sales_amount" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "stats_daily_app_uq" ON "stats_daily_app" USING btree ("time_zone", "day", "brand_id", "customer_id", "product_type", "model", "version", "country", "area_id", "currency");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stats_daily_app_brand_idx" ON "stats_daily_app" USING btree ("time_zone", "brand_path" text_pattern_ops, "day");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stats_daily_app_customer_idx" ON "stats_daily_app" USING btree ("time_zone", "customer_path" text_pattern_ops, "day") WHERE "customer_path" <> '';
--> statement-breakpoint
-- The supplier's external monitoring URL per area (SPEC §2 monitoring link); an area without a row
-- opens the built-in monitoring page.
CREATE TABLE IF NOT EXISTS "monitoring_links" (
  "area_id" integer PRIMARY KEY NOT NULL REFERENCES "areas"("id") ON DELETE CASCADE,
  "url" text NOT NULL,
  "updated_by" integer,
  "updated_at" timestamp with time zone NOT NULL
);
