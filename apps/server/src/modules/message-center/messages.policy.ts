/**
 * What an actor may do with a message, and in messaging release as such. A message's moves follow
 * messageMachine (1017 otherwise) and need dealer_message_mgr (1005). Edit, delete, schedule,
 * release and revise: messages of the actor's own company only (a superior sees its subtree's
 * messages and may withdraw them; the supplier withdraws any message). A system message (posted by
 * another module) is never edited. Several languages: business users only (supplier and partner).
 */
import {
  ErrorCodes,
  MESSAGE_ABILITIES,
  messageMachine,
  type MessageAbility,
  type MessageCenterAction,
  type MessageState,
} from '@portal/contract';
import type { Actor } from '../../lib/context';
import { definePolicy, needsCode, refuse } from '../../lib/policy';

export interface MessageSubject {
  state: MessageState;
  companyId: number;
  system: boolean;
}

/** Supplier and partner users write in several languages; everyone else in one. */
export function isBusinessUser(actor: Actor): boolean {
  return actor.companyType === 'supplier' || actor.companyType === 'partner';
}

export const messagePolicy = definePolicy<MessageAbility, MessageSubject>({
  name: 'message',
  actions: MESSAGE_ABILITIES,
  refusal(actor, m, action) {
    const noCode = needsCode(actor, 'dealer_message_mgr');
    if (noCode) return noCode;
    if (action !== 'withdraw') {
      if (m.system) return refuse(ErrorCodes.forbidden, 'a system message');
      if (m.companyId !== actor.companyId) return refuse(ErrorCodes.forbidden, "another company's message");
    }
    if (action === 'delete')
      return m.state === 'to_be_released' ? null : refuse(ErrorCodes.illegalTransition, `delete of a ${m.state} message`);
    return messageMachine.can(m.state, action) ? null : refuse(ErrorCodes.illegalTransition, `${action} from ${m.state}`);
  },
});

export const messageCenterPolicy = definePolicy<MessageCenterAction, null>({
  name: 'messaging release',
  actions: ['compose', 'multiLanguage', 'export'],
  refusal(actor, _s, action) {
    if (action === 'export') return needsCode(actor, 'dealer_message_qry', 'dealer_message_mgr');
    const noCode = needsCode(actor, 'dealer_message_mgr');
    if (noCode) return noCode;
    if (action === 'multiLanguage' && !isBusinessUser(actor)) return refuse(ErrorCodes.messageSingleLanguageOnly);
    return null;
  },
});
