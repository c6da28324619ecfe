-- A renewal's previous credentials (token hash, renewal token hash, signing key as stored) and when
-- they were replaced: for RENEWAL_GRACE_MS, and only until the new token is first used, a client
-- that lost the renewal's answer (a reload mid-renewal) is told 7004 for its previous token and may
-- renew once more with its previous renewal token. Cleared on the new token's first use.
ALTER TABLE "sessions" ADD COLUMN IF NOT EXISTS "prev_token_hash" text;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN IF NOT EXISTS "prev_renew_token_hash" text;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN IF NOT EXISTS "prev_sign_key" text;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN IF NOT EXISTS "rotated_at" timestamp with time zone;
--> statement-breakpoint
-- Only the few sessions renewed and not used since are indexed.
CREATE INDEX IF NOT EXISTS "sessions_prev_token_idx" ON "sessions" ("prev_token_hash") WHERE "prev_token_hash" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sessions_prev_renew_idx" ON "sessions" ("prev_renew_token_hash") WHERE "prev_renew_token_hash" IS NOT NULL;
