-- Content site (issue 14 §5): manuals and videos over 20 MB go through a resumable upload. A
-- session holds what is expected (use, name, size, SHA-256) and how many bytes have arrived in
-- order; its chunks live in the file store until the complete joins them into a `files` row.
-- Sessions expire 24 h after they start; the content purge removes them with their chunks.
CREATE TABLE IF NOT EXISTS "content_upload_sessions" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "company_id" integer NOT NULL,
  "company_path" text NOT NULL,
  "user_id" integer NOT NULL,
  "use" text NOT NULL,
  "name" text NOT NULL,
  "size" bigint NOT NULL,
  "sha256" text NOT NULL,
  "chunk_bytes" integer NOT NULL,
  "received_bytes" bigint DEFAULT 0 NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "content_upload_sessions_received_check" CHECK ("received_bytes" >= 0 AND "received_bytes" <= "size")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "content_upload_sessions_company_idx" ON "content_upload_sessions" ("company_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "content_upload_sessions_expires_idx" ON "content_upload_sessions" ("expires_at");
