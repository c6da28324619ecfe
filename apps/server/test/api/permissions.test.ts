/**
 * Generated from the implemented calls, so that no endpoint can skip them: every non-public call
 * refuses a caller without a session, every coded call refuses a session without its resource code,
 * and every call naming tenant objects refuses another tenant's ids. The raw routes (contract
 * raw-routes.ts) likewise: each is registered from its declaration, refuses a request without
 * credentials and one with forged credentials with its declared code, a coded one refuses a
 * session without its codes, and each states why another tenant's ids are out of its reach.
 */
import {
  ALL_CALLS,
  API_PREFIX,
  CONTENT_UPLOAD_CHUNK_PATH,
  CONTENT_UPLOAD_PATH,
  ALL_RAW_ROUTES,
  buildBasic,
  DEVICE_REPORT_STATUSES,
  ErrorCodes,
  FILE_UPLOAD_PATH,
  PRODUCT_TYPES,
  appApiCalls,
  isAppCall,
  type RawRouteDef,
} from '@portal/contract';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_IMPLS } from '../../src/app';
import { registeredRawRoutes } from '../../src/lib/raw-routes';
import { createTestApp, type TestApp } from '../support/app';
import { appKeys } from '../../src/db/schema';
import { sealSecret } from '../../src/lib/secrets';
import { APP_A, PASSWORD } from '../support/fixtures';
import { ENGINES } from '../support/db';

describe('call registry', () => {
  it('implements every call of the contract exactly once', () => {
    const implemented = ALL_IMPLS.map((i) => i.call.path).sort();
    expect(implemented).toEqual(ALL_CALLS.map((c) => c.path).sort());
    expect(new Set(implemented).size).toBe(implemented.length);
  });

  it('states for every call how tenancy is tested', () => {
    for (const impl of ALL_IMPLS) {
      const ok = 'otherTenant' in impl.tenant || ('none' in impl.tenant && impl.tenant.none.length > 10);
      expect(ok, impl.call.path).toBe(true);
    }
  });
});

describe.each(ENGINES)('permissions of every call (%s)', (engine) => {
  let t: TestApp;
  let noCodes: Awaited<ReturnType<TestApp['login']>>;
  let owner: Awaited<ReturnType<TestApp['login']>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    noCodes = await t.login('nocodes-a@test.local');
    owner = await t.login('owner-a@test.local');
  });
  afterAll(() => t?.close());

  const sessionCalls = ALL_IMPLS.filter((i) => i.call.auth !== 'public' && !isAppCall(i.call));
  const codedCalls = ALL_IMPLS.filter((i) => typeof i.call.auth === 'object');
  const supplierCalls = ALL_IMPLS.filter((i) => typeof i.call.auth === 'object' && i.call.auth.supplierOnly);
  const tenantCalls = ALL_IMPLS.filter((i) => 'otherTenant' in i.tenant && !isAppCall(i.call));

  it.each(sessionCalls.map((i) => [i.call.path, i] as const))('%s refuses a caller without a session (7003)', async (_p, impl) => {
    const r = await t.call(impl.call, {} as never, null);
    expect(r.basic.code).toBe(ErrorCodes.tokenInvalid);
  });

  it.each(sessionCalls.map((i) => [i.call.path, i] as const))('%s refuses an unknown token (7003)', async (_p, impl) => {
    const r = await t.call(impl.call, {} as never, { token: 'forged-token', signKey: 'x', renewToken: '' });
    expect(r.basic.code).toBe(ErrorCodes.tokenInvalid);
  });

  it.each(codedCalls.map((i) => [i.call.path, i] as const))('%s refuses a session without its resource code (1005)', async (_p, impl) => {
    const r = await t.call(impl.call, {} as never, noCodes);
    expect(r.basic.code).toBe(ErrorCodes.forbidden);
  });

  it.each(supplierCalls.map((i) => [i.call.path, i] as const))(
    '%s refuses a partner, even with every dealer code (1005)',
    async (_p, impl) => {
      const r = await t.call(impl.call, {} as never, owner);
      expect(r.basic.code).toBe(ErrorCodes.forbidden);
    },
  );

  it.each(tenantCalls.map((i) => [i.call.path, i] as const))("%s refuses another tenant's ids (1004)", async (_p, impl) => {
    if (!('otherTenant' in impl.tenant)) return;
    const data = await impl.tenant.otherTenant(t.world.tenant);
    const r = await t.call(impl.call, data as never, owner);
    expect([ErrorCodes.notFound, ErrorCodes.forbidden]).toContain(r.basic.code);
  });
});

/**
 * The app-facing calls (CallAuth 'appKey' | 'endUser', DOMAIN §5), generated likewise: an 'appKey'
 * call refuses no key, an unknown key, a disabled key and a portal session's token (25001); an
 * 'endUser' call refuses no session, the app key itself, a forged token and a portal session (7003),
 * and a session whose key was disabled (25001); a call naming ids refuses another brand's (its
 * declared codes, the same as for an unknown id).
 */
