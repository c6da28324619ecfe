/**
 * The hosted checkout page (issue 12 §6): `/checkout/<orderNo>/<sign>`, public. The sign is an
 * HMAC-SHA256 under the server's link secret (LINK_SECRET, as every signed link) over the order
 * number and the end of its payment window, so a number cannot be guessed or the window
 * stretched; the link works until that end (23041 after), answers 23040 when the sign does not
 * match (an unknown number alike), and 1004 on another brand's domain. The order is paid with the
 * seller's payee, as the app's pay call would: a sandbox test card, a Stripe PaymentIntent the
 * Payment Element confirms, a PayPal order the buttons approve and this call captures.
 */
import {
  CHECKOUT_PATH_PREFIX,
  ErrorCodes,
  type CheckoutAction,
  type CheckoutOrder,
  type StorageUnit,
  type storageCheckoutCalls,
} from '@portal/contract';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { CallContext } from '../../lib/context';
import type { PayAction } from '../payments';
import { sandboxWebhookAfterCommit } from './orders.jobs';
import * as repo from './orders.repository';
import { attemptPayment, idempotent, openPayee, orderMove } from './orders.service';
import type { PayeeHandle } from './payees.service';

type Data<K extends keyof typeof storageCheckoutCalls> = z.output<(typeof storageCheckoutCalls)[K]['data']>;

/** What a checkout link names: the order and its payment window (the seller's setting when it was created). */
export interface CheckoutRef {
  orderNo: string;
  createdAt: number;
  payMinutes: number;
}

/** The end of an order's payment window: its checkout link works until then. */
export const checkoutExpiresAt = (o: Pick<CheckoutRef, 'createdAt' | 'payMinutes'>) => o.createdAt + o.payMinutes * 60_000;

export function checkoutSign(secret: string, o: CheckoutRef): string {
  return createHmac('sha256', secret)
    .update(JSON.stringify(['checkout/v1', o.orderNo, Math.floor(checkoutExpiresAt(o) / 1000)]))
    .digest('hex');
}

function signMatches(secret: string, o: CheckoutRef, sign: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(sign)) return false;
  return timingSafeEqual(Buffer.from(sign, 'hex'), Buffer.from(checkoutSign(secret, o), 'hex'));
}

export interface CheckoutLinks {
  publicUrl: string;
  secret: string;
  now: number;
}

export const checkoutLinks = (ctx: Pick<CallContext, 'services' | 'clock'>): CheckoutLinks => ({
  publicUrl: ctx.services.config.publicUrl,
  secret: ctx.services.config.linkSecret,
  now: ctx.clock.now(),
});

/** The checkout page of an order (PUBLIC_URL's origin). */
export const checkoutUrl = (l: Pick<CheckoutLinks, 'publicUrl' | 'secret'>, o: CheckoutRef) =>
  `${l.publicUrl}${CHECKOUT_PATH_PREFIX}/${o.orderNo}/${checkoutSign(l.secret, o)}`;

/** The link of an unpaid order while its payment window lasts; null otherwise. */
export function checkoutUrlOf(l: CheckoutLinks, o: CheckoutRef & { state: string; platform: string }) {
  if (o.state !== 'unpaid' || o.platform === 'internal' || l.now >= checkoutExpiresAt(o)) return null;
  return checkoutUrl(l, o);
}

/** The order a checkout link names, checked: sign (23040), window (23041), the domain's brand (1004). */
async function openCheckout(ctx: CallContext, d: Data<'checkoutGet'>, forUpdate = false): Promise<repo.OrderRow> {
  const now = ctx.clock.now();
  const id = await repo.unsafeOrderIdByNo(ctx.db, d.orderNo);
  const o = id === null ? null : await repo.findOrder(ctx.db, id, repo.anyOrder, now, { forUpdate });
  if (!o || o.platform === 'internal' || !signMatches(ctx.services.config.linkSecret, o, d.sign))
    throw new AppError(ErrorCodes.checkoutLinkInvalid);
  if (now >= checkoutExpiresAt(o)) throw new AppError(ErrorCodes.checkoutLinkExpired);
  const brandPath = await repo.unsafeBrandPathOfDomain(ctx.db, d.domain);
  if (brandPath === null || !o.companyPath.startsWith(brandPath)) throw new AppError(ErrorCodes.notFound);
  return o;
}

