/**
 * Where the payment adapters send their calls: one API base URL per provider and payee mode (test or
 * live), taken from config so that tests and staging point them at local stand-ins; a timeout after
 * which a call's outcome is unknown (reconciliation settles it); providers turned off by config.
 */
import { PAYMENT_PROVIDERS, SANDBOX_WEBHOOK_MODES, type PaymentProvider, type SandboxWebhookMode } from '@portal/contract';

export type RemoteProvider = 'stripe' | 'paypal' | 'card';

export interface PaymentSettings {
  urls: Record<RemoteProvider, { test: string; live: string | null }>;
  /** Milliseconds before an outbound call is abandoned (its outcome then unknown). */
  timeoutMs: number;
  disabled: readonly PaymentProvider[];
  /** SANDBOX_WEBHOOKS: the sandbox's webhooks sent normally, dropped, delayed or duplicated (default normal). */
  sandboxWebhooks: SandboxWebhookMode;
}

const clean = (v: string | undefined) => {
  const t = v?.trim();
  return t && /^https?:\/\//.test(t) ? t.replace(/\/+$/, '') : undefined;
};

export function paymentSettings(env: NodeJS.ProcessEnv = {}): PaymentSettings {
  return {
    urls: {
      stripe: {
        test: clean(env.STRIPE_API_URL_TEST) ?? 'https://api.stripe.com',
        live: clean(env.STRIPE_API_URL_LIVE) ?? 'https://api.stripe.com',
      },
      // @paypal/paypal-server-sdk fixes its hosts per environment (Sandbox, Production): these are
      // they, and the adapter's own call (verify-webhook-signature) goes to the same host.
      paypal: { test: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' },
      // Adyen's live checkout host carries the merchant's own prefix: it must be configured. Its
      // library speaks https only.
      card: {
        test: clean(env.ADYEN_API_URL_TEST) ?? 'https://checkout-test.adyen.com/v72',
        live: clean(env.ADYEN_API_URL_LIVE) ?? null,
      },
    },
    timeoutMs: Math.max(100, Number(env.PAYMENT_TIMEOUT_MS ?? 10_000) || 10_000),
    disabled: (env.PAYMENT_PROVIDERS_DISABLED ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter((x): x is PaymentProvider => (PAYMENT_PROVIDERS as readonly string[]).includes(x) && x !== 'sandbox'),
    sandboxWebhooks: (SANDBOX_WEBHOOK_MODES as readonly string[]).includes(env.SANDBOX_WEBHOOKS?.trim() ?? '')
      ? (env.SANDBOX_WEBHOOKS!.trim() as SandboxWebhookMode)
      : 'normal',
  };
}

/**
 * The settings of callers that hold no config (the order flow, its jobs and webhooks): the same
 * environment the server's config reads, so a provider turned off or a configured base URL holds
 * for orders as for the payee screen.
 */
export const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = paymentSettings(process.env);

/** The base URL of a provider for an account's mode; null when the live one is not configured. */
export const baseUrl = (s: PaymentSettings, provider: RemoteProvider, mode: 'test' | 'live') => s.urls[provider][mode];
