/**
 * PayPal (@paypal/paypal-server-sdk@2): an order is created for the buyer to approve (the payment is
 * `action_required` with the approval page) and captured once approved, both with the idempotency
 * key as PayPal-Request-Id; refunds of the order's capture likewise. The transaction ID is always
 * PayPal's order ID. Webhooks are checked by PayPal's verify-webhook-signature call against the
 * account's webhook ID, and refused when their transmission time is more than 5 minutes old. The
 * connection test asks for an OAuth token with the client ID and secret. The SDK fixes its hosts per
 * environment (the payee's mode); its own retries are off, and a timeout, network fault or 5xx is
 * `unknown`.
 */
import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  OrdersController,
  PaymentsController,
  type Order,
} from '@paypal/paypal-server-sdk';
import {
  decimalAmount,
  type PayResult,
  type PaymentEventKind,
  type PaymentProviderAdapter,
  type ProviderAccount,
  type RefundResult,
} from './provider';
import { baseUrl, type PaymentSettings } from './settings';

export const PAYPAL_WEBHOOK_TOLERANCE_MS = 5 * 60_000;
export const PAYPAL_SECRET_PATTERN = /^[A-Za-z0-9_-]{20,128}$/;

function client(s: PaymentSettings, account: ProviderAccount): Client {
  return new Client({
    clientCredentialsAuthCredentials: { oAuthClientId: account.accountId, oAuthClientSecret: account.secret },
    environment: account.mode === 'live' ? Environment.Production : Environment.Sandbox,
    timeout: s.timeoutMs,
    httpClientOptions: { timeout: s.timeoutMs, retryConfig: { maxNumberOfRetries: 0 } },
  });
}

function issue(e: ApiError): string {
  const r = e.result as { details?: { issue?: string }[]; name?: string; error?: string } | undefined;
  return r?.details?.[0]?.issue ?? r?.name ?? r?.error ?? `http ${e.statusCode}`;
}

/** A refusal carries PayPal's issue; a fault of the line or of PayPal is unknown. */
function classify(e: unknown): { unknown: boolean; reason: string } {
  if (e instanceof ApiError) {
    if (e.statusCode >= 500) return { unknown: true, reason: `paypal unavailable (${e.statusCode})` };
    return { unknown: false, reason: issue(e) };
  }
  return {
    unknown: true,
    reason: e instanceof Error && /timeout|abort/i.test(`${e.name} ${e.message}`) ? 'paypal timeout' : 'paypal unreachable',
  };
}

const captureOf = (o: Order) => o.purchaseUnits?.[0]?.payments?.captures?.[0];

const EVENT_KINDS: Record<string, PaymentEventKind> = {
  'PAYMENT.CAPTURE.COMPLETED': 'payment_succeeded',
  'PAYMENT.CAPTURE.DENIED': 'payment_failed',
  'PAYMENT.CAPTURE.DECLINED': 'payment_failed',
  'PAYMENT.CAPTURE.REFUNDED': 'refund_succeeded',
  'CHECKOUT.ORDER.APPROVED': 'other',
};

