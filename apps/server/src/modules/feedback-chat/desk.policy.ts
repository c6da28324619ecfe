/**
 * What a desk member may do with the desk's canned replies, and the desk's own actions: writing them
 * needs dealer_feedback_mgr (1005); readers of the desk (dealer_feedback_qry) use them in replies
 * only. The repository scopes every canned reply to the caller's company (1004 otherwise).
 */
import { CANNED_REPLY_ABILITIES, DESK_ACTIONS, type CannedReplyAbility, type DeskAction } from '@portal/contract';
import { definePolicy, needsCode } from '../../lib/policy';

export const cannedReplyPolicy = definePolicy<CannedReplyAbility, null>({
  name: 'canned reply',
  actions: CANNED_REPLY_ABILITIES,
  refusal: (actor) => needsCode(actor, 'dealer_feedback_mgr'),
});

export const deskPolicy = definePolicy<DeskAction, null>({
  name: 'desk',
  actions: DESK_ACTIONS,
  refusal: (actor) => needsCode(actor, 'dealer_feedback_mgr'),
});
