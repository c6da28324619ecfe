/**
 * The app-facing goods and order calls of an end user (DOMAIN §5). Every query names the app's
 * brand and the end user: an unknown device and another brand's answer alike, 23008; a device of
 * the brand not bound to the caller (unbound, or another user's) 23007; another user's order
 * answers 1004, as a missing one.
 */
import { ErrorCodes, type AppGoods, type Locale, type storageAppCalls } from '@portal/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { requireEndUser, type CallContext } from '../../lib/context';
import * as repo from './orders.repository';
import {
  attemptPayment,
  cancelUnpaid,
  checkSellable,
  idempotent,
  newOrderNo,
  orderMove,
  payDeadlineOf,
  priceFor,
  snapshotOf,
  startPlan,
  takeUnit,
  tellPlanPaid,
} from './orders.service';
import { presentAppOrder } from './orders.presenter';
import { sandboxWebhookAfterCommit } from './orders.jobs';
import { checkoutLinks } from './checkout.service';
import { unsafeSellerSettings } from './settings.repository';
import type { StoredGoodsContents } from '../../db/schema';

type Data<K extends keyof typeof storageAppCalls> = z.output<(typeof storageAppCalls)[K]['data']>;

async function boundDevice(ctx: CallContext, deviceId: number) {
  const app = requireEndUser(ctx);
  const d = await repo.brandDevice(ctx.db, app.companyPath, deviceId);
  if (!d) throw new AppError(ErrorCodes.deviceNotExist);
  if (d.endUserId !== app.endUser.id) throw new AppError(ErrorCodes.deviceNotBound);
  return d;
}

async function ownOrder(ctx: CallContext, orderId: number, forUpdate = false) {
  const app = requireEndUser(ctx);
  const o = await repo.findOrder(ctx.db, orderId, repo.endUserScope(app.endUser.id), ctx.clock.now(), { forUpdate });
  if (!o) throw new AppError(ErrorCodes.notFound);
  return o;
}

async function answer(ctx: CallContext, orderId: number) {
  return presentAppOrder((await ownOrder(ctx, orderId))!, checkoutLinks(ctx));
}

export async function goodsList(ctx: CallContext, d: Data<'goodsList'>): Promise<{ records: AppGoods[] }> {
  const app = requireEndUser(ctx);
  const device = await boundDevice(ctx, d.deviceId);
  const locale: Locale = d.locale ?? app.endUser.locale;
  const rows = await repo.appGoodsRows(ctx.db, device, ctx.clock.now());
  return {
    records: rows
      .filter((g) => !(g.is_free === true && g.free_used === true))
      .map((g) => {
        const contents = g.contents as StoredGoodsContents;
        const c = (locale === 'zh-CN' ? contents['zh-CN'] : undefined) ?? contents['en-US'];
        return {
          goodsId: Number(g.id),
          goodsCode: String(g.goods_code),
          name: String(g.name),
          price: priceFor({ androidPrice: Number(g.android_price), iosPrice: Number(g.ios_price) }, d.platform),
          currency: String(g.currency),
          free: g.is_free === true,
          storageValue: Number(g.storage_value),
          storageUnit: g.storage_unit as AppGoods['storageUnit'],
          serviceDays: Number(g.service_days),
          graphic: c.graphic,
          terms: c.terms,
          soldOut: g.status === 'sold_out',
        };
      }),
  };
}

/**
 * Creates an order (one unit of the goods taken) and, given a card, pays it. Two transactions, the
 * call running without the router's (its `transaction: false`): the first creates the order and
 * commits, so the goods row a counted stock locks is held only that long, never while the payment
 * provider answers; the second pays the order under its own row lock. A failure between them
 * leaves an unpaid order (its unit back at the timeout) that the same key answers and orderPay pays.
 */
export async function orderCreate(ctx: CallContext, d: Data<'orderCreate'>) {
  const now = ctx.clock.now();
  const created = await ctx.db.transaction((tx) => createOrder({ ...ctx, db: tx }, d, now));
  if (created.pay && d.card) {
    const card = d.card;
    await ctx.db.transaction(async (tx) => {
      const c = { ...ctx, db: tx };
      const o = await ownOrder(c, created.id, true);
      // Cancelled or paid meanwhile (another call of the app): nothing to pay.
      if (o.state !== 'unpaid') return;
      const r = await attemptPayment(tx, ctx.services.config.sealKeys, o, {
        key: d.idempotencyKey,
        card,
        later: !!d.activateLater,
        now,
      });
      // A declined card leaves the order unpaid (its unit kept until the timeout): the app may pay again.
      if (r.outcome === 'declined') await repo.insertAttempt(tx, r.attempt);
      if (r.attempt.provider === 'sandbox') sandboxWebhookAfterCommit(ctx, o, r.outcome, r.attempt.transactionId, card);
    });
  }
  return answer(ctx, created.id);
}

