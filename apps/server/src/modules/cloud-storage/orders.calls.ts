/** The order calls: the portal's (storageOrderCalls) and the end user's app-facing ones (storageAppCalls). */
import { ErrorCodes, storageAppCalls, storageCheckoutCalls, storageOrderCalls } from '@portal/contract';
import { implement, type CallImpl } from '../../lib/implement';
import * as app from './order-app.service';
import * as checkout from './checkout.service';
import * as portal from './order-portal.service';
import * as sheet from './orders.sheet';

const otherOrder = { none: "lists only orders of goods sold in the caller's subtree (tested by the order tests)" };
const checkoutLink = {
  none: "public: the signed link names the only order it opens, and only on its seller's brand's domains (checkout tests)",
};
const ownOnly = { none: "acts only on the signed-in end user's own devices and orders (tested by the order tests)" };

export const orderImpls: CallImpl[] = [
  implement(storageOrderCalls.orderList, otherOrder, (ctx, d) => portal.orderList(ctx, d)),
  implement(
    storageOrderCalls.orderGet,
    { none: "reads an order by id within the caller's subtree only (1004 otherwise; order tests)" },
    (ctx, d) => portal.orderGet(ctx, d),
  ),
  implement(
    storageOrderCalls.orderRefund,
    { none: "refunds an order by id within the caller's subtree only (1004 otherwise; order tests)" },
    (ctx, d) => portal.orderRefund(ctx, d),
  ),
  implement(storageOrderCalls.overview, otherOrder, (ctx, d) => portal.overview(ctx, d)),
  implement(storageOrderCalls.orderExport, otherOrder, (ctx, d) => sheet.orderExport(ctx, d)),
  implement(storageOrderCalls.statement, { none: "the statement of the caller's own company's internal purchases only" }, (ctx, d) =>
    sheet.statement(ctx, d),
  ),
  implement(
    storageOrderCalls.internalPurchase,
    // Partner B's goods: missing (1004); partner B's device with the caller's goods: 23017 (order tests).
    { otherTenant: (fx) => ({ goodsId: fx.otherGoodsId, sn: fx.otherDeviceSn, startNow: true, idempotencyKey: 'probe-other-internal' }) },
    (ctx, d) => portal.internalPurchase(ctx, d),
  ),
  implement(
    storageAppCalls.goodsList,
    { otherTenant: (fx) => ({ deviceId: fx.otherDeviceId, platform: 'android' }), refusedWith: [ErrorCodes.deviceNotExist] },
    (ctx, d) => app.goodsList(ctx, d),
  ),
  implement(
    storageAppCalls.orderCreate,
    {
      otherTenant: (fx) => ({ deviceId: fx.otherDeviceId, goodsId: fx.otherGoodsId, platform: 'android', idempotencyKey: 'probe-other-1' }),
      refusedWith: [ErrorCodes.deviceNotExist],
    },
    (ctx, d) => app.orderCreate(ctx, d),
    // Two short transactions of its own: the goods' stock is not held while the provider answers.
    { transaction: false },
  ),
  implement(storageAppCalls.orderPay, ownOnly, (ctx, d) => app.orderPay(ctx, d)),
  implement(storageAppCalls.orderCancel, ownOnly, (ctx, d) => app.orderCancel(ctx, d)),
  implement(storageAppCalls.orderActivate, ownOnly, (ctx, d) => app.orderActivate(ctx, d)),
  implement(storageAppCalls.orderList, ownOnly, (ctx, d) => app.orderList(ctx, d)),
  implement(storageAppCalls.orderGet, ownOnly, (ctx, d) => app.orderGet(ctx, d)),
  implement(storageCheckoutCalls.checkoutGet, checkoutLink, (ctx, d) => checkout.checkoutGet(ctx, d)),
  implement(storageCheckoutCalls.checkoutPay, checkoutLink, (ctx, d) => checkout.checkoutPay(ctx, d)),
];
