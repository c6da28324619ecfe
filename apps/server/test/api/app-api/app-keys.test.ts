/**
 * Applications in the portal (issue 12 item 8): application keys (created with a secret shown once,
 * one brand each, rotated, disabled and enabled) and the brand's end users (listed, frozen).
 */
import { appApiCalls, appKeyCalls, ErrorCodes } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appKeys, devices, endUsers } from '../../../src/db/schema';
import { endUserCountOfKey } from '../../../src/modules/app-api/app-keys.repository';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { ENGINES, planAtScale } from '../../support/db';
import { APP_A, PASSWORD } from '../../support/fixtures';
import { appCreds, registerEndUser } from './helpers';

describe.each(ENGINES)('Applications (%s)', (engine) => {
  let t: TestApp;
  let ownerA: Session;
  let ownerB: Session;
  let supplier: Session;
  beforeAll(async () => {
    t = await createTestApp(engine);
    ownerA = await t.login('owner-a@test.local');
    ownerB = await t.login('owner-b@test.local');
    supplier = await t.login('supplier@test.local');
  });
  afterAll(() => t?.close());

  it('creates a key for the caller’s brand, the secret in that answer only and sealed at rest', async () => {
    const r = await t.call(appKeyCalls.create, { name: 'Camera app' }, ownerA);
    expect(r.basic.code, r.basic.msg).toBe(200);
    const { key, secret } = r.data;
    expect(key).toMatchObject({
      name: 'Camera app',
      companyId: t.world.companies.partnerA.id,
      status: 'enabled',
      secretLast4: secret.slice(-4),
    });
    expect(key.actions).toEqual(['rotate', 'disable']);
    expect(secret.length).toBeGreaterThanOrEqual(40);
    const [row] = await t.database.db.select().from(appKeys).where(eq(appKeys.id, key.id));
    expect(row!.secretEnc).not.toContain(secret);
    // Sealed like every stored secret (lib/secrets, config sealKeys): one mechanism, one key ring.
    expect(row!.secretEnc).toMatch(/^v1:[0-9a-f]{8}:/);
    expect(JSON.stringify(row)).not.toContain(secret);
    // The list never carries the secret; the app signs with it.
    const list = await t.call(appKeyCalls.list, { pageNum: 1, pageSize: 50 }, ownerA);
    expect(JSON.stringify(list.data)).not.toContain(secret);
    expect(list.data.records.map((k) => k.appId)).toContain(key.appId);
    const sent = await t.call(
      appApiCalls.emailCode,
      { email: 'new-app-user@test.local', purpose: 'register' },
      appCreds({ appId: key.appId, secret }),
    );
    expect(sent.basic.code, sent.basic.msg).toBe(200);
  });

  it('rotates a secret: the old one is refused at once, the new one works', async () => {
    const { key, secret } = (await t.call(appKeyCalls.create, { name: 'Rotate me' }, ownerA)).data;
    const rotated = await t.call(appKeyCalls.rotate, { id: key.id }, ownerA);
    expect(rotated.basic.code).toBe(200);
    expect(rotated.data.secret).not.toBe(secret);
    expect(rotated.data.key.rotatedAt).toBe(t.clock.now());
    const old = await t.call(appApiCalls.login, { account: 'x@test.local', password: 'x' }, appCreds({ appId: key.appId, secret }));
    expect(old.basic.code).toBe(ErrorCodes.badSign);
    const fresh = await t.call(
      appApiCalls.login,
      { account: 'enduser-x@test.local', password: 'Wrong#1234' },
      appCreds({ appId: key.appId, secret: rotated.data.secret }),
    );
    expect(fresh.basic.code).toBe(ErrorCodes.wrongCredentials);
  });

  it('disables and enables a key (25001 while disabled; a second disable is 1017), in both locales', async () => {
    const { key, secret } = (await t.call(appKeyCalls.create, { name: 'Switch' }, ownerA)).data;
    const creds = appCreds({ appId: key.appId, secret });
    const off = await t.call(appKeyCalls.disable, { id: key.id }, ownerA);
    expect(off.data).toMatchObject({ status: 'disabled', actions: ['rotate', 'enable'] });
    const en = await t.call(appApiCalls.emailCode, { email: 'a@test.local', purpose: 'register' }, creds, { locale: 'en-US' });
    expect(en.basic).toMatchObject({ code: ErrorCodes.appKeyInvalid, msg: 'The application key is invalid or disabled.' });
    const zh = await t.call(appApiCalls.emailCode, { email: 'a@test.local', purpose: 'register' }, creds, { locale: 'zh-CN' });
    expect(zh.basic).toMatchObject({ code: ErrorCodes.appKeyInvalid, msg: '应用密钥无效或已停用。' });
    expect((await t.call(appKeyCalls.disable, { id: key.id }, ownerA)).basic.code).toBe(ErrorCodes.illegalTransition);
    expect((await t.call(appKeyCalls.enable, { id: key.id }, ownerA)).data.status).toBe('enabled');
    expect((await t.call(appApiCalls.emailCode, { email: 'b@test.local', purpose: 'register' }, creds)).basic.code).toBe(200);
  });

  it('keeps each brand to its keys; the supplier creates one for a partner it names, never for itself or a distributor', async () => {
    const b = await t.call(appKeyCalls.list, { pageNum: 1, pageSize: 50 }, ownerB);
    expect(b.data.records.every((k) => k.companyId === t.world.companies.partnerB.id)).toBe(true);
    expect((await t.call(appKeyCalls.rotate, { id: t.world.app.keyA.id }, ownerB)).basic.code).toBe(ErrorCodes.notFound);
    const forB = await t.call(appKeyCalls.create, { name: 'B by supplier', companyId: t.world.companies.partnerB.id }, supplier);
    expect(forB.data.key.companyName).toBe('Partner B');
    const own = await t.call(appKeyCalls.create, { name: 'Supplier itself' }, supplier);
    expect(own.basic.code).toBe(ErrorCodes.appBrandInvalid);
    const dealer = await t.call(appKeyCalls.create, { name: 'Dealer', companyId: t.world.companies.dealerA.id }, ownerA);
    expect(dealer.basic.code).toBe(ErrorCodes.appBrandInvalid);
    const all = await t.call(appKeyCalls.list, { pageNum: 1, pageSize: 50, keyword: 'B by' }, supplier);
    expect(all.data.records.map((k) => k.name)).toEqual(['B by supplier']);
    // Bad input is a localized 1001.
    const bad = await t.call(appKeyCalls.create, { name: '' }, ownerA, { locale: 'zh-CN' });
    expect(bad.basic.code).toBe(ErrorCodes.invalidParams);
    expect(bad.basic.msg).toContain('请输入应用名称');
  });

  it('lists the brand’s end users (the supplier: all) and freezes one: its session ends, its login is 25003', async () => {
    const appA = appCreds(APP_A);
    const session = (await t.call(appApiCalls.login, { account: 'enduser-a@test.local', password: PASSWORD }, appA)).data;
    const a = await t.call(appKeyCalls.endUserList, { pageNum: 1, pageSize: 50 }, ownerA);
    expect(a.data.records.map((u) => u.email)).toContain('enduser-a@test.local');
    expect(a.data.records.map((u) => u.email)).not.toContain('enduser-b@test.local');
    const all = await t.call(appKeyCalls.endUserList, { pageNum: 1, pageSize: 50 }, supplier);
    expect(all.data.records.map((u) => u.email)).toEqual(expect.arrayContaining(['enduser-a@test.local', 'enduser-b@test.local']));
    const id = t.world.app.endUserA.id;
    const frozen = await t.call(appKeyCalls.endUserFreeze, { id }, ownerA);
    expect(frozen.data).toMatchObject({ status: 'frozen', actions: ['unfreeze'] });
    expect((await t.call(appApiCalls.profile, {}, { ...session, renewToken: '' })).basic.code).toBe(ErrorCodes.tokenInvalid);
    const login = await t.call(appApiCalls.login, { account: 'enduser-a@test.local', password: PASSWORD }, appA, { locale: 'zh-CN' });
    expect(login.basic).toMatchObject({ code: ErrorCodes.endUserFrozen, msg: '该账号已被冻结，请联系应用提供方。' });
    expect((await t.call(appKeyCalls.endUserList, { pageNum: 1, pageSize: 50, status: 'frozen' }, ownerA)).data.total).toBe(1);
    expect((await t.call(appKeyCalls.endUserFreeze, { id }, ownerA)).basic.code).toBe(ErrorCodes.illegalTransition);
    expect((await t.call(appKeyCalls.endUserUnfreeze, { id }, ownerA)).data.status).toBe('normal');
    expect((await t.call(appApiCalls.login, { account: 'enduser-a@test.local', password: PASSWORD }, appA)).basic.code).toBe(200);
  });

  it('lists end users in any app language, each with its own device count', async () => {
    const id = t.world.app.endUserA.id;
    await t.database.db.update(endUsers).set({ locale: 'de-DE' }).where(eq(endUsers.id, id));
    const owned = (await t.database.db.select({ id: devices.id }).from(devices).where(eq(devices.endUserId, id))).length;
    const r = await t.call(appKeyCalls.endUserList, { pageNum: 1, pageSize: 50 }, ownerA);
    expect(r.basic.code, r.basic.msg).toBe(200);
    expect(r.data.records.find((u) => u.id === id)).toMatchObject({ locale: 'de-DE', deviceCount: owned });
    // The app sets any of its languages, not only the portal's two.
    const appA = appCreds(APP_A);
    const session = (await t.call(appApiCalls.login, { account: 'enduser-a@test.local', password: PASSWORD }, appA)).data;
    const updated = await t.call(appApiCalls.profileUpdate, { locale: 'ar-SA' }, session);
    expect(updated.basic.code, updated.basic.msg).toBe(200);
    expect(updated.data.locale).toBe('ar-SA');
    expect((await t.call(appApiCalls.profileUpdate, { locale: 'xx-XX' as never }, session)).basic.code).toBe(ErrorCodes.invalidParams);
  });

  it('a stored value the contract cannot answer is a 500 in the catalogue form, at once (never a request left hanging)', async () => {
    const id = t.world.app.endUserA.id;
    await t.database.db.update(endUsers).set({ locale: 'xx-XX' }).where(eq(endUsers.id, id));
    try {
      const r = await t.call(appKeyCalls.endUserList, { pageNum: 1, pageSize: 50 }, ownerA);
      expect(r.basic.code).toBe(ErrorCodes.internal);
    } finally {
      await t.database.db.update(endUsers).set({ locale: 'en-US' }).where(eq(endUsers.id, id));
    }
  }, 15_000);

  it('keeps the total of a long end-user list, forgotten when an end user registers or deletes their account; a search counts its own', async () => {
    const list = async (extra: { keyword?: string } = {}) =>
      (await t.call(appKeyCalls.endUserList, { pageNum: 1, pageSize: 1, ...extra }, ownerA)).data.total;
    const before = await list();
    // A row written past the services (as another server instance would): the kept total stands.
    const [a] = await t.database.db.select().from(endUsers).where(eq(endUsers.id, t.world.app.endUserA.id));
    const { id: _id, ...row } = a!;
    await t.database.db.insert(endUsers).values({ ...row, email: 'kept-total@test.local', nickname: 'kept' });
    expect(await list()).toBe(before);
    expect(await list({ keyword: 'kept-total' })).toBe(1);
    // A registration through the app forgets it: both new accounts are counted.
    const session = await registerEndUser(t, appCreds(APP_A), 'counted@test.local');
    expect(await list()).toBe(before + 2);
    expect((await t.call(appApiCalls.deleteAccount, { password: 'Appuser#123' }, session)).basic.code).toBe(200);
    expect(await list()).toBe(before + 1);
  });

  it('counts a key’s end users from the index of keys, not by reading every end user', async () => {
    const plan = await planAtScale(t.database, sql`select ${endUserCountOfKey} from app_keys`);
    expect(plan).toContain('end_users_app_key_idx');
  });
});
