/**
 * The payment adapters against local stand-ins (nock; no network): Stripe, PayPal and Adyen pay
 * (success, decline, action required), refund, the idempotency key passed through, webhooks
 * (valid, forged, replayed), connection tests, and a timeout or 5xx answered `unknown`.
 */
import { hmacValidator } from '@adyen/api-library';
import nock from '../../support/nock';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paymentProvider, paymentSettings, type ProviderAccount } from '../../../src/modules/payments';

const settings = paymentSettings({
  STRIPE_API_URL_TEST: 'http://stripe.test.local',
  STRIPE_API_URL_LIVE: 'http://stripe.live.local',
  ADYEN_API_URL_TEST: 'https://adyen.test.local/v72',
  PAYMENT_TIMEOUT_MS: '300',
});
const stripe = paymentProvider('stripe', settings)!;
const paypal = paymentProvider('paypal', settings)!;
const card = paymentProvider('card', settings)!;

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  const pending = nock.pendingMocks();
  nock.cleanAll();
  expect(pending).toEqual([]);
});
afterAll(() => nock.enableNetConnect());

describe('stripe', () => {
  const account: ProviderAccount = {
    mode: 'test',
    accountId: 'acct_1',
    secret: 'sk_test_abcdefghij0123456789',
    webhookSecret: 'whsec_test_secret',
  };
  const api = () => nock('http://stripe.test.local');

  it('pays with the idempotency key: succeeded, declined, action required; a PaymentIntent for the Payment Element', async () => {
    api()
      .post(
        '/v1/payment_intents',
        (b) => b.amount === '1999' && b.currency === 'usd' && b.payment_method === 'pm_ok' && b.confirm === 'true',
      )
      .matchHeader('idempotency-key', 'order-1')
      .matchHeader('authorization', 'Bearer sk_test_abcdefghij0123456789')
      .reply(200, { id: 'pi_1', object: 'payment_intent', status: 'succeeded' });
    expect(await stripe.pay(account, { amount: 1999, currency: 'USD', idempotencyKey: 'order-1', paymentMethod: 'pm_ok' })).toEqual({
      outcome: 'succeeded',
      transactionId: 'pi_1',
    });
    api()
      .post('/v1/payment_intents')
      .matchHeader('idempotency-key', 'order-2')
      .reply(402, { error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'declined' } });
    expect(await stripe.pay(account, { amount: 1999, currency: 'USD', idempotencyKey: 'order-2', paymentMethod: 'pm_no' })).toEqual({
      outcome: 'declined',
      reason: 'insufficient_funds',
    });
    api()
      .post('/v1/payment_intents')
      .matchHeader('idempotency-key', 'order-3')
      .reply(200, {
        id: 'pi_3',
        object: 'payment_intent',
        status: 'requires_action',
        client_secret: 'pi_3_secret',
        next_action: { type: 'redirect_to_url', redirect_to_url: { url: 'https://hooks.stripe.test/3ds' } },
      });
    expect(
      await stripe.pay(account, {
        amount: 500,
        currency: 'USD',
        idempotencyKey: 'order-3',
        paymentMethod: 'pm_3ds',
        returnUrl: 'https://p.test/r',
      }),
    ).toEqual({ outcome: 'action_required', transactionId: 'pi_3', action: { type: 'redirect', url: 'https://hooks.stripe.test/3ds' } });
    api()
      .post('/v1/payment_intents', (b) => b.confirm === undefined && b['automatic_payment_methods[enabled]'] === 'true')
      .matchHeader('idempotency-key', 'order-4')
      .reply(200, { id: 'pi_4', object: 'payment_intent', status: 'requires_payment_method', client_secret: 'pi_4_secret' });
    expect(await stripe.pay(account, { amount: 500, currency: 'USD', idempotencyKey: 'order-4' })).toEqual({
      outcome: 'action_required',
      transactionId: 'pi_4',
      action: { type: 'client_secret', value: 'pi_4_secret' },
    });
  });

  it('a timeout or a 5xx is unknown (reconciliation), not an exception', async () => {
    // A real socket timeout: nock 15.0.0 (the last nock whose interceptors run on Node 20 without an
    // engine warning) does not emulate ClientRequest.setTimeout (nock#2919), so a local server that
    // answers after 1.5 s stands in for the late Stripe, with nock's interception off meanwhile.
    const timers: NodeJS.Timeout[] = [];
    const slow = http.createServer((req, res) => {
      req.resume();
      timers.push(
        setTimeout(() => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ id: 'pi_late', object: 'payment_intent', status: 'succeeded' }));
        }, 1500),
      );
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    nock.restore();
    try {
      const late = await paymentProvider(
        'stripe',
        paymentSettings({ STRIPE_API_URL_TEST: `http://127.0.0.1:${(slow.address() as AddressInfo).port}`, PAYMENT_TIMEOUT_MS: '300' }),
      )!.pay(account, { amount: 100, currency: 'USD', idempotencyKey: 'order-t', paymentMethod: 'pm_ok' });
      expect(late.outcome).toBe('unknown');
    } finally {
      nock.activate();
      for (const t of timers) clearTimeout(t);
      slow.closeAllConnections();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
    api()
      .post('/v1/payment_intents')
      .reply(503, { error: { type: 'api_error', message: 'down' } });
    expect((await stripe.pay(account, { amount: 100, currency: 'USD', idempotencyKey: 'order-5', paymentMethod: 'pm_ok' })).outcome).toBe(
      'unknown',
    );
    api()
      .post('/v1/refunds')
      .reply(500, { error: { type: 'api_error', message: 'down' } });
    expect((await stripe.refund(account, 'pi_1', 100, 'refund-x')).outcome).toBe('unknown');
  });

  it('refunds with its own idempotency key', async () => {
    api()
      .post('/v1/refunds', (b) => b.payment_intent === 'pi_1' && b.amount === '700')
      .matchHeader('idempotency-key', 'refund-1')
      .reply(200, { id: 're_1', object: 'refund', status: 'succeeded' });
    expect(await stripe.refund(account, 'pi_1', 700, 'refund-1')).toEqual({ outcome: 'succeeded', refundId: 're_1' });
    api()
      .post('/v1/refunds')
      .reply(400, { error: { type: 'invalid_request_error', code: 'charge_already_refunded' } });
    expect(await stripe.refund(account, 'pi_1', 700, 'refund-2')).toEqual({ outcome: 'failed', reason: 'charge_already_refunded' });
  });

  it('webhooks: valid, forged, replayed (stale timestamp), without a signing secret', async () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_1', object: 'payment_intent', status: 'succeeded' } },
    });
    const sdk = new Stripe('sk_test_x');
    const header = sdk.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test_secret' });
    expect(await stripe.checkWebhook(account, { 'stripe-signature': header }, payload)).toEqual({
      event: { id: 'evt_1', type: 'payment_intent.succeeded', transactionId: 'pi_1', kind: 'payment_succeeded' },
    });
    const forged = sdk.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    expect((await stripe.checkWebhook(account, { 'stripe-signature': forged }, payload)).event).toBeNull();
    expect((await stripe.checkWebhook(account, { 'stripe-signature': header }, payload.replace('pi_1', 'pi_2'))).event).toBeNull();
    const old = sdk.webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_test_secret',
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect((await stripe.checkWebhook(account, { 'stripe-signature': old }, payload)).event).toBeNull();
    expect((await stripe.checkWebhook({ ...account, webhookSecret: undefined }, { 'stripe-signature': header }, payload)).event).toBeNull();
    const refund = JSON.stringify({
      id: 'evt_2',
      object: 'event',
      type: 'charge.refunded',
      data: { object: { id: 'ch_1', object: 'charge', payment_intent: 'pi_1' } },
    });
    const h2 = sdk.webhooks.generateTestHeaderString({ payload: refund, secret: 'whsec_test_secret' });
    expect((await stripe.checkWebhook(account, { 'stripe-signature': h2 }, refund)).event).toMatchObject({
      transactionId: 'pi_1',
      kind: 'refund_succeeded',
    });
  });

  it('connection test: the balance with the key; refused key, wrong mode, live URL per mode', async () => {
    api()
      .get('/v1/balance')
      .matchHeader('authorization', 'Bearer sk_test_abcdefghij0123456789')
      .reply(200, { object: 'balance', available: [] });
    expect(await stripe.testConnection(account)).toEqual({ ok: true });
    api()
      .get('/v1/balance')
      .reply(401, { error: { type: 'invalid_request_error', code: 'api_key_invalid' } });
    expect(await stripe.testConnection(account)).toMatchObject({ ok: false, reason: expect.stringContaining('refused') });
    expect(await stripe.testConnection({ ...account, mode: 'live' })).toMatchObject({ ok: false });
    nock('http://stripe.live.local').get('/v1/balance').reply(200, { object: 'balance' });
    expect(await stripe.testConnection({ ...account, mode: 'live', secret: 'sk_live_abcdefghij0123456789' })).toEqual({ ok: true });
  });
});

