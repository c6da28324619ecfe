/**
 * Payments (shared by the modules that take money): the provider interface and its adapters, the
 * sandbox (in process), Stripe, PayPal and the card provider (Adyen). A provider turned off by
 * config (PAYMENT_PROVIDERS_DISABLED) has no adapter.
 */
import type { PaymentProvider } from '@portal/contract';
import { adyenProvider } from './adyen';
import { paypalProvider } from './paypal';
import type { PaymentProviderAdapter } from './provider';
import { sandboxProvider } from './sandbox';
import { DEFAULT_PAYMENT_SETTINGS, type PaymentSettings } from './settings';
import { stripeProvider } from './stripe';

export type {
  ConnectionTest,
  PayAction,
  PaymentEventKind,
  PaymentLookup,
  PaymentProviderAdapter,
  PayRequest,
  PayResult,
  ProviderAccount,
  RefundResult,
  WebhookCheck,
  WebhookEvent,
} from './provider';
export { SANDBOX_CARDS, sandboxSignature, sandboxWebhookPlan, type SandboxWebhookPlan } from './sandbox';
export { DEFAULT_PAYMENT_SETTINGS, paymentSettings, type PaymentSettings } from './settings';
export { STRIPE_WEBHOOK_TOLERANCE_SECONDS } from './stripe';

const cache = new WeakMap<PaymentSettings, Record<PaymentProvider, PaymentProviderAdapter>>();

function adapters(s: PaymentSettings) {
  let a = cache.get(s);
  if (!a) {
    a = { sandbox: sandboxProvider, stripe: stripeProvider(s), paypal: paypalProvider(s), card: adyenProvider(s) };
    cache.set(s, a);
  }
  return a;
}

/** The adapter of a provider (its calls going where `settings` say), or null when config turns it off. */
export function paymentProvider(
  name: PaymentProvider,
  settings: PaymentSettings = DEFAULT_PAYMENT_SETTINGS,
): PaymentProviderAdapter | null {
  if (settings.disabled.includes(name)) return null;
  return adapters(settings)[name];
}