/** The order made and its unit taken, in the caller's transaction; `pay`: a new order waiting for its payment. */
async function createOrder(ctx: CallContext, d: Data<'orderCreate'>, now: number): Promise<{ id: number; pay: boolean }> {
  const app = requireEndUser(ctx);
  const { idempotencyKey, ...body } = d;
  let pay = false;
  const id = await idempotent(
    ctx.db,
    `order.create:${app.endUser.id}`,
    idempotencyKey,
    body,
    now,
    async () => {
      const device = await boundDevice(ctx, d.deviceId);
      const g = await repo.goodsForSale(ctx.db, d.goodsId, device);
      checkSellable(g, now);
      const amount = priceFor(g, d.platform);
      if (amount === 0) {
        // Under the device's lock: a second free order of the device at once waits for the first
        // and finds its plan used (23022), never the unique index (a 500).
        await repo.lockDevice(ctx.db, device.id);
        if (await repo.freePlanUsed(ctx.db, device.id, g.companyId)) throw new AppError(ErrorCodes.freePlanUsed);
      }
      await takeUnit(ctx.db, g.id);
      const free = amount === 0;
      const { payMinutes } = await unsafeSellerSettings(ctx.db, g.companyId);
      const orderNo = newOrderNo(now);
      const id = await repo.insertOrder(ctx.db, {
        orderNo,
        provider: null,
        amount,
        platform: d.platform,
        deviceId: device.id,
        deviceSn: device.sn,
        endUserId: app.endUser.id,
        endUserEmail: app.endUser.email,
        companyId: g.companyId,
        companyPath: g.companyPath,
        buyerCompanyId: null,
        goodsId: g.id,
        goodsSnapshot: snapshotOf(g),
        serviceDays: g.serviceDays,
        costPrice: g.costPrice,
        state: free ? 'paid' : 'unpaid',
        payDeadline: free ? null : payDeadlineOf(now, payMinutes),
        payMinutes,
        paidAt: free ? now : null,
        now,
      });
      if (free && !d.activateLater) await startPlan(ctx.db, { id, deviceId: device.id, serviceDays: g.serviceDays }, now);
      if (free) {
        const o = { orderNo, companyId: g.companyId, endUserId: app.endUser.id, deviceSn: device.sn, goodsSnapshot: snapshotOf(g) };
        await tellPlanPaid(ctx.db, o, now, !d.activateLater);
      }
      pay = !free;
      return { ref: String(id), value: id };
    },
    async (ref) => Number(ref),
  );
  return { id, pay };
}

export async function orderPay(ctx: CallContext, d: Data<'orderPay'>) {
  const now = ctx.clock.now();
  const { idempotencyKey, ...body } = d;
  return idempotent(
    ctx.db,
    `order.pay:${d.orderId}`,
    idempotencyKey,
    body,
    now,
    async () => {
      const o = await ownOrder(ctx, d.orderId, true);
      if (o.state !== 'unpaid') throw new AppError(ErrorCodes.orderClosed);
      orderMove(o.state, 'pay');
      await boundDevice(ctx, o.deviceId);
      const r = await attemptPayment(ctx.db, ctx.services.config.sealKeys, o, {
        key: idempotencyKey,
        card: d.card,
        later: !!d.activateLater,
        now,
      });
      if (r.outcome === 'declined') {
        // The refusal rolls the call back; the declined attempt stays on the order all the same.
        ctx.persist((db) => repo.insertAttempt(db, r.attempt));
        throw new AppError(ErrorCodes.paymentDeclined);
      }
      if (r.attempt.provider === 'sandbox') sandboxWebhookAfterCommit(ctx, o, r.outcome, r.attempt.transactionId, d.card);
      return { ref: String(o.id), value: await answer(ctx, o.id) };
    },
    (ref) => answer(ctx, Number(ref)),
  );
}

export async function orderCancel(ctx: CallContext, d: Data<'orderCancel'>) {
  const o = await ownOrder(ctx, d.orderId, true);
  if (o.state === 'cancelled' || o.state === 'paid') throw new AppError(ErrorCodes.orderClosed);
  if (!(await cancelUnpaid(ctx.db, o, 'user', ctx.clock.now()))) throw new AppError(ErrorCodes.orderClosed);
  return answer(ctx, o.id);
}

export async function orderActivate(ctx: CallContext, d: Data<'orderActivate'>) {
  const o = await ownOrder(ctx, d.orderId, true);
  if (o.viewState !== 'unused') throw new AppError(ErrorCodes.illegalTransition, undefined, `activate a ${o.viewState} order`);
  await boundDevice(ctx, o.deviceId);
  await startPlan(ctx.db, o, ctx.clock.now());
  return answer(ctx, o.id);
}

export async function orderList(ctx: CallContext, d: Data<'orderList'>) {
  const app = requireEndUser(ctx);
  const links = checkoutLinks(ctx);
  const page = await repo.listOrders(
    ctx.db,
    repo.endUserScope(app.endUser.id),
    { deviceId: d.deviceId, viewState: d.viewState },
    d,
    ctx.clock.now(),
  );
  // An end user's own orders: counted exactly.
  return { records: page.records.map((o) => presentAppOrder(o, links)), total: page.total, pageNum: page.pageNum, pageSize: page.pageSize };
}

export const orderGet = (ctx: CallContext, d: Data<'orderGet'>) => answer(ctx, d.orderId);
