/**
 * Cloud storage orders (issue 12, order half): the app-facing goods and order calls, every order
 * move (illegal: 1017), stock taken at creation and given back on cancel and timeout, 50 buyers on
 * stock 10, plans queued per device and the derived states under the test clock, idempotency keys,
 * sandbox webhooks (valid, replayed, forged, foreign), the reconciliation of a missing webhook, a
 * payment after cancellation, refunds (full, prorated, later plans move up), unbinding, internal
 * purchase, the portal list, detail and overview in scope, the CHECK and EXCLUDE constraints
 * through raw SQL, and the new errors in both locales.
 */
import { appApiCalls, ErrorCodes, errorMessage, storageAppCalls, storageCalls, storageOrderCalls } from '@portal/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expireUnpaidOrders, handleWebhook, reconcilePayments, sendSandboxWebhook } from '../../../src/modules/cloud-storage';
import { SANDBOX_CARDS, sandboxSignature } from '../../../src/modules/payments';
import { sandboxProvider } from '../../../src/modules/payments/sandbox';

const sandboxPay = sandboxProvider.pay.bind(sandboxProvider);
import { sealSecret } from '../../../src/lib/secrets';
import { listOrders } from '../../../src/modules/cloud-storage/orders.repository';
import type { Session, TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import type { Creds } from '../app-api/helpers';
import { expectRefused, orderFixture } from './order-fixture';

const DAY = 86_400_000;
const SECRET = 'sbx_ordersabcdefghijkl1234';

describe.each(ENGINES)('cloud storage orders (%s)', (engine) => {
  const fx = orderFixture(engine, 'ORD');
  let t: TestApp;
  let owner: Session;
  let ownerB: Session;
  let dealer: Session;
  let supplier: Session;
  let ann: Creds;
  let planId: number;
  let coverId: number;
  const key = fx.key;
  const rawRows = fx.rawRows;

  /** A device of partner A in the EU, bound to Ann unless `bound` is false. */
  const device = (bound = true) => fx.device({ bound });
  /** Listed goods of partner A (stock 100 unless given). */
  const goods = (over: Record<string, unknown> = {}) => fx.goods(owner, supplier, over);

  const stockOf = async (goodsId: number) =>
    (await rawRows<{ stock: number | null; status: string }>(sql`select stock, status from storage_goods where id = ${goodsId}`))[0]!;

  const create = (d: { deviceId: number; goodsId: number }, extra: Record<string, unknown> = {}) => fx.order(ann, d, extra);
  const buy = (d: { deviceId: number; goodsId: number }, extra: Record<string, unknown> = {}) =>
    create(d, { card: SANDBOX_CARDS.success, ...extra });

  /** Sessions made at the clock's time (moving the clock ends idle portal sessions). */
  async function signIn() {
    owner = await t.login('owner-a@test.local');
    ownerB = await t.login('owner-b@test.local');
    dealer = await t.login('dealer-a@test.local');
    supplier = await t.login('supplier@test.local');
    ann = await fx.appLogin();
  }
  async function at(ms: number) {
    t.clock.set(ms);
    await signIn();
  }

  beforeAll(async () => {
    t = await fx.start();
    await signIn();
    await fx.openSales(supplier, [{ seller: owner, accountId: 'acct_orders', secret: SECRET }]);
    planId = fx.planId;
    coverId = await fx.cover(owner);
  });
  afterAll(() => fx.close());

  it('lists the goods a bound device can buy, per platform and language', async () => {
    const g = await goods();
    const d = await device();
    const en = await t.call(storageAppCalls.goodsList, { deviceId: d.id, platform: 'ios' }, ann);
    expect(en.basic.code, en.basic.msg).toBe(200);
    const item = en.data.records.find((x) => x.goodsId === g)!;
    expect(item.price).toBe(3300);
    expect(item.graphic).toContain('Seven days');
    const zh = await t.call(storageAppCalls.goodsList, { deviceId: d.id, platform: 'android', locale: 'zh-CN' }, ann);
    const zi = zh.data.records.find((x) => x.goodsId === g)!;
    expect(zi.price).toBe(3000);
    expect(zi.graphic).toContain('保存7天');
    // Another brand's device and an unknown one answer alike: 23008, in both locales.
    for (const deviceId of [t.world.tenant.otherDeviceId, 999_999]) {
      for (const call of [
        (locale: 'en-US' | 'zh-CN') => t.call(storageAppCalls.goodsList, { deviceId, platform: 'ios' }, ann, { locale }),
        (locale: 'en-US' | 'zh-CN') =>
          t.call(storageAppCalls.orderCreate, { deviceId, goodsId: g, platform: 'ios', idempotencyKey: key() }, ann, { locale }),
      ]) {
        expect((await call('en-US')).basic).toMatchObject({ code: ErrorCodes.deviceNotExist, msg: 'The device does not exist.' });
        expect((await call('zh-CN')).basic).toMatchObject({ code: ErrorCodes.deviceNotExist, msg: '设备不存在。' });
      }
    }
    // A device of the brand not bound to the caller: 23007, in both locales.
    const unbound = await device(false);
    const nb = await t.call(storageAppCalls.goodsList, { deviceId: unbound.id, platform: 'ios' }, ann);
    expect(nb.basic).toMatchObject({ code: ErrorCodes.deviceNotBound, msg: 'The device is not bound.' });
    const nbZh = await t.call(
      storageAppCalls.orderCreate,
      { deviceId: unbound.id, goodsId: g, platform: 'ios', idempotencyKey: key() },
      ann,
      { locale: 'zh-CN' },
    );
    expect(nbZh.basic).toMatchObject({ code: ErrorCodes.deviceNotBound, msg: '设备未绑定。' });
  });

  it('takes one unit at creation, gives it back on cancel; cancelling twice is 23024 in both locales', async () => {
    const g = await goods({ stock: 2 });
    const d = await device();
    const o = await create({ deviceId: d.id, goodsId: g });
    expect(o.state).toBe('unpaid');
    expect(o.payDeadline).toBe(t.clock.now() + 30 * 60_000);
    expect((await stockOf(g)).stock).toBe(1);
    const c = await t.call(storageAppCalls.orderCancel, { orderId: o.orderId }, ann);
    expect(c.data.state).toBe('cancelled');
    expect((await stockOf(g)).stock).toBe(2);
    const again = await t.call(storageAppCalls.orderCancel, { orderId: o.orderId }, ann);
    expect(again.basic.code).toBe(ErrorCodes.orderClosed);
    expect(again.basic.msg).toBe(errorMessage(ErrorCodes.orderClosed, 'en-US'));
    const zh = await t.call(storageAppCalls.orderCancel, { orderId: o.orderId }, ann, { locale: 'zh-CN' });
    expect(zh.basic.msg).toBe('订单已取消或已支付。');
    const pay = await t.call(storageAppCalls.orderPay, { orderId: o.orderId, idempotencyKey: key(), card: SANDBOX_CARDS.success }, ann);
    expect(pay.basic.code).toBe(ErrorCodes.orderClosed);
  });

  // PostgreSQL only: PGlite has one connection, on which no second statement can run beside the call.
  it.skipIf(engine === 'pglite')('does not hold the goods row (its counted stock) while the payment provider answers', async () => {
    const g = await goods({ stock: 10 });
    const d = await device();
    let probed: string | null = null;
    const pay = vi.spyOn(sandboxProvider, 'pay').mockImplementationOnce(async (account, req) => {
      // Another buyer's statement on the same goods row, while this order's payment is out.
      try {
        await t.database.db.transaction(async (tx) => {
          await tx.execute(sql`set local lock_timeout = '2s'`);
          await tx.execute(sql`update storage_goods set stock = stock where id = ${g}`);
        });
        probed = 'free';
      } catch (err) {
        probed = (err as Error).message;
      }
      return sandboxPay(account, req);
    });
    try {
      const o = await buy({ deviceId: d.id, goodsId: g });
      expect(o.state).toBe('paid');
      expect(probed).toBe('free');
      expect((await stockOf(g)).stock).toBe(9);
    } finally {
      pay.mockRestore();
    }
  });

  it('the statement taking the last unit sells out; 50 buyers on stock 10 make 10 orders', async () => {
    const g = await goods({ stock: 10 });
    const d = await device();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.call(
          storageAppCalls.orderCreate,
          { deviceId: d.id, goodsId: g, platform: 'android', idempotencyKey: `race-${engine}-${i}-xyz` },
          ann,
        ),
      ),
    );
    const ok = results.filter((r) => r.basic.code === 200);
    expect(ok).toHaveLength(10);
    for (const r of results.filter((x) => x.basic.code !== 200)) expect(r.basic.code).toBe(ErrorCodes.insufficientStock);
    expect(await stockOf(g)).toEqual({ stock: 0, status: 'sold_out' });
    await expectRefused(
      (locale) =>
        t.call(storageAppCalls.orderCreate, { deviceId: d.id, goodsId: g, platform: 'ios', idempotencyKey: key() }, ann, { locale }),
      ErrorCodes.insufficientStock,
    );
    // A cancellation puts the goods back on sale.
    await t.call(storageAppCalls.orderCancel, { orderId: ok[0]!.data.orderId }, ann);
    expect(await stockOf(g)).toEqual({ stock: 1, status: 'listed' });
  });

  it('the same idempotency key answers the same order; another body is 23026', async () => {
    const g = await goods();
    const d = await device();
    const k = key();
    const a = await t.call(storageAppCalls.orderCreate, { deviceId: d.id, goodsId: g, platform: 'android', idempotencyKey: k }, ann);
    const b = await t.call(storageAppCalls.orderCreate, { deviceId: d.id, goodsId: g, platform: 'android', idempotencyKey: k }, ann);
    expect(b.data.orderId).toBe(a.data.orderId);
    const [{ n }] = (await rawRows<{ n: number }>(sql`select count(*)::int as n from storage_orders where goods_id = ${g}`)) as [
      { n: number },
    ];
    expect(n).toBe(1);
    const c = await t.call(storageAppCalls.orderCreate, { deviceId: d.id, goodsId: g, platform: 'ios', idempotencyKey: k }, ann);
    expect(c.basic.code).toBe(ErrorCodes.idempotencyKeyReused);
    const zh = await t.call(storageAppCalls.orderCreate, { deviceId: d.id, goodsId: g, platform: 'ios', idempotencyKey: k }, ann, {
      locale: 'zh-CN',
    });
    expect(zh.basic.msg).toBe('该幂等键已用于另一个不同的请求。');
    // Pay: the same key never pays twice.
    const pk = key();
    const p1 = await t.call(storageAppCalls.orderPay, { orderId: a.data.orderId, idempotencyKey: pk, card: SANDBOX_CARDS.success }, ann);
    expect(p1.data.state).toBe('paid');
    const p2 = await t.call(storageAppCalls.orderPay, { orderId: a.data.orderId, idempotencyKey: pk, card: SANDBOX_CARDS.success }, ann);
    expect(p2.basic.code).toBe(200);
    const attempts = await rawRows<{ n: number }>(
      sql`select count(*)::int as n from storage_order_attempts where order_id = ${a.data.orderId}`,
    );
    expect(attempts[0]!.n).toBe(1);
  });

  it('a declined card is 23025 in both locales and recorded; another card pays', async () => {
    const g = await goods();
    const d = await device();
    const o = await create({ deviceId: d.id, goodsId: g }, { card: SANDBOX_CARDS.decline });
    expect(o.state).toBe('unpaid');
    expect(o.payment).toBe('declined');
    const r = await t.call(storageAppCalls.orderPay, { orderId: o.orderId, idempotencyKey: key(), card: SANDBOX_CARDS.decline }, ann);
    expect(r.basic.code).toBe(ErrorCodes.paymentDeclined);
    expect(r.basic.msg).toBe('The payment was declined.');
    const zh = await t.call(storageAppCalls.orderPay, { orderId: o.orderId, idempotencyKey: key(), card: SANDBOX_CARDS.decline }, ann, {
      locale: 'zh-CN',
    });
    expect(zh.basic.msg).toBe('支付被拒绝。');
    const declined = await rawRows<{ n: number }>(
      sql`select count(*)::int as n from storage_order_attempts where order_id = ${o.orderId} and status = 'declined'`,
    );
    expect(declined[0]!.n).toBe(3);
    const ok = await t.call(storageAppCalls.orderPay, { orderId: o.orderId, idempotencyKey: key(), card: SANDBOX_CARDS.success }, ann);
    expect(ok.data.state).toBe('paid');
    expect(ok.data.viewState).toBe('in_use');
  });

  it('queues a purchase after the device’s last plan; derived states follow the clock', async () => {
    const g = await goods();
    const d = await device();
    const now = t.clock.now();
    const first = await buy({ deviceId: d.id, goodsId: g });
    const second = await buy({ deviceId: d.id, goodsId: g });
    expect(first.viewState).toBe('in_use');
    expect(first.periodStart).toBe(now);
    expect(first.periodEnd).toBe(now + 30 * DAY);
    expect(second.viewState).toBe('to_be_used');
    expect(second.periodStart).toBe(now + 30 * DAY);
    const later = await buy({ deviceId: d.id, goodsId: g }, { activateLater: true });
    expect(later.viewState).toBe('unused');
    const states = async () => {
      const r = await t.call(storageAppCalls.orderList, { deviceId: d.id, pageNum: 1, pageSize: 10 }, ann);
      return Object.fromEntries(r.data.records.map((x) => [x.orderId, x.viewState]));
    };
    const base = t.clock.now();
    try {
      await at(now + 23 * DAY + 1);
      expect(await states()).toMatchObject({ [first.orderId]: 'near_expiry', [second.orderId]: 'to_be_used', [later.orderId]: 'unused' });
      // Filter by a derived state in the portal, in the window of creation.
      const near = await t.call(
        storageOrderCalls.orderList,
        { viewState: 'near_expiry', sn: d.sn, from: now - DAY, to: now + DAY, pageNum: 1, pageSize: 10 },
        owner,
      );
      expect(near.data.records.map((x) => x.orderId)).toEqual([first.orderId]);
      await at(now + 30 * DAY);
      expect(await states()).toMatchObject({ [first.orderId]: 'expired', [second.orderId]: 'in_use' });
      // Activation starts the unused plan after the device's last one.
      const act = await t.call(storageAppCalls.orderActivate, { orderId: later.orderId }, ann);
      expect(act.data.viewState).toBe('to_be_used');
      expect(act.data.periodStart).toBe(now + 60 * DAY);
      const again = await t.call(storageAppCalls.orderActivate, { orderId: later.orderId }, ann);
      expect(again.basic.code).toBe(ErrorCodes.illegalTransition);
    } finally {
      await at(base);
    }
  });

  it("the app's device list answers each device's plan now: its state, end and the end of its last plan", async () => {
    const g = await goods();
    const d = await device();
    const planOf = async (deviceId: number) => {
      const r = await t.call(appApiCalls.deviceList, { pageNum: 1, pageSize: 10 }, ann);
      expect(r.basic.code, r.basic.msg).toBe(200);
      return r.data.records.find((x) => x.id === deviceId)!.plan;
    };
    expect(await planOf(d.id)).toBeNull();
    const now = t.clock.now();
    const first = await buy({ deviceId: d.id, goodsId: g });
    const second = await buy({ deviceId: d.id, goodsId: g });
    const name = first.goodsName;
    expect(await planOf(d.id)).toEqual({
      orderId: first.orderId,
      goodsName: name,
      viewState: 'in_use',
      periodStart: now,
      periodEnd: now + 30 * DAY,
      paidUntil: now + 60 * DAY,
    });
    const base = t.clock.now();
    try {
      await at(now + 23 * DAY + 1);
      expect(await planOf(d.id)).toMatchObject({ orderId: first.orderId, viewState: 'near_expiry', periodEnd: now + 30 * DAY });
      await at(now + 30 * DAY);
      expect(await planOf(d.id)).toMatchObject({ orderId: second.orderId, viewState: 'in_use', periodEnd: now + 60 * DAY });
      await at(now + 61 * DAY);
      expect(await planOf(d.id)).toMatchObject({ orderId: second.orderId, viewState: 'expired', paidUntil: now + 60 * DAY });
    } finally {
      await at(base);
    }
  });

  it('cancels unpaid orders after 30 minutes and gives their units back', async () => {
    const g = await goods({ stock: 5 });
    const d = await device();
    const o = await create({ deviceId: d.id, goodsId: g });
    expect((await stockOf(g)).stock).toBe(4);
    expect(await expireUnpaidOrders(t.database, t.clock.now() + 29 * 60_000)).toBe(0);
    expect(await expireUnpaidOrders(t.database, t.clock.now() + 30 * 60_000)).toBeGreaterThanOrEqual(1);
    const r = await t.call(storageAppCalls.orderGet, { orderId: o.orderId }, ann);
    expect(r.data.state).toBe('cancelled');
    expect((await stockOf(g)).stock).toBe(5);
  });

  async function webhook(body: object, opts: { secret?: string; companyId?: number } = {}) {
    const raw = JSON.stringify(body);
    return handleWebhook(t.database, t.services.config.sealKeys, {
      provider: 'sandbox',
      companyId: opts.companyId ?? t.world.companies.partnerA.id,
      headers: { 'x-sandbox-signature': sandboxSignature(opts.secret ?? SECRET, raw) },
      rawBody: raw,
      now: t.clock.now(),
    });
  }
  const txOf = async (orderId: number) =>
    (await rawRows<{ transaction_id: string }>(sql`select transaction_id from storage_orders where id = ${orderId}`))[0]!.transaction_id;

  it('a webhook pays an order needing action once; replayed, forged and foreign ones change nothing', async () => {
    const g = await goods();
    const d = await device();
    const o = await create({ deviceId: d.id, goodsId: g }, { card: SANDBOX_CARDS.actionRequired });
    expect(o.state).toBe('unpaid');
    expect(o.payment).toBe('action_required');
    const tx = await txOf(o.orderId);
    const forged = await webhook(
      { id: `evt_${o.orderId}_f`, type: 'payment.succeeded', transactionId: tx },
      { secret: 'sbx_wrongwrongwrongwrong' },
    );
    expect(forged).toBe('forged');
    const foreign = await webhook(
      { id: `evt_${o.orderId}_x`, type: 'payment.succeeded', transactionId: tx },
      { companyId: t.world.companies.partnerB.id },
    );
    expect(foreign).toBe('forged');
    expect((await t.call(storageAppCalls.orderGet, { orderId: o.orderId }, ann)).data.state).toBe('unpaid');
    const ev = { id: `evt_${o.orderId}_1`, type: 'payment.succeeded', transactionId: tx };
    expect(await webhook(ev)).toBe('applied');
    const paid = (await t.call(storageAppCalls.orderGet, { orderId: o.orderId }, ann)).data;
    expect(paid.state).toBe('paid');
    expect(paid.payment).toBe('succeeded');
    expect(await webhook(ev)).toBe('replayed');
    // A late "failed" event cannot move the attempt back.
    expect(await webhook({ id: `evt_${o.orderId}_2`, type: 'payment.failed', transactionId: tx })).toBe('ignored');
    expect((await t.call(storageAppCalls.orderGet, { orderId: o.orderId }, ann)).data.payment).toBe('succeeded');
    const events = await rawRows<{ n: number }>(sql`select count(*)::int as n from payment_events where order_id = ${o.orderId}`);
    expect(events[0]!.n).toBe(2);
  });

  it("a Stripe webhook, checked with the payee's signing secret, pays its order (provider-neutral event kinds)", async () => {
    const g = await goods();
    const d = await device();
    const o = await create({ deviceId: d.id, goodsId: g }, { card: SANDBOX_CARDS.actionRequired });
    // The order as a Stripe payment would leave it: a PaymentIntent waiting for the buyer.
    const pi = `pi_${engine}_${o.orderId}`;
    await t.database.db.execute(sql`update storage_orders set provider = 'stripe', transaction_id = ${pi} where id = ${o.orderId}`);
    await t.database.db.execute(
      sql`update storage_order_attempts set provider = 'stripe', transaction_id = ${pi} where order_id = ${o.orderId}`,
    );
    const keys = t.services.config.sealKeys;
    const partner = t.world.companies.partnerA;
    await t.database.db.execute(sql`
      insert into payee_accounts (company_id, company_path, provider, mode, account_id, secret_enc, secret_last4, verified_at,
                                  webhook_secret_enc, webhook_secret_last4)
      values (${partner.id}, ${partner.path}, 'stripe', 'test', 'acct_orders', ${sealSecret(keys, 'sk_test_ordersabcdefghijkl')}, 'ijkl',
              now(), ${sealSecret(keys, 'whsec_orders_secret')}, 'cret')
      on conflict (company_id, provider) do update set webhook_secret_enc = excluded.webhook_secret_enc, verified_at = now()`);
    const sdk = new Stripe('sk_test_x');
    const stripeHook = (payload: string, secret = 'whsec_orders_secret') =>
      handleWebhook(t.database, keys, {
        provider: 'stripe',
        companyId: partner.id,
        headers: { 'stripe-signature': sdk.webhooks.generateTestHeaderString({ payload, secret }) },
        rawBody: payload,
        now: t.clock.now(),
      });
    const event = (id: string, type: string) =>
      JSON.stringify({ id, object: 'event', type, data: { object: { id: pi, object: 'payment_intent', status: 'succeeded' } } });
    expect(await stripeHook(event(`evt_s_${o.orderId}_f`, 'payment_intent.succeeded'), 'whsec_someone_else')).toBe('forged');
    // An event that says nothing about the payment is kept and ignored.
    expect(await stripeHook(event(`evt_s_${o.orderId}_0`, 'payment_intent.created'))).toBe('ignored');
    expect((await t.call(storageAppCalls.orderGet, { orderId: o.orderId }, ann)).data.state).toBe('unpaid');
    expect(await stripeHook(event(`evt_s_${o.orderId}_1`, 'payment_intent.succeeded'))).toBe('applied');
    expect((await t.call(storageAppCalls.orderGet, { orderId: o.orderId }, ann)).data.state).toBe('paid');
    await t.database.db.execute(sql`delete from payee_accounts where company_id = ${partner.id} and provider = 'stripe'`);
  });

  it('the webhook route: the sandbox job posts a signed event; forged bodies are 400; a paid order records its event', async () => {
    const g = await goods();
    const d = await device();
    const o = await create({ deviceId: d.id, goodsId: g }, { card: SANDBOX_CARDS.actionRequired });
    const tx = await txOf(o.orderId);
    const post = async (url: string, init: { headers: Record<string, string>; body: string }) => {
      const res = await t.app.inject({ method: 'POST', url: new URL(url).pathname, headers: init.headers, payload: init.body });
      return { status: res.statusCode, json: res.json() as { code: number; data: { outcome: string } | null } };
    };
    let last: { status: number; json: { code: number; data: { outcome: string } | null } } | null = null;
    const status = await sendSandboxWebhook(
      t.database,
      t.services.config.sealKeys,
      'http://portal.test',
      { companyId: t.world.companies.partnerA.id, eventId: `evt_route_${o.orderId}`, type: 'payment.succeeded', transactionId: tx },
      async (url, init) => (last = await post(url, init)),
    );
    expect(status).toBe(200);
    expect(last!.json.data!.outcome).toBe('applied');
    expect((await t.call(storageAppCalls.orderGet, { orderId: o.orderId }, ann)).data.state).toBe('paid');
    const forged = await post(`http://portal.test/v1.0/payments/webhook/sandbox/${t.world.companies.partnerA.id}`, {
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': 'f'.repeat(64) },
      body: JSON.stringify({ id: 'evt_forged', type: 'payment.succeeded', transactionId: tx }),
    });
    expect(forged.status).toBe(400);
    expect(forged.json.code).toBe(ErrorCodes.badSign);
    const unknownProvider = await post('http://portal.test/v1.0/payments/webhook/nope/1', { headers: {}, body: '{}' });
    expect(unknownProvider.status).toBe(400);
    const kept = await rawRows<{ n: number }>(sql`select count(*)::int as n from payment_events where event_id = 'evt_forged'`);
    expect(kept[0]!.n).toBe(0);
    // A card paid at once: its sandbox event is received too (and changes nothing more).
    const paid = await buy({ deviceId: d.id, goodsId: g });
    const det = await t.call(storageOrderCalls.orderGet, { orderId: paid.orderId }, owner);
    expect(det.data.events.map((e) => e.type)).toEqual(['payment.succeeded']);
  });

  it('settles a payment whose webhook never came; a payment after cancellation revives the order', async () => {
    const g = await goods();
    const d = await device();
    const o = await create({ deviceId: d.id, goodsId: g }, { card: SANDBOX_CARDS.actionRequired });
    const base = t.clock.now();
    expect(await reconcilePayments(t.database, t.services.config.sealKeys, base + 60_000)).toBe(0);
    expect(await reconcilePayments(t.database, t.services.config.sealKeys, base + 6 * 60_000)).toBeGreaterThanOrEqual(1);
    expect((await t.call(storageAppCalls.orderGet, { orderId: o.orderId }, ann)).data.state).toBe('paid');

    const late = await create({ deviceId: d.id, goodsId: g }, { card: SANDBOX_CARDS.actionRequired });
    await t.call(storageAppCalls.orderCancel, { orderId: late.orderId }, ann);
    expect(await webhook({ id: `evt_${late.orderId}_late`, type: 'payment.succeeded', transactionId: await txOf(late.orderId) })).toBe(
      'revived',
    );
    const revived = (await t.call(storageAppCalls.orderGet, { orderId: late.orderId }, ann)).data;
    expect(revived.state).toBe('paid');
    expect(revived.viewState).toBe('to_be_used');

    // Sold out meanwhile: the late payment is refunded and the order stays cancelled.
    const g1 = await goods({ stock: 1 });
    const gone = await create({ deviceId: d.id, goodsId: g1 }, { card: SANDBOX_CARDS.actionRequired });
    await t.call(storageAppCalls.orderCancel, { orderId: gone.orderId }, ann);
    await create({ deviceId: d.id, goodsId: g1 });
    expect(await webhook({ id: `evt_${gone.orderId}_late`, type: 'payment.succeeded', transactionId: await txOf(gone.orderId) })).toBe(
      'refunded',
    );
    const after = (await t.call(storageAppCalls.orderGet, { orderId: gone.orderId }, ann)).data;
    expect(after.state).toBe('cancelled');
    expect(after.payment).toBe('refunded');
  });

  it('gives back a second successful payment of an order already paid by another transaction, once', async () => {
    const g = await goods();
    const d = await device();
    // Attempt A waits for the card holder; attempt B goes through and pays the order.
    const o = await create({ deviceId: d.id, goodsId: g }, { card: SANDBOX_CARDS.actionRequired });
    const first = await txOf(o.orderId);
    const pay = await t.call(storageAppCalls.orderPay, { orderId: o.orderId, idempotencyKey: key(), card: SANDBOX_CARDS.success }, ann);
    expect(pay.basic.code, pay.basic.msg).toBe(200);
    expect(pay.data.state).toBe('paid');
    const second = await txOf(o.orderId);
    expect(second).not.toBe(first);
    // A is completed after all: its money goes back, the order stays paid by B.
    expect(await webhook({ id: `evt_${o.orderId}_dup`, type: 'payment.succeeded', transactionId: first })).toBe('refunded');
    const det = (await t.call(storageOrderCalls.orderGet, { orderId: o.orderId }, owner)).data;
    expect(det.state).toBe('paid');
    expect(det.refundedAmount).toBe(0);
    expect(det.refunds.map((r) => [r.amount, r.reason])).toEqual([[det.amount, 'duplicate payment']]);
    expect(await txOf(o.orderId)).toBe(second);
    // The same news again (another event id, the reconciliation): nothing more goes back.
    expect(await webhook({ id: `evt_${o.orderId}_dup2`, type: 'payment.succeeded', transactionId: first })).toBe('ignored');
    expect((await t.call(storageOrderCalls.orderGet, { orderId: o.orderId }, owner)).data.refunds).toHaveLength(1);
  });

  it('refunds: full before the start, prorated in use, later plans move up; illegal moves 1017, nothing left 23028', async () => {
    const g = await goods();
    const d = await device();
    const now = t.clock.now();
    const a = await buy({ deviceId: d.id, goodsId: g });
    const b = await buy({ deviceId: d.id, goodsId: g });
    const c = await buy({ deviceId: d.id, goodsId: g });
    expect(c.periodStart).toBe(now + 60 * DAY);
    // Full refund of the queued middle plan: the last one moves up by 30 days.
    const rb = await t.call(storageOrderCalls.orderRefund, { orderId: b.orderId, reason: 'asked', idempotencyKey: key() }, owner);
    expect(rb.basic.code, rb.basic.msg).toBe(200);
    expect(rb.data.state).toBe('refunded');
    expect(rb.data.refundedAmount).toBe(3000);
    expect(rb.data.refunds[0]!.full).toBe(true);
    expect((await t.call(storageAppCalls.orderGet, { orderId: c.orderId }, ann)).data.periodStart).toBe(now + 30 * DAY);
    // Prorated refund of the running plan, 10 days in: two thirds back, the next plan starts now.
    const base = t.clock.now();
    try {
      await at(now + 10 * DAY);
      const ra = await t.call(storageOrderCalls.orderRefund, { orderId: a.orderId, reason: 'moving', idempotencyKey: key() }, owner);
      expect(ra.basic.code, ra.basic.msg).toBe(200);
      expect(ra.data.refundedAmount).toBe(2000);
      expect(ra.data.periodEnd).toBe(now + 10 * DAY);
      const cc = (await t.call(storageAppCalls.orderGet, { orderId: c.orderId }, ann)).data;
      expect(cc.periodStart).toBe(now + 10 * DAY);
      expect(cc.viewState).toBe('in_use');
      // Refunded again: 1017; a cancelled order: 1017; an expired plan: 23028 in both locales.
      expect(
        (await t.call(storageOrderCalls.orderRefund, { orderId: a.orderId, reason: '', idempotencyKey: key() }, owner)).basic.code,
      ).toBe(ErrorCodes.illegalTransition);
      await at(now + 41 * DAY);
      const r = await t.call(storageOrderCalls.orderRefund, { orderId: c.orderId, reason: '', idempotencyKey: key() }, owner);
      expect(r.basic.code).toBe(ErrorCodes.refundTooLarge);
      const zh = await t.call(storageOrderCalls.orderRefund, { orderId: c.orderId, reason: '', idempotencyKey: key() }, owner, {
        locale: 'zh-CN',
      });
      expect(zh.basic.msg).toBe('该订单已无可退款金额。');
    } finally {
      await at(base);
    }
    const cancelled = await create({ deviceId: d.id, goodsId: g });
    await t.call(storageAppCalls.orderCancel, { orderId: cancelled.orderId }, ann);
    expect(
      (await t.call(storageOrderCalls.orderRefund, { orderId: cancelled.orderId, reason: '', idempotencyKey: key() }, owner)).basic.code,
    ).toBe(ErrorCodes.illegalTransition);
    // A reader without dealer_storage_mgr, and another tenant (1004).
    expect(
      (await t.call(storageOrderCalls.orderRefund, { orderId: c.orderId, reason: '', idempotencyKey: key() }, dealer)).basic.code,
    ).toBe(ErrorCodes.forbidden);
    expect(
      (await t.call(storageOrderCalls.orderRefund, { orderId: c.orderId, reason: '', idempotencyKey: key() }, ownerB)).basic.code,
    ).toBe(ErrorCodes.notFound);
  });

  it('unbinding makes the plans not started yet not effective; the running one runs on', async () => {
    const g = await goods();
    const d = await device();
    const a = await buy({ deviceId: d.id, goodsId: g });
    const b = await buy({ deviceId: d.id, goodsId: g });
    const c = await buy({ deviceId: d.id, goodsId: g }, { activateLater: true });
    const u = await t.call(appApiCalls.deviceUnbind, { deviceId: d.id }, ann);
    expect(u.basic.code, u.basic.msg).toBe(200);
    const view = async (id: number) => (await t.call(storageAppCalls.orderGet, { orderId: id }, ann)).data.viewState;
    expect(await view(a.orderId)).toBe('in_use');
    expect(await view(b.orderId)).toBe('not_effective');
    expect(await view(c.orderId)).toBe('not_effective');
    // A not effective plan can be refunded in full.
    const r = await t.call(storageOrderCalls.orderRefund, { orderId: b.orderId, reason: 'unbound', idempotencyKey: key() }, owner);
    expect(r.data.state).toBe('refunded');
    expect(r.data.refundedAmount).toBe(3000);
    // No purchase on an unbound device: 23007.
    const no = await t.call(storageAppCalls.orderCreate, { deviceId: d.id, goodsId: g, platform: 'android', idempotencyKey: key() }, ann);
    expect(no.basic.code).toBe(ErrorCodes.deviceNotBound);
  });

  it('free goods: a device gets a seller’s free plan once (23022 in both locales)', async () => {
    const freePlan = await t.call(
      storageCalls.planCreate,
      { name: 'Free 1 day', storageValue: 1, storageUnit: 'day', serviceDays: 30, costPrice: 0, guidePrice: 0 },
      supplier,
    );
    const g = await goods({ planId: freePlan.data.planId, androidPrice: 0, iosPrice: 0, areaId: t.world.areas.eu.id });
    const d = await device();
    const o = await create({ deviceId: d.id, goodsId: g });
    expect(o.state).toBe('paid');
    expect(o.amount).toBe(0);
    const list = await t.call(storageAppCalls.goodsList, { deviceId: d.id, platform: 'android' }, ann);
    expect(list.data.records.some((x) => x.goodsId === g)).toBe(false);
    const again = await t.call(storageAppCalls.orderCreate, { deviceId: d.id, goodsId: g, platform: 'ios', idempotencyKey: key() }, ann);
    expect(again.basic.code).toBe(ErrorCodes.freePlanUsed);
    const zh = await t.call(storageAppCalls.orderCreate, { deviceId: d.id, goodsId: g, platform: 'ios', idempotencyKey: key() }, ann, {
      locale: 'zh-CN',
    });
    expect(zh.basic.msg).toBe('该设备已领取过该商家的免费套餐。');
    // Free orders of one device at once: one is made, the others are 23022 (never a 500 from the unique index).
    // The goods row is held meanwhile, so that every order has passed its checks before the first takes its unit.
    const raced = await device();
    const held = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from storage_goods where id = ${g} for update`);
      await new Promise((r) => setTimeout(r, 500));
    });
    await new Promise((r) => setTimeout(r, 50));
    const race = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        t.call(
          storageAppCalls.orderCreate,
          { deviceId: raced.id, goodsId: g, platform: i % 2 ? 'ios' : 'android', idempotencyKey: `free-race-${engine}-${i}-xyz` },
          ann,
        ),
      ),
    );
    await held;
    expect(race.map((r) => r.basic.code).sort((a, b) => a - b)).toEqual([
      200,
      ErrorCodes.freePlanUsed,
      ErrorCodes.freePlanUsed,
      ErrorCodes.freePlanUsed,
    ]);
    await t.call(storageCalls.goodsOperate, { goodsId: g, action: 'delist' }, owner);
  });

  it('goods not on sale: 7079 unknown or foreign, 23003 not listed, 23005 removed, 23011 past sale until', async () => {
    const d = await device();
    const call =
      (goodsId: number) =>
      (locale: 'en-US' | 'zh-CN' = 'en-US') =>
        t.call(storageAppCalls.orderCreate, { deviceId: d.id, goodsId, platform: 'android', idempotencyKey: key() }, ann, { locale });
    // Each refusal with its text in both locales.
    await expectRefused(call(999_999), ErrorCodes.productNotExist);
    await expectRefused(call(t.world.tenant.otherGoodsId), ErrorCodes.productNotExist);
    const removed = await goods();
    await t.call(storageCalls.goodsOperate, { goodsId: removed, action: 'delist' }, owner);
    await expectRefused(call(removed), ErrorCodes.productRemoved);
    const pending = await t.call(
      storageCalls.goodsCreate,
      {
        name: 'Pending',
        goodsCode: `PEND-${engine}`,
        planId,
        androidPrice: 3000,
        iosPrice: 3000,
        stock: null,
        saleUntil: null,
        areaId: t.world.areas.eu.id,
        coverFileId: coverId,
        contents: { 'en-US': { graphic: '<p>x</p>', terms: '', detailImageIds: [] } },
      },
      owner,
    );
    await expectRefused(call(pending.data.goodsId), ErrorCodes.productNotListed);
    const ending = await goods({ saleUntil: t.clock.now() + DAY });
    const base = t.clock.now();
    try {
      await at(base + 2 * DAY);
      await expectRefused(call(ending), ErrorCodes.productExpired);
    } finally {
      await at(base);
    }
  });

  it('internal purchase: 23017 unknown or foreign device, 23007 unbound, then paid at cost', async () => {
    const g = await goods();
    const unbound = await device(false);
    await expectRefused(
      (locale) =>
        t.call(storageOrderCalls.internalPurchase, { goodsId: g, sn: 'NOSUCHSN01', startNow: true, idempotencyKey: key() }, owner, {
          locale,
        }),
      ErrorCodes.deviceNotExist2,
    );
    expect(
      (
        await t.call(
          storageOrderCalls.internalPurchase,
          { goodsId: g, sn: t.world.tenant.otherDeviceSn, startNow: true, idempotencyKey: key() },
          owner,
        )
      ).basic.code,
    ).toBe(ErrorCodes.deviceNotExist2);
    // Another company's goods: missing.
    expect(
      (
        await t.call(
          storageOrderCalls.internalPurchase,
          { goodsId: t.world.tenant.otherGoodsId, sn: unbound.sn, startNow: true, idempotencyKey: key() },
          owner,
        )
      ).basic.code,
    ).toBe(ErrorCodes.notFound);
    const r1 = await t.call(
      storageOrderCalls.internalPurchase,
      { goodsId: g, sn: unbound.sn, startNow: true, idempotencyKey: key() },
      owner,
    );
    expect(r1.basic.code).toBe(ErrorCodes.deviceNotBound);
    const zh = await t.call(
      storageOrderCalls.internalPurchase,
      { goodsId: g, sn: unbound.sn, startNow: true, idempotencyKey: key() },
      owner,
      { locale: 'zh-CN' },
    );
    expect(zh.basic.msg).toBe('设备未绑定。');
    const bound = await device();
    const ok = await t.call(
      storageOrderCalls.internalPurchase,
      { goodsId: g, sn: bound.sn.toLowerCase(), startNow: true, idempotencyKey: key() },
      owner,
    );
    expect(ok.basic.code, ok.basic.msg).toBe(200);
    expect(ok.data).toMatchObject({
      platform: 'internal',
      state: 'paid',
      viewState: 'in_use',
      amount: 1000,
      endUserEmail: 'enduser-a@test.local',
    });
    const later = await t.call(
      storageOrderCalls.internalPurchase,
      { goodsId: g, sn: bound.sn, startNow: false, idempotencyKey: key() },
      owner,
    );
    expect(later.data.viewState).toBe('unused');
    // An internal purchase has no provider to refund through.
    expect(ok.data.actions).toEqual([]);
    // A reader cannot buy.
    expect(
      (await t.call(storageOrderCalls.internalPurchase, { goodsId: g, sn: bound.sn, startNow: true, idempotencyKey: key() }, dealer)).basic
        .code,
    ).toBe(ErrorCodes.forbidden);
  });

  it('internal purchase: a double submit (one idempotency key) makes one order; the key with another body is 23026', async () => {
    const g = await goods();
    const d = await device();
    const k = key();
    const body = { goodsId: g, sn: d.sn, startNow: true, idempotencyKey: k };
    const [a, b] = await Promise.all([
      t.call(storageOrderCalls.internalPurchase, body, owner),
      t.call(storageOrderCalls.internalPurchase, body, owner),
    ]);
    expect(a.basic.code, a.basic.msg).toBe(200);
    expect(b.basic.code, b.basic.msg).toBe(200);
    expect(b.data.orderId).toBe(a.data.orderId);
    const again = await t.call(storageOrderCalls.internalPurchase, { ...body, sn: d.sn.toLowerCase() }, owner);
    expect(again.data.orderId).toBe(a.data.orderId);
    const [{ n }] = (await rawRows<{ n: number }>(
      sql`select count(*)::int as n from storage_orders where device_id = ${d.id} and platform = 'internal'`,
    )) as [{ n: number }];
    expect(n).toBe(1);
    const other = await t.call(storageOrderCalls.internalPurchase, { ...body, startNow: false }, owner);
    expect(other.basic).toMatchObject({
      code: ErrorCodes.idempotencyKeyReused,
      msg: errorMessage(ErrorCodes.idempotencyKeyReused, 'en-US'),
    });
    // A refusal frees its key: the same key then buys with a corrected request.
    const unbound = await device(false);
    const k2 = key();
    const refused = await t.call(
      storageOrderCalls.internalPurchase,
      { goodsId: g, sn: unbound.sn, startNow: true, idempotencyKey: k2 },
      owner,
    );
    expect(refused.basic.code).toBe(ErrorCodes.deviceNotBound);
    const fixed = await t.call(storageOrderCalls.internalPurchase, { goodsId: g, sn: d.sn, startNow: false, idempotencyKey: k2 }, owner);
    expect(fixed.basic.code, fixed.basic.msg).toBe(200);
    expect(fixed.data.orderId).not.toBe(a.data.orderId);
  });

  it('a period written by SQL (microseconds, as the demo seed once did) is answered in whole milliseconds, and the next plan queues after it', async () => {
    const g = await goods();
    const d = await device();
    const o = await buy({ deviceId: d.id, goodsId: g });
    await t.database.db.execute(
      sql`update storage_orders set period = tstzrange(lower(period) + interval '0.5 milliseconds', upper(period) + interval '0.5 milliseconds', '[)')
          where id = ${o.orderId}`,
    );
    const now = t.clock.now();
    const list = await t.call(storageOrderCalls.orderList, { from: now - DAY, to: now + DAY, pageNum: 1, pageSize: 50, sn: d.sn }, owner);
    expect(list.basic.code, list.basic.msg).toBe(200);
    const first = list.data.records[0]!;
    expect(Number.isInteger(first.periodStart) && Number.isInteger(first.periodEnd)).toBe(true);
    // The next plan starts at the end rounded up: inside the EXCLUDE constraint, no overlap.
    const next = await buy({ deviceId: d.id, goodsId: g });
    const got = await t.call(storageOrderCalls.orderGet, { orderId: next.orderId }, owner);
    expect(got.basic.code, got.basic.msg).toBe(200);
    expect(got.data.periodStart).toBe(first.periodEnd! + 1);
  });

  it('portal: the list counts exactly up to its cap, then says there are more (ORDER_LIST_TOTAL_CAP in the call)', async () => {
    const g = await goods();
    const d = await device();
    for (let i = 0; i < 4; i++) await buy({ deviceId: d.id, goodsId: g });
    const now = t.clock.now();
    const scope = sql`o.company_path like ${`${t.world.companies.partnerA.path}%`}`;
    const all = await listOrders(t.database.db, scope, {}, { pageNum: 1, pageSize: 2 }, now);
    expect(all.totalCapped).toBe(false);
    expect(all.total).toBeGreaterThan(3);
    expect(await listOrders(t.database.db, scope, {}, { pageNum: 1, pageSize: 2 }, now, all.total)).toMatchObject({
      total: all.total,
      totalCapped: false,
    });
    const capped = await listOrders(t.database.db, scope, {}, { pageNum: 1, pageSize: 2 }, now, 3);
    expect(capped).toMatchObject({ total: 3, totalCapped: true });
    expect(capped.records).toHaveLength(2);
    // The call answers the flag (exact here: far under the cap).
    const listed = await t.call(storageOrderCalls.orderList, { from: now - DAY, to: now + DAY, pageNum: 1, pageSize: 2 }, owner);
    expect(listed.data).toMatchObject({ total: all.total, totalCapped: false });
  });

  it('portal: list filters and the 31-day range, detail with attempts and timeline, overview; cost only for owners', async () => {
    const g = await goods();
    const d = await device();
    const o = await buy({ deviceId: d.id, goodsId: g });
    const now = t.clock.now();
    const q = { from: now - DAY, to: now + DAY, pageNum: 1, pageSize: 50 };
    const bySn = await t.call(storageOrderCalls.orderList, { ...q, sn: d.sn }, owner);
    expect(bySn.data.records.map((r) => r.orderId)).toEqual([o.orderId]);
    expect(bySn.data.records[0]!.costPrice).toBe(1000);
    const byNo = await t.call(storageOrderCalls.orderList, { ...q, orderNo: o.orderNo }, owner);
    expect(byNo.data.total).toBe(1);
    expect(byNo.data.totalCapped).toBe(false);
    const tx = await txOf(o.orderId);
    expect((await t.call(storageOrderCalls.orderList, { ...q, orderNo: tx }, owner)).data.total).toBe(1);
    const byMail = await t.call(
      storageOrderCalls.orderList,
      { ...q, email: 'ENDUSER-A@test.local', platform: 'android', provider: 'sandbox' },
      owner,
    );
    expect(byMail.data.records.some((r) => r.orderId === o.orderId)).toBe(true);
    const tooLong = await t.call(storageOrderCalls.orderList, { ...q, from: now - 40 * DAY }, owner);
    expect(tooLong.basic.code).toBe(ErrorCodes.invalidParams);
    // The distributor's reader sees no order of partner A's goods, and no cost.
    const dl = await t.call(storageOrderCalls.orderList, q, dealer);
    expect(dl.basic.code).toBe(200);
    expect(dl.data.total).toBe(0);
    expect((await t.call(storageOrderCalls.orderGet, { orderId: o.orderId }, dealer)).basic.code).toBe(ErrorCodes.notFound);
    expect((await t.call(storageOrderCalls.orderList, q, ownerB)).data.records.some((r) => r.orderId === o.orderId)).toBe(false);
    expect((await t.call(storageOrderCalls.orderGet, { orderId: o.orderId }, ownerB)).basic.code).toBe(ErrorCodes.notFound);
    const det = await t.call(storageOrderCalls.orderGet, { orderId: o.orderId }, owner);
    expect(det.data.attempts.map((a) => a.status)).toEqual(['succeeded']);
    expect(det.data.timeline.map((x) => x.orderId)).toEqual([o.orderId]);
    expect(det.data.refundable).toBe(3000);
    expect(det.data.actions).toEqual(['refund']);
    const ov = await t.call(storageOrderCalls.overview, { from: now - DAY, to: now + DAY }, owner);
    expect(ov.basic.code, ov.basic.msg).toBe(200);
    expect(ov.data.orders).toBeGreaterThan(0);
    expect(ov.data.revenue).toBeGreaterThan(0);
    expect(ov.data.counts.in_use).toBeGreaterThan(0);
    // The supplier sees everything, with cost.
    const sup = await t.call(storageOrderCalls.orderGet, { orderId: o.orderId }, supplier);
    expect(sup.data.costPrice).toBe(1000);
  });

  it('exports the orders as a streamed xlsx (90 days at most) and the internal purchases as a monthly statement', async () => {
    const g = await goods();
    const d = await device();
    const o = await buy({ deviceId: d.id, goodsId: g });
    await t.call(storageOrderCalls.internalPurchase, { goodsId: g, sn: d.sn, startNow: false, idempotencyKey: key() }, owner);
    const now = t.clock.now();
    const tooLong = await t.call(storageOrderCalls.orderExport, { from: now - 91 * DAY, to: now }, owner);
    expect(tooLong.basic.code).toBe(ErrorCodes.invalidParams);
    const ex = await t.call(storageOrderCalls.orderExport, { from: now - 89 * DAY, to: now + DAY, sn: d.sn }, owner);
    expect(ex.basic.code, ex.basic.msg).toBe(200);
    const read = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as never);
      const ws = wb.worksheets[0]!;
      return ws
        .getSheetValues()
        .filter(Boolean)
        .map((r) => (r as unknown[]).slice(1));
    };
    const rows = await read(ex.data.url);
    expect(rows[0]).toContain('Order no.');
    expect(rows.slice(1).map((r) => r[0])).toContain(o.orderNo);
    expect(rows).toHaveLength(3);
    // A tampered link: 1013.
    const bad = await t.app.inject({ method: 'GET', url: ex.data.url.replace('cost=1', 'cost=0') });
    expect(bad.statusCode).toBe(403);
    const month = new Date(now).toISOString().slice(0, 7);
    const st = await t.call(storageOrderCalls.statement, { month }, owner, { locale: 'zh-CN' });
    expect(st.basic.code, st.basic.msg).toBe(200);
    expect(st.data.rows).toBeGreaterThanOrEqual(1);
    expect(st.data.total).toBe(st.data.rows * 1000);
    const srows = await read(st.data.url);
    expect(srows[0]).toContain('订单号');
    expect(srows[srows.length - 1]![0]).toBe('成本价合计 (USD)');
    expect(srows[srows.length - 1]![5]).toBe(st.data.total / 100);
  });

  it('CHECK and EXCLUDE hold through raw SQL', async () => {
    const g = await goods();
    const d = await device();
    const o = await buy({ deviceId: d.id, goodsId: g });
    const fails = async (q: ReturnType<typeof sql>) => {
      await expect(t.database.db.execute(q)).rejects.toThrow();
    };
    // Two paid plans of one device may not overlap.
    await fails(
      sql`insert into storage_orders (order_no, amount, platform, device_id, device_sn, company_id, company_path, goods_id, goods_snapshot,
            service_days, cost_price, state, period, buyer_company_id)
          select 'OVERLAP-1', 0, 'internal', device_id, device_sn, company_id, company_path, goods_id, goods_snapshot, service_days, cost_price,
            'paid', tstzrange(lower(period) + interval '1 day', upper(period) + interval '1 day'), company_id
          from storage_orders where id = ${o.orderId}`,
    );
    await fails(sql`update storage_orders set state = 'shipped' where id = ${o.orderId}`);
    await fails(sql`update storage_orders set platform = 'tv' where id = ${o.orderId}`);
    await fails(sql`update storage_orders set refunded_amount = amount + 1 where id = ${o.orderId}`);
    await fails(sql`update storage_orders set amount = -1 where id = ${o.orderId}`);
    await fails(sql`update storage_orders set state = 'unpaid' where id = ${o.orderId}`);
    await fails(sql`update storage_order_attempts set status = 'lost' where order_id = ${o.orderId}`);
    // A refunded plan's period no longer blocks the device.
    await t.database.db.execute(sql`update storage_orders set state = 'refunded' where id = ${o.orderId}`);
    const again = await buy({ deviceId: d.id, goodsId: g });
    expect(again.periodStart).toBe(t.clock.now());
  });
});
