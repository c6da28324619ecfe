-- Push for the message centre (issue 13 §5) and the app API's inbox: end users' push tokens and
-- their "mute promotions" preference, each brand app's push provider with its credentials (sealed
-- with lib/secrets), the queue of pushes to send (retried with backoff), the local provider's
-- outbox (what app-sim reads), and when a receipt was pushed (stats per language).
ALTER TABLE "end_users" ADD COLUMN "mute_promotions" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "message_receipts" ADD COLUMN "pushed_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "push_tokens" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "end_user_id" bigint NOT NULL REFERENCES "end_users"("id") ON DELETE cascade,
  "app_key_id" integer NOT NULL REFERENCES "app_keys"("id"),
  "platform" text NOT NULL CHECK ("platform" in ('android', 'ios')),
  "token" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "push_tokens_app_token_uq" ON "push_tokens" USING btree ("app_key_id", "token");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "push_tokens_end_user_idx" ON "push_tokens" USING btree ("end_user_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "app_push_settings" (
  "app_key_id" integer PRIMARY KEY NOT NULL REFERENCES "app_keys"("id"),
  "provider" text DEFAULT 'outbox' NOT NULL CHECK ("provider" in ('outbox', 'fcm', 'apns')),
  "credentials_enc" text,
  "credentials_mask" text DEFAULT '' NOT NULL,
  "updated_by" integer,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "push_queue" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "message_id" integer NOT NULL REFERENCES "messages"("id") ON DELETE cascade,
  "kind" text NOT NULL CHECK ("kind" in ('notify', 'remove')),
  "end_user_id" bigint NOT NULL,
  "token_id" bigint NOT NULL REFERENCES "push_tokens"("id") ON DELETE cascade,
  "attempts" integer DEFAULT 0 NOT NULL,
  "next_at" timestamp with time zone NOT NULL,
  "last_error" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "push_queue_message_kind_token_uq" ON "push_queue" USING btree ("message_id", "kind", "token_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "push_queue_due_idx" ON "push_queue" USING btree ("next_at", "id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "push_outbox" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "app_key_id" integer NOT NULL,
  "platform" text NOT NULL,
  "token" text NOT NULL,
  "kind" text NOT NULL,
  "message_id" integer,
  "title" text DEFAULT '' NOT NULL,
  "body" text DEFAULT '' NOT NULL,
  "data" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "push_outbox_token_idx" ON "push_outbox" USING btree ("app_key_id", "token", "id");
