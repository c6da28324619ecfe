/** The feedback conversation's states (SPEC §4, issue 13 §8); the machinery is shared/states.ts. */
import { defineMachine, type ActionOf, type StateOf } from '../../shared/states';

/**
 * open -> pending (the desk answered: waiting for the requester) -> resolved. A requester's message
 * takes a pending conversation back to open, and a resolved one too within CHAT_REOPEN_DAYS (the
 * service checks the days); the desk may set pending, resolve and reopen. CSAT is given once a
 * conversation is resolved. Each move is one conditional UPDATE on the locked conversation row.
 */
export const conversationMachine = defineMachine({
  name: 'feedbackConversation',
  states: ['open', 'pending', 'resolved'],
  actions: {
    requesterMessage: { from: ['open', 'pending', 'resolved'], to: 'open' },
    deskReply: { from: ['open', 'pending'], to: 'pending' },
    pend: { from: ['open'], to: 'pending' },
    resolve: { from: ['open', 'pending'], to: 'resolved' },
    reopen: { from: ['resolved'], to: 'open' },
    rate: { from: ['resolved'], to: 'resolved' },
  },
});

export const conversationStateSchema = conversationMachine.stateSchema;
export const CONVERSATION_STATES = conversationMachine.states;
export type ConversationState = StateOf<typeof conversationMachine>;
export type ConversationAction = ActionOf<typeof conversationMachine>;
/** The moves the desk makes by the state call (the others follow messages and ratings). */
export const DESK_STATE_ACTIONS = ['pend', 'resolve', 'reopen'] as const;
export type DeskStateAction = (typeof DESK_STATE_ACTIONS)[number];
