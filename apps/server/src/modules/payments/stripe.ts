/**
 * Stripe (stripe@23): PaymentIntents created (and confirmed when the PaymentMethod is known) with
 * the order's idempotency key (also kept in the intent's metadata, with the order number, so a
 * payment whose answer was lost is found again by Stripe's search), refunds with their own key, webhooks checked by
 * `stripe.webhooks.constructEvent` (signature and a 5-minute timestamp tolerance: a replayed old
 * delivery is refused), and the connection tested by retrieving the balance with the secret key.
 * The API base URL comes from config per mode; no retries inside the SDK (the caller's idempotency
 * key and reconciliation own that), and a timeout, network fault or 5xx is answered `unknown`.
 */
import Stripe from 'stripe';
import type {
  ConnectionTest,
  PayResult,
  PaymentEventKind,
  PaymentLookup,
  PaymentProviderAdapter,
  ProviderAccount,
  RefundResult,
} from './provider';
import { baseUrl, type PaymentSettings } from './settings';

/** Stripe's default tolerance: deliveries signed more than 5 minutes ago are refused. */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;
export const STRIPE_KEY_PATTERN = /^(sk|rk)_(test|live)_[A-Za-z0-9]{10,247}$/;

function client(s: PaymentSettings, account: ProviderAccount): Stripe {
  const u = new URL(baseUrl(s, 'stripe', account.mode) ?? 'https://api.stripe.com');
  return new Stripe(account.secret, {
    host: u.hostname,
    port: u.port || (u.protocol === 'http:' ? 80 : 443),
    protocol: u.protocol === 'http:' ? 'http' : 'https',
    timeout: s.timeoutMs,
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

/** A Stripe error answered: a refusal carries its code; a fault of the line or of Stripe is unknown. */
function classify(e: unknown): { unknown: true; reason: string } | { unknown: false; reason: string } {
  if (e instanceof Stripe.errors.StripeError) {
    const status = e.statusCode ?? 0;
    if (e instanceof Stripe.errors.StripeConnectionError || status === 0 || status >= 500 || e.type === 'StripeAPIError')
      return { unknown: true, reason: `stripe unavailable (${status || e.type})` };
    return { unknown: false, reason: (e as { decline_code?: string }).decline_code || e.code || e.type };
  }
  return { unknown: true, reason: e instanceof Error ? e.name : 'stripe unreachable' };
}

function intentResult(pi: Stripe.PaymentIntent): PayResult {
  switch (pi.status) {
    case 'succeeded':
      return { outcome: 'succeeded', transactionId: pi.id };
    case 'requires_action':
    case 'requires_confirmation':
    case 'requires_payment_method':
      if (pi.status === 'requires_payment_method' && pi.last_payment_error)
        return { outcome: 'declined', reason: pi.last_payment_error.decline_code || pi.last_payment_error.code || 'declined' };
      return {
        outcome: 'action_required',
        transactionId: pi.id,
        action:
          pi.next_action?.type === 'redirect_to_url' && pi.next_action.redirect_to_url?.url
            ? { type: 'redirect', url: pi.next_action.redirect_to_url.url }
            : pi.client_secret
              ? { type: 'client_secret', value: pi.client_secret }
              : undefined,
      };
    case 'canceled':
      return { outcome: 'declined', reason: pi.cancellation_reason ?? 'canceled' };
    default:
      // processing, requires_capture: the webhook tells the end.
      return { outcome: 'unknown', reason: pi.status, transactionId: pi.id };
  }
}

const EVENT_KINDS: Record<string, PaymentEventKind> = {
  'payment_intent.succeeded': 'payment_succeeded',
  'payment_intent.payment_failed': 'payment_failed',
  'payment_intent.canceled': 'payment_failed',
  'charge.refunded': 'refund_succeeded',
  'refund.updated': 'other',
  'refund.failed': 'refund_failed',
};

function eventTransaction(event: Stripe.Event): string | null {
  const o = event.data.object as { object?: string; id?: string; payment_intent?: string | { id: string } | null };
  if (o.object === 'payment_intent') return o.id ?? null;
  const pi = o.payment_intent;
  if (typeof pi === 'string') return pi;
  return pi?.id ?? o.id ?? null;
}

export function stripeProvider(s: PaymentSettings): PaymentProviderAdapter {
  return {
    name: 'stripe',
    secretLooksValid: (secret) => STRIPE_KEY_PATTERN.test(secret),
    async pay(account, req): Promise<PayResult> {
      try {
        const pi = await client(s, account).paymentIntents.create(
          {
            amount: req.amount,
            currency: req.currency.toLowerCase(),
            automatic_payment_methods:
              req.returnUrl || !req.paymentMethod ? { enabled: true } : { enabled: true, allow_redirects: 'never' },
            ...(req.paymentMethod ? { payment_method: req.paymentMethod, confirm: true } : {}),
            ...(req.paymentMethod && req.returnUrl ? { return_url: req.returnUrl } : {}),
            metadata: { ...(req.reference ? { orderNo: req.reference } : {}), payKey: req.idempotencyKey },
            ...(req.reference ? { description: req.reference } : {}),
          },
          { idempotencyKey: req.idempotencyKey },
        );
        return intentResult(pi);
      } catch (e) {
        const c = classify(e);
        return c.unknown ? { outcome: 'unknown', reason: c.reason } : { outcome: 'declined', reason: c.reason };
      }
    },
    async refund(account, transactionId, amount, idempotencyKey): Promise<RefundResult> {
      try {
        const r = await client(s, account).refunds.create({ payment_intent: transactionId, amount }, { idempotencyKey });
        if (r.status === 'succeeded') return { outcome: 'succeeded', refundId: r.id };
        if (r.status === 'failed' || r.status === 'canceled') return { outcome: 'failed', reason: r.failure_reason ?? r.status };
        return { outcome: 'pending', refundId: r.id };
      } catch (e) {
        const c = classify(e);
        return c.unknown ? { outcome: 'unknown', reason: c.reason } : { outcome: 'failed', reason: c.reason };
      }
    },
    async checkWebhook(account, headers, rawBody) {
      const signature = headers['stripe-signature'];
      if (!signature || !account.webhookSecret) return { event: null };
      try {
        const event = client(s, account).webhooks.constructEvent(
          rawBody,
          signature,
          account.webhookSecret,
          STRIPE_WEBHOOK_TOLERANCE_SECONDS,
        );
        const transactionId = eventTransaction(event);
        if (!transactionId) return { event: null };
        const orderNo = (event.data.object as { metadata?: Record<string, string> | null }).metadata?.orderNo;
        return {
          event: {
            id: event.id,
            type: event.type,
            transactionId,
            kind: EVENT_KINDS[event.type] ?? 'other',
            ...(orderNo ? { reference: orderNo } : {}),
          },
        };
      } catch {
        return { event: null };
      }
    },
    async retrieve(account, transactionId) {
      try {
        const pi = await client(s, account).paymentIntents.retrieve(transactionId);
        if (pi.status === 'succeeded') return 'succeeded';
        return pi.status === 'canceled' || pi.status === 'requires_payment_method' ? 'failed' : 'pending';
      } catch {
        return 'pending'; // no answer now: the next sweep, or the webhook, settles it
      }
    },
    async lookup(account, ref): Promise<PaymentLookup> {
      // Search by the key the intent was created with (metadata); its order number narrows it.
      const quote = (v: string) => `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
      try {
        const found = await client(s, account).paymentIntents.search({
          query: `metadata['payKey']:${quote(ref.idempotencyKey)} AND metadata['orderNo']:${quote(ref.reference)}`,
          limit: 1,
        });
        const pi = found.data[0];
        if (!pi) return { state: 'not_found' };
        if (pi.status === 'succeeded') return { state: 'succeeded', transactionId: pi.id };
        const failed = pi.status === 'canceled' || (pi.status === 'requires_payment_method' && !!pi.last_payment_error);
        return { state: failed ? 'failed' : 'pending', transactionId: pi.id };
      } catch {
        return { state: 'unknown' }; // no answer now: the next sweep asks again
      }
    },
    async testConnection(account): Promise<ConnectionTest> {
      if (!STRIPE_KEY_PATTERN.test(account.secret)) return { ok: false, reason: 'malformed key' };
      const keyMode = account.secret.split('_')[1] === 'live' ? 'live' : 'test';
      if (keyMode !== account.mode) return { ok: false, reason: `a ${keyMode} key on a ${account.mode} account` };
      try {
        await client(s, account).balance.retrieve();
        return { ok: true };
      } catch (e) {
        const c = classify(e);
        return { ok: false, reason: c.unknown ? c.reason : `key refused (${c.reason})` };
      }
    },
  };
}
