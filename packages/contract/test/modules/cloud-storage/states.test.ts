import { describe, expect, it } from 'vitest';
import { IllegalTransitionError } from '../../../src/shared/states';
import { goodsMachine, goodsStateSchema, storageOrderMachine, storageOrderViewState } from '../../../src/modules/cloud-storage';
import { describeMachine } from '../../support/machines';

describeMachine('goods', {
  states: ['pending_listing', 'pending_review', 'listed', 'removed', 'review_failed', 'supplier_delisted', 'sold_out'],
  transitions: [
    'pending_listing --submitReview--> pending_review',
    'review_failed --submitReview--> pending_review',
    'supplier_delisted --submitReview--> pending_review',
    'pending_review --withdrawReview--> pending_listing',
    'pending_review --approve--> listed',
    'pending_review --reject--> review_failed',
    'listed --delist--> removed',
    'sold_out --delist--> removed',
    'removed --list--> listed',
    'removed --revise--> pending_listing',
    'listed --supplierDelist--> supplier_delisted',
    'sold_out --supplierDelist--> supplier_delisted',
    'listed --sellOut--> sold_out',
    'sold_out --restock--> listed',
  ],
});

describeMachine('storageOrder', {
  states: ['unpaid', 'cancelled', 'paid', 'refunded', 'not_effective'],
  transitions: [
    'unpaid --pay--> paid',
    'unpaid --cancel--> cancelled',
    'cancelled --revive--> paid',
    'paid --refund--> refunded',
    'not_effective --refund--> refunded',
    'paid --invalidate--> not_effective',
  ],
});

describe('storage order view states', () => {
  const day = 86_400_000;
  const now = Date.UTC(2026, 0, 10);
  it('derives the phase of a paid order from its period and the time', () => {
    expect(storageOrderViewState('paid', null, now)).toBe('unused');
    expect(storageOrderViewState('paid', { start: now + day, end: now + 31 * day }, now)).toBe('to_be_used');
    expect(storageOrderViewState('paid', { start: now - day, end: now + 29 * day }, now)).toBe('in_use');
    expect(storageOrderViewState('paid', { start: now - day, end: now + 7 * day }, now)).toBe('near_expiry');
    expect(storageOrderViewState('paid', { start: now - day, end: now + 8 * day }, now)).toBe('in_use');
    // The seller's near-expiry days (storage/setting) move the boundary.
    expect(storageOrderViewState('paid', { start: now - day, end: now + 8 * day }, now, 14)).toBe('near_expiry');
    expect(storageOrderViewState('paid', { start: now - day, end: now + 7 * day }, now, 3)).toBe('in_use');
    expect(storageOrderViewState('paid', { start: now - day, end: now + 3 * day }, now, 3)).toBe('near_expiry');
    expect(storageOrderViewState('paid', { start: now - 30 * day, end: now }, now)).toBe('expired');
    expect(storageOrderViewState('refunded', { start: now - day, end: now }, now)).toBe('refunded');
    expect(storageOrderViewState('unpaid', null, now)).toBe('unpaid');
  });
});

describeMachine('payeeSetup', {
  states: ['not_configured', 'configured'],
  transitions: [
    'not_configured --configure--> configured',
    'configured --configure--> configured',
    'configured --remove--> not_configured',
  ],
});

describe('paths a portal walks', () => {
  it('goods: submit, reject, fix and resubmit, approve, sell out, restock, delist, relist', () => {
    let s = goodsMachine.initial;
    for (const a of ['submitReview', 'reject', 'submitReview', 'approve', 'sellOut', 'restock', 'delist', 'list'] as const)
      s = goodsMachine.next(s, a);
    expect(s).toBe('listed');
    expect(goodsMachine.next(s, 'supplierDelist')).toBe('supplier_delisted');
    expect(() => goodsMachine.next('supplier_delisted', 'list')).toThrow(IllegalTransitionError); // must go through review
    expect(() => goodsMachine.next('pending_listing', 'approve')).toThrow(IllegalTransitionError);
  });

  it('final states offer no actions', () => {
    expect(storageOrderMachine.availableActions('refunded')).toEqual([]);
    expect(storageOrderMachine.availableActions('cancelled')).toEqual(['revive']);
  });

  it('per-machine zod enums are exported', () => {
    expect(goodsStateSchema.parse('sold_out')).toBe('sold_out');
    expect(goodsStateSchema.safeParse('draft').success).toBe(false);
  });
});
