/**
 * The card provider, Adyen (@adyen/api-library@32): checkout payments and refunds with the
 * idempotency key as Adyen's Idempotency-Key, notifications checked item by item with the HMAC key
 * (`hmacValidator`), and the connection tested by asking for the merchant account's payment methods
 * with the API key. The checkout base URL comes from config per mode (the live one carries the
 * merchant's prefix and must be configured). A timeout, network fault or 5xx is `unknown`.
 */
import * as adyenModule from '@adyen/api-library';
import type { CheckoutAPI, Types } from '@adyen/api-library';

// The library is CommonJS whose names Node's ESM loader cannot see: under ESM they are on `default`.
const adyen = ((adyenModule as { default?: typeof adyenModule }).default ?? adyenModule) as typeof adyenModule;
const { CheckoutAPI: Checkout, Client, EnvironmentEnum, HttpClientException, hmacValidator } = adyen;
import type { ConnectionTest, PayResult, PaymentEventKind, PaymentProviderAdapter, ProviderAccount, RefundResult } from './provider';
import { baseUrl, type PaymentSettings } from './settings';

export const ADYEN_KEY_PATTERN = /^[A-Za-z0-9_\-+/=.]{20,512}$/;

type CheckoutPaymentMethod = Types.checkout.PaymentRequest['paymentMethod'];

function checkout(s: PaymentSettings, account: ProviderAccount): Pick<CheckoutAPI, 'PaymentsApi' | 'ModificationsApi'> | null {
  const url = baseUrl(s, 'card', account.mode);
  if (!url) return null;
  const client = new Client({
    apiKey: account.secret,
    environment: account.mode === 'live' ? EnvironmentEnum.LIVE : EnvironmentEnum.TEST,
    // The live host is the configured URL itself; the prefix only satisfies the library's check.
    liveEndpointUrlPrefix: 'configured',
    connectionTimeoutMillis: s.timeoutMs,
  });
  // CheckoutAPI makes a new service on each access: take each once and point it at the configured URL.
  const api = new Checkout(client);
  const services = { PaymentsApi: api.PaymentsApi, ModificationsApi: api.ModificationsApi };
  for (const service of Object.values(services)) (service as unknown as { baseUrl: string }).baseUrl = url;
  return services;
}

/** A refusal carries Adyen's error code; a fault of the line or of Adyen is unknown. */
function classify(e: unknown): { unknown: boolean; reason: string } {
  if (e instanceof HttpClientException) {
    const status = e.statusCode ?? 0;
    if (!status || status >= 500) return { unknown: true, reason: `adyen unavailable (${status || 'network'})` };
    const code = e.errorCode ?? '';
    return { unknown: false, reason: code ? `${status} ${code}` : `http ${status}` };
  }
  // ApiException: a refused key (401) before the call, or a network fault or timeout (500).
  const status = (e as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status > 0 && status < 500) return { unknown: false, reason: `http ${status}` };
  return { unknown: true, reason: 'adyen unreachable' };
}

const unconfigured = { unknown: true, reason: 'ADYEN_API_URL_LIVE is not configured' };

const EVENT_KINDS: Record<string, [PaymentEventKind, PaymentEventKind]> = {
  AUTHORISATION: ['payment_succeeded', 'payment_failed'],
  REFUND: ['refund_succeeded', 'refund_failed'],
  REFUND_FAILED: ['refund_failed', 'refund_failed'],
};