export function paypalProvider(s: PaymentSettings): PaymentProviderAdapter {
  return {
    name: 'paypal',
    secretLooksValid: (secret) => PAYPAL_SECRET_PATTERN.test(secret),
    async pay(account, req): Promise<PayResult> {
      const orders = new OrdersController(client(s, account));
      try {
        if (req.paymentMethod) {
          const { result } = await orders.captureOrder({
            id: req.paymentMethod,
            paypalRequestId: req.idempotencyKey,
            prefer: 'return=representation',
          });
          const capture = captureOf(result);
          if (result.status === 'COMPLETED' && capture?.status === 'COMPLETED')
            return { outcome: 'succeeded', transactionId: result.id ?? req.paymentMethod };
          if (capture?.status === 'DECLINED' || capture?.status === 'FAILED')
            return { outcome: 'declined', reason: capture.status.toLowerCase() };
          return {
            outcome: 'unknown',
            reason: capture?.status ?? result.status ?? 'pending',
            transactionId: result.id ?? req.paymentMethod,
          };
        }
        const { result } = await orders.createOrder({
          paypalRequestId: req.idempotencyKey,
          prefer: 'return=representation',
          body: {
            intent: CheckoutPaymentIntent.Capture,
            purchaseUnits: [
              {
                amount: { currencyCode: req.currency.toUpperCase(), value: decimalAmount(req.amount) },
                ...(req.reference ? { referenceId: req.reference, customId: req.reference } : {}),
              },
            ],
            ...(req.returnUrl
              ? { paymentSource: { paypal: { experienceContext: { returnUrl: req.returnUrl, cancelUrl: req.returnUrl } } } }
              : {}),
          },
        });
        const approve = result.links?.find((l) => l.rel === 'approve' || l.rel === 'payer-action')?.href;
        return {
          outcome: 'action_required',
          transactionId: result.id!,
          ...(approve ? { action: { type: 'redirect' as const, url: approve } } : {}),
        };
      } catch (e) {
        const c = classify(e);
        if (!c.unknown) return { outcome: 'declined', reason: c.reason };
        // A capture's order is known: reconciliation asks PayPal for it.
        return { outcome: 'unknown', reason: c.reason, ...(req.paymentMethod ? { transactionId: req.paymentMethod } : {}) };
      }
    },
    async refund(account, transactionId, amount, idempotencyKey, currency = 'USD'): Promise<RefundResult> {
      const c = client(s, account);
      try {
        const { result: order } = await new OrdersController(c).getOrder({ id: transactionId });
        const capture = captureOf(order);
        if (!capture?.id) return { outcome: 'failed', reason: 'not captured' };
        const { result } = await new PaymentsController(c).refundCapturedPayment({
          captureId: capture.id,
          paypalRequestId: idempotencyKey,
          prefer: 'return=representation',
          body: { amount: { currencyCode: currency.toUpperCase(), value: decimalAmount(amount) } },
        });
        if (result.status === 'COMPLETED') return { outcome: 'succeeded', refundId: result.id! };
        if (result.status === 'FAILED' || result.status === 'CANCELLED') return { outcome: 'failed', reason: result.status.toLowerCase() };
        return { outcome: 'pending', refundId: result.id! };
      } catch (e) {
        const k = classify(e);
        return k.unknown ? { outcome: 'unknown', reason: k.reason } : { outcome: 'failed', reason: k.reason };
      }
    },
    async checkWebhook(account, headers, rawBody) {
      const h = (n: string) => headers[n] ?? '';
      const time = Date.parse(h('paypal-transmission-time'));
      if (!account.webhookSecret || !h('paypal-transmission-sig') || !Number.isFinite(time)) return { event: null };
      if (Math.abs(Date.now() - time) > PAYPAL_WEBHOOK_TOLERANCE_MS) return { event: null };
      let event: { id?: unknown; event_type?: unknown; resource?: Record<string, unknown> };
      try {
        event = JSON.parse(rawBody) as typeof event;
      } catch {
        return { event: null };
      }
      if (typeof event.id !== 'string' || typeof event.event_type !== 'string') return { event: null };
      try {
        const token = await client(s, account).clientCredentialsAuthManager.fetchToken();
        const res = await fetch(`${baseUrl(s, 'paypal', account.mode)}/v1/notifications/verify-webhook-signature`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token.accessToken}` },
          // PayPal checks the event as it sent it: the raw body goes in as-is.
          body: `{"auth_algo":${JSON.stringify(h('paypal-auth-algo'))},"cert_url":${JSON.stringify(h('paypal-cert-url'))},"transmission_id":${JSON.stringify(h('paypal-transmission-id'))},"transmission_sig":${JSON.stringify(h('paypal-transmission-sig'))},"transmission_time":${JSON.stringify(h('paypal-transmission-time'))},"webhook_id":${JSON.stringify(account.webhookSecret)},"webhook_event":${rawBody}}`,
          signal: AbortSignal.timeout(s.timeoutMs),
        });
        if (!res.ok) return { event: null };
        const v = (await res.json()) as { verification_status?: string };
        if (v.verification_status !== 'SUCCESS') return { event: null };
      } catch {
        return { event: null };
      }
      const r = event.resource ?? {};
      const related = (r.supplementary_data as { related_ids?: { order_id?: string } } | undefined)?.related_ids?.order_id;
      const transactionId = related ?? (typeof r.id === 'string' ? r.id : null);
      if (!transactionId) return { event: null };
      return { event: { id: event.id, type: event.event_type, transactionId, kind: EVENT_KINDS[event.event_type] ?? 'other' } };
    },
    async retrieve(account, transactionId) {
      try {
        const { result: order } = await new OrdersController(client(s, account)).getOrder({ id: transactionId });
        if (order.status === 'COMPLETED') return 'succeeded';
        return order.status === 'VOIDED' ? 'failed' : 'pending';
      } catch {
        return 'pending'; // no answer now: the next sweep, or the webhook, settles it
      }
    },
    /**
     * Only an order's creation can go unanswered without its ID (a capture names its order): the
     * buyer never saw that order to approve it, so nothing can have been taken.
     */
    async lookup() {
      return { state: 'not_found' as const };
    },
    async testConnection(account) {
      if (!PAYPAL_SECRET_PATTERN.test(account.secret)) return { ok: false, reason: 'malformed secret' };
      try {
        await client(s, account).clientCredentialsAuthManager.fetchToken();
        return { ok: true };
      } catch (e) {
        const c = classify(e);
        return { ok: false, reason: c.unknown ? c.reason : `client ID or secret refused (${c.reason})` };
      }
    },
  };
}
