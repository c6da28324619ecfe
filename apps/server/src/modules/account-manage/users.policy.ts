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
import { ErrorCodes, PARTNER_ONLY_CODES, userAccountMachine, type ResourceCode, type UserAction } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/context';
import type { ActorScope } from './users.repository';

type UserState = (typeof userAccountMachine.states)[number];

export interface TargetUser {
  id: number;
  companyId: number;
  userAuthType: number;
  status: string;
  registered: boolean;
}

const canManageUsers = (actor: Actor) => actor.authResList.has('dealer_account_mgr');

/** Whether the caller outranks the target (always true for a user of a downstream company). */
export function outranks(actor: Actor, target: TargetUser): boolean {
  if (target.companyId !== actor.companyId) return true;
  return actor.userAuthType < target.userAuthType;
}

/** The actions the caller may take on the user now (shown as buttons; each is checked again on the call). */
export function availableActions(actor: Actor, target: TargetUser): UserAction[] {
  if (!canManageUsers(actor)) return [];
  const state = target.status as UserState;
  if (!userAccountMachine.isState(state) || state === 'deleted') return [];
  if (target.id === actor.userId) return ['edit'];
  if (!outranks(actor, target)) return [];
  const out: UserAction[] = ['edit'];
  if (!target.registered && state === 'normal') out.push('reinvite');
  if (target.registered && userAccountMachine.can(state, 'resetPassword')) out.push('resetPassword');
  if (userAccountMachine.can(state, 'disable')) out.push('disable');
  if (userAccountMachine.can(state, 'enable')) out.push('enable');
  if (userAccountMachine.can(state, 'unlock')) out.push('unlock');
  if (userAccountMachine.can(state, 'delete')) out.push('delete');
  return out;
}

/** Refuse acting on yourself (7033) or on someone of your own rank or above in your company (1005). */
export function assertMayManage(actor: Actor, target: TargetUser) {
  if (target.id === actor.userId) throw new AppError(ErrorCodes.cannotOperateSelf);
  if (!outranks(actor, target)) throw new AppError(ErrorCodes.forbidden);
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
  for (const c of codes) if (!actor.authResList.has(c)) throw new AppError(ErrorCodes.forbidden, undefined, `code ${c} not held by the granter`);
  const before = new Set(g.before.authResList);
  for (const c of g.after.authResList) {
    if (!before.has(c) && !codesAllowedFor(g.targetCompanyType, c)) throw new AppError(ErrorCodes.forbidden, undefined, `code ${c} not for a ${g.targetCompanyType}`);
  }
  const areas = new Set(grantableAreaIds(scope));
  for (const a of changed(g.before.areaIds, g.after.areaIds)) if (!areas.has(a)) throw new AppError(ErrorCodes.forbidden, undefined, `area ${a} not held`);
  if (scope.appIds.length) {
    const apps = new Set(scope.appIds);
    for (const a of changed(g.before.appIds, g.after.appIds)) if (!apps.has(a)) throw new AppError(ErrorCodes.forbidden, undefined, `app ${a} not held`);
  }
}
