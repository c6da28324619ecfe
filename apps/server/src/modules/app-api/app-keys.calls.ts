import { appKeyCalls, ErrorCodes } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { requireActor } from '../../lib/context';
import { implement } from '../../lib/implement';
import { allowedActions } from '../../lib/policy';
import { mapPage } from '../../lib/tenancy';
import { findBrandInSubtree, listAppKeysInSubtree } from './app-keys.repository';
import { appManagePolicy } from './app-keys.policy';
import { presentAppKeys, presentEndUsers } from './app-keys.presenter';
import * as keys from './app-keys.service';
import { listEndUsersInSubtree } from './end-users.repository';

const otherKey = { otherTenant: (fx: { otherAppKeyId: number }) => ({ id: fx.otherAppKeyId }) };
const otherUser = { otherTenant: (fx: { otherEndUserId: number }) => ({ id: fx.otherEndUserId }) };

export const appKeyImpls = [
  implement(appKeyCalls.abilities, { none: "the caller's own abilities in Applications" }, async (ctx) => ({
    actions: allowedActions(appManagePolicy, requireActor(ctx), null),
  })),
  implement(appKeyCalls.list, { none: "lists only the caller's subtree (scopedToSubtree; tested by app-keys.test)" }, async (ctx, d) => {
    const actor = requireActor(ctx);
    const { pageNum, pageSize, ...filter } = d;
    return mapPage(await listAppKeysInSubtree(ctx.db, actor, filter, { pageNum, pageSize }), (rows) => presentAppKeys(actor, rows));
  }),
  implement(appKeyCalls.create, { otherTenant: (fx) => ({ name: 'Other brand app', companyId: fx.otherCompanyId }) }, (ctx, d) =>
    keys.createAppKey(ctx, d),
  ),
  implement(appKeyCalls.rotate, otherKey, (ctx, d) => keys.rotateAppKey(ctx, d.id)),
  implement(appKeyCalls.disable, otherKey, (ctx, d) => keys.moveKey(ctx, d.id, 'disable')),
  implement(appKeyCalls.enable, otherKey, (ctx, d) => keys.moveKey(ctx, d.id, 'enable')),
  implement(appKeyCalls.endUserList, { otherTenant: (fx) => ({ companyId: fx.otherCompanyId }) }, async (ctx, d) => {
    const actor = requireActor(ctx);
    const { pageNum, pageSize, ...filter } = d;
    // A brand outside the caller's subtree is not there (1004), rather than an empty list.
    if (filter.companyId !== undefined && !(await findBrandInSubtree(ctx.db, actor, filter.companyId)))
      throw new AppError(ErrorCodes.notFound);
    return mapPage(await listEndUsersInSubtree(ctx.db, actor, filter, { pageNum, pageSize }, ctx.services.totals), (rows) =>
      presentEndUsers(actor, rows),
    );
  }),
  implement(appKeyCalls.endUserFreeze, otherUser, (ctx, d) => keys.moveEndUser(ctx, d.id, 'freeze')),
  implement(appKeyCalls.endUserUnfreeze, otherUser, (ctx, d) => keys.moveEndUser(ctx, d.id, 'unfreeze')),
];
