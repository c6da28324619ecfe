-- The content site (issue 14): sites, items with shared fields, translations with their own state,
-- revisions, schedules, parameter groups and typed parameter definitions; site domains.
ALTER TABLE "company_domains" ADD COLUMN IF NOT EXISTS "kind" text DEFAULT 'portal' NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "content_sites" (
  "id" serial PRIMARY KEY NOT NULL,
  "company_id" integer NOT NULL UNIQUE,
  "company_path" text NOT NULL,
  "slug" text NOT NULL UNIQUE,
  "name" text NOT NULL,
  "locales" text[] DEFAULT '{en-US,zh-CN}'::text[] NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "content_items" (
  "id" serial PRIMARY KEY NOT NULL,
  "site_id" integer NOT NULL REFERENCES "content_sites"("id"),
  "company_path" text NOT NULL,
  "type" text NOT NULL,
  "shared" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "params" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "model" text,
  "category_id" integer,
  "version" integer DEFAULT 1 NOT NULL,
  "updated_by_name" text DEFAULT '' NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "content_items_site_type_idx" ON "content_items" ("site_id", "type", "id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "content_items_model_uq" ON "content_items" ("site_id", lower("model")) WHERE "type" = 'product';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "content_items_params_gin" ON "content_items" USING gin ("params" jsonb_path_ops);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "content_translations" (
  "item_id" integer NOT NULL REFERENCES "content_items"("id") ON DELETE CASCADE,
  "locale" text NOT NULL,
  "site_id" integer NOT NULL,
  "type" text NOT NULL,
  "state" text DEFAULT 'draft' NOT NULL,
  "title" text DEFAULT '' NOT NULL,
  "slug" text DEFAULT '' NOT NULL,
  "latest_revision_id" bigint,
  "released_revision_id" bigint,
  "released_slug" text,
  "released_title" text,
  "released_params" jsonb,
  "released_category_id" integer,
  "released_at" timestamp with time zone,
  "reason" text,
  PRIMARY KEY ("item_id", "locale")
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "content_translations_slug_uq" ON "content_translations" ("site_id", "type", "locale", "slug") WHERE "slug" <> '';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "content_translations_site_idx" ON "content_translations" ("site_id", "type", "locale", "state");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "content_translations_released_slug_idx" ON "content_translations" ("site_id", "type", "locale", "released_slug");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "content_translations_released_params_gin" ON "content_translations" USING gin ("released_params" jsonb_path_ops);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "content_revisions" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "item_id" integer NOT NULL REFERENCES "content_items"("id") ON DELETE CASCADE,
  "locale" text NOT NULL,
  "n" integer NOT NULL,
  "author_id" integer,
  "author_name" text NOT NULL,
  "data" jsonb NOT NULL,
  "diff" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "released" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "content_revisions_item_idx" ON "content_revisions" ("item_id", "locale", "id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "content_schedules" (
  "id" serial PRIMARY KEY NOT NULL,
  "item_id" integer NOT NULL REFERENCES "content_items"("id") ON DELETE CASCADE,
  "site_id" integer NOT NULL,
  "company_path" text NOT NULL,
  "locale" text NOT NULL,
  "action" text NOT NULL,
  "run_at" timestamp with time zone NOT NULL,
  "revision_id" bigint,
  "state" text DEFAULT 'pending' NOT NULL,
  "reason" text,
  "created_by_name" text DEFAULT '' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "content_schedules_due_idx" ON "content_schedules" ("run_at") WHERE "state" = 'pending';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "content_schedules_site_idx" ON "content_schedules" ("site_id", "state", "run_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "content_param_groups" (
  "id" serial PRIMARY KEY NOT NULL,
  "site_id" integer NOT NULL REFERENCES "content_sites"("id"),
  "company_path" text NOT NULL,
  "names" jsonb NOT NULL,
  "sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "content_params" (
  "id" serial PRIMARY KEY NOT NULL,
  "site_id" integer NOT NULL REFERENCES "content_sites"("id"),
  "company_path" text NOT NULL,
  "group_id" integer,
  "key" text NOT NULL,
  "names" jsonb NOT NULL,
  "type" text NOT NULL,
  "unit" text DEFAULT '' NOT NULL,
  "options" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "filterable" boolean DEFAULT false NOT NULL,
  "comparable" boolean DEFAULT true NOT NULL,
  "sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "content_params_key_uq" ON "content_params" ("site_id", "key");
