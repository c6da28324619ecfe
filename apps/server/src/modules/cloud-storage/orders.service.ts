/**
 * The order flow (issue 12 §3-§6, order half): creation (one stock unit taken in one statement),
 * payment through the seller's payee account, cancellation and the unpaid timeout (the unit goes
 * back), activation, refunds (full before the start, prorated in use, later plans move up),
 * invalidation at unbinding, the providers' webhooks and the reconciliation of payments whose
 * webhook never came. A device's purchases, activations and refunds run under its row lock, so a
 * plan always queues after the device's last one; the EXCLUDE constraint stands behind that.
 */
import {
  canonicalJson,
  ErrorCodes,
  storageOrderMachine,
  type PaymentProvider,
  type StorageOrderAction,
  type StorageOrderState,
} from '@portal/contract';
import { randomInt } from 'node:crypto';
import type { Database, Db, Tx } from '../../db/client';
import type { GoodsSnapshot } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { SealKeyring } from '../../lib/secrets';
import { sha256Hex } from '../../lib/secrets';
import { postSystemMessageInTx } from '../message-center';
import { paymentProvider, type PayAction, type PaymentEventKind } from '../payments';
import { unsafeReturnStock, unsafeTakeStock } from './goods.repository';
import * as repo from './orders.repository';
import { planPaidContents } from './orders.texts';
import { openPayee, type PayeeHandle } from './payees.service';

export { openPayee };

type AnyDb = Db | Tx;
const DAY_MS = 86_400_000;

/** The machine's move, or 1017 when the order is not in one of its source states. */
export function orderMove(state: string, action: StorageOrderAction): StorageOrderState {
  return storageOrderMachine.next(state as StorageOrderState, action);
}
const fromOf = (action: StorageOrderAction) => storageOrderMachine.actions[action].from;

/** `CS` + UTC date + 10 random digits (unique index behind it). */
export function newOrderNo(now: number): string {
  const d = new Date(now).toISOString().slice(0, 10).replace(/-/g, '');
  let n = '';
  for (let i = 0; i < 10; i++) n += String(randomInt(10));
  return `CS${d}${n}`;
}

export const bodyHash = (body: unknown) => sha256Hex(canonicalJson(body ?? null));

/**
 * Runs `work` once per (scope, key): the same key with the same body answers the first result
 * (`replay`), with another body 23026. The claim is made in the call's transaction, so a refused
 * call frees its key again and a concurrent claim waits for the first to end.
 */
export async function idempotent<T>(
  db: AnyDb,
  scope: string,
  key: string,
  body: unknown,
  now: number,
  work: () => Promise<{ ref: string; value: T }>,
  replay: (ref: string) => Promise<T>,
): Promise<T> {
  const hash = bodyHash(body);
  const c = await repo.claimKey(db, scope, key, hash, now);
  if (!c.claimed) {
    if (c.requestHash !== hash || !c.resultRef) throw new AppError(ErrorCodes.idempotencyKeyReused);
    return replay(c.resultRef);
  }
  const { ref, value } = await work();
  await repo.setKeyResult(db, scope, key, ref);
  return value;
}

export function priceFor(g: { androidPrice: number; iosPrice: number }, platform: string): number {
  // The web checkout sells at the Android price (both are at least the guide price).
  return platform === 'ios' ? g.iosPrice : g.androidPrice;
}

export function snapshotOf(g: repo.SaleGoods): GoodsSnapshot {
  return {
    goodsCode: g.goodsCode,
    name: g.name,
    planId: g.planId,
    planName: g.planName,
    storageValue: g.storageValue,
    storageUnit: g.storageUnit,
    serviceDays: g.serviceDays,
    androidPrice: g.androidPrice,
    iosPrice: g.iosPrice,
    guidePrice: g.guidePrice,
    costPrice: g.costPrice,
    currency: g.currency,
  };
}

/** 7079 unknown, 23005 removed or supplier delisted, 23003 not listed otherwise, 23011 past sale until, 31001 sold out. */
export function checkSellable(g: repo.SaleGoods | null, now: number): asserts g is repo.SaleGoods {
  if (!g || !g.sellable) throw new AppError(ErrorCodes.productNotExist);
  if (g.status === 'removed' || g.status === 'supplier_delisted') throw new AppError(ErrorCodes.productRemoved);
  if (g.status === 'sold_out') throw new AppError(ErrorCodes.insufficientStock);
  if (g.status !== 'listed') throw new AppError(ErrorCodes.productNotListed);
  if (g.saleUntil !== null && g.saleUntil <= now) throw new AppError(ErrorCodes.productExpired);
}

