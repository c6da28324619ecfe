-- The renewal grace of portal sessions (0044) for app end-user sessions: a renewal's previous token
-- and renewal token hashes and when they were replaced. For RENEWAL_GRACE_MS, and only until the new
-- token is first used, an app that lost the renewal's answer (killed mid-renewal, a dropped
-- connection) is told 7004 for its previous token and may renew once more with its previous renewal
-- token. The signing key of the previous token is derived from it (0045): nothing else is kept.
ALTER TABLE "end_user_sessions" ADD COLUMN IF NOT EXISTS "prev_token_hash" text;
--> statement-breakpoint
ALTER TABLE "end_user_sessions" ADD COLUMN IF NOT EXISTS "prev_renew_token_hash" text;
--> statement-breakpoint
ALTER TABLE "end_user_sessions" ADD COLUMN IF NOT EXISTS "rotated_at" timestamp with time zone;
--> statement-breakpoint
-- Only the few sessions renewed and not used since are indexed.
CREATE INDEX IF NOT EXISTS "end_user_sessions_prev_token_idx" ON "end_user_sessions" ("prev_token_hash") WHERE "prev_token_hash" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "end_user_sessions_prev_renew_idx" ON "end_user_sessions" ("prev_renew_token_hash") WHERE "prev_renew_token_hash" IS NOT NULL;
