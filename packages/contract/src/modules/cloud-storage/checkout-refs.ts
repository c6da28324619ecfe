/**
 * The hosted checkout page's calls by their refs (no zod: the page is drawn without antd and loads
 * no schemas, like the sign-in pages), and the sandbox's test cards the page offers. The full
 * definitions (checkout.ts) spread these, so a path lives once.
 */
import type { CallRef } from '../../shared/refs';

export const checkoutRefs = {
  get: { path: 'checkout/order/get', auth: 'public' },
  pay: { path: 'checkout/order/pay', auth: 'public' },
} as const satisfies Record<string, CallRef>;

/** Where the checkout page of an order is, below the portal's origin: `/checkout/<orderNo>/<sign>`. */
export const CHECKOUT_PATH_PREFIX = '/checkout';

/**
 * The sandbox provider's test cards. `success`, `decline` and `actionRequired` decide the payment;
 * the `webhook*` cards pay like `success` or `actionRequired` and make the sandbox's webhook go
 * wrong on demand: dropped (never sent: reconciliation settles it), delayed (sent after
 * SANDBOX_WEBHOOK_DELAY_SECONDS) or duplicated (sent twice: the second changes nothing).
 * `providerTimeout` is taken but its answer is lost (as a provider timeout): the payment stays
 * pending until reconciliation looks it up at the sandbox and finds it paid.
 */
export const SANDBOX_TEST_CARDS = {
  success: '4242424242424242',
  decline: '4000000000000002',
  actionRequired: '4000002760003184',
  webhookDropped: '4000000000000259',
  webhookDelayed: '4000000000000341',
  webhookDuplicated: '4000000000000077',
  providerTimeout: '4000000000000119',
} as const;
export type SandboxTestCard = keyof typeof SANDBOX_TEST_CARDS;

/** How the sandbox's webhooks are sent (the SANDBOX_WEBHOOKS setting, or a test card). */
export const SANDBOX_WEBHOOK_MODES = ['normal', 'drop', 'delay', 'duplicate'] as const;
export type SandboxWebhookMode = (typeof SANDBOX_WEBHOOK_MODES)[number];
/** A delayed sandbox webhook is sent this long after the payment. */
export const SANDBOX_WEBHOOK_DELAY_SECONDS = 120;
