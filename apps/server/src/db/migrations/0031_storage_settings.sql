-- A seller's order settings (issue 12 §3-§4): the payment window of its unpaid orders (minutes, 30
-- until saved) and the last days of a running plan shown as near expiry (7 until saved). No row:
-- the defaults.
CREATE TABLE "storage_settings" (
	"company_id" integer PRIMARY KEY NOT NULL REFERENCES "companies"("id"),
	"pay_minutes" integer NOT NULL,
	"near_expiry_days" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_settings_pay_minutes_check" CHECK ("pay_minutes" BETWEEN 5 AND 120),
	CONSTRAINT "storage_settings_near_expiry_days_check" CHECK ("near_expiry_days" BETWEEN 1 AND 30)
);
--> statement-breakpoint
-- The payment window an order was created with: its checkout link is signed over its end and works
-- until then (existing orders had the fixed 30 minutes).
ALTER TABLE "storage_orders" ADD COLUMN "pay_minutes" integer DEFAULT 30 NOT NULL;
--> statement-breakpoint
-- Near expiry is derived per seller now: the order list's window index carries the seller's id so
-- a derived-state filter stays an index-only scan.
DROP INDEX IF EXISTS "storage_orders_window_idx";
--> statement-breakpoint
CREATE INDEX "storage_orders_window_idx" ON "storage_orders" USING btree ("created_at" DESC, "id" DESC) INCLUDE ("company_path", "company_id", "state", "period", "platform", "provider");