describe.each(ENGINES)('permissions of every app-facing call (%s)', (engine) => {
  let t: TestApp;
  let endUser: { token: string; signKey: string; renewToken: string };
  let disabledKey: { token: string; signKey: string; renewToken: string };
  let portal: Awaited<ReturnType<TestApp['login']>>;
  const appA = { token: APP_A.appId, signKey: APP_A.secret, renewToken: '' };
  beforeAll(async () => {
    t = await createTestApp(engine);
    portal = await t.login('owner-a@test.local');
    const r = await t.call(appApiCalls.login, { account: 'enduser-a@test.local', password: PASSWORD }, appA);
    expect(r.basic.code).toBe(200);
    endUser = { ...r.data, renewToken: '' };
    const secret = 'disabled-app-secret-0123456789abcdefghijk';
    await t.database.db.insert(appKeys).values({
      companyId: t.world.companies.partnerA.id,
      companyPath: t.world.companies.partnerA.path,
      appId: 'appdisabled00000000000',
      name: 'Disabled',
      secretEnc: sealSecret(t.services.config.sealKeys, secret),
      secretLast4: secret.slice(-4),
      status: 'disabled',
    });
    disabledKey = { token: 'appdisabled00000000000', signKey: secret, renewToken: '' };
  });
  afterAll(() => t?.close());

  const appKeyCalls = ALL_IMPLS.filter((i) => i.call.auth === 'appKey');
  const endUserCalls = ALL_IMPLS.filter((i) => i.call.auth === 'endUser');
  const appTenantCalls = ALL_IMPLS.filter((i) => isAppCall(i.call) && 'otherTenant' in i.tenant);
  const list = (impls: typeof ALL_IMPLS) => impls.map((i) => [i.call.path, i] as const);

  it('has app-facing calls of both kinds under app-api/', () => {
    expect(appKeyCalls.length).toBeGreaterThan(0);
    expect(endUserCalls.length).toBeGreaterThan(0);
    for (const i of [...appKeyCalls, ...endUserCalls]) expect(i.call.path.startsWith('app-api/'), i.call.path).toBe(true);
  });

  it.each(list(appKeyCalls))('%s refuses no app key, an unknown, a disabled key and a portal token (25001)', async (_p, impl) => {
    for (const creds of [null, { token: 'appunknown', signKey: 'x', renewToken: '' }, disabledKey, portal]) {
      const r = await t.call(impl.call, {} as never, creds);
      expect(r.basic.code).toBe(ErrorCodes.appKeyInvalid);
    }
  });

  it.each(list(appKeyCalls))("%s refuses a sign not made with the key's secret", async (_p, impl) => {
    const r = await t.call(impl.call, {} as never, { ...appA, signKey: 'not-the-secret' });
    expect(r.basic.code).toBe(ErrorCodes.badSign);
  });

  it.each(list(endUserCalls))('%s refuses no end-user session, the app key, a forged and a portal token (7003)', async (_p, impl) => {
    for (const creds of [null, appA, { token: 'forged-token', signKey: 'x', renewToken: '' }, portal]) {
      const r = await t.call(impl.call, {} as never, creds);
      expect(r.basic.code).toBe(ErrorCodes.tokenInvalid);
    }
  });

  it.each(list(appTenantCalls))("%s refuses another brand's ids as unknown ones", async (_p, impl) => {
    if (!('otherTenant' in impl.tenant)) return;
    const data = await impl.tenant.otherTenant(t.world.tenant);
    const r = await t.call(impl.call, data as never, impl.call.auth === 'endUser' ? endUser : appA);
    expect([ErrorCodes.notFound, ErrorCodes.forbidden, ...(impl.tenant.refusedWith ?? [])]).toContain(r.basic.code);
  });

  it("refuses an end user's calls once its application key is disabled (25001)", async () => {
    await t.database.db.update(appKeys).set({ status: 'disabled' }).where(eq(appKeys.appId, APP_A.appId));
    try {
      for (const impl of endUserCalls) {
        const r = await t.call(impl.call, {} as never, endUser);
        expect(r.basic.code, impl.call.path).toBe(ErrorCodes.appKeyInvalid);
      }
    } finally {
      await t.database.db.update(appKeys).set({ status: 'enabled' }).where(eq(appKeys.appId, APP_A.appId));
    }
  });
});

