/**
 * What a session may do with its own account (the account dialog): every signed-in session may
 * change its nickname and phone; binding an e-mail, changing the password and deleting the account
 * are the account holder's own, never a superior's remote-access visit (7050, their calls are
 * `remoteForbidden`: a time-boxed visit must not become a permanent takeover, issue 11 §1.2).
 * Answered with the account (`customer/user/info/get`, account-manage) and checked by the calls
 * (auth/email-bind here, the password change and unregister in account-manage). Whether the account
 * may be deleted right now (the only owner of a company in use) is the unregister check's answer.
 */
import { OWN_ACCOUNT_ACTIONS, type OwnAccountAction } from '@portal/contract';
import { definePolicy, notRemote } from '../../lib/policy';

export const ownAccountPolicy = definePolicy<OwnAccountAction, null>({
  name: 'own account',
  actions: OWN_ACCOUNT_ACTIONS,
  refusal(actor, _none, action) {
    return action === 'editProfile' ? null : notRemote(actor);
  },
});
