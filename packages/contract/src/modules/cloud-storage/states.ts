/** State machines of the cloud storage goods, orders and payee setup (SPEC §4); the machinery is shared/states.ts. */
import { z } from 'zod';
import { defineMachine, type ActionOf, type StateOf } from '../../shared/states';

// ---------------------------------------------------------------------------------------------
// Cloud storage goods
// ---------------------------------------------------------------------------------------------

/**
 * A partner creates goods (pending_listing, "to be launched") and submits them for the supplier's
 * review; approval lists them. Choices:
 * - a rejected or supplier-delisted good goes back to review after the partner fixes it
 *   (submitReview from review_failed / supplier_delisted); it can never be listed without review;
 * - a good the partner delisted itself (removed) may be listed again directly (list) because its
 *   reviewed content is unchanged; editing it first sends it back to pending_listing (revise);
 * - sold_out is entered and left by the stock count (sellOut / restock);
 * - the supplier can delist a listed or sold-out good (supplierDelist).
 */
export const goodsMachine = defineMachine({
  name: 'goods',
  states: ['pending_listing', 'pending_review', 'listed', 'removed', 'review_failed', 'supplier_delisted', 'sold_out'],
  actions: {
    submitReview: { from: ['pending_listing', 'review_failed', 'supplier_delisted'], to: 'pending_review' },
    withdrawReview: { from: ['pending_review'], to: 'pending_listing' },
    approve: { from: ['pending_review'], to: 'listed' },
    reject: { from: ['pending_review'], to: 'review_failed' },
    delist: { from: ['listed', 'sold_out'], to: 'removed' },
    list: { from: ['removed'], to: 'listed' },
    revise: { from: ['removed'], to: 'pending_listing' },
    supplierDelist: { from: ['listed', 'sold_out'], to: 'supplier_delisted' },
    sellOut: { from: ['listed'], to: 'sold_out' },
    restock: { from: ['sold_out'], to: 'listed' },
  },
});

export const goodsStateSchema = goodsMachine.stateSchema;
export const goodsActionSchema = goodsMachine.actionSchema;
export type GoodsState = StateOf<typeof goodsMachine>;
export type GoodsAction = ActionOf<typeof goodsMachine>;

// ---------------------------------------------------------------------------------------------
// Cloud storage orders
// ---------------------------------------------------------------------------------------------

/**
 * Stored order states (the `state` column). Only real events move an order:
 * - unpaid: created (one unit of stock taken), waiting for payment;
 * - pay: the provider confirmed the payment (the app's confirm or the webhook, whichever first);
 * - cancel: the end user gave up, or the unpaid timeout passed (the stock unit goes back);
 * - revive: a payment confirmed after the cancellation (the order is paid after all when it can
 *   still queue on the device; otherwise the payment is refunded and the order stays cancelled);
 * - refund: money returned (full before the start, prorated while in use) or a not effective
 *   plan refunded; invalidate: the device was unbound before the plan started.
 * Activation is not a move: it gives a paid, unused plan its period (see the derived states).
 */
export const storageOrderMachine = defineMachine({
  name: 'storageOrder',
  states: ['unpaid', 'cancelled', 'paid', 'refunded', 'not_effective'],
  actions: {
    pay: { from: ['unpaid'], to: 'paid' },
    cancel: { from: ['unpaid'], to: 'cancelled' },
    revive: { from: ['cancelled'], to: 'paid' },
    refund: { from: ['paid', 'not_effective'], to: 'refunded' },
    invalidate: { from: ['paid'], to: 'not_effective' },
  },
});

export const storageOrderStateSchema = storageOrderMachine.stateSchema;
export const storageOrderActionSchema = storageOrderMachine.actionSchema;
export type StorageOrderState = StateOf<typeof storageOrderMachine>;
export type StorageOrderAction = ActionOf<typeof storageOrderMachine>;

/**
 * What a paid order is now, derived from its service period and the time (no cron; the server
 * computes it in SQL, the same rules as `storageOrderPhase`):
 * - unused: paid, no period yet (activated later by the end user);
 * - to_be_used: queued after the device's running plan; in_use: running;
 * - near_expiry: running, in its last days (the seller's setting, STORAGE_NEAR_EXPIRY_DAYS by default); expired: over.
 */
export const STORAGE_ORDER_PHASES = ['unused', 'to_be_used', 'in_use', 'near_expiry', 'expired'] as const;
export type StorageOrderPhase = (typeof STORAGE_ORDER_PHASES)[number];

/** Every state an order is shown in (and filtered by): the stored ones, `paid` split into its phases. */
export const STORAGE_ORDER_VIEW_STATES = ['unpaid', 'cancelled', ...STORAGE_ORDER_PHASES, 'refunded', 'not_effective'] as const;
export const storageOrderViewStateSchema = z.enum(STORAGE_ORDER_VIEW_STATES);
export type StorageOrderViewState = (typeof STORAGE_ORDER_VIEW_STATES)[number];

/** Days before the end of a running plan when it is shown as near expiry, unless its seller's settings say otherwise (storage/setting). */
export const STORAGE_NEAR_EXPIRY_DAYS = 7;

/** The view state of an order (period bounds in epoch ms, `[start, end)`), as the server's SQL derives it. */
export function storageOrderViewState(
  state: StorageOrderState,
  period: { start: number; end: number } | null,
  now: number,
  nearExpiryDays: number = STORAGE_NEAR_EXPIRY_DAYS,
): StorageOrderViewState {
  if (state !== 'paid') return state;
  if (!period) return 'unused';
  if (period.start > now) return 'to_be_used';
  if (period.end <= now) return 'expired';
  if (period.end <= now + nearExpiryDays * 86_400_000) return 'near_expiry';
  return 'in_use';
}

// ---------------------------------------------------------------------------------------------
// Payee setup
// ---------------------------------------------------------------------------------------------

/** Per payment provider: configure (also used to change an existing configuration) and remove. */
export const payeeSetupMachine = defineMachine({
  name: 'payeeSetup',
  states: ['not_configured', 'configured'],
  actions: {
    configure: { from: ['not_configured', 'configured'], to: 'configured' },
    remove: { from: ['configured'], to: 'not_configured' },
  },
});

export const payeeSetupStateSchema = payeeSetupMachine.stateSchema;
export const payeeSetupActionSchema = payeeSetupMachine.actionSchema;
export type PayeeSetupState = StateOf<typeof payeeSetupMachine>;
export type PayeeSetupAction = ActionOf<typeof payeeSetupMachine>;
