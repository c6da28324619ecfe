/** The supplier's plans (issue 12 §1): list, create, edit, disable and enable. */
import { ErrorCodes, storageCalls, type StoragePlan } from '@portal/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { requireActor, type Actor, type CallContext } from '../../lib/context';
import { allowedActions, authorize } from '../../lib/policy';
import { mapPage } from '../../lib/tenancy';
import { planPolicy, seesCost } from './plans.policy';
import { findPlan, goodsCountByPlan, insertPlan, listPlans, setPlanEnabled, updatePlanRow, type PlanRow } from './plans.repository';
import { isSupplier } from './plans.policy';

type Data<K extends keyof typeof storageCalls> = z.output<(typeof storageCalls)[K]['data']>;

async function present(ctx: CallContext, actor: Actor, rows: PlanRow[]): Promise<StoragePlan[]> {
  const counts = await goodsCountByPlan(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    planId: r.id,
    name: r.name,
    storageValue: r.storageValue,
    storageUnit: r.storageUnit as StoragePlan['storageUnit'],
    serviceDays: r.serviceDays,
    costPrice: seesCost(actor) ? r.costPrice : null,
    guidePrice: r.guidePrice,
    enabled: r.enabled,
    goodsCount: counts.get(r.id) ?? 0,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    actions: allowedActions(planPolicy, actor, { enabled: r.enabled }),
  }));
}

const presentOne = async (ctx: CallContext, row: PlanRow) => (await present(ctx, requireActor(ctx), [row]))[0]!;

function checkPrices(d: { costPrice: number; guidePrice: number }) {
  if (d.guidePrice < d.costPrice) throw new AppError(ErrorCodes.invalidParams, { detail: 'guidePrice' });
}

export async function planList(ctx: CallContext, d: Data<'planList'>) {
  const actor = requireActor(ctx);
  // Sellers build only on enabled plans.
  const enabled = isSupplier(actor) ? d.enabled : true;
  const page = await listPlans(ctx.db, { enabled }, d);
  return mapPage(page, (rows) => present(ctx, actor, rows));
}

export async function planCreate(ctx: CallContext, d: Data<'planCreate'>) {
  authorize(planPolicy, requireActor(ctx), { enabled: false }, 'edit');
  checkPrices(d);
  const now = new Date(ctx.clock.now());
  const row = await insertPlan(ctx.db, { ...d, createdAt: now, updatedAt: now });
  await ctx.audit({ targetType: 'storagePlan', targetId: row.id, after: d });
  return presentOne(ctx, row);
}

async function mustFind(ctx: CallContext, planId: number) {
  const row = await findPlan(ctx.db, planId, { forUpdate: true });
  if (!row) throw new AppError(ErrorCodes.notFound);
  return row;
}

export async function planUpdate(ctx: CallContext, d: Data<'planUpdate'>) {
  const actor = requireActor(ctx);
  const { planId, ...fields } = d;
  const before = await mustFind(ctx, planId);
  authorize(planPolicy, actor, before, 'edit');
  checkPrices(fields);
  const row = await updatePlanRow(ctx.db, planId, { ...fields, updatedAt: new Date(ctx.clock.now()) });
  await ctx.audit({ targetType: 'storagePlan', targetId: planId, before, after: fields });
  return presentOne(ctx, row);
}

export async function planOperate(ctx: CallContext, d: Data<'planOperate'>) {
  const actor = requireActor(ctx);
  const before = await mustFind(ctx, d.planId);
  authorize(planPolicy, actor, before, d.action);
  const row = await setPlanEnabled(ctx.db, d.planId, d.action === 'enable', new Date(ctx.clock.now()));
  if (!row) throw new AppError(ErrorCodes.illegalTransition);
  await ctx.audit({
    action: d.action,
    targetType: 'storagePlan',
    targetId: d.planId,
    before: { enabled: before.enabled },
    after: { enabled: row.enabled },
  });
  return presentOne(ctx, row);
}