function present(o: repo.OrderRow, payee: PayeeHandle | null): CheckoutOrder {
  return {
    orderNo: o.orderNo,
    sellerName: o.companyName,
    goodsName: o.goodsSnapshot.name,
    storageValue: o.goodsSnapshot.storageValue,
    storageUnit: o.goodsSnapshot.storageUnit as StorageUnit,
    serviceDays: o.serviceDays,
    sn: o.deviceSn,
    platform: o.platform as CheckoutOrder['platform'],
    amount: o.amount,
    currency: o.currency,
    state: o.state as CheckoutOrder['state'],
    payment: (o.lastAttempt ?? 'none') as CheckoutOrder['payment'],
    expiresAt: checkoutExpiresAt(o),
    provider: payee?.provider ?? null,
    mode: payee ? payee.account.mode : null,
    publicKey: payee?.publicKey ?? null,
  };
}

async function payeeOf(ctx: CallContext, o: repo.OrderRow): Promise<PayeeHandle | null> {
  if (o.state !== 'unpaid') return null;
  return openPayee(ctx.db, ctx.services.config.sealKeys, o.companyId, o.platform).catch(() => null);
}

export async function checkoutGet(ctx: CallContext, d: Data<'checkoutGet'>): Promise<CheckoutOrder> {
  const o = await openCheckout(ctx, d);
  return present(o, await payeeOf(ctx, o));
}

function actionOf(provider: string, transactionId: string | null, action: PayAction | undefined): CheckoutAction | null {
  if (provider === 'paypal') return transactionId ? { type: 'paypal', orderId: transactionId } : null;
  if (action?.type === 'client_secret' || action?.type === 'redirect') return action;
  return null;
}

interface PayRef {
  orderId: number;
  outcome: 'succeeded' | 'action_required' | 'pending';
  action: CheckoutAction | null;
}

export async function checkoutPay(ctx: CallContext, d: Data<'checkoutPay'>) {
  const now = ctx.clock.now();
  const first = await openCheckout(ctx, d);
  const answer = async (ref: PayRef) => {
    const o = (await repo.findOrder(ctx.db, ref.orderId, repo.anyOrder, ctx.clock.now()))!;
    return { order: present(o, await payeeOf(ctx, o)), outcome: ref.outcome, action: ref.action };
  };
  return idempotent(
    ctx.db,
    `checkout.pay:${first.id}`,
    d.idempotencyKey,
    { card: d.card ?? null, paymentMethod: d.paymentMethod ?? null },
    now,
    async () => {
      const o = await openCheckout(ctx, d, true);
      if (o.state !== 'unpaid') throw new AppError(ErrorCodes.orderClosed);
      orderMove(o.state, 'pay');
      // The device must still be its buyer's.
      const dev = await repo.unsafeDeviceEndUser(ctx.db, o.deviceId);
      if (!dev || o.endUserId === null || Number(dev.endUserId) !== o.endUserId) throw new AppError(ErrorCodes.deviceNotBound);
      const payee = await openPayee(ctx.db, ctx.services.config.sealKeys, o.companyId, o.platform);
      if (payee.provider === 'card') throw new AppError(ErrorCodes.checkoutMethodUnsupported);
      if (payee.provider === 'sandbox' && !d.card) throw new AppError(ErrorCodes.invalidParams, { detail: 'card' });
      // PayPal: only the order this checkout created can be captured for it.
      if (payee.provider === 'paypal' && d.paymentMethod && d.paymentMethod !== o.transactionId)
        throw new AppError(ErrorCodes.invalidParams, { detail: 'paymentMethod' });
      const r = await attemptPayment(ctx.db, ctx.services.config.sealKeys, o, {
        key: d.idempotencyKey,
        card: payee.provider === 'sandbox' ? d.card : undefined,
        paymentMethod: payee.provider === 'sandbox' ? undefined : d.paymentMethod,
        returnUrl: checkoutUrl(checkoutLinks(ctx), o),
        later: false,
        now,
        payee,
      });
      if (r.outcome === 'declined') {
        // The refusal rolls the call back; the declined attempt stays on the order all the same.
        ctx.persist((db) => repo.insertAttempt(db, r.attempt));
        throw new AppError(ErrorCodes.paymentDeclined);
      }
      if (payee.provider === 'sandbox') sandboxWebhookAfterCommit(ctx, o, r.outcome, r.attempt.transactionId, d.card);
      const ref: PayRef = {
        orderId: o.id,
        outcome: r.outcome,
        action: r.outcome === 'action_required' ? actionOf(payee.provider, r.attempt.transactionId, r.action) : null,
      };
      return { ref: JSON.stringify(ref), value: await answer(ref) };
    },
    (ref) => answer(JSON.parse(ref) as PayRef),
  );
}
