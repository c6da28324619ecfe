/**
 * The built-in sandbox provider: in process, no network. Keys look like `sbx_` + 16-64 letters or
 * digits; a key ending in `fail` (or a live-mode account, which a sandbox cannot have) fails the
 * connection test. Test cards (contract SANDBOX_TEST_CARDS): 4242... succeeds, 4000 0000 0000 0002 is
 * declined, 4000 0027 6000 3184 asks for an action; three more make the webhook go wrong on demand
 * (dropped, delayed, duplicated), as does the SANDBOX_WEBHOOKS setting for every payment; and
 * 4000 0000 0000 0119 is taken but answered as a timeout (no transaction, no webhook): the look-up
 * by its idempotency key finds it paid. Webhooks are signed with HMAC-SHA256 of the raw body under
 * the account secret.
 */
import { SANDBOX_KEY_PATTERN, SANDBOX_TEST_CARDS, SANDBOX_WEBHOOK_DELAY_SECONDS, type SandboxWebhookMode } from '@portal/contract';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentEventKind, PaymentProviderAdapter } from './provider';

export const SANDBOX_CARDS = SANDBOX_TEST_CARDS;

/** How the sandbox's webhook of a payment is sent: how many times (0: dropped) and after how many seconds. */
export interface SandboxWebhookPlan {
  sends: number;
  delaySeconds: number;
}

/**
 * The webhook of a sandbox payment made with `card`: a `webhook*` test card decides, else the
 * SANDBOX_WEBHOOKS setting; an action required is confirmed by its holder 10 s later.
 */
export function sandboxWebhookPlan(card: string | undefined, setting: SandboxWebhookMode, actionRequired: boolean): SandboxWebhookPlan {
  const c = (card ?? '').replace(/\s+/g, '');
  const mode: SandboxWebhookMode =
    c === SANDBOX_TEST_CARDS.webhookDropped
      ? 'drop'
      : c === SANDBOX_TEST_CARDS.webhookDelayed
        ? 'delay'
        : c === SANDBOX_TEST_CARDS.webhookDuplicated
          ? 'duplicate'
          : setting;
  const base = actionRequired ? 10 : 0;
  if (mode === 'drop') return { sends: 0, delaySeconds: 0 };
  if (mode === 'delay') return { sends: 1, delaySeconds: base + SANDBOX_WEBHOOK_DELAY_SECONDS };
  return { sends: mode === 'duplicate' ? 2 : 1, delaySeconds: base };
}

const txId = (key: string) => `sbx_tx_${createHmac('sha256', 'sandbox').update(key).digest('hex').slice(0, 24)}`;

export const sandboxSignature = (secret: string, rawBody: string) => createHmac('sha256', secret).update(rawBody).digest('hex');

/** What the sandbox's event types mean for an order (PaymentEventKind). */
const SANDBOX_EVENT_KINDS: Record<string, PaymentEventKind> = {
  'payment.succeeded': 'payment_succeeded',
  'payment.failed': 'payment_failed',
};

export const sandboxProvider: PaymentProviderAdapter = {
  name: 'sandbox',
  secretLooksValid: (secret) => SANDBOX_KEY_PATTERN.test(secret),
  async pay(_account, req) {
    const card = (req.card ?? SANDBOX_CARDS.success).replace(/\s+/g, '');
    if (card === SANDBOX_CARDS.decline) return { outcome: 'declined', reason: 'card_declined' };
    // Taken, but the answer is lost on the way back: the caller knows no transaction.
    if (card === SANDBOX_CARDS.providerTimeout) return { outcome: 'unknown', reason: 'sandbox timeout' };
    if (card === SANDBOX_CARDS.actionRequired || card === SANDBOX_CARDS.webhookDropped || card === SANDBOX_CARDS.webhookDelayed)
      return { outcome: 'action_required', transactionId: txId(req.idempotencyKey) };
    return { outcome: 'succeeded', transactionId: txId(req.idempotencyKey) };
  },
  async refund(_account, transactionId, amount, idempotencyKey) {
    return {
      outcome: 'succeeded',
      refundId: `sbx_re_${createHmac('sha256', 'sandbox').update(`${transactionId}:${amount}:${idempotencyKey}`).digest('hex').slice(0, 24)}`,
    };
  },
  async checkWebhook(account, headers, rawBody) {
    const given = headers['x-sandbox-signature'] ?? '';
    const want = sandboxSignature(account.secret, rawBody);
    if (given.length !== want.length || !timingSafeEqual(Buffer.from(given), Buffer.from(want))) return { event: null };
    try {
      const e = JSON.parse(rawBody) as { id?: unknown; type?: unknown; transactionId?: unknown };
      if (typeof e.id !== 'string' || typeof e.type !== 'string' || typeof e.transactionId !== 'string') return { event: null };
      const kind = SANDBOX_EVENT_KINDS[e.type] ?? 'other';
      return { event: { id: e.id, type: e.type, transactionId: e.transactionId, kind } };
    } catch {
      return { event: null };
    }
  },
  // An action-required payment is taken to be confirmed by its holder once asked about.
  async retrieve(_account, transactionId) {
    return transactionId.startsWith('sbx_tx_') ? 'succeeded' : 'failed';
  },
  // Every sandbox payment the caller did not hear back from was taken (the timeout card): found by its key.
  async lookup(_account, ref) {
    return { state: 'succeeded', transactionId: txId(ref.idempotencyKey) };
  },
  async testConnection(account) {
    if (!SANDBOX_KEY_PATTERN.test(account.secret)) return { ok: false, reason: 'malformed key' };
    if (account.secret.toLowerCase().endsWith('fail')) return { ok: false, reason: 'key refused' };
    if (account.mode !== 'test') return { ok: false, reason: 'a sandbox account is always in test mode' };
    return { ok: true };
  },
};
