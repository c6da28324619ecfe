/**
 * A seller's order settings (storage/setting/get, /save): the payment window of its new unpaid
 * orders (order creation, the timeout job by their deadline, the checkout link) and the near-expiry
 * days of its running plans (the derived view state in SQL). The defaults until saved.
 */
import type { StorageSettings, StorageSettingsFields } from '@portal/contract';
import { requireActor, type CallContext } from '../../lib/context';
import { allowedActions, authorize } from '../../lib/policy';
import { ownSettings, saveOwnSettings, type SellerSettings } from './settings.repository';
import { storageSettingsPolicy } from './settings.policy';

function present(ctx: CallContext, s: SellerSettings): StorageSettings {
  return {
    payMinutes: s.payMinutes,
    nearExpiryDays: s.nearExpiryDays,
    updatedAt: s.updatedAt ? s.updatedAt.toISOString() : null,
    actions: allowedActions(storageSettingsPolicy, requireActor(ctx), null),
  };
}

export async function settingGet(ctx: CallContext): Promise<StorageSettings> {
  return present(ctx, await ownSettings(ctx.db, requireActor(ctx)));
}

export async function settingSave(ctx: CallContext, d: StorageSettingsFields): Promise<StorageSettings> {
  const actor = requireActor(ctx);
  authorize(storageSettingsPolicy, actor, null, 'save');
  const before = await ownSettings(ctx.db, actor, { forUpdate: true });
  await saveOwnSettings(ctx.db, actor, d, ctx.clock.now());
  await ctx.audit({
    targetType: 'company',
    targetId: String(actor.companyId),
    before: { payMinutes: before.payMinutes, nearExpiryDays: before.nearExpiryDays },
    after: { payMinutes: d.payMinutes, nearExpiryDays: d.nearExpiryDays },
  });
  return present(ctx, await ownSettings(ctx.db, actor));
}
