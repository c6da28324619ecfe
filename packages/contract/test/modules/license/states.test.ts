import { describe, expect, it } from 'vitest';
import { licenceOrderMachine } from '../../../src/modules/license';
import { describeMachine } from '../../support/machines';

describeMachine('licenceOrder', {
  states: ['stopped', 'waiting', 'paid', 'to_be_used', 'in_trial', 'permanently_free', 'disabled', 'returned', 'cancelled'],
  transitions: [
    'waiting --pay--> to_be_used',
    'waiting --cancel--> cancelled',
    'to_be_used --claim--> paid',
    'waiting --startTrial--> in_trial',
    'in_trial --convertTrial--> paid',
    'waiting --grantFree--> permanently_free',
    'in_trial --grantFree--> permanently_free',
    'paid --stop--> stopped',
    'in_trial --stop--> stopped',
    'stopped --renew--> waiting',
    'to_be_used --disable--> disabled',
    'paid --disable--> disabled',
    'in_trial --disable--> disabled',
    'permanently_free --disable--> disabled',
    'to_be_used --refund--> returned',
    'paid --refund--> returned',
  ],
});

describe('paths a portal walks', () => {
  it('final states offer no actions', () => {
    expect(licenceOrderMachine.availableActions('returned')).toEqual([]);
  });
});
