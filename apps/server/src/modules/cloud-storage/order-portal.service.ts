/**
 * The portal's order calls: list and detail of the orders of goods sold in the caller's subtree
 * (a distributor's subtree holds its own goods), the overview, refunds and the internal purchase.
 * Another tenant's order answers 1004, as a missing one.
 */
import {
  ORDER_LIST_TOTAL_CAP,
  ErrorCodes,
  STORAGE_ORDER_PAY_MINUTES,
  STORAGE_ORDER_VIEW_STATES,
  type storageOrderCalls,
  type StorageOverview,
} from '@portal/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { requireActor, type CallContext } from '../../lib/context';
import { authorize, needsCode } from '../../lib/policy';
import { orderPolicy } from './orders.policy';
import { presentDetail, presentOrder } from './orders.presenter';
import * as repo from './orders.repository';
import {
  checkSellable,
  idempotent,
  newOrderNo,
  refundableAmount,
  refundOrder,
  snapshotOf,
  startPlan,
  takeUnit,
  tellPlanPaid,
} from './orders.service';

type Data<K extends keyof typeof storageOrderCalls> = z.output<(typeof storageOrderCalls)[K]['data']>;

async function scopedOrder(ctx: CallContext, orderId: number, forUpdate = false) {
  const actor = requireActor(ctx);
  const o = await repo.findOrder(ctx.db, orderId, repo.subtreeScope(actor), ctx.clock.now(), { forUpdate });
  if (!o) throw new AppError(ErrorCodes.notFound);
  return o;
}

async function detail(ctx: CallContext, orderId: number) {
  const actor = requireActor(ctx);
  const now = ctx.clock.now();
  const o = await scopedOrder(ctx, orderId);
  const [attempts, events, refunds, timeline] = [
    await repo.attemptsOf(ctx.db, o.id),
    await repo.eventsOf(ctx.db, o.id),
    await repo.refundsOf(ctx.db, o.id),
    await repo.deviceTimeline(ctx.db, o.deviceId, now),
  ];
  // The device's timeline shows the plans the caller may see only.
  const visible = timeline.filter((t) => t.companyPath.startsWith(actor.companyPath));
  return presentDetail(o, actor, now, { attempts, events, refunds, timeline: visible });
}

export async function orderList(ctx: CallContext, d: Data<'orderList'>) {
  const actor = requireActor(ctx);
  const now = ctx.clock.now();
  const page = await repo.listOrders(ctx.db, repo.subtreeScope(actor), d, d, now, ORDER_LIST_TOTAL_CAP);
  return { ...page, records: page.records.map((o) => presentOrder(o, actor, now)) };
}

export const orderGet = (ctx: CallContext, d: Data<'orderGet'>) => detail(ctx, d.orderId);

export async function orderRefund(ctx: CallContext, d: Data<'orderRefund'>) {
  const actor = requireActor(ctx);
  const now = ctx.clock.now();
  return idempotent(
    ctx.db,
    `order.refund:${d.orderId}`,
    d.idempotencyKey,
    { orderId: d.orderId, reason: d.reason },
    now,
    async () => {
      const o = await scopedOrder(ctx, d.orderId, true);
      authorize(orderPolicy, actor, { state: o.state, refundable: refundableAmount(o, now) }, 'refund');
      await refundOrder(ctx.db, ctx.services.config.sealKeys, o, {
        key: d.idempotencyKey,
        reason: d.reason,
        byUserId: actor.userId,
        byName: actor.actingNickname ?? actor.nickname,
        now,
      });
      await ctx.audit({
        action: 'refund',
        targetType: 'storageOrder',
        targetId: o.id,
        before: { state: o.state },
        after: { state: 'refunded' },
      });
      return { ref: String(o.id), value: await detail(ctx, o.id) };
    },
    (ref) => detail(ctx, Number(ref)),
  );
}

