-- Cloud storage orders (issue 12, order half): orders with a goods snapshot and a paid plan's
-- service period (tstzrange; no two paid plans of a device overlap: EXCLUDE through btree_gist),
-- payment attempts, refunds, the providers' webhook inbox and idempotency keys.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
CREATE TABLE "storage_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"transaction_id" text,
	"provider" text,
	"amount" bigint NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"platform" text NOT NULL,
	"device_id" bigint NOT NULL REFERENCES "devices"("id"),
	"device_sn" text NOT NULL,
	"end_user_id" bigint REFERENCES "end_users"("id"),
	"end_user_email" text,
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"company_path" text NOT NULL,
	"buyer_company_id" integer REFERENCES "companies"("id"),
	"goods_id" integer NOT NULL REFERENCES "storage_goods"("id"),
	"goods_snapshot" jsonb NOT NULL,
	"service_days" integer NOT NULL,
	"cost_price" bigint NOT NULL,
	"state" text DEFAULT 'unpaid' NOT NULL,
	"period" tstzrange,
	"pay_deadline" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_orders_state_check" CHECK ("state" IN ('unpaid', 'cancelled', 'paid', 'refunded', 'not_effective')),
	CONSTRAINT "storage_orders_platform_check" CHECK ("platform" IN ('android', 'ios', 'web', 'internal')),
	CONSTRAINT "storage_orders_provider_check" CHECK ("provider" IS NULL OR "provider" IN ('sandbox', 'stripe', 'paypal', 'card')),
	CONSTRAINT "storage_orders_amount_check" CHECK ("amount" >= 0 AND "cost_price" >= 0),
	CONSTRAINT "storage_orders_refund_check" CHECK ("refunded_amount" >= 0 AND "refunded_amount" <= "amount"),
	CONSTRAINT "storage_orders_days_check" CHECK ("service_days" > 0),
	CONSTRAINT "storage_orders_period_check" CHECK ("period" IS NULL OR ("state" IN ('paid', 'refunded') AND NOT isempty("period") AND NOT lower_inf("period") AND NOT upper_inf("period"))),
	CONSTRAINT "storage_orders_buyer_check" CHECK (("platform" = 'internal') = ("buyer_company_id" IS NOT NULL)),
	CONSTRAINT "storage_orders_period_excl" EXCLUDE USING gist ("device_id" WITH =, "period" WITH &&) WHERE ("state" = 'paid')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "storage_orders_no_uq" ON "storage_orders" USING btree ("order_no");
--> statement-breakpoint
CREATE INDEX "storage_orders_path_idx" ON "storage_orders" USING btree ("company_path" text_pattern_ops, "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "storage_orders_created_idx" ON "storage_orders" USING btree ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "storage_orders_device_idx" ON "storage_orders" USING btree ("device_id", "state");
--> statement-breakpoint
CREATE INDEX "storage_orders_end_user_idx" ON "storage_orders" USING btree ("end_user_id", "id" DESC) WHERE "end_user_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "storage_orders_tx_idx" ON "storage_orders" USING btree ("transaction_id") WHERE "transaction_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "storage_orders_unpaid_idx" ON "storage_orders" USING btree ("pay_deadline") WHERE "state" = 'unpaid';
--> statement-breakpoint
-- A free plan once per device and seller.
CREATE UNIQUE INDEX "storage_orders_free_once_uq" ON "storage_orders" USING btree ("device_id", "company_id") WHERE "amount" = 0 AND "platform" <> 'internal' AND "state" IN ('unpaid', 'paid');
--> statement-breakpoint
CREATE TABLE "storage_order_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL REFERENCES "storage_orders"("id"),
	"provider" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"transaction_id" text,
	"reason" text,
	"card_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_order_attempts_status_check" CHECK ("status" IN ('pending', 'action_required', 'succeeded', 'declined', 'refunded'))
);
--> statement-breakpoint
CREATE INDEX "storage_order_attempts_order_idx" ON "storage_order_attempts" USING btree ("order_id", "id");
--> statement-breakpoint
CREATE INDEX "storage_order_attempts_tx_idx" ON "storage_order_attempts" USING btree ("transaction_id") WHERE "transaction_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "storage_order_attempts_open_idx" ON "storage_order_attempts" USING btree ("created_at") WHERE "status" IN ('pending', 'action_required');
--> statement-breakpoint
CREATE TABLE "storage_order_refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL REFERENCES "storage_orders"("id"),
	"amount" bigint NOT NULL,
	"full" boolean NOT NULL,
	"provider_refund_id" text,
	"reason" text DEFAULT '' NOT NULL,
	"by_user_id" integer,
	"by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_order_refunds_amount_check" CHECK ("amount" >= 0)
);
--> statement-breakpoint
CREATE INDEX "storage_order_refunds_order_idx" ON "storage_order_refunds" USING btree ("order_id", "id");
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"account" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"transaction_id" text NOT NULL,
	"order_id" bigint REFERENCES "storage_orders"("id"),
	"outcome" text DEFAULT 'received' NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_uq" ON "payment_events" USING btree ("provider", "account", "event_id");
--> statement-breakpoint
CREATE INDEX "payment_events_order_idx" ON "payment_events" USING btree ("order_id", "id") WHERE "order_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"result_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_pk" PRIMARY KEY ("scope", "key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");
