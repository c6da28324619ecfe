import { ErrorCodes, userCalls } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { areaName, areaNames } from '../../lib/area-names';
import { requireActor } from '../../lib/context';
import { implement } from '../../lib/implement';
import * as account from './account.service';
import { allowedActions } from '../../lib/policy';
import { accountManagePolicy, grantableAreaIds, grantableCodes } from './users.policy';
import { presentUser, presentUserDetail } from './users.presenter';
import { companyNames, findCompanyInScope, listUsers } from './users.repository';
import * as svc from './users.service';
import { listAreas } from '../auth';

const selfCall = { none: "acts only on the caller's own user" };
const linkCall = { none: 'public call: the one-time link names its user, checked against the token (tested)' };
/** Ids of the other tenant: the permission tests expect 1004 or 1005. */
const otherUser = { otherTenant: (fx: { otherUserId: number }) => ({ userId: fx.otherUserId }) };

export const userImpls = [
  implement(userCalls.list, { otherTenant: (fx) => ({ companyId: fx.otherCompanyId }) }, async (ctx, d) => {
    const actor = requireActor(ctx);
    const scope = await svc.scopeOf(ctx);
    if (d.companyId !== undefined && !(await findCompanyInScope(ctx.db, scope, d.companyId))) throw new AppError(ErrorCodes.notFound);
    const { records, total } = await listUsers(ctx.database, ctx.services, scope, d, d);
    return { records: records.map((r) => presentUser(actor, r)), total, pageNum: d.pageNum, pageSize: d.pageSize };
  }),
  implement(userCalls.abilities, { none: "answers the caller's own abilities; names no tenant object" }, async (ctx) => ({
    actions: allowedActions(accountManagePolicy, requireActor(ctx), null),
  })),
  implement(userCalls.get, otherUser, async (ctx, d) => {
    const actor = requireActor(ctx);
    const u = await svc.requireUserInScope(ctx.db, await svc.scopeOf(ctx), d.userId);
    const names = await companyNames(ctx.db, u.companyIds);
    return presentUserDetail(actor, u, names);
  }),
  implement(userCalls.grantable, { otherTenant: (fx) => ({ companyId: fx.otherCompanyId }) }, async (ctx, d) => {
    const actor = requireActor(ctx);
    const scope = await svc.scopeOf(ctx);
    const company = await findCompanyInScope(ctx.db, scope, d.companyId ?? actor.companyId);
    if (!company) throw new AppError(ErrorCodes.notFound);
    const areaIds = grantableAreaIds(scope);
    const areas = areaIds.length ? await listAreas(ctx.db, areaIds) : [];
    return {
      codes: grantableCodes(actor, company.type),
      areas: areas.map((a) => ({
        id: a.id,
        displayName: areaName(a, ctx.locale),
        displayNames: areaNames(a),
        kind: a.kind as 'RDC' | 'DDC',
      })),
      appIds: scope.appIds.length ? scope.appIds : null,
    };
  }),
  implement(
    userCalls.invite,
    { otherTenant: (fx) => ({ email: 'probe-other-tenant@test.local', companyId: fx.otherCompanyId }) },
    (ctx, d) => svc.inviteUser(ctx, d),
  ),
  implement(userCalls.reinvite, otherUser, (ctx, d) => svc.reinviteUser(ctx, d.userId)),
  implement(userCalls.registerCheck, linkCall, (ctx, d) => svc.checkRegistrationLink(ctx, d)),
  implement(userCalls.register, linkCall, (ctx, d) => svc.completeRegistration(ctx, d), {
    // Not for mail: the password is hashed (argon2, CPU-bound) before the short transaction opens,
    // so that no connection (on PGlite the only one) is held while it runs.
    transaction: false,
  }),
  implement(
    userCalls.edit,
    {
      otherTenant: (fx) => ({ userId: fx.otherUserId, nickName: 'x', phone: '', authResList: [], areaIds: [], companyIds: [], appIds: [] }),
    },
    (ctx, d) => svc.editUser(ctx, d),
  ),
  implement(userCalls.enable, { otherTenant: (fx) => ({ userId: fx.otherUserId, enable: false }) }, (ctx, d) =>
    svc.changeUserState(ctx, d.userId, d.enable ? 'enable' : 'disable'),
  ),
  implement(userCalls.unlock, otherUser, (ctx, d) => svc.changeUserState(ctx, d.userId, 'unlock')),
  implement(userCalls.delete, otherUser, (ctx, d) => svc.changeUserState(ctx, d.userId, 'delete')),
  implement(userCalls.resetPassword, otherUser, (ctx, d) => svc.resetPassword(ctx, d.userId)),
  implement(userCalls.infoGet, selfCall, (ctx) => account.getAccountInfo(ctx)),
  implement(userCalls.infoSet, selfCall, (ctx, d) => account.setAccountInfo(ctx, d)),
  // Without the router's transaction: the attempt is reserved and committed before the password is
  // checked, so parallel guesses get no more than the limit and a refusal stays counted
  // (auth/login-attempts; ctx.persist would count only after the call).
  implement(userCalls.changePassword, selfCall, (ctx, d) => account.changePassword(ctx, d), { transaction: false }),
  implement(userCalls.unregisterCheck, selfCall, (ctx) => account.unregisterBlockers(ctx)),
  implement(userCalls.unregister, selfCall, (ctx, d) => account.unregister(ctx, d.password), { transaction: false }),
  implement(userCalls.configList, selfCall, (ctx, d) => account.listConfigs(ctx, d.keys)),
  implement(userCalls.configPut, selfCall, (ctx, d) => account.putConfig(ctx, d.key, d.value)),
  implement(userCalls.configDelete, selfCall, (ctx, d) => account.deleteConfig(ctx, d.key)),
];
