/**
 * Who may do what to a user, and what may be granted. One place for the rules:
 * - managing users needs dealer_account_mgr; the target must be in the caller's scope (subtree and
 *   resource range), else it does not exist for the caller (1004);
 * - in the caller's own company only users of a lower rank are managed (owner 1 > administrator 2 >
 *   staff 3); users of downstream companies are all managed;
 * - nobody disables, deletes, resets or re-grants themselves (7033); editing yourself changes
 *   nickname and phone only;
 * - the state machine decides whether the action fits the user's state (1017);
 * - a grant (codes, areas, resource range, applications) may only add or remove what the caller
 *   holds itself (1005); partner-only codes go only to partner (and supplier) companies, supplier
 *   codes only to the supplier.
 */
import {
  ACCOUNT_MANAGE_ACTIONS,
  ErrorCodes,
  PARTNER_ONLY_CODES,
  USER_ACTIONS,
  userAccountMachine,
  type AccountManageAction,
  type ResourceCode,
  type UserAction,
} from '@portal/contract';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/context';
import { allowedActions, definePolicy, needsCode, notRemote, refuse } from '../../lib/policy';
import type { ActorScope } from './users.repository';

type UserState = (typeof userAccountMachine.states)[number];

export interface TargetUser {
  id: number;
  companyId: number;
  userAuthType: number;
  status: string;
  registered: boolean;
}

/** Whether the caller outranks the target (always true for a user of a downstream company). */
export function outranks(actor: Actor, target: TargetUser): boolean {
  if (target.companyId !== actor.companyId) return true;
  return actor.userAuthType < target.userAuthType;
}

/** Calls a remote-access visit may not make (their contract calls are `remoteForbidden`). */
const REMOTE_FORBIDDEN: readonly UserAction[] = ['reinvite', 'resetPassword'];

/**
 * What the caller may do to a user now. The order of the checks is the order of the refusals:
 * the code (1005), a remote visit (7050), a deleted user (1017), yourself (7033; editing your own
 * nickname and phone is allowed), rank (1005), registration (7034 for a reset) and the state machine (1017).
 */
export const userPolicy = definePolicy<UserAction, TargetUser>({
  name: 'user',
  actions: USER_ACTIONS,
  refusal(actor, u, action) {
    const noCode = needsCode(actor, 'dealer_account_mgr');
    if (noCode) return noCode;
    if (REMOTE_FORBIDDEN.includes(action) && notRemote(actor)) return notRemote(actor);
    const state = u.status as UserState;
    if (!userAccountMachine.isState(state)) return refuse(ErrorCodes.illegalTransition, `unknown state ${u.status}`);
    if (action === 'edit') {
      if (state === 'deleted') return refuse(ErrorCodes.illegalTransition, 'deleted user');
      return u.id === actor.userId || outranks(actor, u) ? null : refuse(ErrorCodes.forbidden, 'not of a lower rank');
    }
    if (u.id === actor.userId) return refuse(ErrorCodes.cannotOperateSelf);
    if (!outranks(actor, u)) return refuse(ErrorCodes.forbidden, 'not of a lower rank');
    switch (action) {
      case 'editPermissions':
        return state === 'deleted' ? refuse(ErrorCodes.illegalTransition, 'deleted user') : null;
      case 'reinvite':
        return !u.registered && state === 'normal' ? null : refuse(ErrorCodes.illegalTransition, 'registered or not normal');
      case 'resetPassword':
        if (!u.registered) return refuse(ErrorCodes.notRegistered);
        return userAccountMachine.can(state, 'resetPassword') ? null : refuse(ErrorCodes.illegalTransition);
      default:
        return userAccountMachine.can(state, action) ? null : refuse(ErrorCodes.illegalTransition, `${action} from ${state}`);
    }
  },
});

/** The module's own actions (customer/user/abilities): invite a user (dealer_account_mgr; never during a remote visit). */
export const accountManagePolicy = definePolicy<AccountManageAction, null>({
  name: 'account management',
  actions: ACCOUNT_MANAGE_ACTIONS,
  refusal(actor) {
    return needsCode(actor, 'dealer_account_mgr') ?? notRemote(actor);
  },
});

/** The actions the caller may take on the user now (shown as buttons; each is checked again on the call). */
export function availableActions(actor: Actor, target: TargetUser): UserAction[] {
  return allowedActions(userPolicy, actor, target);
}

/** The next state by the user-account machine; an illegal move is 1017. */
export function nextState(status: string, action: 'disable' | 'enable' | 'unlock' | 'resetPassword' | 'delete' | 'autoLock'): UserState {
  if (!userAccountMachine.isState(status)) throw new AppError(ErrorCodes.illegalTransition);
  if (!userAccountMachine.can(status, action)) throw new AppError(ErrorCodes.illegalTransition);
  return userAccountMachine.next(status, action);
}

/** Codes a user of a company of this type may hold at all. */
export function codesAllowedFor(companyType: string, code: ResourceCode): boolean {
  if (code.startsWith('supplier_')) return companyType === 'supplier';
  if (PARTNER_ONLY_CODES.includes(code)) return companyType === 'partner' || companyType === 'supplier';
  return true;
}

/** The resource codes the caller may grant to a user of a company of this type. */
export function grantableCodes(actor: Actor, companyType: string): ResourceCode[] {
  return [...actor.authResList].filter((c) => codesAllowedFor(companyType, c));
}

/** Areas the caller may grant: its own (a user without areas grants none). */
export function grantableAreaIds(scope: ActorScope): number[] {
  return [...scope.actor.areaIds];
}

function changed<T>(before: readonly T[], after: readonly T[]): T[] {
  const b = new Set(before);
  const a = new Set(after);
  return [...new Set([...before, ...after])].filter((x) => b.has(x) !== a.has(x));
}

export interface GrantChange {
  before: { authResList: readonly string[]; areaIds: readonly number[]; appIds: readonly string[] };
  after: { authResList: readonly ResourceCode[]; areaIds: readonly number[]; appIds: readonly string[] };
  targetCompanyType: string;
}

/** Every code, area and application added or removed must be the caller's own (1005). */
export function assertGrantAllowed(scope: ActorScope, g: GrantChange) {
  const { actor } = scope;
  const codes = changed(g.before.authResList as ResourceCode[], g.after.authResList);
  for (const c of codes)
    if (!actor.authResList.has(c)) throw new AppError(ErrorCodes.forbidden, undefined, `code ${c} not held by the granter`);
  const before = new Set(g.before.authResList);
  for (const c of g.after.authResList) {
    if (!before.has(c) && !codesAllowedFor(g.targetCompanyType, c))
      throw new AppError(ErrorCodes.forbidden, undefined, `code ${c} not for a ${g.targetCompanyType}`);
  }
  const areas = new Set(grantableAreaIds(scope));
  for (const a of changed(g.before.areaIds, g.after.areaIds))
    if (!areas.has(a)) throw new AppError(ErrorCodes.forbidden, undefined, `area ${a} not held`);
  if (scope.appIds.length) {
    const apps = new Set(scope.appIds);
    for (const a of changed(g.before.appIds, g.after.appIds))
      if (!apps.has(a)) throw new AppError(ErrorCodes.forbidden, undefined, `app ${a} not held`);
  }
}
