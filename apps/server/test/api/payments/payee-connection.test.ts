/**
 * Payee settings with the real providers' adapters (issue 12 §7), their APIs stood in by nock: the
 * connection test verifies a Stripe, PayPal or Adyen account (verified_at recorded), a refusal or
 * a timeout is 23027 with its reason in both locales and the account is no longer verified, no
 * plaintext secret is stored, and 23031 only for a provider turned off by config.
 */
import { APPLE_PAY_ASSOCIATION_PATH, ErrorCodes, errorMessage, contentCalls, storageCalls, type PaymentProvider } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { companyDomains, payeeAccounts } from '../../../src/db/schema';
import { openPayee } from '../../../src/modules/cloud-storage';
import { paymentProvider } from '../../../src/modules/payments';
import Stripe from 'stripe';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import nock from '../../support/nock';

const ENV = {
  STRIPE_API_URL_TEST: 'http://stripe.payee.local',
  ADYEN_API_URL_TEST: 'https://adyen.payee.local/v72',
  PAYMENT_TIMEOUT_MS: '300',
};

describe.each(ENGINES)('payee connection tests with the providers (%s)', (engine) => {
  let t: TestApp;
  let owner: Session;

  beforeAll(async () => {
    nock.disableNetConnect();
    nock.enableNetConnect(/127\.0\.0\.1|localhost/);
    t = await createTestApp(engine, { env: ENV });
    owner = await t.login('owner-a@test.local');
  });
  afterEach(() => {
    const pending = nock.pendingMocks();
    nock.cleanAll();
    expect(pending).toEqual([]);
  });
  afterAll(async () => {
    nock.enableNetConnect();
    await t?.close();
  });

  const save = (provider: PaymentProvider, accountId: string, secret: string) =>
    t.call(storageCalls.payeeSave, { provider, mode: 'test', accountId, secret }, owner);
  const test = (provider: PaymentProvider, locale: 'en-US' | 'zh-CN' = 'en-US') =>
    t.call(storageCalls.payeeTest, { provider }, owner, { locale });
  const row = async (provider: string) =>
    (
      await t.database.db
        .select()
        .from(payeeAccounts)
        .where(and(eq(payeeAccounts.companyId, t.world.companies.partnerA.id), eq(payeeAccounts.provider, provider)))
    )[0]!;

  async function refusedInBothLocales(provider: PaymentProvider, standIn: () => void, reason: string) {
    for (const locale of ['en-US', 'zh-CN'] as const) {
      standIn();
      const r = await test(provider, locale);
      expect(r.basic.code).toBe(ErrorCodes.payeeTestFailed);
      expect(r.basic.msg).toBe(errorMessage(ErrorCodes.payeeTestFailed, locale, { reason }));
    }
    expect((await row(provider)).verifiedAt).toBeNull();
  }

  it('Stripe: the balance read with the secret key verifies; a refused key is 23027', async () => {
    const secret = 'sk_test_51PortalStripeKey0001';
    const saved = await save('stripe', 'acct_1PortalA', secret);
    expect(saved.basic.code, saved.basic.msg).toBe(200);
    expect(saved.data).toMatchObject({
      available: true,
      status: 'configured',
      secretLast4: '0001',
      verifiedAt: null,
      actions: ['configure', 'test', 'remove'],
    });
    expect(saved.data.webhookUrl).toContain(`/stripe/${t.world.companies.partnerA.id}`);
    expect((await row('stripe')).secretEnc).not.toContain('PortalStripeKey');
    nock('http://stripe.payee.local').get('/v1/balance').matchHeader('authorization', `Bearer ${secret}`).reply(200, { object: 'balance' });
    const ok = await test('stripe');
    expect(ok.basic.code, ok.basic.msg).toBe(200);
    expect(ok.data.verifiedAt).toBe(new Date(t.clock.now()).toISOString());
    await refusedInBothLocales(
      'stripe',
      () =>
        nock('http://stripe.payee.local')
          .get('/v1/balance')
          .reply(401, { error: { type: 'invalid_request_error', code: 'api_key_invalid' } }),
      'key refused (api_key_invalid)',
    );
  });

  it('PayPal: an OAuth token with the client ID and secret verifies; refused credentials are 23027', async () => {
    const saved = await save('paypal', 'AbCdPayPalClientId', 'EFgh-PayPalClientSecret-0002');
    expect(saved.basic.code, saved.basic.msg).toBe(200);
    const api = () => nock('https://api-m.sandbox.paypal.com');
    api()
      .post('/v1/oauth2/token')
      .matchHeader('authorization', `Basic ${Buffer.from('AbCdPayPalClientId:EFgh-PayPalClientSecret-0002').toString('base64')}`)
      .reply(200, { access_token: 'A21', token_type: 'Bearer', expires_in: 32400 });
    const ok = await test('paypal');
    expect(ok.basic.code, ok.basic.msg).toBe(200);
    expect(ok.data.verifiedAt).not.toBeNull();
    await refusedInBothLocales(
      'paypal',
      () => api().post('/v1/oauth2/token').reply(401, { error: 'invalid_client' }),
      'client ID or secret refused (invalid_client)',
    );
  });

  it('Adyen: the merchant account’s payment methods verify; a timeout is 23027 (unreachable)', async () => {
    const saved = await save('card', 'PortalMerchantA', 'AQEyhmfxPortalAdyenApiKey0003');
    expect(saved.basic.code, saved.basic.msg).toBe(200);
    const api = () => nock('https://adyen.payee.local');
    api()
      .post('/v72/paymentMethods', (b) => b.merchantAccount === 'PortalMerchantA')
      .matchHeader('x-api-key', 'AQEyhmfxPortalAdyenApiKey0003')
      .reply(200, { paymentMethods: [] });
    const ok = await test('card');
    expect(ok.basic.code, ok.basic.msg).toBe(200);
    expect(ok.data.verifiedAt).not.toBeNull();
    await refusedInBothLocales('card', () => api().post('/v72/paymentMethods').delay(1500).reply(200, {}), 'adyen unreachable');
  });

  it('the webhook secret is kept sealed (last 4 shown) and opens for the webhook check; Apple Pay association served per domain', async () => {
    const saved = await t.call(
      storageCalls.payeeSave,
      {
        provider: 'stripe',
        mode: 'test',
        accountId: 'acct_1PortalA',
        secret: '',
        webhookSecret: 'whsec_PortalSigningSecret0004',
        applePayAssociation: '7B2270737049642231',
      },
      owner,
    );
    expect(saved.basic.code, saved.basic.msg).toBe(200);
    expect(saved.data).toMatchObject({ webhookSecretLast4: '0004', applePayAssociation: true, secretLast4: '0001', verifiedAt: null });
    expect(JSON.stringify(saved.data)).not.toContain('PortalSigningSecret');
    const r = await row('stripe');
    expect(r.webhookSecretEnc).toMatch(/^v1:/);
    expect(r.webhookSecretEnc).not.toContain('PortalSigningSecret');
    // The order flow / webhook route opens the account of the company the route names (once verified).
    await expect(openPayee(t.database.db, t.services.config.sealKeys, t.world.companies.partnerA.id, '', 'stripe')).rejects.toMatchObject({
      code: ErrorCodes.noVerifiedPayee,
    });
    await t.database.db.execute(
      sql`update payee_accounts set verified_at = now() where company_id = ${t.world.companies.partnerA.id} and provider = 'stripe'`,
    );
    const opened = await openPayee(t.database.db, t.services.config.sealKeys, t.world.companies.partnerA.id, '', 'stripe');
    expect(opened!.account).toMatchObject({ secret: 'sk_test_51PortalStripeKey0001', webhookSecret: 'whsec_PortalSigningSecret0004' });
    const payload = JSON.stringify({
      id: 'evt_9',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_9', object: 'payment_intent' } },
    });
    const header = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: 'whsec_PortalSigningSecret0004' });
    expect((await paymentProvider('stripe')!.checkWebhook(opened!.account, { 'stripe-signature': header }, payload)).event?.id).toBe(
      'evt_9',
    );
    // A Stripe-only field: refused on another provider.
    const bad = await t.call(
      storageCalls.payeeSave,
      { provider: 'card', mode: 'test', accountId: 'PortalMerchantA', secret: '', applePayAssociation: 'x' },
      owner,
    );
    expect(bad.basic.code).toBe(ErrorCodes.invalidParams);

    // Apple's fetch: the file on the seller's domain, 404 on any other host.
    await t.database.db.insert(companyDomains).values({ domain: 'pay.partner-a.test', companyId: t.world.companies.partnerA.id });
    const served = await t.app.inject({ method: 'GET', url: APPLE_PAY_ASSOCIATION_PATH, headers: { host: 'pay.partner-a.test' } });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe('7B2270737049642231');
    expect(served.headers['content-type']).toContain('text/plain');
    // On the company's content-site domain too (the site answers every other path of that host).
    const site = await t.call(
      contentCalls.siteSave,
      { name: 'Partner A Vision', slug: 'partner-a-pay', domains: ['www.partner-a-pay.test'] },
      owner,
    );
    expect(site.basic.code, site.basic.msg).toBe(200);
    const onSite = await t.app.inject({ method: 'GET', url: APPLE_PAY_ASSOCIATION_PATH, headers: { host: 'www.partner-a-pay.test' } });
    expect(onSite.statusCode).toBe(200);
    expect(onSite.body).toBe('7B2270737049642231');
    const other = await t.app.inject({ method: 'GET', url: APPLE_PAY_ASSOCIATION_PATH, headers: { host: 'unknown.test' } });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: ErrorCodes.notFound });
    // Removed (empty): 404 on the seller's domain too; the webhook secret is kept when not given.
    const cleared = await t.call(
      storageCalls.payeeSave,
      { provider: 'stripe', mode: 'test', accountId: 'acct_1PortalA', secret: '', applePayAssociation: '' },
      owner,
    );
    expect(cleared.data).toMatchObject({ applePayAssociation: false, webhookSecretLast4: '0004' });
    expect(
      (await t.app.inject({ method: 'GET', url: APPLE_PAY_ASSOCIATION_PATH, headers: { host: 'pay.partner-a.test' } })).statusCode,
    ).toBe(404);
  });

  it('no plaintext secret is stored for any provider', async () => {
    const rows = await t.database.db.select().from(payeeAccounts).where(eq(payeeAccounts.companyId, t.world.companies.partnerA.id));
    for (const r of rows) {
      expect(r.secretEnc).toMatch(/^v1:/);
      expect(r.secretEnc).not.toMatch(/sk_test|PayPalClientSecret|AdyenApiKey/);
      expect(r.webhookSecretEnc ?? '').not.toContain('whsec');
    }
  });
});

describe('a provider turned off by config', () => {
  let t: TestApp;
  let owner: Session;
  beforeAll(async () => {
    t = await createTestApp(ENGINES[0]!, { env: { PAYMENT_PROVIDERS_DISABLED: 'paypal' } });
    owner = await t.login('owner-a@test.local');
  });
  afterAll(() => t?.close());

  it('is listed unavailable and refused with 23031 in both locales', async () => {
    const list = await t.call(storageCalls.payeeList, {}, owner);
    expect(list.data.accounts.find((a) => a.provider === 'paypal')).toMatchObject({ available: false, actions: [] });
    expect(list.data.accounts.find((a) => a.provider === 'stripe')).toMatchObject({ available: true });
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const r = await t.call(
        storageCalls.payeeSave,
        { provider: 'paypal', mode: 'test', accountId: 'AbCd', secret: 'EFgh-PayPalClientSecret-0002' },
        owner,
        {
          locale,
        },
      );
      expect(r.basic.code).toBe(ErrorCodes.payeeProviderUnavailable);
      expect(r.basic.msg).toBe(errorMessage(ErrorCodes.payeeProviderUnavailable, locale));
    }
  });
});