/** Takes one unit (31001 when none is left: the statement decides, not a read before it). */
export async function takeUnit(db: AnyDb, goodsId: number): Promise<void> {
  if (!(await unsafeTakeStock(db, goodsId))) throw new AppError(ErrorCodes.insufficientStock);
}

/**
 * Gives a paid order its period: queued after the device's last plan (now when none runs), under
 * the device's lock; `later` leaves it unused.
 */
export async function startPlan(db: AnyDb, o: { id: number; deviceId: number; serviceDays: number }, now: number): Promise<void> {
  await repo.lockDevice(db, o.deviceId);
  const start = await repo.nextStart(db, o.deviceId, now);
  await repo.setPeriod(db, o.id, start, o.serviceDays, now);
}

/**
 * Tells the order's end user, in the paying transaction, that their plan is paid (and active unless
 * bought to activate later): a system message of the seller through the message centre, in the
 * end user's inbox (and push) once the payment commits. Orders without an end user: nothing.
 */
export async function tellPlanPaid(
  db: AnyDb,
  o: { orderNo: string; companyId: number; endUserId: number | null; deviceSn: string; goodsSnapshot: GoodsSnapshot },
  now: number,
  started: boolean,
): Promise<void> {
  if (o.endUserId === null) return;
  await postSystemMessageInTx(
    db,
    {
      companyId: o.companyId,
      type: 'service',
      contents: planPaidContents({ plan: o.goodsSnapshot.name, sn: o.deviceSn, orderNo: o.orderNo, started }),
      preferredLanguage: 'en-US',
      audience: { kind: 'endUsers', filter: { by: 'specified', endUserIds: [o.endUserId] } },
    },
    new Date(now),
  );
}

/** unpaid -> paid with the provider's transaction, the plan queued unless `later`, and the end user told. */
export async function markPaid(
  db: AnyDb,
  o: repo.OrderRow,
  pay: { provider: string | null; transactionId: string | null },
  now: number,
  later: boolean,
  action: 'pay' | 'revive' = 'pay',
): Promise<boolean> {
  orderMove(o.state, action);
  await repo.lockDevice(db, o.deviceId);
  // Queued after the device's last plan (under its lock, as startPlan), and paid with it at once.
  const plan = later ? undefined : { start: await repo.nextStart(db, o.deviceId, now), days: o.serviceDays };
  const moved = await repo.moveToPaid(db, o.id, fromOf(action), pay, now, plan);
  if (!moved) return false;
  await tellPlanPaid(db, o, now, !later);
  return true;
}

/** unpaid -> cancelled, the stock unit back (false when the order had moved on). */
export async function cancelUnpaid(db: AnyDb, o: repo.OrderRow, reason: 'user' | 'timeout', now: number): Promise<boolean> {
  orderMove(o.state, 'cancel');
  const moved = await repo.moveToCancelled(db, o.id, fromOf('cancel'), reason, now);
  if (moved) await unsafeReturnStock(db, o.goodsId);
  return moved;
}

export type PayOutcome = 'succeeded' | 'declined' | 'action_required' | 'pending';

/**
 * One payment attempt of an unpaid order through the seller's payee. Succeeded: the order is paid
 * (and queued); action required: it waits for the webhook or the reconciliation; pending: the
 * provider never answered (a timeout) and the attempt waits, with the key it was sent with, for
 * the reconciliation to look it up; declined: the attempt is answered for the caller to record
 * (the order stays unpaid).
 */
