/**
 * An end user's devices (issue 12 item 8): the device API's register gives a verification code
 * (kept hashed); the end user binds by SN and code, lists and unbinds. An unknown SN, another
 * brand's device and a wrong code answer alike (25002); a device bound to someone else is 23009.
 */
import { appApiCalls, appKeyCalls, DEVICE_API_PREFIX, ErrorCodes, insightCalls } from '@portal/contract';
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceProvisioningKeys, devices } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { APP_A, DEVICE_B_CODE, insertDeviceA, PASSWORD } from '../../support/fixtures';
import { appCreds, registerEndUser, type Creds } from './helpers';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const PROVISIONING_KEY = 'brand-a-provisioning-key-app-api-0123';

describe.each(ENGINES)('end-user devices (%s)', (engine) => {
  let t: TestApp;
  let ann: Creds;
  let bob: Creds;
  let device: { id: number; sn: string; verifyCode: string };
  const appA = appCreds(APP_A);

  beforeAll(async () => {
    t = await createTestApp(engine);
    await t.database.db
      .insert(deviceProvisioningKeys)
      .values({ companyId: t.world.companies.partnerA.id, key: PROVISIONING_KEY, keyHash: sha256(PROVISIONING_KEY) });
    const res = await t.app.inject({
      method: 'POST',
      url: `${DEVICE_API_PREFIX}/register`,
      payload: {
        provisioningKey: PROVISIONING_KEY,
        sn: 'app-bind-1',
        mac: 'AA:BB:CC:DD:00:01',
        model: 'IPC-1',
        productType: 'IPC',
        firmwareVersion: 'V1.0.0',
        country: 'DE',
      },
    });
    const body = res.json();
    expect(body.code, body.msg).toBe(200);
    device = { id: body.data.deviceId, sn: 'APP-BIND-1', verifyCode: body.data.verifyCode };
    ann = (await t.call(appApiCalls.login, { account: 'enduser-a@test.local', password: PASSWORD }, appA)).data as Creds;
    bob = await registerEndUser(t, appA, 'bob@test.local');
  });
  afterAll(() => t?.close());

  it('gives each registration a verification code, kept only as its hash', async () => {
    expect(device.verifyCode).toMatch(/^[A-Z2-9]{8}$/);
    const [row] = await t.database.db.select().from(devices).where(eq(devices.id, device.id));
    expect(row!.verifyCodeHash).toBe(sha256(device.verifyCode));
    expect(JSON.stringify(row)).not.toContain(device.verifyCode);
  });

  it('binds by SN and code (any case), lists it, and shows the binding in the portal', async () => {
    const r = await t.call(appApiCalls.deviceBind, { sn: device.sn.toLowerCase(), verifyCode: device.verifyCode.toLowerCase() }, ann);
    expect(r.basic.code, r.basic.msg).toBe(200);
    expect(r.data).toMatchObject({ id: device.id, sn: device.sn, boundAt: t.clock.now() });
    // Binding again is the same binding.
    expect((await t.call(appApiCalls.deviceBind, { sn: device.sn, verifyCode: device.verifyCode }, ann)).basic.code).toBe(200);
    const list = await t.call(appApiCalls.deviceList, { pageNum: 1, pageSize: 10 }, ann);
    expect(list.data.records.map((d) => d.sn)).toEqual([device.sn]);
    expect((await t.call(appApiCalls.deviceList, { pageNum: 1, pageSize: 10 }, bob)).data.total).toBe(0);
    const owner = await t.login('owner-a@test.local');
    const users = await t.call(appKeyCalls.endUserList, { pageNum: 1, pageSize: 10, keyword: 'enduser-a' }, owner);
    expect(users.data.records[0]!.deviceCount).toBe(1);
  });

  it('tells who gives the right code that the device is someone else’s (23009), in both locales', async () => {
    const en = await t.call(appApiCalls.deviceBind, { sn: device.sn, verifyCode: device.verifyCode }, bob, { locale: 'en-US' });
    expect(en.basic).toMatchObject({ code: ErrorCodes.boundUserDiffers, msg: 'The device is bound to a different user.' });
    const zh = await t.call(appApiCalls.deviceBind, { sn: device.sn, verifyCode: device.verifyCode }, bob, { locale: 'zh-CN' });
    expect(zh.basic).toMatchObject({ code: ErrorCodes.boundUserDiffers, msg: '设备绑定的用户与当前用户不一致。' });
  });

  it('answers a wrong code, an unknown SN and another brand’s device alike (25002)', async () => {
    const answers = await Promise.all([
      t.call(appApiCalls.deviceBind, { sn: device.sn, verifyCode: 'WRONG234' }, bob, { locale: 'zh-CN' }),
      t.call(appApiCalls.deviceBind, { sn: 'NO-SUCH-SN', verifyCode: 'WRONG234' }, bob, { locale: 'zh-CN' }),
      t.call(appApiCalls.deviceBind, { sn: t.world.upgradeB.device.sn, verifyCode: DEVICE_B_CODE }, bob, { locale: 'zh-CN' }),
    ]);
    for (const a of answers) expect(a.basic).toEqual({ code: ErrorCodes.deviceCodeWrong, msg: '设备SN或验证码错误。' });
    const bad = await t.call(appApiCalls.deviceBind, { sn: '', verifyCode: '' }, bob, { locale: 'en-US' });
    expect(bad.basic.code).toBe(ErrorCodes.invalidParams);
  });

  it('unbinds only the caller’s own device (23007 otherwise); then another user may bind it', async () => {
    const other = await t.call(appApiCalls.deviceUnbind, { deviceId: device.id }, bob, { locale: 'en-US' });
    expect(other.basic).toMatchObject({ code: ErrorCodes.deviceNotBound, msg: 'The device is not bound.' });
    expect((await t.call(appApiCalls.deviceUnbind, { deviceId: t.world.upgradeB.device.id }, ann)).basic.code).toBe(
      ErrorCodes.deviceNotBound,
    );
    expect((await t.call(appApiCalls.deviceUnbind, { deviceId: device.id }, ann)).basic.code).toBe(200);
    expect((await t.call(appApiCalls.deviceUnbind, { deviceId: device.id }, ann)).basic.code).toBe(ErrorCodes.deviceNotBound);
    expect((await t.call(appApiCalls.deviceBind, { sn: device.sn, verifyCode: device.verifyCode }, bob)).basic.code).toBe(200);
  });

  it("records each binding and unbinding in the device's history once (binding again adds none); the device page shows the end user masked", async () => {
    const r = (await t.database.db.execute(
      sql`select kind, (extract(epoch from at) * 1000)::float8 as at, customer_path from device_events
           where device_id = ${device.id} and kind in ('bound', 'unbound') order by at, id`,
    )) as unknown as { rows: Array<{ kind: string; at: number }> };
    // ann bound (and bound again), ann unbound, bob bound.
    expect(r.rows.map((e) => e.kind)).toEqual(['bound', 'unbound', 'bound']);
    expect(Number(r.rows[0]!.at)).toBe(t.clock.now());
    const owner = await t.login('owner-a@test.local');
    const history = await t.call(insightCalls.deviceHistory, { deviceId: device.id }, owner);
    expect(history.basic.code, history.basic.msg).toBe(200);
    expect(history.data.events.filter((e) => e.kind === 'bound' || e.kind === 'unbound').map((e) => e.kind)).toEqual([
      'bound',
      'unbound',
      'bound',
    ]);
    expect(history.data.endUser).toEqual({ account: 'b***@test.local', boundAt: t.clock.now() });
    expect(JSON.stringify(history.data)).not.toContain('bob@test.local');
  });

  it('unbinds the devices of an account that is deleted', async () => {
    const carl = await registerEndUser(t, appA, 'carl@test.local', 'Carl#12345');
    const dev = await insertDeviceA(t.database, t.world);
    expect((await t.call(appApiCalls.deviceBind, { sn: dev.sn, verifyCode: 'AAAA2222' }, carl)).basic.code).toBe(200);
    expect((await t.call(appApiCalls.deleteAccount, { password: 'Carl#12345' }, carl)).basic.code).toBe(200);
    const [row] = await t.database.db.select().from(devices).where(eq(devices.id, dev.id));
    expect(row!.endUserId).toBeNull();
  });
});
