import { authCalls, ssoCalls } from '@portal/contract';
import { areaName, presentArea } from '../../lib/area-names';
import { requireActor } from '../../lib/context';
import { implement } from '../../lib/implement';
import * as auth from './auth.service';
import { presentSessionUser } from './session.presenter';
import { listAreas } from './session.repository';

const publicCall = { none: 'public call: acts on no tenant object' };
const selfCall = { none: "acts only on the caller's own session and user" };
/**
 * Not for mail (these calls send none): the call checks an e-mailed code, and the attempt must be
 * counted and committed in the same atomic statement as the check (checkEmailCode), before the
 * call goes on, so that parallel guesses get no more than MAX_CODE_ATTEMPTS checks. Inside the
 * call's transaction the count would be rolled back by the refusal, and `ctx.persist` writes only
 * after the call, too late to hold back the guesses running beside it. The call's own writes then
 * go in one transaction of their own (auth.service).
 */
const secretChecked = { transaction: false } as const;

export const authImpls = [
  implement(authCalls.login, publicCall, (ctx, d) => auth.login(ctx, d)),
  implement(authCalls.logout, selfCall, (ctx) => auth.logout(ctx)),
  implement(authCalls.renew, publicCall, (ctx, d) => auth.renew(ctx, d.renewToken)),
  implement(authCalls.imageCode, publicCall, (ctx) => auth.createImageCode(ctx)),
  implement(authCalls.emailCode, publicCall, (ctx, d) => auth.sendEmailCode(ctx, d)),
  implement(authCalls.userExist, publicCall, (ctx, d) => auth.userExists(ctx, d)),
  implement(authCalls.selfRegister, publicCall, (ctx, d) => auth.selfRegister(ctx, d), secretChecked),
  implement(authCalls.findPassword, publicCall, (ctx, d) => auth.findPassword(ctx, d), secretChecked),
  implement(authCalls.checkPwd, selfCall, (ctx, d) => auth.checkPassword(ctx, d.password)),
  implement(authCalls.emailBindCode, selfCall, (ctx, d) => auth.sendEmailCode(ctx, { ...d, purpose: 'bindEmail' })),
  implement(authCalls.emailBind, selfCall, (ctx, d) => auth.bindEmail(ctx, d), secretChecked),
  implement(authCalls.customerWebsite, publicCall, (ctx, d) => auth.customerWebsite(ctx, d.domain)),
  implement(authCalls.me, selfCall, (ctx) => presentSessionUser(ctx.db, requireActor(ctx).sessionId, ctx.locale)),
  implement(
    authCalls.switchArea,
    { none: 'areas are platform-wide; the user may switch only to the areas granted to them (tested)' },
    (ctx, d) => auth.switchArea(ctx, d.areaId),
  ),
  implement(authCalls.ownResources, selfCall, async (ctx, d) => {
    const actor = requireActor(ctx);
    if (d.resType === 'area') {
      const list = await listAreas(ctx.db, actor.areaIds);
      return {
        records: list.map((a) => ({ resType: 'area' as const, resCode: a.name, resName: areaName(a, ctx.locale), resVals: a.resVals })),
      };
    }
    return { records: [...actor.authResList].map((c) => ({ resType: 'code' as const, resCode: c, resName: c, resVals: [] })) };
  }),
  implement(authCalls.areas, selfCall, async (ctx) => {
    const actor = requireActor(ctx);
    const list = await listAreas(ctx.db, actor.areaIds);
    return { records: list.map((a) => presentArea(a, ctx.locale)) };
  }),
  implement(ssoCalls.createSsoToken, selfCall, (ctx) => auth.createSsoToken(ctx)),
  implement(ssoCalls.exchangeSsoToken, publicCall, (ctx, d) => auth.exchangeSsoToken(ctx, d.token)),
];
