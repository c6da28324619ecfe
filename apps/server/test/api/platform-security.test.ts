/**
 * Issue 11 §1, the platform's part: signatures cover the call path (9), nonces written before the
 * answer (9), device registration cannot re-key a device (7), rate limits (4, memory store; Redis
 * when 127.0.0.1:6379 answers), response headers, redacted logs and the server's request id (11).
 * (No default secret (1): test/lib/server-secrets.test.ts.)
 */
import {
  API_PREFIX,
  authCalls,
  buildBasic,
  companyCalls,
  DEVICE_API_PREFIX,
  deviceCalls,
  ErrorCodes,
  errorMessage,
  RATE_LIMITS,
  userCalls,
  type CallDef,
} from '@portal/contract';
import { createHash, randomInt } from 'node:crypto';
import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceProvisioningKeys, devices } from '../../src/db/schema';
import fastifyHelmet from '@fastify/helmet';
import {
  CONTENT_SECURITY_POLICY,
  CONTENT_SECURITY_POLICY_HEADER,
  HSTS_VALUE,
  registerSecurityHeaders,
} from '../../src/plugins/security-headers';
import { createTestApp, type Session, type TestApp } from '../support/app';
import { ENGINES } from '../support/db';
import { deviceCall, poll } from '../support/upgrade-release';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** A signed call from a given source address. */
async function callFrom(t: TestApp, ip: string, call: CallDef, data: unknown, session?: Session | null) {
  const basic = buildBasic({ token: session?.token ?? '', signKey: session?.signKey ?? '', path: call.path, data, now: t.clock.now() });
  const res = await t.app.inject({ method: 'POST', url: `${API_PREFIX}/${call.path}`, payload: { basic, data }, remoteAddress: ip });
  const body = res.json() as { basic: { code: number; msg: string; params?: Record<string, number> } };
  return { status: res.statusCode, headers: res.headers, basic: body.basic };
}