export async function overview(ctx: CallContext, d: Data<'overview'>): Promise<StorageOverview> {
  const actor = requireActor(ctx);
  const r = await repo.overviewRows(ctx.db, repo.subtreeScope(actor), d.from, d.to, ctx.clock.now());
  const counts = Object.fromEntries(STORAGE_ORDER_VIEW_STATES.map((s) => [s, 0])) as StorageOverview['counts'];
  let orders = 0;
  let revenue = 0;
  for (const c of r.counts) {
    counts[c.view_state as keyof typeof counts] = Number(c.n);
    orders += Number(c.n);
    revenue += Number(c.revenue);
  }
  return {
    counts,
    orders,
    revenue,
    nearExpiry: r.nearExpiry,
    inUse: r.inUse,
    days: r.days.map((x) => ({ day: x.day, orders: Number(x.n), revenue: Number(x.revenue) })),
  };
}

/**
 * A partner or distributor buys a plan of its own listed goods for a device it made or sold, for
 * the device's end user, at cost: created paid (no provider), starting now (queued) or unused. The
 * same idempotency key answers the same order (a double submit makes one), another body 23026.
 */
export async function internalPurchase(ctx: CallContext, d: Data<'internalPurchase'>) {
  const actor = requireActor(ctx);
  const noCode = needsCode(actor, 'dealer_storage_mgr');
  if (noCode) throw new AppError(noCode.code);
  const now = ctx.clock.now();
  const answer = async (id: number) => presentOrder(await scopedOrder(ctx, id), actor, ctx.clock.now());
  return idempotent(
    ctx.db,
    `order.internal:${actor.companyId}`,
    d.idempotencyKey,
    { goodsId: d.goodsId, sn: d.sn.toUpperCase(), startNow: d.startNow },
    now,
    async () => {
      // Only the caller's own goods: another company's are answered as missing (1004).
      const own = await repo.goodsForSale(ctx.db, d.goodsId, null);
      if (!own || own.companyId !== actor.companyId) throw new AppError(ErrorCodes.notFound);
      const device = await repo.deviceInReach(ctx.db, actor, d.sn);
      if (!device) throw new AppError(ErrorCodes.deviceNotExist2);
      if (device.endUserId === null) throw new AppError(ErrorCodes.deviceNotBound);
      const g = await repo.goodsForSale(ctx.db, d.goodsId, device);
      checkSellable(g, now);
      await takeUnit(ctx.db, g.id);
      const endUserEmail = await repo.unsafeEndUserEmail(ctx.db, device.endUserId);
      const orderNo = newOrderNo(now);
      const goodsSnapshot = snapshotOf(g);
      const id = await repo.insertOrder(ctx.db, {
        orderNo,
        provider: null,
        amount: g.costPrice,
        platform: 'internal',
        deviceId: device.id,
        deviceSn: device.sn,
        endUserId: device.endUserId,
        endUserEmail,
        companyId: g.companyId,
        companyPath: g.companyPath,
        buyerCompanyId: actor.companyId,
        goodsId: g.id,
        goodsSnapshot,
        serviceDays: g.serviceDays,
        costPrice: g.costPrice,
        state: 'paid',
        payDeadline: null,
        // Created paid: no payment window runs (the column's default).
        payMinutes: STORAGE_ORDER_PAY_MINUTES,
        paidAt: now,
        now,
      });
      if (d.startNow) await startPlan(ctx.db, { id, deviceId: device.id, serviceDays: g.serviceDays }, now);
      await tellPlanPaid(
        ctx.db,
        { orderNo, companyId: g.companyId, endUserId: device.endUserId, deviceSn: device.sn, goodsSnapshot },
        now,
        !!d.startNow,
      );
      await ctx.audit({ action: 'internalPurchase', targetType: 'storageOrder', targetId: id, after: { sn: device.sn, goodsId: g.id } });
      return { ref: String(id), value: await answer(id) };
    },
    (ref) => answer(Number(ref)),
  );
}
