-- The hosted checkout page (issue 12 §6): Stripe's publishable key of a payee account, which the
-- page's Stripe.js needs to draw the Payment Element. Publishable keys are not secret: kept plain.
ALTER TABLE payee_accounts ADD COLUMN public_key text;
--> statement-breakpoint
-- The order list's window (issue 12 Figures, order-list): its total is counted over a 1-31-day
-- window of creation times, filtered by subtree, derived state, platform and provider. With those
-- columns in the index, the count is an index-only scan instead of a heap read per order.
DROP INDEX IF EXISTS "storage_orders_created_idx";
--> statement-breakpoint
CREATE INDEX "storage_orders_window_idx" ON "storage_orders" USING btree ("created_at" DESC, "id" DESC) INCLUDE ("company_path", "state", "period", "platform", "provider");
