/** State machines of the cloud storage goods, orders and payee setup (SPEC §4); the machinery is shared/states.ts. */
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
 * Meaning chosen for each state:
 * - unpaid: created, waiting for payment; cancelled: given up before payment (user or timeout);
 * - unused: paid, not yet applied to a device;
 * - to_be_used: applied to a device that still runs another plan; starts when that one ends;
 * - in_use / near_expiry / expired: the running plan, its last days (a reminder state) and its end;
 * - not_effective: paid but can no longer take effect (device unbound or deleted before the start);
 * - refunded: money returned; only before the service started or when it cannot take effect.
 * An internal purchase is created paid, i.e. directly in `unused`.
 */
export const storageOrderMachine = defineMachine({
  name: 'storageOrder',
  states: ['unpaid', 'to_be_used', 'in_use', 'near_expiry', 'expired', 'cancelled', 'unused', 'refunded', 'not_effective'],
  actions: {
    pay: { from: ['unpaid'], to: 'unused' },
    cancel: { from: ['unpaid'], to: 'cancelled' },
    activate: { from: ['unused'], to: 'in_use' },
    queue: { from: ['unused'], to: 'to_be_used' },
    start: { from: ['to_be_used'], to: 'in_use' },
    nearExpire: { from: ['in_use'], to: 'near_expiry' },
    expire: { from: ['in_use', 'near_expiry'], to: 'expired' },
    invalidate: { from: ['unused', 'to_be_used'], to: 'not_effective' },
    refund: { from: ['unused', 'to_be_used', 'not_effective'], to: 'refunded' },
  },
});

export const storageOrderStateSchema = storageOrderMachine.stateSchema;
export const storageOrderActionSchema = storageOrderMachine.actionSchema;
export type StorageOrderState = StateOf<typeof storageOrderMachine>;
export type StorageOrderAction = ActionOf<typeof storageOrderMachine>;

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
