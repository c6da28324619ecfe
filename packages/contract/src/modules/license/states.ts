/** State machines of the licences (SPEC §4); the machinery is shared/states.ts. */
import { defineMachine, type ActionOf, type StateOf } from '../../shared/states';

// ---------------------------------------------------------------------------------------------
// Licence order (cloud VMS)
// ---------------------------------------------------------------------------------------------

/**
 * Meaning chosen for each state:
 * - waiting: ordered, waiting for payment (cancel gives it up);
 * - to_be_used: paid, not yet claimed by a VMS account; claim makes it `paid` (the active paid licence);
 * - in_trial: a trial licence running without payment; convertTrial is paying for it;
 * - permanently_free: granted free for good;
 * - stopped: the licence ended (trial over unpaid, subscription not renewed); renew places it again;
 * - disabled: switched off by the issuer; final (a new order is needed);
 * - returned: refunded / charged back.
 */
export const licenceOrderMachine = defineMachine({
  name: 'licenceOrder',
  states: ['stopped', 'waiting', 'paid', 'to_be_used', 'in_trial', 'permanently_free', 'disabled', 'returned', 'cancelled'],
  initial: 'waiting',
  actions: {
    pay: { from: ['waiting'], to: 'to_be_used' },
    cancel: { from: ['waiting'], to: 'cancelled' },
    claim: { from: ['to_be_used'], to: 'paid' },
    startTrial: { from: ['waiting'], to: 'in_trial' },
    convertTrial: { from: ['in_trial'], to: 'paid' },
    grantFree: { from: ['waiting', 'in_trial'], to: 'permanently_free' },
    stop: { from: ['paid', 'in_trial'], to: 'stopped' },
    renew: { from: ['stopped'], to: 'waiting' },
    disable: { from: ['to_be_used', 'paid', 'in_trial', 'permanently_free'], to: 'disabled' },
    refund: { from: ['to_be_used', 'paid'], to: 'returned' },
  },
});

export const licenceOrderStateSchema = licenceOrderMachine.stateSchema;
export const licenceOrderActionSchema = licenceOrderMachine.actionSchema;
export type LicenceOrderState = StateOf<typeof licenceOrderMachine>;
export type LicenceOrderAction = ActionOf<typeof licenceOrderMachine>;
