/** State machines of the partner module (SPEC §4); the machinery is shared/states.ts. */
import { defineMachine, type ActionOf, type StateOf } from '../../shared/states';

// ---------------------------------------------------------------------------------------------
// Invitation (installer, dealer, sub-customer company)
// ---------------------------------------------------------------------------------------------

/**
 * reinvite keeps an inactive invitation inactive and sends a fresh link (the old one stops working).
 * Undoing an invitation deletes the record; the server allows it only where reinvite is allowed.
 */
export const invitationMachine = defineMachine({
  name: 'invitation',
  states: ['inactive', 'activated', 'frozen'],
  actions: {
    reinvite: { from: ['inactive'], to: 'inactive' },
    activate: { from: ['inactive'], to: 'activated' },
    freeze: { from: ['activated'], to: 'frozen' },
    unfreeze: { from: ['frozen'], to: 'activated' },
  },
});

export const invitationStateSchema = invitationMachine.stateSchema;
export const invitationActionSchema = invitationMachine.actionSchema;
export type InvitationState = StateOf<typeof invitationMachine>;
export type InvitationAction = ActionOf<typeof invitationMachine>;

// ---------------------------------------------------------------------------------------------
// Audit
// ---------------------------------------------------------------------------------------------

/** A rejection carries a reason (stored beside the state); the submitter may resubmit. */
export const auditMachine = defineMachine({
  name: 'audit',
  states: ['pending', 'passed', 'rejected'],
  actions: {
    approve: { from: ['pending'], to: 'passed' },
    reject: { from: ['pending'], to: 'rejected' },
    resubmit: { from: ['rejected'], to: 'pending' },
  },
});

export const auditStateSchema = auditMachine.stateSchema;
export const auditActionSchema = auditMachine.actionSchema;
export type AuditState = StateOf<typeof auditMachine>;
export type AuditAction = ActionOf<typeof auditMachine>;
