-- The portal's order list by derived state or platform (bench order-list): a sparse filter read the
-- whole 1-31-day window of storage_orders_window_idx to find its few rows. Each filter gets an index
-- that holds only its own rows, newest first, with the columns the list filters on (index-only):
-- - a stored state (unpaid, cancelled, refunded, not effective; paid for the phases' counts):
CREATE INDEX IF NOT EXISTS "storage_orders_state_idx" ON "storage_orders" USING btree ("state", "created_at" DESC, "id" DESC) INCLUDE ("company_path", "company_id", "period", "platform", "provider");
--> statement-breakpoint
-- - a platform without a state filter (internal purchases are a sliver of the orders):
CREATE INDEX IF NOT EXISTS "storage_orders_platform_idx" ON "storage_orders" USING btree ("platform", "created_at" DESC, "id" DESC) INCLUDE ("company_path", "company_id", "state", "period", "provider");
--> statement-breakpoint
-- - unused (paid, no period yet): its own small partial index;
CREATE INDEX IF NOT EXISTS "storage_orders_unused_idx" ON "storage_orders" USING btree ("created_at" DESC, "id" DESC) INCLUDE ("company_path", "company_id", "platform", "provider") WHERE "state" = 'paid' AND "period" IS NULL;
--> statement-breakpoint
-- - the phases of a paid plan (to be used, in use, near expiry, expired), which depend on now():
--   a GiST over the creation time and both period bounds (btree_gist). Each inner entry bounds its
--   rows' creation times and period starts and ends, so "created in the window and ending after
--   now" skips the old windows whose plans all ended, and "ended by now" the recent ones whose plans
--   all run; ordered by distance from the window's end (KNN), a page stops at its last row.
CREATE INDEX IF NOT EXISTS "storage_orders_phase_idx" ON "storage_orders" USING gist ("created_at", lower("period"), upper("period")) INCLUDE ("id", "company_path", "company_id", "period", "platform", "provider") WHERE "state" = 'paid' AND "period" IS NOT NULL;
