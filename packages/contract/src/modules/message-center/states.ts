/** State machines of the message centre (SPEC §4); the machinery is shared/states.ts. */
import { defineMachine, type ActionOf, type StateOf } from '../../shared/states';

// ---------------------------------------------------------------------------------------------
// Message (messaging release)
// ---------------------------------------------------------------------------------------------

/**
 * to_be_released -> released -> withdrawn -> (revise) to_be_released. Before release a message is
 * edited and scheduled (moves that keep its state: a release time set or cleared) and may be
 * deleted; release is the sender's call or the scheduled job; withdraw takes it out of every inbox
 * at once. The server makes each move one conditional UPDATE (`where state = <from>`), so a release
 * racing a withdraw has exactly one outcome.
 */
export const messageMachine = defineMachine({
  name: 'message',
  states: ['to_be_released', 'released', 'withdrawn'],
  actions: {
    edit: { from: ['to_be_released'], to: 'to_be_released' },
    schedule: { from: ['to_be_released'], to: 'to_be_released' },
    release: { from: ['to_be_released'], to: 'released' },
    withdraw: { from: ['released'], to: 'withdrawn' },
    revise: { from: ['withdrawn'], to: 'to_be_released' },
  },
});

export const messageStateSchema = messageMachine.stateSchema;
export const messageActionSchema = messageMachine.actionSchema;
export type MessageState = StateOf<typeof messageMachine>;
export type MessageAction = ActionOf<typeof messageMachine>;