export function adyenProvider(s: PaymentSettings): PaymentProviderAdapter {
  return {
    name: 'card',
    secretLooksValid: (secret) => ADYEN_KEY_PATTERN.test(secret),
    async pay(account, req): Promise<PayResult> {
      let paymentMethod: CheckoutPaymentMethod;
      try {
        paymentMethod = JSON.parse(req.paymentMethod ?? '') as CheckoutPaymentMethod;
      } catch {
        return { outcome: 'declined', reason: 'payment method missing' };
      }
      if (!req.returnUrl) return { outcome: 'declined', reason: 'return URL missing' };
      const api = checkout(s, account);
      if (!api) return { outcome: 'unknown', reason: unconfigured.reason };
      try {
        const r = await api.PaymentsApi.payments(
          {
            amount: { currency: req.currency.toUpperCase(), value: req.amount },
            merchantAccount: account.accountId,
            reference: req.reference ?? req.idempotencyKey,
            paymentMethod,
            returnUrl: req.returnUrl,
          },
          { idempotencyKey: req.idempotencyKey },
        );
        const code = r.resultCode as string | undefined;
        if (code === 'Authorised' && r.pspReference) return { outcome: 'succeeded', transactionId: r.pspReference };
        if (code === 'Refused' || code === 'Error' || code === 'Cancelled')
          return { outcome: 'declined', reason: r.refusalReason ?? code.toLowerCase() };
        if (
          r.action &&
          (code === 'RedirectShopper' || code === 'IdentifyShopper' || code === 'ChallengeShopper' || code === 'PresentToShopper')
        )
          return {
            outcome: 'action_required',
            transactionId: r.pspReference ?? req.idempotencyKey,
            action: { type: 'adyen', action: r.action },
          };
        return { outcome: 'unknown', reason: code ?? 'no result', ...(r.pspReference ? { transactionId: r.pspReference } : {}) };
      } catch (e) {
        const c = classify(e);
        return c.unknown ? { outcome: 'unknown', reason: c.reason } : { outcome: 'declined', reason: c.reason };
      }
    },
    async refund(account, transactionId, amount, idempotencyKey, currency = 'USD'): Promise<RefundResult> {
      const api = checkout(s, account);
      if (!api) return { outcome: 'unknown', reason: unconfigured.reason };
      try {
        const r = await api.ModificationsApi.refundCapturedPayment(
          transactionId,
          { amount: { currency: currency.toUpperCase(), value: amount }, merchantAccount: account.accountId, reference: idempotencyKey },
          { idempotencyKey },
        );
        // Adyen takes the request ("received"); the REFUND notification tells the end.
        return { outcome: 'pending', refundId: r.pspReference };
      } catch (e) {
        const c = classify(e);
        return c.unknown ? { outcome: 'unknown', reason: c.reason } : { outcome: 'failed', reason: c.reason };
      }
    },
    async checkWebhook(account, _headers, rawBody) {
      if (!account.webhookSecret) return { event: null };
      let items: Types.notification.NotificationRequestItem[];
      try {
        const body = JSON.parse(rawBody) as {
          live?: string;
          notificationItems?: { NotificationRequestItem?: Types.notification.NotificationRequestItem }[];
        };
        if (String(body.live) !== String(account.mode === 'live')) return { event: null };
        items = (body.notificationItems ?? []).map((x) => x.NotificationRequestItem!).filter(Boolean);
      } catch {
        return { event: null };
      }
      // One item per notification (Adyen's default); every item must carry a valid HMAC.
      if (items.length !== 1) return { event: null };
      const item = items[0]!;
      try {
        if (!new hmacValidator().validateHMAC(item, account.webhookSecret)) return { event: null };
      } catch {
        return { event: null };
      }
      if (item.merchantAccountCode !== account.accountId) return { event: null };
      const success = String(item.success) === 'true';
      const transactionId = item.originalReference || item.pspReference;
      const kinds = EVENT_KINDS[item.eventCode];
      return {
        event: {
          id: `${item.pspReference}:${item.eventCode}:${success}`,
          type: item.eventCode,
          transactionId,
          ...(item.merchantReference ? { reference: item.merchantReference } : {}),
          kind: kinds ? kinds[success ? 0 : 1] : 'other',
        },
      };
    },
    /**
     * Adyen's checkout API has no look-up of a payment by its reference: its notifications (retried
     * by Adyen until acknowledged) settle a payment, so reconciliation keeps waiting for them.
     */
    async retrieve() {
      return 'pending' as const;
    },
    /** No look-up by reference either: the AUTHORISATION notification names the order (merchant reference) and settles it. */
    async lookup() {
      return { state: 'unknown' as const };
    },
    async testConnection(account): Promise<ConnectionTest> {
      if (!ADYEN_KEY_PATTERN.test(account.secret)) return { ok: false, reason: 'malformed API key' };
      const api = checkout(s, account);
      if (!api) return { ok: false, reason: unconfigured.reason };
      try {
        await api.PaymentsApi.paymentMethods({ merchantAccount: account.accountId });
        return { ok: true };
      } catch (e) {
        const c = classify(e);
        return { ok: false, reason: c.unknown ? c.reason : `API key or merchant account refused (${c.reason})` };
      }
    },
  };
}