export async function attemptPayment(
  db: AnyDb,
  sealKeys: SealKeyring,
  o: repo.OrderRow,
  opts: {
    key: string;
    card?: string;
    later: boolean;
    now: number;
    /** Stripe PaymentMethod or the approved PayPal order (checkout page). */
    paymentMethod?: string;
    /** Where a redirect comes back to (the checkout page). */
    returnUrl?: string;
    /** The seller's payee, when the caller opened it already. */
    payee?: PayeeHandle;
  },
): Promise<{ outcome: PayOutcome; attempt: Parameters<typeof repo.insertAttempt>[1]; action?: PayAction }> {
  const payee = opts.payee ?? (await openPayee(db, sealKeys, o.companyId, o.platform));
  const adapter = paymentProvider(payee.provider)!;
  // After a payment the provider never answered, the next one goes with the same key: to the
  // provider it is the same payment, never a second one taken.
  const providerKey = (await repo.unansweredKey(db, o.id, payee.provider)) ?? `${o.orderNo}:${opts.key}`;
  const result = await adapter.pay(payee.account, {
    amount: o.amount,
    currency: o.currency,
    idempotencyKey: providerKey,
    card: opts.card,
    reference: o.orderNo,
    ...(opts.paymentMethod ? { paymentMethod: opts.paymentMethod } : {}),
    ...(opts.returnUrl ? { returnUrl: opts.returnUrl } : {}),
  });
  const last4 = opts.card ? opts.card.replace(/\s+/g, '').slice(-4) : null;
  const base = { orderId: o.id, provider: payee.provider, amount: o.amount, cardLast4: last4, providerKey, now: opts.now };
  if (result.outcome === 'declined')
    return { outcome: 'declined', attempt: { ...base, status: 'declined', transactionId: null, reason: result.reason } };
  // No answer from the provider and no transaction: the money may have been taken all the same.
  // The attempt waits (pending) with the key it was sent with; reconciliation looks it up by that
  // key and the order number, and the provider's event, naming the order, settles it too.
  if (result.outcome === 'unknown' && !result.transactionId) {
    const attempt = { ...base, status: 'pending', transactionId: null, reason: result.reason };
    await repo.insertAttempt(db, attempt);
    await repo.setPendingTransaction(db, o.id, payee.provider, null);
    return { outcome: 'pending', attempt };
  }
  // Unknown with a transaction: waiting like an action required; reconciliation settles it.
  const attempt = {
    ...base,
    status: result.outcome === 'succeeded' ? 'succeeded' : 'action_required',
    transactionId: result.transactionId ?? null,
    reason: result.outcome === 'unknown' ? result.reason : null,
  };
  await repo.insertAttempt(db, attempt);
  if (result.outcome === 'succeeded') {
    await markPaid(db, o, { provider: payee.provider, transactionId: result.transactionId }, opts.now, opts.later);
    return { outcome: 'succeeded', attempt };
  }
  await repo.setPendingTransaction(db, o.id, payee.provider, attempt.transactionId);
  return {
    outcome: 'action_required',
    attempt,
    ...(result.outcome === 'action_required' && result.action ? { action: result.action } : {}),
  };
}

/** What a refund of the order would return now: all before the start (or not effective), the unused days' share in use. */
export function refundableAmount(o: repo.OrderRow, now: number): number {
  const left = o.amount - o.refundedAmount;
  if (left <= 0 || o.platform === 'internal' || !o.provider) return 0;
  if (o.state === 'not_effective') return left;
  if (o.state !== 'paid') return 0;
  if (o.periodStart === null || o.periodEnd === null || o.periodStart > now) return left;
  if (o.periodEnd <= now) return 0;
  const total = o.periodEnd - o.periodStart;
  const unused = o.periodEnd - now;
  return Math.min(left, Math.floor((o.amount * unused) / total));
}

/**
 * Refunds an order (locked by the caller) through its provider: the money first, then the order
 * refunded; its period ends now (in use) or is dropped (before the start); later plans move up.
 */
export async function refundOrder(
  db: AnyDb,
  sealKeys: SealKeyring,
  o: repo.OrderRow,
  opts: { key: string; reason: string; byUserId: number | null; byName: string; now: number },
): Promise<void> {
  orderMove(o.state, 'refund');
  const amount = refundableAmount(o, opts.now);
  if (amount <= 0 || !o.transactionId) throw new AppError(ErrorCodes.refundTooLarge);
  const payee = await openPayee(db, sealKeys, o.companyId, o.platform, o.provider ?? undefined);
  const adapter = paymentProvider(payee.provider)!;
  await repo.lockDevice(db, o.deviceId);
  const started = o.periodStart !== null && o.periodStart <= opts.now;
  const res = await adapter.refund(payee.account, o.transactionId, amount, `${o.orderNo}:refund:${opts.key}`);
  // Refused or unanswered: the order is left as it was (a retry with the same key is one refund).
  if (res.outcome === 'failed' || res.outcome === 'unknown') throw new AppError(ErrorCodes.refundRefused, { reason: res.reason });
  const moved = await repo.moveToRefunded(db, o.id, fromOf('refund'), amount, started, opts.now);
  if (!moved) throw new AppError(ErrorCodes.illegalTransition);
  await repo.insertRefund(db, {
    orderId: o.id,
    amount,
    full: amount === o.amount,
    providerRefundId: res.refundId,
    reason: opts.reason,
    byUserId: opts.byUserId,
    byName: opts.byName,
    now: opts.now,
  });
  await repo.advanceAttempts(db, o.transactionId, 'refunded', opts.now);
  if (o.state === 'paid' && o.periodStart !== null && o.periodEnd !== null && o.periodEnd > opts.now) {
    const from = started ? opts.now : o.periodStart;
    await repo.moveUpLaterPlans(db, o.deviceId, from, o.periodEnd - from, opts.now);
  }
}

