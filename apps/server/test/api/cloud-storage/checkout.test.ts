/**
 * The hosted checkout page's calls (issue 12 §6): the app's order answers its checkout link; the
 * link's order paid with the sandbox's test cards (success, decline); a tampered, unknown or
 * expired link, an order paid already and another brand's domain refused; the same idempotency
 * key pays once. The sandbox's webhooks on demand: a dropped one is reconciled, a duplicate
 * changes nothing. A distributor sees the orders of its own goods, not its partner's.
 */
import { ErrorCodes, storageAppCalls, storageCalls, storageCheckoutCalls, storageOrderCalls, type AppOrder } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyDomains } from '../../../src/db/schema';
import { checkoutSign, reconcilePayments, sendSandboxWebhook } from '../../../src/modules/cloud-storage';
import { SANDBOX_CARDS, sandboxWebhookPlan } from '../../../src/modules/payments';
import type { Session, TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { createUser } from '../../support/fixtures';
import nock from '../../support/nock';
import type { Creds } from '../app-api/helpers';
import { orderFixture } from './order-fixture';

const SECRET = 'sbx_checkoutabcdefghijkl12';
const DEALER_SECRET = 'sbx_dealerabcdefghijkl1234';

describe.each(ENGINES)('hosted checkout (%s)', (engine) => {
  const fx = orderFixture(engine, 'CKO');
  let t: TestApp;
  let owner: Session;
  let supplier: Session;
  let dealerMgr: Session;
  let dealerReader: Session;
  let ann: Creds;
  const key = fx.key;
  const rawRows = fx.rawRows;

  /** A device of partner A in the EU bound to Ann (sold by `customer`, when given). */
  const device = (customer?: { id: number; path: string }) => fx.device({ customer });
  /** Listed goods of the seller signed in as `seller` (partner A's owner unless given). */
  const goods = (seller: Session = owner) => fx.goods(seller, supplier);
  const order = (d: { id: number }, g: number, extra: Record<string, unknown> = {}): Promise<AppOrder> =>
    fx.order(ann, { deviceId: d.id, goodsId: g }, extra);

  /** The link's parts, as the page reads them from its path. */
  function linkOf(o: AppOrder) {
    expect(o.checkoutUrl).toBeTruthy();
    const u = new URL(o.checkoutUrl!);
    expect(u.origin).toBe(t.services.config.publicUrl);
    const [, first, orderNo, sign] = u.pathname.split('/');
    expect(first).toBe('checkout');
    expect(orderNo).toBe(o.orderNo);
    return { orderNo: orderNo!, sign: sign!, domain: 'localhost' };
  }

  async function signIn() {
    owner = await t.login('owner-a@test.local');
    supplier = await t.login('supplier@test.local');
    dealerMgr = await t.login('dealer-mgr-a@test.local');
    dealerReader = await t.login('dealer-a@test.local');
    ann = await fx.appLogin();
  }

  beforeAll(async () => {
    t = await fx.start();
    await createUser(t.database, {
      companyId: t.world.companies.dealerA.id,
      email: 'dealer-mgr-a@test.local',
      userType: 'distributor',
      codes: ['dealer_storage_qry', 'dealer_storage_mgr', 'dealer_cldstorage_setting_qry', 'dealer_cldstorage_setting_mgr'],
      areaIds: [t.world.areas.eu.id],
    });
    await signIn();
    await fx.openSales(supplier, [
      { seller: owner, accountId: 'acct_ck', secret: SECRET },
      { seller: dealerMgr, accountId: 'acct_ck', secret: DEALER_SECRET },
    ]);
  });
  afterAll(() => fx.close());

  it('the app order answers its checkout link; the page shows the order and pays it with the success card; paid twice is 23024', async () => {
    const g = await goods();
    const d = await device();
    const o = await order(d, g);
    const link = linkOf(o);
    expect(link.sign).toBe(checkoutSign(t.services.config.linkSecret, { orderNo: o.orderNo, createdAt: o.createdAt, payMinutes: 30 }));
    const got = await t.call(storageCheckoutCalls.checkoutGet, link, null);
    expect(got.basic.code, got.basic.msg).toBe(200);
    expect(got.data).toMatchObject({
      orderNo: o.orderNo,
      sellerName: 'Partner A',
      goodsName: o.goodsName,
      sn: d.sn,
      amount: 3000,
      currency: 'USD',
      serviceDays: 30,
      state: 'unpaid',
      payment: 'none',
      provider: 'sandbox',
      mode: 'test',
      publicKey: null,
      expiresAt: o.createdAt + 30 * 60_000,
    });
    const k = key();
    const paid = await t.call(storageCheckoutCalls.checkoutPay, { ...link, idempotencyKey: k, card: SANDBOX_CARDS.success }, null);
    expect(paid.basic.code, paid.basic.msg).toBe(200);
    expect(paid.data).toMatchObject({ outcome: 'succeeded', action: null, order: { state: 'paid', payment: 'succeeded', provider: null } });
    // The same key answers the same payment; another key finds it paid already (both locales).
    const replay = await t.call(storageCheckoutCalls.checkoutPay, { ...link, idempotencyKey: k, card: SANDBOX_CARDS.success }, null);
    expect(replay.data.outcome).toBe('succeeded');
    const again = await t.call(storageCheckoutCalls.checkoutPay, { ...link, idempotencyKey: key(), card: SANDBOX_CARDS.success }, null);
    expect(again.basic.code).toBe(ErrorCodes.orderClosed);
    const zh = await t.call(storageCheckoutCalls.checkoutPay, { ...link, idempotencyKey: key(), card: SANDBOX_CARDS.success }, null, {
      locale: 'zh-CN',
    });
    expect(zh.basic.msg).toBe('订单已取消或已支付。');
    const attempts = await rawRows<{ n: number }>(
      sql`select count(*)::int as n from storage_order_attempts a join storage_orders o on o.id = a.order_id where o.order_no = ${o.orderNo}`,
    );
    expect(attempts[0]!.n).toBe(1);
    // The paid order: the app answers no link any more; the page still shows it (paid) within the window.
    expect((await t.call(storageAppCalls.orderGet, { orderId: o.orderId }, ann)).data).toMatchObject({ state: 'paid', checkoutUrl: null });
    expect((await t.call(storageCheckoutCalls.checkoutGet, link, null)).data.state).toBe('paid');
  });

  it('a declined card: 23025 in both locales, the attempt kept, the order still unpaid and payable', async () => {
    const g = await goods();
    const o = await order(await device(), g);
    const link = linkOf(o);
    const declined = await t.call(storageCheckoutCalls.checkoutPay, { ...link, idempotencyKey: key(), card: SANDBOX_CARDS.decline }, null);
    expect(declined.basic.code).toBe(ErrorCodes.paymentDeclined);
    expect(declined.basic.msg).toBe('The payment was declined.');
    const zh = await t.call(storageCheckoutCalls.checkoutPay, { ...link, idempotencyKey: key(), card: SANDBOX_CARDS.decline }, null, {
      locale: 'zh-CN',
    });
    expect(zh.basic.msg).toBe('支付被拒绝。');
    const after = await t.call(storageCheckoutCalls.checkoutGet, link, null);
    expect(after.data).toMatchObject({ state: 'unpaid', payment: 'declined' });
    // A sandbox payment needs a card.
    expect((await t.call(storageCheckoutCalls.checkoutPay, { ...link, idempotencyKey: key() }, null)).basic.code).toBe(
      ErrorCodes.invalidParams,
    );
    const ok = await t.call(storageCheckoutCalls.checkoutPay, { ...link, idempotencyKey: key(), card: '4242 4242 4242 4242' }, null);
    expect(ok.data.order.state).toBe('paid');
  });

  it('a tampered or unknown link is 23040, a link past the payment window 23041, in both locales', async () => {
    const g = await goods();
    const o = await order(await device(), g);
    const link = linkOf(o);
    const flipped = link.sign.slice(0, -1) + (link.sign.endsWith('0') ? '1' : '0');
    for (const bad of [
      { ...link, sign: flipped },
      { ...link, orderNo: 'CS20200101' + '0'.repeat(10) },
      { ...link, sign: checkoutSign('another-secret', { orderNo: o.orderNo, createdAt: o.createdAt, payMinutes: 30 }) },
      // A sign of another order does not open this one.
      {
        ...link,
        sign: checkoutSign(t.services.config.linkSecret, {
          orderNo: `${o.orderNo.slice(0, -1)}${o.orderNo.endsWith('9') ? '8' : '9'}`,
          createdAt: o.createdAt,
          payMinutes: 30,
        }),
      },
    ]) {
      const r = await t.call(storageCheckoutCalls.checkoutGet, bad, null);
      expect(r.basic.code, JSON.stringify(bad)).toBe(ErrorCodes.checkoutLinkInvalid);
      const p = await t.call(storageCheckoutCalls.checkoutPay, { ...bad, idempotencyKey: key(), card: SANDBOX_CARDS.success }, null);
      expect(p.basic.code).toBe(ErrorCodes.checkoutLinkInvalid);
    }
    const zh = await t.call(storageCheckoutCalls.checkoutGet, { ...link, sign: flipped }, null, { locale: 'zh-CN' });
    expect(zh.basic.msg).toBe('该支付链接无效，请向商家或应用重新获取。');
    expect((await t.call(storageCheckoutCalls.checkoutGet, { ...link, sign: 'nothex' }, null)).basic.code).toBe(ErrorCodes.invalidParams);

    const start = t.clock.now();
    try {
      t.clock.set(start + 30 * 60_000);
      const late = await t.call(storageCheckoutCalls.checkoutGet, link, null);
      expect(late.basic.code).toBe(ErrorCodes.checkoutLinkExpired);
      expect(late.basic.msg).toBe('This payment link has expired: the order was not paid in time.');
      const lateZh = await t.call(storageCheckoutCalls.checkoutPay, { ...link, idempotencyKey: key(), card: SANDBOX_CARDS.success }, null, {
        locale: 'zh-CN',
      });
      expect(lateZh.basic.code).toBe(ErrorCodes.checkoutLinkExpired);
      expect(lateZh.basic.msg).toBe('该支付链接已过期：订单未在规定时间内支付。');
    } finally {
      t.clock.set(start);
      await signIn();
    }
    expect((await t.call(storageCheckoutCalls.checkoutGet, link, null)).data.state).toBe('unpaid');
  });

  it('Stripe and PayPal through local stand-ins: the intent client secret for the Payment Element; a PayPal order created, then captured', async () => {
    const partner = t.world.companies.partnerA;
    const useDefault = async (provider: 'stripe' | 'paypal' | 'sandbox') => {
      expect((await t.call(storageCalls.payeeDefault, { provider, platform: 'android' }, owner)).basic.code).toBe(200);
    };
    const verify = (provider: string) =>
      t.database.db.execute(sql`update payee_accounts set verified_at = now() where company_id = ${partner.id} and provider = ${provider}`);
    try {
      const stripeSaved = await t.call(
        storageCalls.payeeSave,
        {
          provider: 'stripe',
          mode: 'test',
          accountId: 'acct_checkout',
          secret: 'sk_test_51CheckoutStripeKey01',
          webhookSecret: 'whsec_CheckoutSigning01',
          publicKey: 'pk_test_51CheckoutPublishable01',
        },
        owner,
      );
      expect(stripeSaved.basic.code, stripeSaved.basic.msg).toBe(200);
      expect(stripeSaved.data.publicKey).toBe('pk_test_51CheckoutPublishable01');
      // The payee list shows the publishable key in full (not a secret), the secret keys as their last 4.
      const listed = (await t.call(storageCalls.payeeList, {}, owner)).data.accounts.find((a) => a.provider === 'stripe')!;
      expect(listed).toMatchObject({ publicKey: 'pk_test_51CheckoutPublishable01', secretLast4: 'ey01', webhookSecretLast4: 'ng01' });
      expect(
        (await t.call(storageCalls.payeeList, {}, dealerMgr)).data.accounts.find((a) => a.provider === 'stripe')!.publicKey,
      ).toBeNull();
      await verify('stripe');
      await useDefault('stripe');
      const g = await goods();
      const o = await order(await device(), g);
      const link = linkOf(o);
      expect((await t.call(storageCheckoutCalls.checkoutGet, link, null)).data).toMatchObject({
        provider: 'stripe',
        publicKey: 'pk_test_51CheckoutPublishable01',
      });
      nock('https://api.stripe.com')
        .post('/v1/payment_intents', (b) => b.amount === '3000' && b.currency === 'usd' && b['metadata[orderNo]'] === o.orderNo)
        .reply(200, {
          id: 'pi_checkout_1',
          object: 'payment_intent',
          status: 'requires_payment_method',
          client_secret: 'pi_checkout_1_secret_x',
        });
      const started = await t.call(storageCheckoutCalls.checkoutPay, { ...link, idempotencyKey: key() }, null);
      expect(started.basic.code, started.basic.msg).toBe(200);
      expect(started.data).toMatchObject({
        outcome: 'action_required',
        action: { type: 'client_secret', value: 'pi_checkout_1_secret_x' },
        order: { state: 'unpaid', payment: 'action_required' },
      });
      const [{ transaction_id: pi }] = await rawRows<{ transaction_id: string }>(
        sql`select transaction_id from storage_orders where order_no = ${o.orderNo}`,
      );
      expect(pi).toBe('pi_checkout_1');

      // PayPal: the buttons' createOrder, then onApprove's capture of that order (and no other).
      const paypalSaved = await t.call(
        storageCalls.payeeSave,
        {
          provider: 'paypal',
          mode: 'test',
          accountId: 'PaypalClientCheckout',
          secret: 'PaypalClientSecretCheckout01',
          webhookSecret: 'WH-CK',
        },
        owner,
      );
      expect(paypalSaved.basic.code, paypalSaved.basic.msg).toBe(200);
      await verify('paypal');
      await useDefault('paypal');
      const p = await order(await device(), g);
      const plink = linkOf(p);
      expect((await t.call(storageCheckoutCalls.checkoutGet, plink, null)).data).toMatchObject({
        provider: 'paypal',
        publicKey: 'PaypalClientCheckout',
      });
      const pp = () => nock('https://api-m.sandbox.paypal.com');
      const token = () => pp().post('/v1/oauth2/token').reply(200, { access_token: 'A21', token_type: 'Bearer', expires_in: 32400 });
      token();
      pp()
        .post('/v2/checkout/orders', (b) => b.purchase_units[0].amount.value === '30.00')
        .reply(201, { id: 'PP-CK-1', status: 'PAYER_ACTION_REQUIRED', links: [] });
      const created = await t.call(storageCheckoutCalls.checkoutPay, { ...plink, idempotencyKey: key() }, null);
      expect(created.basic.code, created.basic.msg).toBe(200);
      expect(created.data.action).toEqual({ type: 'paypal', orderId: 'PP-CK-1' });
      const other = await t.call(storageCheckoutCalls.checkoutPay, { ...plink, idempotencyKey: key(), paymentMethod: 'PP-OTHER' }, null);
      expect(other.basic.code).toBe(ErrorCodes.invalidParams);
      token();
      pp()
        .post('/v2/checkout/orders/PP-CK-1/capture')
        .reply(201, {
          id: 'PP-CK-1',
          status: 'COMPLETED',
          purchase_units: [{ payments: { captures: [{ id: 'CAP-1', status: 'COMPLETED' }] } }],
        });
      const captured = await t.call(storageCheckoutCalls.checkoutPay, { ...plink, idempotencyKey: key(), paymentMethod: 'PP-CK-1' }, null);
      expect(captured.basic.code, captured.basic.msg).toBe(200);
      expect(captured.data).toMatchObject({ outcome: 'succeeded', order: { state: 'paid' } });
    } finally {
      nock.cleanAll();
      await useDefault('sandbox');
      await t.database.db.execute(sql`delete from payee_accounts where company_id = ${partner.id} and provider in ('stripe', 'paypal')`);
    }
  });

  it("another brand's domain does not open the order (1004); its own domain does", async () => {
    const g = await goods();
    const o = await order(await device(), g);
    const link = linkOf(o);
    const b = t.world.companies.partnerB;
    const a = t.world.companies.partnerA;
    await t.database.db.insert(companyDomains).values([
      { companyId: b.id, domain: `b-${engine}.checkout.test` },
      { companyId: a.id, domain: `a-${engine}.checkout.test` },
    ] as never);
    const foreign = await t.call(storageCheckoutCalls.checkoutGet, { ...link, domain: `b-${engine}.checkout.test` }, null);
    expect(foreign.basic.code).toBe(ErrorCodes.notFound);
    const foreignPay = await t.call(
      storageCheckoutCalls.checkoutPay,
      { ...link, domain: `b-${engine}.checkout.test`, idempotencyKey: key(), card: SANDBOX_CARDS.success },
      null,
    );
    expect(foreignPay.basic.code).toBe(ErrorCodes.notFound);
    expect((await t.call(storageCheckoutCalls.checkoutGet, link, null)).data.state).toBe('unpaid');
    const own = await t.call(storageCheckoutCalls.checkoutGet, { ...link, domain: `A-${engine}.checkout.test:443` }, null);
    expect(own.basic.code, own.basic.msg).toBe(200);
  });

  it('sandbox webhooks on demand: a dropped one is reconciled, a duplicate changes nothing, a delayed one waits', async () => {
    expect(sandboxWebhookPlan(SANDBOX_CARDS.webhookDropped, 'normal', true)).toEqual({ sends: 0, delaySeconds: 0 });
    expect(sandboxWebhookPlan(SANDBOX_CARDS.webhookDuplicated, 'normal', false)).toEqual({ sends: 2, delaySeconds: 0 });
    expect(sandboxWebhookPlan(SANDBOX_CARDS.webhookDelayed, 'normal', true)).toEqual({ sends: 1, delaySeconds: 130 });
    expect(sandboxWebhookPlan(SANDBOX_CARDS.success, 'drop', false).sends).toBe(0);
    expect(sandboxWebhookPlan(SANDBOX_CARDS.success, 'normal', false)).toEqual({ sends: 1, delaySeconds: 0 });

    const g = await goods();
    const d = await device();
    // Dropped: the payment waits for its holder; no event ever comes; the sweep asks the sandbox.
    const dropped = await order(d, g, { card: SANDBOX_CARDS.webhookDropped });
    expect(dropped).toMatchObject({ state: 'unpaid', payment: 'action_required' });
    const events = async (orderNo: string) =>
      (
        await rawRows<{ n: number }>(
          sql`select count(*)::int as n from payment_events e join storage_orders o on o.transaction_id = e.transaction_id where o.order_no = ${orderNo}`,
        )
      )[0]!.n;
    expect(await events(dropped.orderNo)).toBe(0);
    const base = t.clock.now();
    expect(await reconcilePayments(t.database, t.services.config.sealKeys, base + 6 * 60_000)).toBeGreaterThanOrEqual(1);
    expect((await t.call(storageAppCalls.orderGet, { orderId: dropped.orderId }, ann)).data).toMatchObject({
      state: 'paid',
      payment: 'succeeded',
    });
    expect(await events(dropped.orderNo)).toBe(0);

    // Duplicated: the same signed event twice through the route; the second is a replay.
    const dup = await order(d, g, { card: SANDBOX_CARDS.webhookDuplicated });
    expect(dup.state).toBe('paid');
    const before = (await t.call(storageOrderCalls.orderGet, { orderId: dup.orderId }, owner)).data;
    const [{ transaction_id: tx }] = await rawRows<{ transaction_id: string }>(
      sql`select transaction_id from storage_orders where id = ${dup.orderId}`,
    );
    const outcomes: string[] = [];
    for (let i = 0; i < 2; i++) {
      const status = await sendSandboxWebhook(
        t.database,
        t.services.config.sealKeys,
        'http://portal.test',
        { companyId: t.world.companies.partnerA.id, eventId: `evt_${tx}_succeeded`, type: 'payment.succeeded', transactionId: tx },
        async (url, init) => {
          const res = await t.app.inject({ method: 'POST', url: new URL(url).pathname, headers: init.headers, payload: init.body });
          outcomes.push((res.json() as { data: { outcome: string } }).data.outcome);
          return { status: res.statusCode };
        },
      );
      expect(status).toBe(200);
    }
    // (The job queue is off in tests: the order's own event went to the handler at once, so both are replays.)
    expect(outcomes).toEqual(['replayed', 'replayed']);
    const after = (await t.call(storageOrderCalls.orderGet, { orderId: dup.orderId }, owner)).data;
    expect(after).toMatchObject({ state: before.state, periodStart: before.periodStart, periodEnd: before.periodEnd });
    expect(after.events).toHaveLength(1);
    expect(after.attempts.map((a) => a.status)).toEqual(['succeeded']);

    // Delayed: paid later like an action required (the webhook or the sweep settles it).
    const delayed = await order(d, g, { card: SANDBOX_CARDS.webhookDelayed });
    expect(delayed).toMatchObject({ state: 'unpaid', payment: 'action_required' });
  });

  it("a distributor sees the orders of its own goods, not its partner's; the partner sees both", async () => {
    const own = await goods(dealerMgr);
    const partners = await goods(owner);
    const dealer = t.world.companies.dealerA;
    const d = await device({ id: dealer.id, path: dealer.path });
    const mine = await order(d, own, { card: SANDBOX_CARDS.success });
    const theirs = await order(d, partners, { card: SANDBOX_CARDS.success });
    expect(mine.state).toBe('paid');
    const now = t.clock.now();
    const q = { pageNum: 1, pageSize: 100, from: now - 86_400_000, to: now + 86_400_000 };
    for (const s of [dealerReader, dealerMgr]) {
      const list = await t.call(storageOrderCalls.orderList, q, s);
      expect(list.basic.code, list.basic.msg).toBe(200);
      const ids = list.data.records.map((r) => r.orderId);
      expect(ids).toContain(mine.orderId);
      expect(ids).not.toContain(theirs.orderId);
      expect(list.data.records.every((r) => r.companyId === dealer.id)).toBe(true);
      // No cost price for the distributor.
      expect(list.data.records.find((r) => r.orderId === mine.orderId)!.costPrice).toBeNull();
      expect((await t.call(storageOrderCalls.orderGet, { orderId: mine.orderId }, s)).basic.code).toBe(200);
      expect((await t.call(storageOrderCalls.orderGet, { orderId: theirs.orderId }, s)).basic.code).toBe(ErrorCodes.notFound);
    }
    const partnerIds = (await t.call(storageOrderCalls.orderList, q, owner)).data.records.map((r) => r.orderId);
    expect(partnerIds).toEqual(expect.arrayContaining([mine.orderId, theirs.orderId]));
  });
});
