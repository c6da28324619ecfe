-- The feedback chat (issue 13 §8-§10): conversations with a brand's support desk, their messages by
-- per-conversation seq, the desk's members for round-robin, canned replies.
CREATE TABLE IF NOT EXISTS "feedback_conversations" (
  "id" serial PRIMARY KEY NOT NULL,
  "desk_company_id" integer NOT NULL,
  "desk_company_path" text NOT NULL,
  "requester_kind" text NOT NULL,
  "requester_id" integer NOT NULL,
  "requester_company_id" integer,
  "requester_origin" text DEFAULT '' NOT NULL,
  "requester_name" text DEFAULT '' NOT NULL,
  "requester_email" text DEFAULT '' NOT NULL,
  "requester_locale" text DEFAULT 'en-US' NOT NULL,
  "topic" text NOT NULL,
  "device_id" integer,
  "device_sn" text DEFAULT '' NOT NULL,
  "device_model" text DEFAULT '' NOT NULL,
  "state" text DEFAULT 'open' NOT NULL,
  "assignee_id" integer,
  "last_seq" integer DEFAULT 0 NOT NULL,
  "requester_read_seq" integer DEFAULT 0 NOT NULL,
  "desk_read_seq" integer DEFAULT 0 NOT NULL,
  "last_message_text" text DEFAULT '' NOT NULL,
  "last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
  "waiting_since" timestamp with time zone,
  "first_response_at" timestamp with time zone,
  "first_responder_id" integer,
  "resolved_at" timestamp with time zone,
  "resolved_by" integer,
  "csat_score" smallint,
  "csat_comment" text DEFAULT '' NOT NULL,
  "csat_at" timestamp with time zone,
  "reply_mailed_seq" integer DEFAULT 0 NOT NULL,
  "waiting_mailed_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "feedback_conversations_desk_idx" ON "feedback_conversations" USING btree ("desk_company_id", "state", "waiting_since");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "feedback_conversations_assignee_idx" ON "feedback_conversations" USING btree ("desk_company_id", "assignee_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "feedback_conversations_requester_idx" ON "feedback_conversations" USING btree ("requester_kind", "requester_id", "last_message_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "feedback_messages" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "conversation_id" integer NOT NULL REFERENCES "feedback_conversations"("id") ON DELETE cascade,
  "seq" integer NOT NULL,
  "side" text NOT NULL,
  "internal" boolean DEFAULT false NOT NULL,
  "sender_kind" text NOT NULL,
  "sender_id" integer NOT NULL,
  "sender_name" text DEFAULT '' NOT NULL,
  "text" text DEFAULT '' NOT NULL,
  "file_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
  "client_id" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "feedback_messages_seq_idx" ON "feedback_messages" USING btree ("conversation_id", "seq");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "feedback_messages_client_idx" ON "feedback_messages" USING btree ("conversation_id", "sender_kind", "sender_id", "client_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "feedback_desk_staff" (
  "user_id" integer PRIMARY KEY NOT NULL,
  "company_id" integer NOT NULL,
  "available" boolean DEFAULT true NOT NULL,
  "cap" integer DEFAULT 10 NOT NULL,
  "active" integer DEFAULT 0 NOT NULL,
  "last_assigned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "feedback_desk_staff_company_idx" ON "feedback_desk_staff" USING btree ("company_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "feedback_canned_replies" (
  "id" serial PRIMARY KEY NOT NULL,
  "company_id" integer NOT NULL,
  "language" text NOT NULL,
  "title" text NOT NULL,
  "text" text NOT NULL,
  "created_by" integer,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "feedback_canned_replies_company_idx" ON "feedback_canned_replies" USING btree ("company_id", "language");
--> statement-breakpoint
-- The desk's codes for the owners that exist already (supplier and partner owners; new ones get them from the roles).
UPDATE "users" SET "auth_res_list" = "auth_res_list" || ARRAY['dealer_feedback_qry', 'dealer_feedback_mgr']::text[]
 WHERE "user_auth_type" = 1 AND "user_type" IN ('supplier', 'partner') AND NOT ('dealer_feedback_mgr' = ANY("auth_res_list"));
