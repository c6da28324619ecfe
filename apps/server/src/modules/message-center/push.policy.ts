/**
 * What an actor may do with a brand app's push settings: both actions need dealer_message_mgr (the
 * calls' auth); configure is refused to a remote-access session (7050, the save call's
 * remoteForbidden), as payee accounts are. The app key itself is found in the actor's subtree
 * (1004) before the policy is asked.
 */
import { PUSH_SETTINGS_ACTIONS, type PushSettingsAction } from '@portal/contract';
import { definePolicy, needsCode, notRemote } from '../../lib/policy';

export const pushSettingsPolicy = definePolicy<PushSettingsAction, null>({
  name: 'push settings',
  actions: PUSH_SETTINGS_ACTIONS,
  refusal(actor, _s, action) {
    const noCode = needsCode(actor, 'dealer_message_mgr');
    if (noCode) return noCode;
    return action === 'configure' ? notRemote(actor) : null;
  },
});