describe.each(ENGINES)('platform security (%s)', (engine) => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(engine, { logger: { level: 'info', stream: { write: (l: string) => lines.push(l) } } });
  });
  afterAll(() => t?.close());

  describe('signatures cover the call path (§1.9)', () => {
    it('refuses a signed body replayed against another call (9100)', async () => {
      const data = { email: 'owner-a@test.local' };
      const basic = buildBasic({ token: '', signKey: '', path: authCalls.userExist.path, data, now: t.clock.now() });
      expect((await t.raw(authCalls.emailCode, { basic, data })).basic.code).toBe(ErrorCodes.badSign);

      const s = await t.login('owner-a@test.local');
      const page = { pageNum: 1, pageSize: 10 };
      const signed = buildBasic({ token: s.token, signKey: s.signKey, path: companyCalls.list.path, data: page, now: t.clock.now() });
      expect((await t.raw(userCalls.list, { basic: signed, data: page })).basic.code).toBe(ErrorCodes.badSign);
      // Signed for the call it is sent to, the same data is accepted.
      const own = buildBasic({ token: s.token, signKey: s.signKey, path: userCalls.list.path, data: page, now: t.clock.now() });
      expect((await t.raw(userCalls.list, { basic: own, data: page })).basic.code).toBe(200);
    });

    it('has recorded the nonce in the database when the call is answered', async () => {
      const data = { email: 'owner-a@test.local' };
      const basic = buildBasic({ token: '', signKey: '', path: authCalls.userExist.path, data, now: t.clock.now() });
      expect((await t.raw(authCalls.userExist, { basic, data })).basic.code).toBe(200);
      const { rows } = await t.database.query<{ key: string }>(`select key from nonces where key = $1`, [`p:${basic.nonce}`]);
      expect(rows).toHaveLength(1);
    });
  });

  describe('device registration cannot re-key a device (§1.7)', () => {
    const KEY_A = 'platsec-provisioning-key-a-0123456789';
    const KEY_B = 'platsec-provisioning-key-b-0123456789';
    const registration = (over: Record<string, unknown>) => ({
      provisioningKey: KEY_A,
      model: 'IPC-SEC',
      productType: 'IPC',
      firmwareVersion: 'V1.0.0',
      country: 'DE',
      ...over,
    });
    const register = (body: Record<string, unknown>) => deviceCall<{ deviceId: number; deviceKey: string }>(t, 'register', body);

    beforeAll(async () => {
      await t.database.db.insert(deviceProvisioningKeys).values([
        { companyId: t.world.companies.partnerA.id, key: KEY_A, keyHash: sha256(KEY_A) },
        { companyId: t.world.companies.partnerB.id, key: KEY_B, keyHash: sha256(KEY_B) },
      ]);
    });

    it("keeps a registered device's key against the brand's provisioning key, and answers the same whichever tenant holds the SN", async () => {
      const first = await register(registration({ sn: 'SEC-0001', mac: '5E:C0:00:00:00:01' }));
      expect(first.code, first.msg).toBe(200);
      const [before] = await t.database.db.select().from(devices).where(eq(devices.id, first.data.deviceId));

      const ownTenant = await register(registration({ sn: 'SEC-0001', mac: '5E:C0:00:00:00:01', firmwareVersion: 'V9' }));
      // Another brand's device, registered, and one only imported (no key yet).
      const keyedB = await register(registration({ provisioningKey: KEY_B, sn: 'SECB-0001', mac: '5E:C0:00:00:0B:01', country: 'US' }));
      expect(keyedB.code, keyedB.msg).toBe(200);
      const otherKeyed = await register(registration({ sn: 'SECB-0001', mac: '5E:C0:00:00:0B:01' }));
      const otherImported = await register(registration({ sn: 'WORLDB000001', mac: 'B0:B0:B0:00:00:01' }));
      const shape = (r: { status: number; code: number; msg: string; data: unknown }) => ({
        status: r.status,
        code: r.code,
        msg: r.msg,
        data: r.data,
      });
      expect(shape(ownTenant)).toEqual({
        status: 200,
        code: ErrorCodes.deviceAlreadyRegistered,
        msg: errorMessage(ErrorCodes.deviceAlreadyRegistered, 'en-US'),
        data: null,
      });
      expect(shape(otherKeyed)).toEqual(shape(ownTenant));
      expect(shape(otherImported)).toEqual(shape(ownTenant));

      // Nothing changed: the device still has its key (and version), the old key still polls.
      const [after] = await t.database.db.select().from(devices).where(eq(devices.id, first.data.deviceId));
      expect(after).toMatchObject({ keyHash: before!.keyHash, firmwareVersion: 'V1.0.0' });
      expect(
        (await poll(t, { id: first.data.deviceId, sn: 'SEC-0001', key: first.data.deviceKey, model: 'IPC-SEC', version: 'V1.0.0' })).code,
      ).toBe(200);

      // Registered again by its own key: updated, the key kept.
      const own = await register(
        registration({ sn: 'SEC-0001', mac: '5E:C0:00:00:00:01', firmwareVersion: 'V1.1.0', deviceKey: first.data.deviceKey }),
      );
      expect(own.code, own.msg).toBe(200);
      expect(own.data).toEqual(expect.objectContaining({ deviceId: first.data.deviceId, deviceKey: first.data.deviceKey }));
      // Its own key does not carry it into another brand.
      expect(
        (
          await register(
            registration({ provisioningKey: KEY_B, sn: 'SEC-0001', mac: '5E:C0:00:00:00:01', deviceKey: first.data.deviceKey }),
          )
        ).code,
      ).toBe(ErrorCodes.deviceAlreadyRegistered);
    });

    it('lets a portal user with the upgrade management code reset a device key, in their own tenant only', async () => {
      const first = await register(registration({ sn: 'SEC-0002', mac: '5E:C0:00:00:00:02' }));
      expect(first.code, first.msg).toBe(200);
      const ownerB = await t.login('owner-b@test.local');
      expect((await t.call(deviceCalls.resetDeviceKey, { deviceId: first.data.deviceId }, ownerB)).basic.code).toBe(ErrorCodes.notFound);
      const noCodes = await t.login('nocodes-a@test.local');
      expect((await t.call(deviceCalls.resetDeviceKey, { deviceId: first.data.deviceId }, noCodes)).basic.code).toBe(ErrorCodes.forbidden);

      const ownerA = await t.login('owner-a@test.local');
      const reset = await t.call(deviceCalls.resetDeviceKey, { deviceId: first.data.deviceId }, ownerA);
      expect(reset.basic.code, reset.basic.msg).toBe(200);
      expect(
        (await poll(t, { id: first.data.deviceId, sn: 'SEC-0002', key: first.data.deviceKey, model: 'IPC-SEC', version: 'V1.0.0' })).code,
      ).toBe(ErrorCodes.deviceKeyInvalid);
      const again = await register(registration({ sn: 'SEC-0002', mac: '5E:C0:00:00:00:02' }));
      expect(again.code, again.msg).toBe(200);
      expect(again.data.deviceKey).not.toBe(first.data.deviceKey);
      expect(
        (await poll(t, { id: first.data.deviceId, sn: 'SEC-0002', key: again.data.deviceKey, model: 'IPC-SEC', version: 'V1.0.0' })).code,
      ).toBe(200);
    });
  });

  describe('headers, request id and logs (§1.11)', () => {
    it('answers a strict Content-Security-Policy, no framing, no referrer, and no HSTS over plain HTTP', async () => {
      for (const res of [
        await t.app.inject({ method: 'GET', url: '/api/health' }),
        await t.app.inject({ method: 'POST', url: `${API_PREFIX}/${authCalls.userExist.path}`, payload: {} }),
        await t.app.inject({ method: 'GET', url: '/v1.0/no-such-thing' }),
      ]) {
        const csp = String(res.headers['content-security-policy']);
        expect(csp).toContain("script-src 'self';");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("object-src 'none'");
        expect(csp).toContain("default-src 'self'");
        expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['referrer-policy']).toBe('no-referrer');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['strict-transport-security']).toBeUndefined();
      }
    });

    it('sends the policy made once exactly as helmet makes it of the same directives', async () => {
      const app = Fastify();
      await app.register(fastifyHelmet, { contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY } });
      app.get('/', async () => ({}));
      const byHelmet = (await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'];
      await app.close();
      expect(CONTENT_SECURITY_POLICY_HEADER).toBe(byHelmet);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']).toBe(byHelmet);
    });

    it('sends HSTS only on answers served over TLS (here: behind a trusted proxy that says https)', async () => {
      const app = Fastify({ trustProxy: true });
      await registerSecurityHeaders(app);
      app.get('/', async () => ({}));
      const plain = await app.inject({ method: 'GET', url: '/' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      const tls = await app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
      expect(tls.headers['strict-transport-security']).toBe(HSTS_VALUE);
      await app.close();
    });

    it("makes the request id itself: a client's x-request-id is not taken, the server's is answered", async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'forged-id\nfake log line' } });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(lines.join('')).not.toContain('forged-id');
    });

    it('keeps tokens, signs, passwords, signed URL queries and SQL parameters out of the log', async () => {
      lines.length = 0;
      await t.app.inject({ method: 'GET', url: `${API_PREFIX}/file/get?path=logo%2Fa.png&sign=SIGNVALUE123&uid=1&tid=TIDVALUE&exp=1` });
      await t.app.inject({
        method: 'GET',
        url: `${DEVICE_API_PREFIX}/download?pkg=1&dev=2&exp=3&sig=DOWNLOADSIG`,
        headers: { authorization: 'Device SN1:DEVICEKEYVALUE' },
      });
      await t.login('owner-a@test.local');
      t.app.log.info(
        {
          data: { account: 'a@b.c', password: 'PASSWORDVALUE', nested: { renewToken: 'RENEWVALUE', signKey: 'SIGNKEYVALUE' } },
          basic: { token: 'TOKENVALUE', sign: 'SIGNVALUE2' },
        },
        'probe',
      );
      const err = await t.database.db.execute(sql`select 1 / 0 where ${'SQLPARAMVALUE'} = ${'SQLPARAMVALUE'}`).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      t.app.log.error({ err }, 'probe failure');
      const log = lines.join('');
      expect(log).toContain('sign=[Redacted]');
      expect(log).toContain('probe failure');
      expect(log).toContain('[Redacted]');
      for (const secret of [
        'SIGNVALUE123',
        'TIDVALUE',
        'DOWNLOADSIG',
        'DEVICEKEYVALUE',
        'PASSWORDVALUE',
        'RENEWVALUE',
        'SIGNKEYVALUE',
        'TOKENVALUE',
        'SIGNVALUE2',
        'SQLPARAMVALUE',
        'Demo@12345',
      ]) {
        expect(log, secret).not.toContain(secret);
      }
    });
  });
});