describe('paypal', () => {
  const account: ProviderAccount = {
    mode: 'test',
    accountId: 'client-id-1',
    secret: 'client-secret-0123456789abcdef',
    webhookSecret: 'WH-1',
  };
  const api = () => nock('https://api-m.sandbox.paypal.com');
  const token = () =>
    api()
      .post('/v1/oauth2/token')
      .matchHeader('authorization', `Basic ${Buffer.from('client-id-1:client-secret-0123456789abcdef').toString('base64')}`)
      .reply(200, { access_token: 'A21', token_type: 'Bearer', expires_in: 32400 });

  it('creates an order for approval, captures it, declines; the request id is the idempotency key', async () => {
    token();
    api()
      .post(
        '/v2/checkout/orders',
        (b) => b.intent === 'CAPTURE' && b.purchase_units[0].amount.value === '19.99' && b.purchase_units[0].amount.currency_code === 'USD',
      )
      .matchHeader('paypal-request-id', 'order-1')
      .matchHeader('authorization', 'Bearer A21')
      .reply(201, {
        id: 'PP-ORDER-1',
        status: 'PAYER_ACTION_REQUIRED',
        links: [{ rel: 'payer-action', href: 'https://www.sandbox.paypal.com/checkoutnow?token=PP-ORDER-1', method: 'GET' }],
      });
    expect(await paypal.pay(account, { amount: 1999, currency: 'USD', idempotencyKey: 'order-1' })).toEqual({
      outcome: 'action_required',
      transactionId: 'PP-ORDER-1',
      action: { type: 'redirect', url: 'https://www.sandbox.paypal.com/checkoutnow?token=PP-ORDER-1' },
    });
    token();
    api()
      .post('/v2/checkout/orders/PP-ORDER-1/capture')
      .matchHeader('paypal-request-id', 'order-1-capture')
      .reply(201, {
        id: 'PP-ORDER-1',
        status: 'COMPLETED',
        purchase_units: [{ payments: { captures: [{ id: 'CAP-1', status: 'COMPLETED' }] } }],
      });
    expect(
      await paypal.pay(account, { amount: 1999, currency: 'USD', idempotencyKey: 'order-1-capture', paymentMethod: 'PP-ORDER-1' }),
    ).toEqual({
      outcome: 'succeeded',
      transactionId: 'PP-ORDER-1',
    });
    token();
    api()
      .post('/v2/checkout/orders/PP-ORDER-2/capture')
      .reply(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED' }] });
    expect(await paypal.pay(account, { amount: 1999, currency: 'USD', idempotencyKey: 'k2', paymentMethod: 'PP-ORDER-2' })).toEqual({
      outcome: 'declined',
      reason: 'INSTRUMENT_DECLINED',
    });
    token();
    api().post('/v2/checkout/orders').reply(503, { name: 'SERVICE_UNAVAILABLE' });
    expect((await paypal.pay(account, { amount: 1, currency: 'USD', idempotencyKey: 'k3' })).outcome).toBe('unknown');
  });

  it('refunds the order capture with its own request id', async () => {
    token();
    api()
      .get('/v2/checkout/orders/PP-ORDER-1')
      .reply(200, {
        id: 'PP-ORDER-1',
        status: 'COMPLETED',
        purchase_units: [{ payments: { captures: [{ id: 'CAP-1', status: 'COMPLETED' }] } }],
      });
    api()
      .post('/v2/payments/captures/CAP-1/refund', (b) => b.amount.value === '5.00')
      .matchHeader('paypal-request-id', 'refund-1')
      .reply(201, { id: 'RF-1', status: 'COMPLETED' });
    expect(await paypal.refund(account, 'PP-ORDER-1', 500, 'refund-1')).toEqual({ outcome: 'succeeded', refundId: 'RF-1' });
  });

  it('webhooks through verify-webhook-signature: valid, forged, replayed (old transmission)', async () => {
    const body = JSON.stringify({
      id: 'WH-EVT-1',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { id: 'CAP-1', supplementary_data: { related_ids: { order_id: 'PP-ORDER-1' } } },
    });
    const headers = (time: string, sig = 'sig-ok') => ({
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT',
      'paypal-transmission-id': 'T-1',
      'paypal-transmission-sig': sig,
      'paypal-transmission-time': time,
    });
    token();
    api()
      .post(
        '/v1/notifications/verify-webhook-signature',
        (b) => b.webhook_id === 'WH-1' && b.transmission_sig === 'sig-ok' && b.webhook_event.id === 'WH-EVT-1',
      )
      .reply(200, { verification_status: 'SUCCESS' });
    expect(await paypal.checkWebhook(account, headers(new Date().toISOString()), body)).toEqual({
      event: { id: 'WH-EVT-1', type: 'PAYMENT.CAPTURE.COMPLETED', transactionId: 'PP-ORDER-1', kind: 'payment_succeeded' },
    });
    token();
    api().post('/v1/notifications/verify-webhook-signature').reply(200, { verification_status: 'FAILURE' });
    expect((await paypal.checkWebhook(account, headers(new Date().toISOString(), 'forged'), body)).event).toBeNull();
    // Replayed: an old transmission is refused before asking PayPal.
    expect((await paypal.checkWebhook(account, headers(new Date(Date.now() - 3_600_000).toISOString()), body)).event).toBeNull();
  });

  it('connection test: an OAuth token with the client ID and secret', async () => {
    token();
    expect(await paypal.testConnection(account)).toEqual({ ok: true });
    api().post('/v1/oauth2/token').reply(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
    expect(await paypal.testConnection(account)).toMatchObject({ ok: false, reason: expect.stringContaining('refused') });
  });
});

describe('card provider (adyen)', () => {
  const hmacKey = '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056';
  const account: ProviderAccount = {
    mode: 'test',
    accountId: 'PortalMerchant',
    secret: 'AQEyhmfxLI3MaBFLw0m/n3Q5qf3VaY9UCJ14XWZE03G',
    webhookSecret: hmacKey,
  };
  const api = () => nock('https://adyen.test.local');
  const method = JSON.stringify({ type: 'scheme', encryptedCardNumber: 'test_4111111111111111' });
  const req = (key: string) => ({
    amount: 1999,
    currency: 'USD',
    idempotencyKey: key,
    paymentMethod: method,
    returnUrl: 'https://p.test/r',
    reference: 'SO1',
  });

  it('pays: authorised, refused, redirect; the idempotency key passed; a timeout is unknown', async () => {
    api()
      .post('/v72/payments', (b) => b.merchantAccount === 'PortalMerchant' && b.amount.value === 1999 && b.reference === 'SO1')
      .matchHeader('idempotency-key', 'order-1')
      .matchHeader('x-api-key', account.secret)
      .reply(200, { resultCode: 'Authorised', pspReference: 'PSP1' });
    expect(await card.pay(account, req('order-1'))).toEqual({ outcome: 'succeeded', transactionId: 'PSP1' });
    api().post('/v72/payments').reply(200, { resultCode: 'Refused', refusalReason: 'Not enough balance', pspReference: 'PSP2' });
    expect(await card.pay(account, req('order-2'))).toEqual({ outcome: 'declined', reason: 'Not enough balance' });
    api()
      .post('/v72/payments')
      .reply(200, { resultCode: 'RedirectShopper', pspReference: 'PSP3', action: { type: 'redirect', url: 'https://adyen.test/3ds' } });
    expect(await card.pay(account, req('order-3'))).toMatchObject({
      outcome: 'action_required',
      transactionId: 'PSP3',
      action: { type: 'adyen' },
    });
    api().post('/v72/payments').delay(1500).reply(200, { resultCode: 'Authorised', pspReference: 'PSP4' });
    expect((await card.pay(account, req('order-4'))).outcome).toBe('unknown');
    api().post('/v72/payments').reply(502, 'bad gateway');
    expect((await card.pay(account, req('order-5'))).outcome).toBe('unknown');
  });

  it('refunds with its idempotency key (pending until the REFUND notification)', async () => {
    api()
      .post('/v72/payments/PSP1/refunds', (b) => b.amount.value === 700 && b.merchantAccount === 'PortalMerchant')
      .matchHeader('idempotency-key', 'refund-1')
      .reply(201, {
        pspReference: 'RPSP1',
        status: 'received',
        paymentPspReference: 'PSP1',
        merchantAccount: 'PortalMerchant',
        amount: { currency: 'USD', value: 700 },
      });
    expect(await card.refund(account, 'PSP1', 700, 'refund-1')).toEqual({ outcome: 'pending', refundId: 'RPSP1' });
    api().post('/v72/payments/PSP1/refunds').reply(422, { status: 422, errorCode: '167', message: 'Original pspReference required' });
    expect(await card.refund(account, 'PSP1', 700, 'refund-2')).toEqual({ outcome: 'failed', reason: '422 167' });
  });

  it('notifications: a valid HMAC, a forged one, another merchant', async () => {
    const item = {
      amount: { currency: 'USD', value: 1999 },
      eventCode: 'AUTHORISATION',
      eventDate: new Date().toISOString(),
      merchantAccountCode: 'PortalMerchant',
      merchantReference: 'SO1',
      pspReference: 'PSP1',
      success: 'true',
    } as const;
    const sign = (i: Record<string, unknown>, key = hmacKey) => ({
      ...i,
      additionalData: { hmacSignature: new hmacValidator().calculateHmac(i as never, key) },
    });
    const body = (i: unknown) => JSON.stringify({ live: 'false', notificationItems: [{ NotificationRequestItem: i }] });
    expect(await card.checkWebhook(account, {}, body(sign(item)))).toEqual({
      event: { id: 'PSP1:AUTHORISATION:true', type: 'AUTHORISATION', transactionId: 'PSP1', kind: 'payment_succeeded', reference: 'SO1' },
    });
    const forged = sign(item, 'AA'.repeat(32));
    expect((await card.checkWebhook(account, {}, body(forged))).event).toBeNull();
    expect((await card.checkWebhook(account, {}, body({ ...sign(item), success: 'false' }))).event).toBeNull();
    const other = { ...item, merchantAccountCode: 'Other' };
    expect((await card.checkWebhook(account, {}, body(sign(other)))).event).toBeNull();
    const refund = { ...item, eventCode: 'REFUND', pspReference: 'RPSP1', originalReference: 'PSP1' };
    expect((await card.checkWebhook(account, {}, body(sign(refund)))).event).toMatchObject({
      transactionId: 'PSP1',
      kind: 'refund_succeeded',
    });
  });

  it('connection test: payment methods of the merchant account with the API key', async () => {
    api()
      .post('/v72/paymentMethods', (b) => b.merchantAccount === 'PortalMerchant')
      .reply(200, { paymentMethods: [] });
    expect(await card.testConnection(account)).toEqual({ ok: true });
    api().post('/v72/paymentMethods').reply(401, { status: 401, errorCode: '000', message: 'HTTP Status Response - Unauthorized' });
    expect(await card.testConnection(account)).toMatchObject({ ok: false, reason: expect.stringContaining('refused') });
    // Live without its configured URL: a clear refusal, no call.
    expect(await card.testConnection({ ...account, mode: 'live' })).toEqual({ ok: false, reason: 'ADYEN_API_URL_LIVE is not configured' });
  });
});

describe('configuration', () => {
  it('a provider turned off by config has no adapter; the sandbox always has one', () => {
    const off = paymentSettings({ PAYMENT_PROVIDERS_DISABLED: 'paypal, sandbox' });
    expect(paymentProvider('paypal', off)).toBeNull();
    expect(paymentProvider('sandbox', off)).not.toBeNull();
    expect(paymentProvider('stripe', off)).not.toBeNull();
  });
});
