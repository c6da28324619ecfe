import { describe, expect, it } from 'vitest';
import { IllegalTransitionError } from '../../../src/shared/states';
import { goodsMachine, goodsStateSchema, storageOrderMachine } from '../../../src/modules/cloud-storage';
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
  states: ['unpaid', 'to_be_used', 'in_use', 'near_expiry', 'expired', 'cancelled', 'unused', 'refunded', 'not_effective'],
  transitions: [
    'unpaid --pay--> unused',
    'unpaid --cancel--> cancelled',
    'unused --activate--> in_use',
    'unused --queue--> to_be_used',
    'to_be_used --start--> in_use',
    'in_use --nearExpire--> near_expiry',
    'in_use --expire--> expired',
    'near_expiry --expire--> expired',
    'unused --invalidate--> not_effective',
    'to_be_used --invalidate--> not_effective',
    'unused --refund--> refunded',
    'to_be_used --refund--> refunded',
    'not_effective --refund--> refunded',
  ],
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
    expect(storageOrderMachine.availableActions('expired')).toEqual([]);
  });

  it('per-machine zod enums are exported', () => {
    expect(goodsStateSchema.parse('sold_out')).toBe('sold_out');
    expect(goodsStateSchema.safeParse('draft').success).toBe(false);
  });
});