describe('rate limits (§1.4), memory store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { RATE_LIMITS: '1' } });
  });
  afterAll(() => t?.close());

  it('limits the captcha by source address, answering 1008 with the seconds to wait', async () => {
    const ip = randomIp();
    for (let i = 0; i < RATE_LIMITS.captcha.max; i++) expect((await callFrom(t, ip, authCalls.imageCode, {})).basic.code).toBe(200);
    const limited = await callFrom(t, ip, authCalls.imageCode, {});
    expect(limited.basic.code).toBe(ErrorCodes.tooFrequent);
    const seconds = Number(limited.basic.params?.seconds);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(RATE_LIMITS.captcha.windowSeconds);
    expect(limited.basic.msg).toBe(errorMessage(ErrorCodes.tooFrequent, 'en-US', { seconds }));
    expect(limited.headers['retry-after']).toBe(String(seconds));
    // Another address is not limited.
    expect((await callFrom(t, randomIp(), authCalls.imageCode, {})).basic.code).toBe(200);
  });

  it('limits login per address and per account, before the password is checked', async () => {
    const ip = randomIp();
    for (let i = 0; i < RATE_LIMITS.login.max; i++) {
      expect((await callFrom(t, ip, authCalls.login, { account: `nobody${i}@rate.test`, password: 'Wrong@12345' })).basic.code).not.toBe(
        ErrorCodes.tooFrequent,
      );
    }
    expect((await callFrom(t, ip, authCalls.login, { account: 'owner-a@test.local', password: 'Demo@12345' })).basic.code).toBe(
      ErrorCodes.tooFrequent,
    );

    // One account from many addresses.
    const account = `target${randomInt(1e9)}@rate.test`;
    for (let i = 0; i < RATE_LIMITS.login.perAccount.max; i++) {
      expect((await callFrom(t, randomIp(), authCalls.login, { account, password: 'Wrong@12345' })).basic.code).not.toBe(
        ErrorCodes.tooFrequent,
      );
    }
    expect((await callFrom(t, randomIp(), authCalls.login, { account: account.toUpperCase(), password: 'Wrong@12345' })).basic.code).toBe(
      ErrorCodes.tooFrequent,
    );
  });

  it('declares a limit on every call anyone can make without a session', async () => {
    const { ALL_CALLS } = await import('@portal/contract');
    const unlimited = ALL_CALLS.filter((c) => c.auth === 'public' && !c.rateLimit).map((c) => c.path);
    expect(unlimited).toEqual([]);
  });

  it('limits device registration per SN, in the device API answer shape', async () => {
    const body = {
      provisioningKey: 'no-such-provisioning-key-000',
      sn: `RL${randomInt(1e6)}`,
      mac: '02:00:00:00:00:01',
      model: 'IPC',
      productType: 'IPC',
      firmwareVersion: 'V1',
      country: 'DE',
    };
    for (let i = 0; i < RATE_LIMITS.deviceRegister.perAccount.max; i++) {
      const res = await t.app.inject({ method: 'POST', url: `${DEVICE_API_PREFIX}/register`, payload: body, remoteAddress: randomIp() });
      expect(res.json().code).toBe(ErrorCodes.provisioningKeyInvalid);
    }
    const res = await t.app.inject({ method: 'POST', url: `${DEVICE_API_PREFIX}/register`, payload: body, remoteAddress: randomIp() });
    expect(res.json()).toMatchObject({ code: ErrorCodes.tooFrequent, data: null });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

const redisUp = await new Promise<boolean>((resolve) => {
  const s = net.connect({ host: '127.0.0.1', port: 6379 });
  s.setTimeout(500);
  s.once('connect', () => {
    s.destroy();
    resolve(true);
  });
  s.once('timeout', () => {
    s.destroy();
    resolve(false);
  });
  s.once('error', () => resolve(false));
});

describe.skipIf(!redisUp)('rate limits (§1.4), Redis store on 127.0.0.1:6379', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { RATE_LIMITS: '1', REDIS_URL: 'redis://127.0.0.1:6379' } });
  });
  afterAll(() => t?.close());

  it('shares one count between instances', async () => {
    const other = await createTestApp('pglite', { env: { RATE_LIMITS: '1', REDIS_URL: 'redis://127.0.0.1:6379' } });
    try {
      const ip = randomIp();
      const half = Math.ceil(RATE_LIMITS.captcha.max / 2);
      for (let i = 0; i < half; i++) expect((await callFrom(t, ip, authCalls.imageCode, {})).basic.code).toBe(200);
      for (let i = half; i < RATE_LIMITS.captcha.max; i++)
        expect((await callFrom(other, ip, authCalls.imageCode, {})).basic.code).toBe(200);
      const limited = await callFrom(t, ip, authCalls.imageCode, {});
      expect(limited.basic.code).toBe(ErrorCodes.tooFrequent);
      expect(Number(limited.basic.params?.seconds)).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });
});
