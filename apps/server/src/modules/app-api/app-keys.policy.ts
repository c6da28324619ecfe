/**
 * What a portal user may do with an application key, an end user, and in Applications itself.
 * Everything needs dealer_appid_mgr (1005); the key or user must be in the caller's subtree (1004,
 * before the policy is asked); state moves follow appKeyMachine / endUserMachine (1017); a new
 * secret is never handed out in a session opened through remote access (7050).
 */
import {
  APP_KEY_ABILITIES,
  APP_MANAGE_ABILITIES,
  END_USER_ABILITIES,
  ErrorCodes,
  appKeyMachine,
  endUserMachine,
  type AppKeyAbility,
  type AppKeyState,
  type EndUserAbility,
  type EndUserState,
} from '@portal/contract';
import { definePolicy, needsCode, notRemote, refuse } from '../../lib/policy';

export const appKeyPolicy = definePolicy<AppKeyAbility, { status: string }>({
  name: 'application key',
  actions: APP_KEY_ABILITIES,
  refusal(actor, key, action) {
    const noCode = needsCode(actor, 'dealer_appid_mgr');
    if (noCode) return noCode;
    if (action === 'rotate') return notRemote(actor);
    return appKeyMachine.can(key.status as AppKeyState, action)
      ? null
      : refuse(ErrorCodes.illegalTransition, `${action} a ${key.status} key`);
  },
});

export const endUserPolicy = definePolicy<EndUserAbility, { status: string }>({
  name: 'end user',
  actions: END_USER_ABILITIES,
  refusal(actor, user, action) {
    const noCode = needsCode(actor, 'dealer_appid_mgr');
    if (noCode) return noCode;
    return endUserMachine.can(user.status as EndUserState, action)
      ? null
      : refuse(ErrorCodes.illegalTransition, `${action} a ${user.status} user`);
  },
});

export const appManagePolicy = definePolicy<(typeof APP_MANAGE_ABILITIES)[number], null>({
  name: 'applications',
  actions: APP_MANAGE_ABILITIES,
  refusal(actor) {
    return needsCode(actor, 'dealer_appid_mgr') ?? notRemote(actor);
  },
});
