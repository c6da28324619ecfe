/**
 * The one payment provider interface (issue 12 §6): every provider a seller can collect with is an
 * adapter of it: the built-in sandbox (in process, works offline), Stripe (PaymentIntents), PayPal
 * (orders) and the card provider (Adyen checkout). An adapter never throws for what the provider
 * answers: a refusal is `declined`/`failed`, and a timeout, a network fault or a 5xx is `unknown`,
 * which the caller hands to reconciliation (the webhook or a later look settles it).
 */
import type { PaymentProvider } from '@portal/contract';

/** A seller's account with a provider, its secrets opened from the sealed payee record for the call. */
export interface ProviderAccount {
  mode: 'test' | 'live';
  /** Stripe: the account (acct_…); PayPal: the REST app's client ID; Adyen: the merchant account. */
  accountId: string;
  /** Stripe: the secret key; PayPal: the client secret; Adyen: the API key; sandbox: its key. */
  secret: string;
  /**
   * What checks the account's webhooks: Stripe's signing secret (whsec_…), PayPal's webhook ID,
   * Adyen's HMAC key. The sandbox signs with `secret` and ignores it.
   */
  webhookSecret?: string;
}

export interface PayRequest {
  /** Minor units. */
  amount: number;
  currency: string;
  /** The order's idempotency key: the same key never pays twice (sent to the provider as its idempotency key). */
  idempotencyKey: string;
  /** Sandbox test card (success, decline, action required). */
  card?: string;
  /**
   * What the buyer paid with, when known: Stripe a PaymentMethod ID (pm_…; absent: an intent the
   * Payment Element confirms); PayPal the order the buyer approved (absent: an order is created
   * for approval); Adyen the Drop-in's `paymentMethod` object as JSON (required).
   */
  paymentMethod?: string;
  /** The order number (shown at the provider, Adyen's merchant reference). */
  reference?: string;
  /** Where a redirect (3-D Secure, PayPal approval) comes back to. */
  returnUrl?: string;
}

/** What the buyer must still do: a client secret for Stripe.js, a page to send them to, Adyen's action. */
export type PayAction = { type: 'client_secret'; value: string } | { type: 'redirect'; url: string } | { type: 'adyen'; action: unknown };

export type PayResult =
  | { outcome: 'succeeded'; transactionId: string }
  | { outcome: 'declined'; reason: string }
  | { outcome: 'action_required'; transactionId: string; action?: PayAction }
  /** Timeout, network fault, provider 5xx or still processing: reconciliation settles it. */
  | { outcome: 'unknown'; reason: string; transactionId?: string };

export type RefundResult =
  { outcome: 'succeeded' | 'pending'; refundId: string } | { outcome: 'failed'; reason: string } | { outcome: 'unknown'; reason: string };

/** What an event means for the order, whatever the provider calls it. */
export type PaymentEventKind = 'payment_succeeded' | 'payment_failed' | 'refund_succeeded' | 'refund_failed' | 'other';

export interface WebhookEvent {
  id: string;
  type: string;
  transactionId: string;
  kind?: PaymentEventKind;
  /** The order number the payment was made with, when the event carries it (a payment whose answer was lost is found by it). */
  reference?: string;
}

export interface WebhookCheck {
  /** The event, when the signature holds (and is fresh); null for a forged, stale or foreign one. */
  event: WebhookEvent | null;
}

/** What the provider knows of a payment sent with a key and reference whose answer never came. */
export type PaymentLookup =
  | { state: 'succeeded' | 'failed' | 'pending'; transactionId: string }
  /** The provider has no such payment: it never arrived, so nothing was taken. */
  | { state: 'not_found' }
  /** No answer now (or the provider has no look-up): ask again later; the webhook may settle it first. */
  | { state: 'unknown' };

export type ConnectionTest = { ok: true } | { ok: false; reason: string };

export interface PaymentProviderAdapter {
  readonly name: PaymentProvider;
  /** Whether the secret key has the provider's form (checked when it is saved). */
  secretLooksValid(secret: string): boolean;
  pay(account: ProviderAccount, req: PayRequest): Promise<PayResult>;
  /** `amount` in minor units of `currency` (default USD); the key makes a retried refund one refund. */
  refund(account: ProviderAccount, transactionId: string, amount: number, idempotencyKey: string, currency?: string): Promise<RefundResult>;
  checkWebhook(account: ProviderAccount, headers: Record<string, string | undefined>, rawBody: string): Promise<WebhookCheck>;
  testConnection(account: ProviderAccount): Promise<ConnectionTest>;
  /** The provider's state of a transaction, for payments whose webhook never came (reconciliation). */
  retrieve(account: ProviderAccount, transactionId: string): Promise<'pending' | 'succeeded' | 'failed'>;
  /**
   * A payment whose answer never came (timeout, network fault), found by what it was sent with:
   * the order number (`reference`) and the idempotency key (reconciliation).
   */
  lookup(account: ProviderAccount, ref: { reference: string; idempotencyKey: string }): Promise<PaymentLookup>;
}

/** Decimal text of a minor-unit amount (PayPal's `value`): 1999 -> "19.99". */
export const decimalAmount = (minor: number) => `${Math.trunc(minor / 100)}.${String(Math.abs(minor % 100)).padStart(2, '0')}`;