/** Unbinding a device (app-api): its paid plans not started yet are not effective any more. */
export async function unsafeInvalidateDevicePlans(db: AnyDb, deviceId: number, now: number): Promise<number> {
  await repo.lockDevice(db, deviceId);
  return repo.invalidateUnstarted(db, deviceId, now);
}

// ---------------------------------------------------------------------------------------------
// Webhooks and jobs
// ---------------------------------------------------------------------------------------------

export type WebhookOutcome = 'forged' | 'replayed' | 'unknown' | 'applied' | 'ignored' | 'revived' | 'refunded';

/**
 * A provider's webhook for a seller's account (`companyId`): checked with the account's secret
 * (forged or foreign: nothing stored), kept once per (provider, account, event id) (a replay
 * changes nothing), then applied: a payment succeeded pays an unpaid order, revives a cancelled
 * one when its unit and the device can still be had, or is refunded; anything else changes no
 * order. Attempts only move forward.
 */
export async function handleWebhook(
  database: Database,
  sealKeys: SealKeyring,
  input: { provider: PaymentProvider; companyId: number; headers: Record<string, string | undefined>; rawBody: string; now: number },
): Promise<WebhookOutcome> {
  const adapter = paymentProvider(input.provider);
  if (!adapter) return 'forged';
  return database.db.transaction(async (tx) => {
    let payee: PayeeHandle;
    try {
      payee = await openPayee(tx, sealKeys, input.companyId, '', input.provider);
    } catch {
      return 'forged';
    }
    if (payee.provider !== input.provider) return 'forged';
    const { event } = await adapter.checkWebhook(payee.account, input.headers, input.rawBody);
    if (!event) return 'forged';
    const eventRow = await repo.insertEvent(tx, {
      provider: input.provider,
      account: String(input.companyId),
      eventId: event.id,
      type: event.type,
      transactionId: event.transactionId,
      payload: JSON.parse(input.rawBody) as unknown,
      now: input.now,
    });
    if (eventRow === null) return 'replayed';
    let orderId = await repo.orderOfTransaction(tx, event.transactionId, input.companyId);
    // A payment whose answer never came: the event names its order, and tells its transaction.
    if (orderId === null && event.reference) {
      orderId = await repo.orderOfUnansweredReference(tx, event.reference, input.companyId);
      if (orderId !== null) await repo.attachUnansweredAttempts(tx, orderId, event.transactionId, input.now);
    }
    if (orderId === null) {
      await repo.settleEvent(tx, eventRow, null, 'unknown', input.now);
      return 'unknown';
    }
    const outcome = await applyPaymentResult(tx, sealKeys, orderId, event.transactionId, event.kind ?? 'other', input.now);
    await repo.settleEvent(tx, eventRow, orderId, outcome, input.now);
    return outcome;
  });
}

/** A provider's word on a transaction of an order (webhook or reconciliation), applied once. */
export async function applyPaymentResult(
  db: AnyDb,
  sealKeys: SealKeyring,
  orderId: number,
  transactionId: string,
  /** What the provider's event means, whatever the provider calls it. */
  kind: PaymentEventKind,
  now: number,
): Promise<'applied' | 'ignored' | 'revived' | 'refunded'> {
  const o = await repo.findOrder(db, orderId, repo.anyOrder, now, { forUpdate: true });
  if (!o) return 'ignored';
  if (kind === 'payment_failed') {
    return (await repo.advanceAttempts(db, transactionId, 'declined', now)) > 0 ? 'applied' : 'ignored';
  }
  if (kind !== 'payment_succeeded') return 'ignored';
  const advanced = await repo.advanceAttempts(db, transactionId, 'succeeded', now);
  if (o.state === 'unpaid') {
    await markPaid(db, o, { provider: null, transactionId }, now, false);
    return 'applied';
  }
  if (o.state === 'cancelled') {
    // A payment after cancellation: the order is paid after all when its unit can be taken again
    // and the device is still its buyer's; otherwise the money goes back.
    const dev = await repo.unsafeDeviceEndUser(db, o.deviceId);
    const stillBound = dev && o.endUserId !== null && Number(dev.endUserId) === o.endUserId;
    if (stillBound && (await unsafeTakeStock(db, o.goodsId))) {
      await markPaid(db, o, { provider: null, transactionId }, now, false, 'revive');
      return 'revived';
    }
    await refundStrayPayment(db, sealKeys, o, transactionId, `${o.orderNo}:late`, 'payment after cancellation', now);
    return 'refunded';
  }
  // A second successful payment of an order already paid by another transaction (two attempts both
  // went through, e.g. a pending one that the provider completed after a retry): that money goes back.
  // Once: a replay finds the attempt already past succeeded (advanced 0).
  if (advanced > 0 && o.transactionId && o.transactionId !== transactionId && o.state !== 'unpaid') {
    await refundStrayPayment(db, sealKeys, o, transactionId, `${o.orderNo}:dup:${transactionId}`, 'duplicate payment', now);
    return 'refunded';
  }
  return advanced > 0 ? 'applied' : 'ignored';
}

