/** Order rows to the contract's StorageOrder (portal), StorageOrderDetail and AppOrder (app-facing). */
import type { AppOrder, PaymentProvider, StorageOrder, StorageOrderDetail, StorageUnit } from '@portal/contract';
import type { Actor } from '../../lib/context';
import { allowedActions } from '../../lib/policy';
import { orderPolicy } from './orders.policy';
import type { OrderRow } from './orders.repository';
import { refundableAmount } from './orders.service';
import { checkoutUrlOf, type CheckoutLinks } from './checkout.service';
import { seesCost } from './plans.policy';

const ms = (v: unknown) => (v instanceof Date ? v.getTime() : new Date(String(v)).getTime());

export function presentOrder(o: OrderRow, actor: Actor, now: number): StorageOrder {
  return {
    orderId: o.id,
    orderNo: o.orderNo,
    transactionId: o.transactionId,
    provider: o.provider as PaymentProvider | null,
    platform: o.platform as StorageOrder['platform'],
    amount: o.amount,
    currency: o.currency,
    refundedAmount: o.refundedAmount,
    state: o.state as StorageOrder['state'],
    viewState: o.viewState,
    deviceId: o.deviceId,
    sn: o.deviceSn,
    endUserEmail: o.endUserEmail,
    companyId: o.companyId,
    companyName: o.companyName,
    goodsId: o.goodsId,
    goodsName: o.goodsSnapshot.name,
    goodsCode: o.goodsSnapshot.goodsCode,
    serviceDays: o.serviceDays,
    storageValue: o.goodsSnapshot.storageValue,
    storageUnit: o.goodsSnapshot.storageUnit as StorageUnit,
    costPrice: seesCost(actor) ? o.costPrice : null,
    periodStart: o.periodStart,
    periodEnd: o.periodEnd,
    payDeadline: o.payDeadline,
    paidAt: o.paidAt,
    createdAt: o.createdAt,
    actions: allowedActions(orderPolicy, actor, { state: o.state, refundable: refundableAmount(o, now) }),
  };
}

export function presentDetail(
  o: OrderRow,
  actor: Actor,
  now: number,
  more: {
    attempts: Record<string, unknown>[];
    events: Record<string, unknown>[];
    refunds: Record<string, unknown>[];
    timeline: OrderRow[];
  },
): StorageOrderDetail {
  return {
    ...presentOrder(o, actor, now),
    attempts: more.attempts.map((a) => ({
      id: Number(a.id),
      provider: a.provider as PaymentProvider,
      amount: Number(a.amount),
      status: a.status as StorageOrderDetail['attempts'][number]['status'],
      transactionId: (a.transaction_id as string | null) ?? null,
      reason: (a.reason as string | null) ?? null,
      cardLast4: (a.card_last4 as string | null) ?? null,
      createdAt: ms(a.created_at),
      updatedAt: ms(a.updated_at),
    })),
    events: more.events.map((e) => ({
      id: Number(e.id),
      provider: String(e.provider),
      eventId: String(e.event_id),
      type: String(e.type),
      outcome: String(e.outcome),
      receivedAt: ms(e.received_at),
    })),
    refunds: more.refunds.map((r) => ({
      id: Number(r.id),
      amount: Number(r.amount),
      full: r.full === true,
      providerRefundId: (r.provider_refund_id as string | null) ?? null,
      reason: String(r.reason ?? ''),
      byName: String(r.by_name ?? ''),
      createdAt: ms(r.created_at),
    })),
    timeline: more.timeline.map((t) => ({
      orderId: t.id,
      orderNo: t.orderNo,
      goodsName: t.goodsSnapshot.name,
      viewState: t.viewState,
      periodStart: t.periodStart,
      periodEnd: t.periodEnd,
    })),
    refundable: refundableAmount(o, now),
  };
}

export function presentAppOrder(o: OrderRow, links: CheckoutLinks): AppOrder {
  return {
    orderId: o.id,
    orderNo: o.orderNo,
    deviceId: o.deviceId,
    sn: o.deviceSn,
    goodsName: o.goodsSnapshot.name,
    platform: o.platform as AppOrder['platform'],
    amount: o.amount,
    currency: o.currency,
    state: o.state as AppOrder['state'],
    viewState: o.viewState,
    periodStart: o.periodStart,
    periodEnd: o.periodEnd,
    payDeadline: o.payDeadline,
    payment: (o.lastAttempt ?? 'none') as AppOrder['payment'],
    checkoutUrl: checkoutUrlOf(links, o),
    createdAt: o.createdAt,
  };
}
