/**
 * What a viewer may do with a conversation. The requester (a portal user or an app end user) sends
 * (a resolved conversation only within CHAT_REOPEN_DAYS of its resolution) and rates it once it is
 * resolved. The desk (users of the desk's company; the scope is checked by the repository) needs
 * dealer_feedback_mgr to answer, write notes, move and assign; its moves follow conversationMachine
 * (1017 otherwise).
 */
import { CHAT_REOPEN_DAYS, conversationMachine, ErrorCodes, type ConversationAbility, type ConversationState } from '@portal/contract';
import type { Actor } from '../../lib/context';
import { needsCode, refuse, type Refusal } from '../../lib/policy';

export interface ConversationSubject {
  state: ConversationState;
  resolvedAt: Date | string | null;
  rated: boolean;
}

const DAY_MS = 86_400_000;

export type Viewer = { side: 'requester' } | { side: 'desk'; actor: Actor };

export function reopenExpired(c: ConversationSubject, now: number): boolean {
  return c.state === 'resolved' && c.resolvedAt !== null && now - new Date(c.resolvedAt).getTime() > CHAT_REOPEN_DAYS * DAY_MS;
}

export function conversationRefusal(viewer: Viewer, c: ConversationSubject, action: ConversationAbility, now: number): Refusal | null {
  const machine = (a: Parameters<typeof conversationMachine.can>[1]) =>
    conversationMachine.can(c.state, a) ? null : refuse(ErrorCodes.illegalTransition, `${action} from ${c.state}`);
  if (viewer.side === 'requester') {
    if (action === 'send') {
      if (reopenExpired(c, now)) return refuse(ErrorCodes.feedbackReopenExpired, undefined, { days: CHAT_REOPEN_DAYS });
      return machine('requesterMessage');
    }
    if (action === 'rate') return machine('rate') ?? (c.rated ? refuse(ErrorCodes.feedbackAlreadyRated) : null);
    return refuse(ErrorCodes.forbidden, `${action} is the desk's`);
  }
  if (action === 'send' || action === 'rate') return refuse(ErrorCodes.forbidden, `${action} is the requester's`);
  const noCode = needsCode(viewer.actor, 'dealer_feedback_mgr');
  if (noCode) return noCode;
  switch (action) {
    case 'reply':
      return machine('deskReply');
    case 'pend':
    case 'resolve':
    case 'reopen':
      return machine(action);
    default:
      return null; // note, assign: in any state
  }
}

export function conversationAbilities(viewer: Viewer, c: ConversationSubject, now: number): ConversationAbility[] {
  const all: ConversationAbility[] = ['send', 'reply', 'note', 'pend', 'resolve', 'reopen', 'assign', 'rate'];
  return all.filter((a) => conversationRefusal(viewer, c, a, now) === null);
}
