/**
 * A seller's order settings (issue 12 §3-§4, storage/setting): the payment window and the
 * near-expiry days, defaults until saved, bounds (5-120 minutes, 1-30 days) in both locales,
 * permissions (qry reads, mgr saves), another company's settings untouched, audited. Used by order
 * creation (deadline), the timeout job on the test clock, the checkout link's expiry and the derived
 * near-expiry state in SQL (list filter, detail, overview).
 */
import { ErrorCodes, storageAppCalls, storageCalls, storageCheckoutCalls, storageOrderCalls } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireUnpaidOrders } from '../../../src/modules/cloud-storage';
import { SANDBOX_CARDS } from '../../../src/modules/payments';
import type { Session, TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { createUser } from '../../support/fixtures';
import type { Creds } from '../app-api/helpers';
import { orderFixture } from './order-fixture';

const DAY = 86_400_000;
const MIN = 60_000;
const SECRET = 'sbx_settingsabcdefghijkl12';

describe.each(ENGINES)('cloud storage order settings (%s)', (engine) => {
  const fx = orderFixture(engine, 'SET');
  let t: TestApp;
  let owner: Session;
  let ownerB: Session;
  let reader: Session;
  let noCode: Session;
  let supplier: Session;
  let ann: Creds;

  async function signIn() {
    owner = await t.login('owner-a@test.local');
    ownerB = await t.login('owner-b@test.local');
    reader = await t.login('setting-reader-a@test.local');
    noCode = await t.login('dealer-a@test.local');
    supplier = await t.login('supplier@test.local');
    ann = await fx.appLogin();
  }
  async function at(ms: number) {
    t.clock.set(ms);
    await signIn();
  }
  const save = (s: Session, d: Record<string, unknown>, locale?: 'zh-CN') =>
    t.call(storageCalls.settingSave, d as never, s, locale ? { locale } : undefined);

  beforeAll(async () => {
    t = await fx.start();
    await createUser(t.database, {
      companyId: t.world.companies.partnerA.id,
      email: 'setting-reader-a@test.local',
      userType: 'partner',
      codes: ['dealer_cldstorage_setting_qry'],
      areaIds: [t.world.areas.eu.id],
    });
    await signIn();
    await fx.openSales(supplier, [{ seller: owner, accountId: 'acct_settings', secret: SECRET }]);
  });
  afterAll(() => fx.close());

  it('answers the defaults until saved; saves within bounds; refuses out of bounds in both locales; audited', async () => {
    const got = await t.call(storageCalls.settingGet, {}, owner);
    expect(got.basic.code, got.basic.msg).toBe(200);
    expect(got.data).toEqual({ payMinutes: 30, nearExpiryDays: 7, updatedAt: null, actions: ['save'] });

    for (const bad of [
      { payMinutes: 4, nearExpiryDays: 7 },
      { payMinutes: 121, nearExpiryDays: 7 },
      { payMinutes: 12.5, nearExpiryDays: 7 },
    ]) {
      const r = await save(owner, bad);
      expect(r.basic.code, JSON.stringify(bad)).toBe(ErrorCodes.invalidParams);
      expect(r.basic.msg).toContain('The payment window must be 5 to 120 minutes.');
    }
    for (const bad of [
      { payMinutes: 30, nearExpiryDays: 0 },
      { payMinutes: 30, nearExpiryDays: 31 },
    ]) {
      const r = await save(owner, bad);
      expect(r.basic.code, JSON.stringify(bad)).toBe(ErrorCodes.invalidParams);
      expect(r.basic.msg).toContain('Near expiry must be 1 to 30 days.');
    }
    const zh = await save(owner, { payMinutes: 200, nearExpiryDays: 7 }, 'zh-CN');
    expect(zh.basic.code).toBe(ErrorCodes.invalidParams);
    expect(zh.basic.msg).toContain('支付时限须为 5 至 120 分钟。');
    expect((await save(owner, { payMinutes: 30 })).basic.code).toBe(ErrorCodes.invalidParams);
    expect((await t.call(storageCalls.settingGet, {}, owner)).data.updatedAt).toBeNull();

    // The bounds themselves are accepted.
    for (const ok of [
      { payMinutes: 5, nearExpiryDays: 1 },
      { payMinutes: 120, nearExpiryDays: 30 },
    ]) {
      const r = await save(owner, ok);
      expect(r.basic.code, r.basic.msg).toBe(200);
      expect(r.data).toMatchObject({ ...ok, actions: ['save'] });
      expect(r.data.updatedAt).toBe(new Date(t.clock.now()).toISOString());
    }
    // The database refuses what the call would (CHECK).
    await expect(
      t.database.db.execute(sql`update storage_settings set pay_minutes = 4 where company_id = ${t.world.companies.partnerA.id}`),
    ).rejects.toThrow();

    const logs = await fx.rawRows<{ code: string; after: unknown; before: unknown }>(
      sql`select code, "before", "after" from operation_logs where code = 'storage.settingSave' order by id`,
    );
    expect(logs).toHaveLength(2);
    expect(logs[1]).toMatchObject({ before: { payMinutes: 5, nearExpiryDays: 1 }, after: { payMinutes: 120, nearExpiryDays: 30 } });
    expect((await save(owner, { payMinutes: 30, nearExpiryDays: 7 })).basic.code).toBe(200);
  });

  it('reading needs a setting code, saving the manager code; another company keeps its own settings', async () => {
    const read = await t.call(storageCalls.settingGet, {}, reader);
    expect(read.basic.code, read.basic.msg).toBe(200);
    expect(read.data.actions).toEqual([]);
    expect((await save(reader, { payMinutes: 10, nearExpiryDays: 7 })).basic.code).toBe(ErrorCodes.forbidden);
    expect((await t.call(storageCalls.settingGet, {}, noCode)).basic.code).toBe(ErrorCodes.forbidden);
    expect((await save(noCode, { payMinutes: 10, nearExpiryDays: 7 })).basic.code).toBe(ErrorCodes.forbidden);
    expect((await t.call(storageCalls.settingGet, {}, null)).basic.code).not.toBe(200);

    // Partner B saves its own; partner A's stay as they were, and the other way round.
    const b = await save(ownerB, { payMinutes: 60, nearExpiryDays: 14 });
    expect(b.basic.code, b.basic.msg).toBe(200);
    expect((await t.call(storageCalls.settingGet, {}, owner)).data).toMatchObject({ payMinutes: 30, nearExpiryDays: 7 });
    expect((await save(owner, { payMinutes: 15, nearExpiryDays: 3 })).basic.code).toBe(200);
    expect((await t.call(storageCalls.settingGet, {}, ownerB)).data).toMatchObject({ payMinutes: 60, nearExpiryDays: 14 });
    const rows = await fx.rawRows<{ company_id: number; pay_minutes: number }>(
      sql`select company_id, pay_minutes from storage_settings order by company_id`,
    );
    expect(rows.map((r) => [Number(r.company_id), Number(r.pay_minutes)])).toEqual(
      [
        [t.world.companies.partnerA.id, 15],
        [t.world.companies.partnerB.id, 60],
      ].sort((x, y) => x[0]! - y[0]!),
    );
    expect((await save(owner, { payMinutes: 30, nearExpiryDays: 7 })).basic.code).toBe(200);
  });

  it("the seller's payment window: the deadline and checkout link of new orders, and the timeout job on the test clock", async () => {
    const g = await fx.goods(owner, supplier, { stock: 5 });
    const before = await fx.order(ann, { deviceId: (await fx.device()).id, goodsId: g });
    expect(before.payDeadline).toBe(before.createdAt + 30 * MIN);
    expect((await save(owner, { payMinutes: 10, nearExpiryDays: 7 })).basic.code).toBe(200);
    const after = await fx.order(ann, { deviceId: (await fx.device()).id, goodsId: g });
    expect(after.payDeadline).toBe(after.createdAt + 10 * MIN);
    const stock = async () => Number((await fx.rawRows<{ stock: number }>(sql`select stock from storage_goods where id = ${g}`))[0]!.stock);
    expect(await stock()).toBe(3);

    // The checkout page shows the order's own window; the link stops working at its end.
    const link = (o: typeof after) => {
      const [, , orderNo, sign] = new URL(o.checkoutUrl!).pathname.split('/');
      return { orderNo: orderNo!, sign: sign!, domain: 'localhost' };
    };
    const page = await t.call(storageCheckoutCalls.checkoutGet, link(after), null);
    expect(page.basic.code, page.basic.msg).toBe(200);
    expect(page.data.expiresAt).toBe(after.createdAt + 10 * MIN);
    expect((await t.call(storageCheckoutCalls.checkoutGet, link(before), null)).data.expiresAt).toBe(before.createdAt + 30 * MIN);

    const base = t.clock.now();
    try {
      await at(base + 9 * MIN);
      expect(await expireUnpaidOrders(t.database, t.clock.now())).toBe(0);
      await at(base + 10 * MIN);
      expect(await expireUnpaidOrders(t.database, t.clock.now())).toBe(1);
      expect((await t.call(storageAppCalls.orderGet, { orderId: after.orderId }, ann)).data).toMatchObject({
        state: 'cancelled',
        checkoutUrl: null,
      });
      expect((await t.call(storageAppCalls.orderGet, { orderId: before.orderId }, ann)).data.state).toBe('unpaid');
      expect(await stock()).toBe(4);
      expect((await t.call(storageCheckoutCalls.checkoutGet, link(after), null)).basic.code).toBe(ErrorCodes.checkoutLinkExpired);
      expect((await t.call(storageCheckoutCalls.checkoutGet, link(before), null)).basic.code).toBe(200);
      // The order made under the old setting keeps its 30 minutes.
      await at(base + 30 * MIN);
      expect(await expireUnpaidOrders(t.database, t.clock.now())).toBe(1);
      expect((await t.call(storageAppCalls.orderGet, { orderId: before.orderId }, ann)).data.state).toBe('cancelled');
      expect(await stock()).toBe(5);
    } finally {
      await at(base);
      expect((await save(owner, { payMinutes: 30, nearExpiryDays: 7 })).basic.code).toBe(200);
    }
  });

  it("the seller's near-expiry days decide the derived state in SQL: detail, list filter and overview", async () => {
    const g = await fx.goods(owner, supplier);
    const base = t.clock.now();
    const o = await fx.order(ann, { deviceId: (await fx.device()).id, goodsId: g }, { card: SANDBOX_CARDS.success });
    expect(o.state).toBe('paid');
    try {
      // 30-day plan, 20 days in: 10 days left.
      await at(base + 20 * DAY);
      const window = { from: base - DAY, to: base + DAY, pageNum: 1, pageSize: 50 };
      const viewOf = async () => (await t.call(storageOrderCalls.orderGet, { orderId: o.orderId }, owner)).data.viewState;
      const listed = async (viewState: 'in_use' | 'near_expiry') =>
        (await t.call(storageOrderCalls.orderList, { ...window, viewState }, owner)).data.records.map((r) => r.orderId);
      const overview = async () => (await t.call(storageOrderCalls.overview, { from: base - DAY, to: base + DAY }, owner)).data;

      expect(await viewOf()).toBe('in_use');
      expect(await listed('in_use')).toContain(o.orderId);
      expect(await listed('near_expiry')).not.toContain(o.orderId);
      const inUseBefore = await overview();

      expect((await save(owner, { payMinutes: 30, nearExpiryDays: 14 })).basic.code).toBe(200);
      expect(await viewOf()).toBe('near_expiry');
      expect(await listed('near_expiry')).toContain(o.orderId);
      expect(await listed('in_use')).not.toContain(o.orderId);
      const nearAfter = await overview();
      expect(nearAfter.nearExpiry).toBe(inUseBefore.nearExpiry + 1);
      expect(nearAfter.inUse).toBe(inUseBefore.inUse - 1);
      expect(nearAfter.counts.near_expiry).toBe((inUseBefore.counts.near_expiry ?? 0) + 1);
      // The app's view of the same order.
      expect((await t.call(storageAppCalls.orderGet, { orderId: o.orderId }, ann)).data.viewState).toBe('near_expiry');
      // Another seller's setting changes nothing for partner A's orders.
      expect((await save(ownerB, { payMinutes: 30, nearExpiryDays: 1 })).basic.code).toBe(200);
      expect(await viewOf()).toBe('near_expiry');
      expect((await save(owner, { payMinutes: 30, nearExpiryDays: 9 })).basic.code).toBe(200);
      expect(await viewOf()).toBe('in_use');
    } finally {
      await at(base);
      expect((await save(owner, { payMinutes: 30, nearExpiryDays: 7 })).basic.code).toBe(200);
    }
  });
});