/**
 * Gives back the money of a payment the order does not keep (after its cancellation, or a second
 * one), recorded as a refund of the order and its attempt marked refunded. A refusal or no answer
 * throws (23xxx), so the event is not applied and the provider's retry (or the sweep) tries again.
 */
async function refundStrayPayment(
  db: AnyDb,
  sealKeys: SealKeyring,
  o: repo.OrderRow,
  transactionId: string,
  idempotencyKey: string,
  reason: string,
  now: number,
): Promise<void> {
  const payee = await openPayee(db, sealKeys, o.companyId, o.platform, o.provider ?? undefined);
  const res = await paymentProvider(payee.provider)!.refund(payee.account, transactionId, o.amount, idempotencyKey);
  if (res.outcome === 'failed' || res.outcome === 'unknown') throw new AppError(ErrorCodes.refundRefused, { reason: res.reason });
  await repo.insertRefund(db, {
    orderId: o.id,
    amount: o.amount,
    full: true,
    providerRefundId: res.refundId,
    reason,
    byUserId: null,
    byName: 'system',
    now,
  });
  await repo.advanceAttempts(db, transactionId, 'refunded', now);
}

/** Unpaid orders past their 30 minutes: cancelled, their units back. Answers how many. */
export async function expireUnpaidOrders(database: Database, now: number, limit = 500): Promise<number> {
  let n = 0;
  for (const id of await repo.overdueUnpaid(database.db, now, limit)) {
    await database.db.transaction(async (tx) => {
      const o = await repo.findOrder(tx, id, repo.anyOrder, now, { forUpdate: true });
      if (o && o.state === 'unpaid' && (await cancelUnpaid(tx, o, 'timeout', now))) n++;
    });
  }
  return n;
}

/** Minutes after which an attempt still open is asked of its provider (its webhook never came). */
export const RECONCILE_AFTER_MINUTES = 5;

/**
 * Settles the attempts whose webhook never came: the provider is asked for the transaction's
 * state and the answer applied as a webhook's would be. An attempt the provider never answered
 * (no transaction) is looked up by the key it was sent with and the order number: found, it gets
 * its transaction and is settled the same way; unknown to the provider, nothing was taken and it
 * is closed as declined.
 */
export async function reconcilePayments(database: Database, sealKeys: SealKeyring, now: number, limit = 200): Promise<number> {
  let n = 0;
  for (const a of await repo.openAttempts(database.db, now - RECONCILE_AFTER_MINUTES * 60_000, limit)) {
    if (!a.transaction_id && !a.provider_key) continue;
    const adapter = paymentProvider(a.provider as PaymentProvider);
    if (!adapter) continue;
    await database.db.transaction(async (tx) => {
      const o = await repo.findOrder(tx, Number(a.order_id), repo.anyOrder, now);
      if (!o) return;
      const payee = await openPayee(tx, sealKeys, o.companyId, o.platform, a.provider).catch(() => null);
      if (!payee) return;
      let transactionId = a.transaction_id;
      let state: 'pending' | 'succeeded' | 'failed';
      if (transactionId) {
        state = await adapter.retrieve(payee.account, transactionId);
      } else {
        const found = await adapter.lookup(payee.account, { reference: o.orderNo, idempotencyKey: a.provider_key! });
        if (found.state === 'unknown') return;
        if (found.state === 'not_found') {
          if (await repo.closeAttempt(tx, Number(a.id), 'declined', 'not received by the provider', now)) n++;
          return;
        }
        transactionId = found.transactionId;
        await repo.attachTransaction(tx, Number(a.id), o.id, transactionId, now);
        state = found.state;
      }
      if (state === 'pending') return;
      await applyPaymentResult(tx, sealKeys, o.id, transactionId, state === 'succeeded' ? 'payment_succeeded' : 'payment_failed', now);
      n++;
    });
  }
  return n;
}

/** The end of the payment window of an order created at `now` with its seller's window (minutes). */
export const payDeadlineOf = (now: number, payMinutes: number) => now + payMinutes * 60_000;
export { DAY_MS };
