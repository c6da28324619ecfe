-- The housekeeping job (maintenance.purge-codes, every ten minutes) clears the signing keys still
-- stored for sessions that ended or went idle since migration 0045 (keys are derived, never stored,
-- since then). Only those few rows are indexed, so the job never scans the whole session tables.
CREATE INDEX IF NOT EXISTS "sessions_stored_sign_key_idx" ON "sessions" ("last_active_at") WHERE "sign_key" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "end_user_sessions_stored_sign_key_idx" ON "end_user_sessions" ("last_active_at") WHERE "sign_key" IS NOT NULL;
