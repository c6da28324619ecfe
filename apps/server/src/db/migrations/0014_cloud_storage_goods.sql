-- Cloud storage goods (issue 12, first half): the supplier's plans, goods built on them by sellers,
-- their price history, and each seller's payee accounts (secrets AES-256-GCM encrypted).
CREATE TABLE "storage_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"storage_value" integer NOT NULL,
	"storage_unit" text NOT NULL,
	"service_days" integer NOT NULL,
	"cost_price" bigint NOT NULL,
	"guide_price" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_plans_unit_check" CHECK ("storage_unit" IN ('day', 'month', 'year')),
	CONSTRAINT "storage_plans_value_check" CHECK ("storage_value" >= 1),
	CONSTRAINT "storage_plans_days_check" CHECK ("service_days" IN (30, 90, 180, 365, 730)),
	CONSTRAINT "storage_plans_price_check" CHECK ("guide_price" >= "cost_price" AND "cost_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "storage_goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"company_path" text NOT NULL,
	"goods_code" text NOT NULL,
	"name" text NOT NULL,
	"plan_id" integer NOT NULL REFERENCES "storage_plans"("id"),
	"cost_price" bigint NOT NULL,
	"guide_price" bigint NOT NULL,
	"android_price" bigint NOT NULL,
	"ios_price" bigint NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"stock" integer,
	"sale_until" timestamp with time zone,
	"area_id" integer NOT NULL REFERENCES "areas"("id"),
	"cover_file_id" integer NOT NULL,
	"contents" jsonb NOT NULL,
	"status" text DEFAULT 'pending_listing' NOT NULL,
	"status_reason" text,
	"approved_snapshot" jsonb,
	"is_free" boolean GENERATED ALWAYS AS ("android_price" = 0 AND "ios_price" = 0) STORED,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_goods_android_check" CHECK ("android_price" >= "guide_price"),
	CONSTRAINT "storage_goods_ios_check" CHECK ("ios_price" >= "guide_price"),
	CONSTRAINT "storage_goods_guide_check" CHECK ("guide_price" >= "cost_price" AND "cost_price" >= 0),
	CONSTRAINT "storage_goods_stock_check" CHECK ("stock" IS NULL OR "stock" >= 0),
	CONSTRAINT "storage_goods_status_check" CHECK ("status" IN ('pending_listing', 'pending_review', 'listed', 'removed', 'review_failed', 'supplier_delisted', 'sold_out'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "storage_goods_code_uq" ON "storage_goods" USING btree ("company_id", "goods_code");
--> statement-breakpoint
CREATE INDEX "storage_goods_path_idx" ON "storage_goods" USING btree ("company_path" text_pattern_ops, "id");
--> statement-breakpoint
CREATE INDEX "storage_goods_status_idx" ON "storage_goods" USING btree ("status", "id");
--> statement-breakpoint
-- One free product per seller per area on sale (listed or sold out).
CREATE UNIQUE INDEX "storage_goods_one_free_uq" ON "storage_goods" USING btree ("company_id", "area_id") WHERE "is_free" AND "status" IN ('listed', 'sold_out');
--> statement-breakpoint
CREATE TABLE "storage_goods_prices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"goods_id" integer NOT NULL REFERENCES "storage_goods"("id") ON DELETE CASCADE,
	"android_price" bigint NOT NULL,
	"ios_price" bigint NOT NULL,
	"changed_by" integer,
	"changed_by_name" text DEFAULT '' NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "storage_goods_prices_goods_idx" ON "storage_goods_prices" USING btree ("goods_id", "id");
--> statement-breakpoint
CREATE TABLE "payee_accounts" (
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"company_path" text NOT NULL,
	"provider" text NOT NULL,
	"mode" text NOT NULL,
	"account_id" text NOT NULL,
	"secret_enc" text NOT NULL,
	"secret_last4" text NOT NULL,
	"verified_at" timestamp with time zone,
	"default_for" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payee_accounts_pk" PRIMARY KEY ("company_id", "provider"),
	CONSTRAINT "payee_accounts_provider_check" CHECK ("provider" IN ('sandbox', 'stripe', 'paypal', 'card')),
	CONSTRAINT "payee_accounts_mode_check" CHECK ("mode" IN ('test', 'live'))
);
