-- The hosted checkout page (issue 12 §6): Stripe's publishable key of a payee account, which the
-- page's Stripe.js needs to draw the Payment Element. Publishable keys are not secret: kept plain.
ALTER TABLE payee_accounts ADD COLUMN public_key text;
