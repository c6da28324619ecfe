/** State machines of the message centre (SPEC §4); the machinery is shared/states.ts. */
import { defineMachine, type ActionOf, type StateOf } from '../../shared/states';

// ---------------------------------------------------------------------------------------------
// Message (messaging release)
// ---------------------------------------------------------------------------------------------

/** A withdrawn message can be edited and go back to to_be_released (revise) to be sent again. */
export const messageMachine = defineMachine({
  name: 'message',
  states: ['to_be_released', 'released', 'withdrawn'],
  actions: {
    release: { from: ['to_be_released'], to: 'released' },
    withdraw: { from: ['released'], to: 'withdrawn' },
    revise: { from: ['withdrawn'], to: 'to_be_released' },
  },
});

export const messageStateSchema = messageMachine.stateSchema;
export const messageActionSchema = messageMachine.actionSchema;
export type MessageState = StateOf<typeof messageMachine>;
export type MessageAction = ActionOf<typeof messageMachine>;
