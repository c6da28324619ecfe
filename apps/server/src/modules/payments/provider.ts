/**
 * The one payment provider interface (issue 12 §6): every provider a seller can collect with is an
 * adapter of it. This version has the built-in sandbox (in process, works offline); Stripe, PayPal
 * and the card provider are known by name only (`available: false`) until their adapters exist.
 */
import type { PaymentProvider } from '@portal/contract';

/** A seller's account with a provider, its secret opened for the call. */
export interface ProviderAccount {
  mode: 'test' | 'live';
  accountId: string;
  secret: string;
}

export interface PayRequest {
  /** Minor units. */
  amount: number;
  currency: string;
  /** The order's idempotency key: the same key never pays twice. */
  idempotencyKey: string;
  /** Sandbox test card (success, decline, action required). */
  card?: string;
}

export type PayResult =
  | { outcome: 'succeeded'; transactionId: string }
  | { outcome: 'declined'; reason: string }
  | { outcome: 'action_required'; transactionId: string };

export interface RefundResult {
  refundId: string;
}

export interface WebhookCheck {
  /** The event, when the signature holds; null for a forged or foreign one. */
  event: { id: string; type: string; transactionId: string } | null;
}

export type ConnectionTest = { ok: true } | { ok: false; reason: string };

export interface PaymentProviderAdapter {
  readonly name: PaymentProvider;
  /** Whether the secret key has the provider's form (checked when it is saved). */
  secretLooksValid(secret: string): boolean;
  pay(account: ProviderAccount, req: PayRequest): Promise<PayResult>;
  refund(account: ProviderAccount, transactionId: string, amount: number, idempotencyKey: string): Promise<RefundResult>;
  checkWebhook(account: ProviderAccount, headers: Record<string, string | undefined>, rawBody: string): WebhookCheck;
  testConnection(account: ProviderAccount): Promise<ConnectionTest>;
  /** The provider's state of a transaction, for payments whose webhook never came (reconciliation). */
  retrieve(account: ProviderAccount, transactionId: string): Promise<'pending' | 'succeeded' | 'failed'>;
}
