-- The message centre (issue 13): messages stored once, receipts written by the fan-out page by page.
CREATE TABLE IF NOT EXISTS "messages" (
  "id" serial PRIMARY KEY NOT NULL,
  "company_id" integer NOT NULL,
  "company_path" text NOT NULL,
  "created_by" integer,
  "created_by_name" text DEFAULT '' NOT NULL,
  "system" boolean DEFAULT false NOT NULL,
  "type" text NOT NULL,
  "contents" jsonb NOT NULL,
  "languages" text[] NOT NULL,
  "preferred_language" text NOT NULL,
  "link" text DEFAULT '' NOT NULL,
  "image_file_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
  "audience" jsonb NOT NULL,
  "sender_area_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
  "state" text DEFAULT 'to_be_released' NOT NULL,
  "release_at" timestamp with time zone,
  "released_at" timestamp with time zone,
  "withdrawn_at" timestamp with time zone,
  "fanout_generation" integer DEFAULT 0 NOT NULL,
  "fanout_cursor" integer DEFAULT 0 NOT NULL,
  "fanout_done" boolean DEFAULT false NOT NULL,
  "recipients" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "messages_company_path_idx" ON "messages" USING btree ("company_path" text_pattern_ops, "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "messages_fanout_idx" ON "messages" USING btree ("id") WHERE "state" = 'released' and not "fanout_done";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "messages_release_at_idx" ON "messages" USING btree ("release_at") WHERE "state" = 'to_be_released' and "release_at" is not null;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "message_receipts" (
  "message_id" integer NOT NULL REFERENCES "messages"("id") ON DELETE cascade,
  "recipient_kind" text NOT NULL,
  "recipient_id" integer NOT NULL,
  "language" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "delivered_at" timestamp with time zone,
  "read_at" timestamp with time zone,
  "hidden_at" timestamp with time zone,
  CONSTRAINT "message_receipts_message_id_recipient_kind_recipient_id_pk" PRIMARY KEY("message_id","recipient_kind","recipient_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "message_receipts_inbox_idx" ON "message_receipts" USING btree ("recipient_kind", "recipient_id", "message_id") WHERE "hidden_at" is null;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "message_receipts_unread_idx" ON "message_receipts" USING btree ("recipient_kind", "recipient_id", "message_id") WHERE "read_at" is null and "hidden_at" is null;
--> statement-breakpoint
-- The new messaging codes for the owners that exist already (supplier, partner and distributor owners; new ones get them from the roles).
UPDATE "users" SET "auth_res_list" = "auth_res_list" || ARRAY['dealer_message_qry', 'dealer_message_mgr']::text[]
 WHERE "user_auth_type" = 1 AND "user_type" IN ('supplier', 'partner', 'distributor') AND NOT ('dealer_message_mgr' = ANY("auth_res_list"));
