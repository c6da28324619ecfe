/**
 * Payments when the provider is slow or talks out of turn (issue 12 §6, "a provider timeout goes to
 * reconciliation"; "a replayed, forged or foreign webhook changes nothing"), against local
 * stand-ins (nock; a real local server for Stripe's late answers, a socket timeout nock cannot fake)
 * with a 300 ms provider timeout:
 * - a payment whose answer never came is kept pending with the key it was sent with, and the
 *   reconciliation finds it at the provider by that key and the order number (the sandbox's
 *   timeout card; Stripe's search), or closes it when the provider never got it;
 * - Stripe events through the real webhook handler: the same event twice is a replay, a
 *   payment_failed after the success is ignored, an event naming the order settles an unanswered
 *   payment;
 * - a PayPal event (checked by PayPal's verify call) and an Adyen notification (HMAC) land in the
 *   inbox and pay their orders.
 */
import { vi } from 'vitest';

vi.hoisted(() => {
  // Read when the payment settings load: a provider call is abandoned (unknown) after 300 ms.
  process.env.PAYMENT_TIMEOUT_MS = '300';
});

import { hmacValidator } from '@adyen/api-library';
import { ErrorCodes, storageAppCalls, storageCalls, storageCheckoutCalls, storageOrderCalls } from '@portal/contract';
import { sql } from 'drizzle-orm';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { handleWebhook, reconcilePayments } from '../../../src/modules/cloud-storage';
import { DEFAULT_PAYMENT_SETTINGS, SANDBOX_CARDS } from '../../../src/modules/payments';
import type { Session, TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import nock from '../../support/nock';
import type { Creds } from '../app-api/helpers';
import { expectRefused, orderFixture } from './order-fixture';

const SECRET = 'sbx_faultsabcdefghijkl1234';
const STRIPE = { secret: 'sk_test_51FaultsStripeKey0001', webhookSecret: 'whsec_FaultsSigning01' };
const PAYPAL = { accountId: 'PaypalClientFaults', secret: 'PaypalClientSecretFaults01', webhookId: 'WH-FAULTS-1' };
const ADYEN = {
  accountId: 'FaultsMerchant',
  secret: 'AQEyhmfxLI3MaBFLw0m/n3Q5qf3VaY9UCJ14XWZE03G',
  hmacKey: '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056',
};
const MIN = 60_000;

/** What the late Stripe stand-in answers, and what it was asked. */
interface LateStripe {
  /** The intent a create answers, after `delayMs` (past the 300 ms provider timeout: the caller has given up). */
  intent: { delayMs: number; body: object };
  /** What a search answers at once. */
  found: object[];
  /** The form fields of each create, and the query of each search. */
  created: Record<string, string>[];
  searches: string[];
}

/**
 * Runs `fn` with the order flow's Stripe calls going to a real local server that answers a create
 * too late: nock 15.0.0 (pinned for Node 20) does not emulate ClientRequest.setTimeout (nock#2919),
 * so a socket timeout needs a real socket, as adapters.test.ts does. Meanwhile nock's interception is
 * off and the flow's default payment settings (what attemptPayment and the reconciliation use) point
 * Stripe's test mode at the server; both are put back after.
 */
async function withLateStripe(fn: (stripe: LateStripe) => Promise<void>): Promise<void> {
  const stripe: LateStripe = { intent: { delayMs: 1500, body: {} }, found: [], created: [], searches: [] };
  const timers: NodeJS.Timeout[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.local');
      const answer = (json: object) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        stripe.created.push(Object.fromEntries(new URLSearchParams(body)));
        const { delayMs, body: intent } = stripe.intent;
        timers.push(setTimeout(() => answer(intent), delayMs));
      } else if (req.method === 'GET' && url.pathname === '/v1/payment_intents/search') {
        stripe.searches.push(url.searchParams.get('query') ?? '');
        answer({ object: 'search_result', url: '/v1/payment_intents/search', has_more: false, data: stripe.found });
      } else {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `no stand-in for ${req.method} ${url.pathname}` } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const urls = DEFAULT_PAYMENT_SETTINGS.urls.stripe;
  const before = urls.test;
  urls.test = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  nock.restore();
  try {
    await fn(stripe);
  } finally {
    nock.activate();
    urls.test = before;
    for (const timer of timers) clearTimeout(timer);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe.each(ENGINES)('payment faults and provider webhooks (%s)', (engine) => {
  const fx = orderFixture(engine, 'PFT');
  let t: TestApp;
  let owner: Session;
  let supplier: Session;
  let ann: Creds;
  const key = fx.key;
  const rawRows = fx.rawRows;

  const order = async (extra: Record<string, unknown> = {}) =>
    fx.order(ann, { deviceId: (await fx.device()).id, goodsId: await fx.goods(owner, supplier) }, extra);
  const get = async (orderId: number) => (await t.call(storageAppCalls.orderGet, { orderId }, ann)).data;
  const attempts = (orderId: number) =>
    rawRows<{ status: string; transaction_id: string | null; provider_key: string | null; reason: string | null }>(
      sql`select status, transaction_id, provider_key, reason from storage_order_attempts where order_id = ${orderId} order by id`,
    );
  const reconcile = (at: number) => reconcilePayments(t.database, t.services.config.sealKeys, at);

  async function useDefault(provider: 'stripe' | 'paypal' | 'card' | 'sandbox') {
    const r = await t.call(storageCalls.payeeDefault, { provider, platform: 'android' }, owner);
    expect(r.basic.code, r.basic.msg).toBe(200);
  }
  async function payee(provider: 'stripe' | 'paypal' | 'card', accountId: string, secret: string, webhookSecret: string) {
    const saved = await t.call(storageCalls.payeeSave, { provider, mode: 'test', accountId, secret, webhookSecret }, owner);
    expect(saved.basic.code, saved.basic.msg).toBe(200);
    // Verified as a passed connection test would leave it (the tests of that are elsewhere).
    await t.database.db.execute(
      sql`update payee_accounts set verified_at = now() where company_id = ${t.world.companies.partnerA.id} and provider = ${provider}`,
    );
  }

  beforeAll(async () => {
    t = await fx.start();
    owner = await t.login('owner-a@test.local');
    supplier = await t.login('supplier@test.local');
    ann = await fx.appLogin();
    await fx.openSales(supplier, [{ seller: owner, accountId: 'acct_faults', secret: SECRET }]);
    await payee('stripe', 'acct_faults', STRIPE.secret, STRIPE.webhookSecret);
    await payee('paypal', PAYPAL.accountId, PAYPAL.secret, PAYPAL.webhookId);
    await payee('card', ADYEN.accountId, ADYEN.secret, ADYEN.hmacKey);
  });
  afterEach(async () => {
    nock.cleanAll();
    await useDefault('sandbox');
  });
  afterAll(() => fx.close());

  it('the sandbox timeout card: the order waits pending with its key; the reconciliation finds it paid', async () => {
    const k = key();
    const o = await order({ card: SANDBOX_CARDS.providerTimeout, idempotencyKey: k });
    expect(o).toMatchObject({ state: 'unpaid', payment: 'pending' });
    expect(await attempts(o.orderId)).toEqual([
      { status: 'pending', transaction_id: null, provider_key: `${o.orderNo}:${k}`, reason: 'sandbox timeout' },
    ]);
    const base = t.clock.now();
    // Not yet: a webhook may still come in the first minutes.
    await reconcile(base + MIN);
    expect((await get(o.orderId)).payment).toBe('pending');
    expect(await reconcile(base + 6 * MIN)).toBeGreaterThanOrEqual(1);
    const paid = await get(o.orderId);
    // Its plan starts when the payment was found (the sweep's time, still ahead of the test clock here).
    expect(paid).toMatchObject({ state: 'paid', payment: 'succeeded', periodStart: base + 6 * MIN });
    const [a] = await attempts(o.orderId);
    expect(a!.status).toBe('succeeded');
    expect(a!.transaction_id).toMatch(/^sbx_tx_/);
    const [{ transaction_id: tx }] = await rawRows<{ transaction_id: string }>(
      sql`select transaction_id from storage_orders where id = ${o.orderId}`,
    );
    expect(tx).toBe(a!.transaction_id);
  });

  it('paying again after an unanswered payment sends the same key: to the provider it is one payment', async () => {
    const o = await order({ card: SANDBOX_CARDS.providerTimeout });
    expect(o.payment).toBe('pending');
    const again = await t.call(storageAppCalls.orderPay, { orderId: o.orderId, idempotencyKey: key(), card: SANDBOX_CARDS.success }, ann);
    expect(again.data).toMatchObject({ state: 'paid', payment: 'succeeded' });
    const [first, second] = await attempts(o.orderId);
    expect(second!.provider_key).toBe(first!.provider_key);
    // The reconciliation finds the first one: the same transaction, the order paid once.
    await reconcile(t.clock.now() + 6 * MIN);
    const after = await attempts(o.orderId);
    expect(after.map((a) => a.status)).toEqual(['succeeded', 'succeeded']);
    expect(after[0]!.transaction_id).toBe(after[1]!.transaction_id);
    expect(await get(o.orderId)).toMatchObject({ state: 'paid', periodStart: again.data.periodStart, periodEnd: again.data.periodEnd });
  });

  it('Stripe answers too late: the payment is pending, not declined; its search finds it paid, or never made', async () => {
    await useDefault('stripe');
    await withLateStripe(async (stripe) => {
      const payLate = async (o: { orderId: number; orderNo: string }, k: string, id: string) => {
        stripe.intent = {
          delayMs: 1500,
          body: { id, object: 'payment_intent', status: 'requires_payment_method', client_secret: `${id}_secret` },
        };
        const r = await t.call(storageAppCalls.orderPay, { orderId: o.orderId, idempotencyKey: k }, ann);
        expect(r.basic.code, r.basic.msg).toBe(200);
        expect(r.data).toMatchObject({ state: 'unpaid', payment: 'pending' });
        // Sent once, with the key and the order number its search finds it by.
        expect(stripe.created.at(-1)).toMatchObject({ 'metadata[orderNo]': o.orderNo, 'metadata[payKey]': `${o.orderNo}:${k}` });
      };
      const searchedFor = (o: { orderNo: string }, k: string) =>
        stripe.searches.filter(
          (q) => q.includes(`metadata['payKey']:'${o.orderNo}:${k}'`) && q.includes(`metadata['orderNo']:'${o.orderNo}'`),
        );

      const o = await order();
      const k = key();
      await payLate(o, k, 'pi_late_1');
      expect(await attempts(o.orderId)).toMatchObject([{ status: 'pending', transaction_id: null, provider_key: `${o.orderNo}:${k}` }]);
      const base = t.clock.now();
      stripe.found = [{ id: 'pi_found_1', object: 'payment_intent', status: 'succeeded', metadata: { orderNo: o.orderNo } }];
      expect(await reconcile(base + 6 * MIN)).toBeGreaterThanOrEqual(1);
      expect(searchedFor(o, k)).toHaveLength(1);
      expect(await get(o.orderId)).toMatchObject({ state: 'paid', payment: 'succeeded' });
      expect(await attempts(o.orderId)).toMatchObject([{ status: 'succeeded', transaction_id: 'pi_found_1' }]);

      // Never made at Stripe: the attempt is closed, nothing taken; the order stays payable.
      const n = await order();
      const nk = key();
      await payLate(n, nk, 'pi_late_2');
      stripe.found = [];
      await reconcile(base + 6 * MIN);
      expect(searchedFor(n, nk)).toHaveLength(1);
      expect(await attempts(n.orderId)).toMatchObject([
        { status: 'declined', transaction_id: null, reason: 'not received by the provider' },
      ]);
      expect(await get(n.orderId)).toMatchObject({ state: 'unpaid', payment: 'declined' });
    });
  });

  describe('Stripe events through the webhook handler', () => {
    const sdk = new Stripe('sk_test_x');
    const hook = (payload: string) =>
      handleWebhook(t.database, t.services.config.sealKeys, {
        provider: 'stripe',
        companyId: t.world.companies.partnerA.id,
        headers: { 'stripe-signature': sdk.webhooks.generateTestHeaderString({ payload, secret: STRIPE.webhookSecret }) },
        rawBody: payload,
        now: t.clock.now(),
      });
    const event = (id: string, type: string, pi: string, object: Record<string, unknown> = {}) =>
      JSON.stringify({ id, object: 'event', type, data: { object: { id: pi, object: 'payment_intent', ...object } } });

    it('the same event twice is a replay; a payment_failed after the success is ignored', async () => {
      await useDefault('stripe');
      const o = await order();
      const pi = `pi_${engine}_${o.orderId}`;
      nock('https://api.stripe.com')
        .post('/v1/payment_intents')
        .reply(200, { id: pi, object: 'payment_intent', status: 'requires_payment_method', client_secret: `${pi}_secret` });
      const started = await t.call(storageAppCalls.orderPay, { orderId: o.orderId, idempotencyKey: key() }, ann);
      expect(started.data).toMatchObject({ state: 'unpaid', payment: 'action_required' });

      const succeeded = event(`evt_ok_${o.orderId}`, 'payment_intent.succeeded', pi, { status: 'succeeded' });
      expect(await hook(succeeded)).toBe('applied');
      const paid = await get(o.orderId);
      expect(paid).toMatchObject({ state: 'paid', payment: 'succeeded' });
      // Delivered again (Stripe retries until acknowledged): kept once, nothing changes.
      expect(await hook(succeeded)).toBe('replayed');
      expect(await hook(event(`evt_fail_${o.orderId}`, 'payment_intent.payment_failed', pi, { status: 'requires_payment_method' }))).toBe(
        'ignored',
      );
      const after = await get(o.orderId);
      expect(after).toMatchObject({ state: 'paid', payment: 'succeeded', periodStart: paid.periodStart, periodEnd: paid.periodEnd });
      const detail = (await t.call(storageOrderCalls.orderGet, { orderId: o.orderId }, owner)).data;
      expect(detail.attempts.map((a) => a.status)).toEqual(['succeeded']);
      expect(detail.events.map((e) => [e.type, e.outcome])).toEqual([
        ['payment_intent.succeeded', 'applied'],
        ['payment_intent.payment_failed', 'ignored'],
      ]);
    });

    it('an event naming the order (metadata) settles a payment whose answer never came', async () => {
      await useDefault('stripe');
      const o = await order();
      await withLateStripe(async (stripe) => {
        stripe.intent = { delayMs: 1500, body: { id: 'pi_unseen', object: 'payment_intent', status: 'requires_payment_method' } };
        expect((await t.call(storageAppCalls.orderPay, { orderId: o.orderId, idempotencyKey: key() }, ann)).data.payment).toBe('pending');
        expect(stripe.created).toHaveLength(1);
      });
      const pi = `pi_named_${engine}_${o.orderId}`;
      const named = event(`evt_named_${o.orderId}`, 'payment_intent.succeeded', pi, {
        status: 'succeeded',
        metadata: { orderNo: o.orderNo },
      });
      expect(await hook(named)).toBe('applied');
      expect(await get(o.orderId)).toMatchObject({ state: 'paid', payment: 'succeeded' });
      expect(await attempts(o.orderId)).toMatchObject([{ status: 'succeeded', transaction_id: pi }]);
    });
  });

  it('a refund the provider refuses is 23036 in both locales; the order is left as it was', async () => {
    await useDefault('stripe');
    const o = await order();
    const stripe = () => nock('https://api.stripe.com');
    stripe()
      .post('/v1/payment_intents')
      .reply(200, { id: `pi_refund_${engine}_${o.orderId}`, object: 'payment_intent', status: 'succeeded' });
    const paid = await t.call(storageAppCalls.orderPay, { orderId: o.orderId, idempotencyKey: key() }, ann);
    expect(paid.data).toMatchObject({ state: 'paid', payment: 'succeeded' });
    stripe()
      .post('/v1/refunds')
      .times(2)
      .reply(400, { error: { type: 'invalid_request_error', code: 'charge_disputed', message: 'disputed' } });
    const texts = {
      'en-US': 'The payment provider did not refund (charge_disputed); nothing was changed. Try again later.',
      'zh-CN': '支付渠道未完成退款（charge_disputed），订单未作更改，请稍后重试。',
    };
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const r = await t.call(storageOrderCalls.orderRefund, { orderId: o.orderId, reason: 'asked', idempotencyKey: key() }, owner, {
        locale,
      });
      expect(r.basic).toMatchObject({ code: ErrorCodes.refundRefused, msg: texts[locale] });
    }
    const after = (await t.call(storageOrderCalls.orderGet, { orderId: o.orderId }, owner)).data;
    expect(after).toMatchObject({ state: 'paid', refundedAmount: 0, refundable: o.amount, refunds: [] });
  });

  it("the checkout page cannot pay a card provider's order: 23042 in both locales (pay in the app)", async () => {
    await useDefault('card');
    const o = await order();
    const [, , orderNo, sign] = new URL(o.checkoutUrl!).pathname.split('/');
    await expectRefused(
      (locale) =>
        t.call(
          storageCheckoutCalls.checkoutPay,
          { orderNo: orderNo!, sign: sign!, domain: 'localhost', idempotencyKey: key(), card: SANDBOX_CARDS.success },
          null,
          { locale },
        ),
      ErrorCodes.checkoutMethodUnsupported,
    );
    expect(await get(o.orderId)).toMatchObject({ state: 'unpaid', payment: 'none' });
  });

  it('a PayPal event, checked by PayPal, lands in the inbox and pays its order', async () => {
    await useDefault('paypal');
    const o = await order();
    const pp = () => nock('https://api-m.sandbox.paypal.com');
    const token = () => pp().post('/v1/oauth2/token').reply(200, { access_token: 'A21', token_type: 'Bearer', expires_in: 32400 });
    const ppOrder = `PP-${engine}-${o.orderId}`;
    token();
    pp().post('/v2/checkout/orders').reply(201, { id: ppOrder, status: 'PAYER_ACTION_REQUIRED', links: [] });
    const started = await t.call(storageAppCalls.orderPay, { orderId: o.orderId, idempotencyKey: key() }, ann);
    expect(started.data).toMatchObject({ state: 'unpaid', payment: 'action_required' });

    const body = JSON.stringify({
      id: `WH-${engine}-${o.orderId}`,
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { id: `CAP-${o.orderId}`, status: 'COMPLETED', supplementary_data: { related_ids: { order_id: ppOrder } } },
    });
    token();
    pp()
      .post(
        '/v1/notifications/verify-webhook-signature',
        (b) => b.webhook_id === PAYPAL.webhookId && b.webhook_event.id === `WH-${engine}-${o.orderId}`,
      )
      .reply(200, { verification_status: 'SUCCESS' });
    const outcome = await handleWebhook(t.database, t.services.config.sealKeys, {
      provider: 'paypal',
      companyId: t.world.companies.partnerA.id,
      headers: {
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT',
        'paypal-transmission-id': `T-${o.orderId}`,
        'paypal-transmission-sig': 'sig-ok',
        'paypal-transmission-time': new Date().toISOString(),
      },
      rawBody: body,
      now: t.clock.now(),
    });
    expect(outcome).toBe('applied');
    expect(await get(o.orderId)).toMatchObject({ state: 'paid', payment: 'succeeded' });
    const inbox = await rawRows<{ provider: string; account: string; type: string; order_id: number; outcome: string }>(
      sql`select provider, account, type, order_id::int as order_id, outcome from payment_events where event_id = ${`WH-${engine}-${o.orderId}`}`,
    );
    expect(inbox).toEqual([
      {
        provider: 'paypal',
        account: String(t.world.companies.partnerA.id),
        type: 'PAYMENT.CAPTURE.COMPLETED',
        order_id: o.orderId,
        outcome: 'applied',
      },
    ]);
  });

  it('an Adyen notification (HMAC) lands in the inbox and pays the order it names; sent again, a replay', async () => {
    // An Adyen payment whose answer never came leaves the order so: the attempt pending with its key, no transaction.
    const o = await order();
    await t.database.db.execute(sql`update storage_orders set provider = 'card' where id = ${o.orderId}`);
    await t.database.db.execute(
      sql`insert into storage_order_attempts (order_id, provider, amount, status, provider_key, reason)
          values (${o.orderId}, 'card', ${o.amount}, 'pending', ${`${o.orderNo}:${key()}`}, 'adyen unreachable')`,
    );
    const psp = `PSP${engine === 'postgres' ? 'P' : 'L'}${o.orderId}`;
    const item = {
      amount: { currency: 'USD', value: o.amount },
      eventCode: 'AUTHORISATION',
      eventDate: new Date().toISOString(),
      merchantAccountCode: ADYEN.accountId,
      merchantReference: o.orderNo,
      pspReference: psp,
      success: 'true',
    };
    const signed = { ...item, additionalData: { hmacSignature: new hmacValidator().calculateHmac(item as never, ADYEN.hmacKey) } };
    const rawBody = JSON.stringify({ live: 'false', notificationItems: [{ NotificationRequestItem: signed }] });
    const send = () =>
      handleWebhook(t.database, t.services.config.sealKeys, {
        provider: 'card',
        companyId: t.world.companies.partnerA.id,
        headers: {},
        rawBody,
        now: t.clock.now(),
      });
    expect(await send()).toBe('applied');
    expect(await get(o.orderId)).toMatchObject({ state: 'paid', payment: 'succeeded' });
    expect(await attempts(o.orderId)).toMatchObject([{ status: 'succeeded', transaction_id: psp }]);
    expect(await send()).toBe('replayed');
    const inbox = await rawRows<{ provider: string; type: string; order_id: number; outcome: string }>(
      sql`select provider, type, order_id::int as order_id, outcome from payment_events where event_id = ${`${psp}:AUTHORISATION:true`}`,
    );
    expect(inbox).toEqual([{ provider: 'card', type: 'AUTHORISATION', order_id: o.orderId, outcome: 'applied' }]);
    // Forged (another HMAC key): refused, kept nowhere.
    const forged = {
      ...item,
      pspReference: `${psp}X`,
      additionalData: { hmacSignature: new hmacValidator().calculateHmac(item as never, 'AB'.repeat(32)) },
    };
    expect(
      await handleWebhook(t.database, t.services.config.sealKeys, {
        provider: 'card',
        companyId: t.world.companies.partnerA.id,
        headers: {},
        rawBody: JSON.stringify({ live: 'false', notificationItems: [{ NotificationRequestItem: forged }] }),
        now: t.clock.now(),
      }),
    ).toBe('forged');
  });
});
