/**
 * The set-up the order tests share (orders, checkout, settings): the test app, a supplier's plan,
 * verified sandbox payees, listed goods of a seller, partner A's EU devices bound to Ann, Ann's app
 * session and her orders. Each test file makes its own with a tag that keeps its SNs, goods codes
 * and idempotency keys apart.
 */
import { appApiCalls, storageAppCalls, storageCalls, type AppOrder } from '@portal/contract';
import type { SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import { devices } from '../../../src/db/schema';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import type { EngineKind } from '../../support/db';
import { APP_A, PASSWORD } from '../../support/fixtures';
import { makePng } from '../../lib/helpers/images';
import { appCreds, type Creds } from '../app-api/helpers';

export type OrderFixture = ReturnType<typeof orderFixture>;

/**
 * The refusals of the order flow as the app and the portal show them, in both locales, written out
 * (not read from the catalogue) so that a changed text is a failing test.
 */
export const REFUSAL_TEXTS: Record<number, { 'en-US': string; 'zh-CN': string }> = {
  7079: { 'en-US': 'The product does not exist.', 'zh-CN': '商品不存在。' },
  23003: { 'en-US': 'The cloud storage product is not listed.', 'zh-CN': '云存储商品未上架。' },
  23005: { 'en-US': 'The product has been removed from the shelves.', 'zh-CN': '商品已下架。' },
  23007: { 'en-US': 'The device is not bound.', 'zh-CN': '设备未绑定。' },
  23008: { 'en-US': 'The device does not exist.', 'zh-CN': '设备不存在。' },
  23011: { 'en-US': 'The product has expired.', 'zh-CN': '商品已过期。' },
  23017: { 'en-US': 'The device does not exist.', 'zh-CN': '设备不存在。' },
  23021: { 'en-US': 'You already have a free product on sale in this area.', 'zh-CN': '您在该区域已有在售的免费商品。' },
  23042: {
    'en-US': "The seller's payment method cannot be used on this page: pay in the app.",
    'zh-CN': '该商家的支付方式无法在此页面使用，请在应用内支付。',
  },
  31001: { 'en-US': 'Insufficient inventory.', 'zh-CN': '库存不足。' },
};

type Answer = { basic: { code: number; msg: string } };

/** Asks `call` in en-US and zh-CN; both must be refused with `code` and its written-out text. */
export async function expectRefused(call: (locale: 'en-US' | 'zh-CN') => Promise<Answer>, code: number): Promise<void> {
  const texts = REFUSAL_TEXTS[code];
  if (!texts) throw new Error(`no written-out text for ${code}`);
  for (const locale of ['en-US', 'zh-CN'] as const) {
    const r = await call(locale);
    expect(r.basic, `${code} in ${locale}`).toEqual({ code, msg: texts[locale] });
  }
}

/** `tag`: three capital letters (the SN prefix; goods codes and keys derive from it). */
export function orderFixture(engine: EngineKind, tag: string) {
  const e = engine === 'postgres' ? 'P' : 'L';
  const covers = new WeakMap<Session, number>();
  let t: TestApp | undefined;
  let planId = 0;
  let seq = 0;
  let keySeq = 0;
  let snSeq = 0;
  const app = (): TestApp => {
    if (!t) throw new Error('orderFixture: start() first');
    return t;
  };

  return {
    get t(): TestApp {
      return app();
    },
    /** The plan the goods are built on (after `openSales`). */
    get planId(): number {
      return planId;
    },
    appA: appCreds(APP_A),
    async start(): Promise<TestApp> {
      t = await createTestApp(engine);
      return t;
    },
    close: () => t?.close(),
    key: () => `${tag.toLowerCase()}-${engine}-${++keySeq}-abcdef`,

    async rawRows<T>(q: SQL): Promise<T[]> {
      return ((await app().database.db.execute(q)) as unknown as { rows: T[] }).rows;
    },

    /** Ann (end user of app A) signed in through the app. */
    async appLogin(): Promise<Creds> {
      const login = await app().call(appApiCalls.login, { account: 'enduser-a@test.local', password: PASSWORD }, appCreds(APP_A));
      expect(login.basic.code, login.basic.msg).toBe(200);
      return login.data as Creds;
    },

    /** The supplier's plan (7-day loop, 30 days, cost 10.00, guide 20.00) and a verified sandbox payee per seller. */
    async openSales(supplier: Session, payees: { seller: Session; accountId: string; secret: string }[]) {
      const p = await app().call(
        storageCalls.planCreate,
        { name: `${tag} 7-day loop, 30 days`, storageValue: 7, storageUnit: 'day', serviceDays: 30, costPrice: 1000, guidePrice: 2000 },
        supplier,
      );
      expect(p.basic.code, p.basic.msg).toBe(200);
      planId = p.data.planId;
      for (const { seller, accountId, secret } of payees) {
        const saved = await app().call(storageCalls.payeeSave, { provider: 'sandbox', mode: 'test', accountId, secret }, seller);
        expect(saved.basic.code, saved.basic.msg).toBe(200);
        expect((await app().call(storageCalls.payeeTest, { provider: 'sandbox' }, seller)).basic.code).toBe(200);
      }
    },

    /** An uploaded cover of the seller (one per session). */
    async cover(seller: Session): Promise<number> {
      const known = covers.get(seller);
      if (known !== undefined) return known;
      const id = (await app().upload(seller, 'cover', 'cover.png', makePng(400, 300))).fileId;
      covers.set(seller, id);
      return id;
    },

    /** A device of partner A in the EU, bound to Ann unless `bound` is false; sold by `customer` when given. */
    async device(opts: { bound?: boolean; customer?: { id: number; path: string } } = {}): Promise<{ id: number; sn: string }> {
      const bound = opts.bound ?? true;
      const sn = `${tag}${e}${String(++snSeq).padStart(6, '0')}`;
      const [d] = await app()
        .database.db.insert(devices)
        .values({
          companyId: app().world.companies.partnerA.id,
          companyPath: app().world.companies.partnerA.path,
          ...(opts.customer ? { customerId: opts.customer.id, customerPath: opts.customer.path } : {}),
          sn,
          mac: `${tag.slice(0, 2)}${e}${String(snSeq).padStart(9, '0')}`,
          model: 'IPC-200',
          productType: 'IPC',
          firmwareVersion: 'V1.0.0',
          country: 'DE',
          areaId: app().world.areas.eu.id,
          endUserId: bound ? app().world.app.endUserA.id : null,
          boundAt: bound ? new Date(app().clock.now()) : null,
        })
        .returning();
      return { id: d!.id, sn };
    },

    /** Listed goods of `seller` on the plan (android 30.00, ios 33.00, stock 100 unless `over` says otherwise), approved by `supplier`. */
    async goods(seller: Session, supplier: Session, over: Record<string, unknown> = {}): Promise<number> {
      seq++;
      const r = await app().call(
        storageCalls.goodsCreate,
        {
          name: `${tag} goods ${seq}`,
          goodsCode: `${tag}-${engine}-${seq}`,
          planId,
          androidPrice: 3000,
          iosPrice: 3300,
          stock: 100,
          saleUntil: null,
          areaId: app().world.areas.eu.id,
          coverFileId: await this.cover(seller),
          contents: {
            'en-US': { graphic: '<p>Seven days of recordings</p>', terms: '<p>Terms</p>', detailImageIds: [] },
            'zh-CN': { graphic: '<p>保存7天录像</p>', terms: '<p>条款</p>', detailImageIds: [] },
          },
          ...over,
        } as never,
        seller,
      );
      expect(r.basic.code, r.basic.msg).toBe(200);
      const id = r.data.goodsId;
      expect((await app().call(storageCalls.goodsOperate, { goodsId: id, action: 'submitReview' }, seller)).basic.code).toBe(200);
      expect((await app().call(storageCalls.goodsReview, { goodsId: id, action: 'approve' }, supplier)).basic.code).toBe(200);
      return id;
    },

    /** An app order of `buyer` (android, a fresh idempotency key unless `extra` gives one); must succeed. */
    async order(buyer: Creds, d: { deviceId: number; goodsId: number }, extra: Record<string, unknown> = {}): Promise<AppOrder> {
      const r = await app().call(
        storageAppCalls.orderCreate,
        { platform: 'android', idempotencyKey: this.key(), ...d, ...extra } as never,
        buyer,
      );
      expect(r.basic.code, r.basic.msg).toBe(200);
      return r.data;
    },
  };
}