describe.each(ENGINES)('permissions of every raw route (%s)', (engine) => {
  let t: TestApp;
  let noCodes: Awaited<ReturnType<TestApp['login']>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    noCodes = await t.login('nocodes-a@test.local');
  });
  afterAll(() => t?.close());

  const label = (r: RawRouteDef) => `${r.method} ${r.path}`;
  /** A concrete URL for the route's path (parameters filled in). */
  const urlOf = (r: RawRouteDef, query = '') => `${r.path.replace(/:([A-Za-z]+)/g, '1').replace(/\*$/, '1/1.bin')}${query}`;
  const codeOf = (r: RawRouteDef, body: Record<string, unknown>) =>
    r.shape === 'plain' ? body.code : (body.basic as { code: number } | undefined)?.code;
  const isCallAuth = (r: RawRouteDef) => r.auth === 'public' || r.auth === 'session' || typeof r.auth === 'object';

  async function send(r: RawRouteDef, opts: Request = {}) {
    const json = opts.body !== undefined;
    const res = await t.app.inject({
      method: r.method,
      url: urlOf(r, opts.query),
      headers: {
        ...(json ? { 'content-type': 'application/json' } : r.method === 'GET' ? {} : { 'content-type': 'application/octet-stream' }),
        ...opts.headers,
      },
      ...(r.method === 'GET' ? {} : { payload: json ? JSON.stringify(opts.body) : Buffer.from('x') }),
    });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  }

  /** A well-formed device registration: only its provisioning key is wrong. */
  const registration = (provisioningKey: string) => ({
    provisioningKey,
    sn: 'PERM-SN-1',
    mac: '00:11:22:33:44:55',
    model: 'M1',
    productType: PRODUCT_TYPES[0],
    firmwareVersion: '1.0.0',
    country: 'DE',
  });

  /** Credentials of the route's kind that the server never issued. */
  type Request = { headers?: Record<string, string>; query?: string; body?: unknown };
  function forged(r: RawRouteDef): Request {
    if (isCallAuth(r)) {
      const data = { purpose: 'logo', name: 'a.png', size: 1, sha256: createHash('sha256').update('x').digest('hex') };
      return {
        headers: {
          'x-basic': JSON.stringify(buildBasic({ token: 'forged-token', signKey: 'x', path: FILE_UPLOAD_PATH, data, now: t.clock.now() })),
        },
        query: '?purpose=logo&name=a.png',
      };
    }
    if (r.auth === 'device') {
      // A well-formed body: only the key is wrong.
      const body = r.path.endsWith('poll') ? { model: 'M1', firmwareVersion: '1.0.0' } : { taskId: 1, status: DEVICE_REPORT_STATUSES[0] };
      return { headers: { authorization: 'Device PERM-SN-1:forged-key' }, body };
    }
    if (r.auth === 'provisioningKey') return { body: registration('forged-provisioning-key') };
    if (r.auth === 'storageToken') return { headers: { 'x-security-token': 'pkg=1&obj=x&act=upload&expires=9999999999&signature=00' } };
    return { query: '?path=a&sign=00&uid=1&tid=1&exp=9999999999&pkg=1&dev=1&task=1&kind=devices&expires=9999999999&signature=00' };
  }

  it('registers every raw route of the contract exactly once, each saying how tenancy holds', () => {
    const routes = registeredRawRoutes(t.app);
    expect(routes.map((r) => label(r.route)).sort()).toEqual(ALL_RAW_ROUTES.map(label).sort());
    for (const r of routes) expect(r.tenancy.length, label(r.route)).toBeGreaterThan(10);
  });

  it.each(ALL_RAW_ROUTES.filter((r) => r.auth !== 'public' && r.auth !== 'provisioningKey').map((r) => [label(r), r] as const))(
    '%s refuses a request without credentials (its declared code and status)',
    async (_l, r) => {
      const res = await send(r, r.auth === 'device' ? { body: {} } : {});
      expect(codeOf(r, res.body)).toBe(r.refused.code);
      expect(res.status).toBe(r.refused.status);
    },
  );

  it.each(ALL_RAW_ROUTES.map((r) => [label(r), r] as const))('%s refuses forged credentials', async (_l, r) => {
    const res = await send(r, forged(r));
    // A public route proves its request itself (a provider's webhook signature): a session's
    // credentials open nothing there, it answers its own refusal.
    const ownCheck = r.auth === 'public';
    const expected = isCallAuth(r) && !ownCheck ? ErrorCodes.tokenInvalid : r.refused.code;
    expect(codeOf(r, res.body)).toBe(expected);
    if (!isCallAuth(r) || ownCheck) expect(res.status).toBe(r.refused.status);
  });

  it.each(ALL_RAW_ROUTES.filter((r) => typeof r.auth === 'object').map((r) => [label(r), r] as const))(
    '%s refuses a session without its resource codes (1005)',
    async (_l, r) => {
      // Signed as the route's own data: file/upload's purpose, content/upload's use, a content chunk's session and offset (body 'x').
      const sha256 = createHash('sha256').update('x').digest('hex');
      const contentUpload = r.path === CONTENT_UPLOAD_PATH;
      const contentChunk = r.path === CONTENT_UPLOAD_CHUNK_PATH;
      const data = contentUpload
        ? { use: 'cover', name: 'a.png', size: 1, sha256 }
        : contentChunk
          ? { sessionId: 1, offset: 0, size: 1, sha256 }
          : { purpose: 'logo', name: 'a.png', size: 1, sha256 };
      const path = contentUpload || contentChunk ? r.path.slice(API_PREFIX.length + 1) : FILE_UPLOAD_PATH;
      const basic = buildBasic({ token: noCodes.token, signKey: noCodes.signKey, path, data, now: t.clock.now() });
      const res = await send(r, {
        headers: { 'x-basic': JSON.stringify(basic) },
        query: contentUpload ? '?use=cover&name=a.png' : contentChunk ? '?sessionId=1&offset=0' : '?purpose=logo&name=a.png',
      });
      expect(codeOf(r, res.body)).toBe(ErrorCodes.forbidden);
    },
  );
});
