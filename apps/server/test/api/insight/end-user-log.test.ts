/**
 * The end-user log (issue 15 §5): the call router notes every app-facing call once (end user,
 * brand, action, code, platform, app version, IP, time; never a password, token or sign); the app
 * reports playback failures; portal users with rmr_qry search it within 31 days with keyset paging,
 * scoped to the brands of their subtree (a distributor: end users bound to devices it sold) and
 * their session's area; rows go after 180 days and are never updated.
 */
import {
  ALL_CALLS,
  APP_PLATFORM_HEADER,
  APP_VERSION_HEADER,
  END_USER_LOG_ACTIONS,
  END_USER_LOG_RETENTION_DAYS,
  ErrorCodes,
  appApiCalls,
  authCalls,
  endUserLogAppCalls,
  endUserLogCalls,
  isAppCall,
  maskEmail,
  storageAppCalls,
  type EndUserLogSearch,
} from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../../src/db/schema';
import { flushEndUserLogs, runEndUserLogRetentionOnce } from '../../../src/modules/insight';
import { createTestApp, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { APP_A, APP_B, createUser, insertDeviceA, PASSWORD } from '../../support/fixtures';
import { appCreds, registerEndUser, type Creds } from '../app-api/helpers';

const DAY = 86_400_000;
const IOS = { [APP_PLATFORM_HEADER]: 'iOS', [APP_VERSION_HEADER]: '3.2.1' };

describe.each(ENGINES)('end-user log (%s)', (engine) => {
  let t: TestApp;
  let supplier: Awaited<ReturnType<TestApp['login']>>;
  let ownerA: Awaited<ReturnType<TestApp['login']>>;
  let ownerB: Awaited<ReturnType<TestApp['login']>>;
  let dealer: Awaited<ReturnType<TestApp['login']>>;
  let ann: Creds;
  let bob: Creds;
  let deviceSn: string;
  const appA = appCreds(APP_A);
  const range = () => ({ from: t.clock.now() - DAY, to: t.clock.now() + DAY });
  const search = async (data: Omit<EndUserLogSearch, 'range'>, s = ownerA) => {
    await flushEndUserLogs();
    return t.call(endUserLogCalls.search, { range: range(), ...data }, s);
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    const { dealerA } = t.world.companies;
    await createUser(t.database, {
      companyId: dealerA.id,
      email: 'dealer-eul@test.local',
      userType: 'distributor',
      codes: ['rmr_qry'],
      areaIds: [t.world.areas.eu.id],
    });
    supplier = await t.login('supplier@test.local');
    ownerA = await t.login('owner-a@test.local');
    ownerB = await t.login('owner-b@test.local');
    dealer = await t.login('dealer-eul@test.local');
    // Partner A's device, attributed to its dealer and bound to end user A (the dealer sold it).
    const d = await insertDeviceA(t.database, t.world);
    deviceSn = d.sn;
    await t.database.db
      .update(devices)
      .set({ customerId: dealerA.id, customerPath: dealerA.path, endUserId: t.world.app.endUserA.id })
      .where(eq(devices.id, d.id));
    bob = await registerEndUser(t, appA, 'bob-eul@test.local');
  });
  afterAll(() => t?.close());

  it('records a sign-in with code, platform, app version and IP, failed or not, and no secret', async () => {
    const wrong = await t.call(appApiCalls.login, { account: 'enduser-a@test.local', password: 'Wrong#pass1' }, appA, { headers: IOS });
    expect(wrong.basic.code).not.toBe(200);
    const ok = await t.call(appApiCalls.login, { account: 'ENDUSER-A@test.local', password: PASSWORD }, appA, { headers: IOS });
    expect(ok.basic.code, ok.basic.msg).toBe(200);
    ann = ok.data as Creds;

    const page = await search({ action: 'account/login', account: 'enduser-a@test.local' });
    expect(page.basic.code, page.basic.msg).toBe(200);
    expect(page.data.records).toHaveLength(2);
    const [success, failed] = page.data.records;
    expect(success).toMatchObject({
      endUserId: t.world.app.endUserA.id,
      account: maskEmail('enduser-a@test.local'),
      companyId: t.world.companies.partnerA.id,
      companyName: 'Partner A',
      action: 'account/login',
      code: 200,
      platform: 'ios',
      appVersion: '3.2.1',
    });
    expect(success!.account).toBe('e***@test.local');
    expect(success!.ip).not.toBe('');
    expect(failed).toMatchObject({ endUserId: t.world.app.endUserA.id, code: wrong.basic.code, platform: 'ios' });

    // Nothing the calls carried as a secret is in any row.
    const raw = JSON.stringify((await t.database.query('select * from end_user_logs')).rows);
    for (const secret of [PASSWORD, 'Wrong#pass1', ann.token, ann.signKey, ann.renewToken, APP_A.secret]) expect(raw).not.toContain(secret);
  });

  it('records the calls of a signed-in end user, and an unknown platform or bad version as such', async () => {
    await t.call(appApiCalls.deviceList, { pageNum: 1, pageSize: 10 }, ann, {
      headers: { [APP_PLATFORM_HEADER]: 'toaster', [APP_VERSION_HEADER]: '1.0; drop table' },
    });
    const bind = await t.call(appApiCalls.deviceBind, { sn: 'nope-1', verifyCode: 'ABCD2345' }, bob, { headers: IOS });
    expect(bind.basic.code).not.toBe(200);
    const list = (await search({ action: 'device/list' })).data.records[0]!;
    expect(list).toMatchObject({ code: 200, platform: 'other', appVersion: '', endUserId: t.world.app.endUserA.id });
    const bound = (await search({ action: 'device/bind', result: 'failed' })).data.records[0]!;
    expect(bound).toMatchObject({ code: bind.basic.code, sn: 'NOPE-1', account: maskEmail('bob-eul@test.local') });
    // A call refused before its brand was known is no brand's row.
    const before = (await search({})).data.records.length;
    expect(
      (await t.call(appApiCalls.deviceList, { pageNum: 1, pageSize: 10 }, { token: 'forged', signKey: 'x', renewToken: '' })).basic.code,
    ).toBe(ErrorCodes.tokenInvalid);
    expect((await search({})).data.records.length).toBe(before);
  });

  it("takes an app's playback failure for the caller's own device only", async () => {
    const data = { sn: deviceSn.toLowerCase(), errorCode: 'P2P_TIMEOUT', platform: 'android' as const, appVersion: '5.0.1-beta+45' };
    const r = await t.call(endUserLogAppCalls.playbackFailure, data, ann, { headers: IOS });
    expect(r.basic.code, r.basic.msg).toBe(200);
    const row = (await search({ action: 'log/playback-failure' })).data.records[0]!;
    expect(row).toMatchObject({ sn: deviceSn, detail: 'P2P_TIMEOUT', platform: 'android', appVersion: '5.0.1-beta+45', code: 200 });
    // Bob's own device it is not; another brand's SN neither; a malformed code is refused.
    expect((await t.call(endUserLogAppCalls.playbackFailure, data, bob)).basic.code).toBe(ErrorCodes.playbackDeviceUnknown);
    const other = { ...data, sn: t.world.tenant.otherDeviceSn };
    expect((await t.call(endUserLogAppCalls.playbackFailure, other, ann)).basic.code).toBe(ErrorCodes.playbackDeviceUnknown);
    const bad = await t.call(endUserLogAppCalls.playbackFailure, { ...data, errorCode: "x'; --" }, ann);
    expect(bad.basic.code).toBe(ErrorCodes.invalidParams);
    expect(bad.basic.msg).toContain("The player's error code must be 1 to 64 letters");
    const badZh = await t.call(endUserLogAppCalls.playbackFailure, { ...data, appVersion: '' }, ann, { locale: 'zh-CN' });
    expect(badZh.basic.msg).toContain('App 版本须为 1 至 32 个字母');
    expect((await search({ action: 'log/playback-failure', result: 'failed' })).data.records.map((x) => x.code)).toEqual([
      ErrorCodes.invalidParams,
      ErrorCodes.invalidParams,
      ErrorCodes.playbackDeviceUnknown,
      ErrorCodes.playbackDeviceUnknown,
    ]);
  });

  it('shows another brand none of it, and a distributor only the end users of devices it sold', async () => {
    const appB = appCreds(APP_B);
    expect((await t.call(appApiCalls.login, { account: 'enduser-b@test.local', password: PASSWORD }, appB)).basic.code).toBe(200);
    const b = await search({}, ownerB);
    expect(b.data.records.length).toBeGreaterThan(0);
    expect(b.data.records.every((r) => r.companyId === t.world.companies.partnerB.id)).toBe(true);
    // Partner A's end user named by partner B: nothing.
    expect((await search({ account: 'enduser-a@test.local' }, ownerB)).data.records).toEqual([]);
    expect((await search({ account: String(t.world.app.endUserA.id) }, ownerB)).data.records).toEqual([]);

    const own = await search({ pageSize: 100 });
    expect(own.data.records.some((r) => r.endUserId === t.world.app.endUserB.id)).toBe(false);
    expect(own.data.records.some((r) => r.account === maskEmail('bob-eul@test.local'))).toBe(true);
    const sold = await search({ pageSize: 100 }, dealer);
    expect(sold.basic.code, sold.basic.msg).toBe(200);
    expect(sold.data.records.length).toBeGreaterThan(0);
    expect(sold.data.records.every((r) => r.endUserId === t.world.app.endUserA.id)).toBe(true);
    // The supplier sees every brand.
    const all = await search({ pageSize: 100 }, supplier);
    expect(new Set(all.data.records.map((r) => r.companyId))).toEqual(
      new Set([t.world.companies.partnerA.id, t.world.companies.partnerB.id]),
    );
  });

  it("keeps to the session's area", async () => {
    const s = await t.login('supplier@test.local');
    expect((await t.call(authCalls.switchArea, { areaId: t.world.areas.us.id }, s)).basic.code).toBe(200);
    const us = await search({ pageSize: 100 }, s);
    expect(us.data.records.length).toBeGreaterThan(0);
    expect(us.data.records.every((r) => r.companyId === t.world.companies.partnerB.id)).toBe(true);
  });

  it('pages newest first by keyset, without gaps or repeats, and filters by platform, version, IP and code', async () => {
    const whole = (await search({ pageSize: 100 })).data.records;
    const seen: number[] = [];
    let cursor: string | undefined;
    for (;;) {
      const p = await search({ pageSize: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...p.data.records.map((r) => r.id));
      if (!p.data.nextCursor) break;
      cursor = p.data.nextCursor;
    }
    expect(seen).toEqual(whole.map((r) => r.id));
    expect(whole.map((r) => r.at)).toEqual([...whole.map((r) => r.at)].sort().reverse());
    expect((await search({ platform: 'ios' })).data.records.every((r) => r.platform === 'ios')).toBe(true);
    expect((await search({ appVersion: '3.2.1' })).data.records.every((r) => r.appVersion === '3.2.1')).toBe(true);
    expect((await search({ ip: whole[0]!.ip })).data.records.length).toBe(whole.length);
    expect((await search({ ip: '203.0.113.' })).data.records).toEqual([]);
    expect((await search({ code: ErrorCodes.playbackDeviceUnknown })).data.records).toHaveLength(2);
    expect((await search({ sn: deviceSn })).data.records.length).toBeGreaterThan(0);
  });

  it('refuses a range over 31 days, a bad cursor, no session and a caller without rmr_qry', async () => {
    const from = Date.UTC(2026, 0, 1);
    const long = await t.call(endUserLogCalls.search, { range: { from, to: from + 32 * DAY } }, ownerA);
    expect(long.basic.code).toBe(ErrorCodes.invalidParams);
    expect(long.basic.msg).toContain('The query range cannot exceed 31 days.');
    const zh = await t.call(endUserLogCalls.search, { range: { from, to: from + 32 * DAY } }, ownerA, { locale: 'zh-CN' });
    expect(zh.basic.msg).toContain('查询时间范围不能超过31天。');
    expect((await search({ cursor: "1' or 1=1" })).basic.code).toBe(ErrorCodes.invalidParams);
    expect((await t.call(endUserLogCalls.search, { range: range() }, null)).basic.code).toBe(ErrorCodes.tokenInvalid);
    const noCodes = await t.login('nocodes-a@test.local');
    expect((await search({}, noCodes)).basic.code).toBe(ErrorCodes.forbidden);
    // dealer-a holds no rmr_qry.
    expect((await search({}, await t.login('dealer-a@test.local'))).basic.code).toBe(ErrorCodes.forbidden);
  });

  it('names every app call in both locales', () => {
    const missing = ALL_CALLS.filter(isAppCall)
      .map((c) => c.path.replace(/^app-api\//, ''))
      .filter((a) => !END_USER_LOG_ACTIONS[a]);
    expect(missing).toEqual([]);
  });

  it('refuses an update of a row, and purges rows past the retention', async () => {
    await flushEndUserLogs();
    await expect(t.database.db.execute(sql`update end_user_logs set code = 200`)).rejects.toThrow();
    const n = (await t.database.query<{ n: number }>('select count(*)::int as n from end_user_logs')).rows[0]!.n;
    expect(n).toBeGreaterThan(0);
    expect(await runEndUserLogRetentionOnce(t.database, t.clock.now() + (END_USER_LOG_RETENTION_DAYS - 1) * DAY)).toBe(0);
    expect(await runEndUserLogRetentionOnce(t.database, t.clock.now() + (END_USER_LOG_RETENTION_DAYS + 1) * DAY)).toBe(n);
    // storageAppCalls are app calls too: a sign that the labels cover later modules' calls.
    expect(END_USER_LOG_ACTIONS[storageAppCalls.orderCreate.path.replace(/^app-api\//, '')]).toBeDefined();
  });
});
