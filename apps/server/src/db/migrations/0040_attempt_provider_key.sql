-- A payment attempt the provider never answered (a timeout, a network fault) has no transaction
-- id yet: it keeps the key it was sent with, so reconciliation can look the payment up at the
-- provider (by that key and the order number) and settle it.
ALTER TABLE "storage_order_attempts" ADD COLUMN IF NOT EXISTS "provider_key" text;
