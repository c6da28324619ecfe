-- Exports of the insight module's logs and statistics tables (issue 15 §5): each export requested is
-- one row, holding what its signed link streams (the filter, and what fixes its rows at signing: the
-- highest id and the time, or the figures computed then). A user has at most 2 exports running
-- (signed and not yet fetched within the link's life, or streaming): one of two slots, claimed by the
-- partial unique index, so two requests at once cannot both take the last one.
CREATE TABLE IF NOT EXISTS "insight_exports" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL,
  "session_id" bigint NOT NULL,
  "slot" integer NOT NULL CHECK ("slot" between 1 and 2),
  "kind" text NOT NULL,
  "format" text NOT NULL CHECK ("format" in ('xlsx', 'csv')),
  "locale" text NOT NULL,
  "spec" jsonb NOT NULL,
  "state" text NOT NULL CHECK ("state" in ('signed', 'streaming', 'done', 'failed', 'expired')),
  "row_count" integer NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "started_at" timestamp with time zone,
  "finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "insight_exports_running_uq" ON "insight_exports" ("user_id", "slot")
  WHERE "state" in ('signed', 'streaming');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "insight_exports_created_idx" ON "insight_exports" ("created_at");
