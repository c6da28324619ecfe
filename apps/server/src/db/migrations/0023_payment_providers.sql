-- Payee accounts of the real providers (issue 12 §6-§7): what checks the account's webhooks
-- (Stripe's signing secret, PayPal's webhook ID, Adyen's HMAC key), sealed like the secret key and
-- shown as its last 4, and the Apple Pay domain association file of a Stripe account (served at
-- /.well-known/apple-developer-merchantid-domain-association on the seller's domains).
ALTER TABLE payee_accounts ADD COLUMN webhook_secret_enc text;
--> statement-breakpoint
ALTER TABLE payee_accounts ADD COLUMN webhook_secret_last4 text;
--> statement-breakpoint
ALTER TABLE payee_accounts ADD COLUMN apple_pay_association text;
