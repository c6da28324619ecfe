-- Signing keys are no longer kept in the database (secrets at rest): a session's key is derived from
-- its access token under a server secret (lib/secrets sessionSignKey: HMAC-SHA256 of
-- "session-sign-key:" + token under LINK_SECRET) when the token is issued, and again from the token
-- every signed call carries. Portal sessions and app end-user sessions alike.
--
-- Sessions live at the upgrade are NOT signed out: a row whose sign_key is still set is verified with
-- that stored key until it ends or renews (a renewal stores NULL; the new token's key is derived). A
-- token lives ACCESS_TOKEN_TTL_MS (30 minutes), so an active session's stored key goes at its next
-- renewal. Keys no call can use any more are cleared now: ended sessions, portal sessions idle longer
-- than IDLE_TIMEOUT_MS (2 hours: refused and not renewable) and end-user sessions idle longer than
-- END_USER_RENEW_IDLE_MS (30 days: expired and not renewable).
--
-- The previous signing key kept for a lost renewal answer (0044) is dropped: the previous token is in
-- the call, its key is derived from it. Only a session that lost the answer of its first renewal made
-- with a stored key (before or just after the upgrade) is told 7003 instead of 7004 and signs in again.
ALTER TABLE "sessions" ALTER COLUMN "sign_key" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "end_user_sessions" ALTER COLUMN "sign_key" DROP NOT NULL;
--> statement-breakpoint
UPDATE "sessions" SET "sign_key" = NULL
 WHERE "sign_key" IS NOT NULL AND ("ended_at" IS NOT NULL OR "last_active_at" < now() - interval '2 hours');
--> statement-breakpoint
UPDATE "end_user_sessions" SET "sign_key" = NULL
 WHERE "sign_key" IS NOT NULL AND ("ended_at" IS NOT NULL OR "last_active_at" < now() - interval '30 days');
--> statement-breakpoint
ALTER TABLE "sessions" DROP COLUMN IF EXISTS "prev_sign_key";
