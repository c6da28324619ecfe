/**
 * Cloud storage goods (issue 12, first half): plans, goods with cover and detail images (sharp
 * measures the width), every goodsMachine move through the calls (illegal: 1017), the price
 * history, stock taken by one statement under 50 concurrent takers, one free product per seller
 * per area on sale under racing approvals, the CHECKs through raw SQL, payee accounts with sealed
 * secrets and the sandbox connection test, and the new errors in both locales.
 */
import { ErrorCodes, errorMessage, storageCalls, type StorageGoodsDetail } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payeeAccounts, storageGoods, storageGoodsPrices } from '../../../src/db/schema';
import { unsafeReturnStock, unsafeTakeStock } from '../../../src/modules/cloud-storage';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { makePng } from '../../lib/helpers/images';
import { expectRefused } from './order-fixture';

describe.each(ENGINES)('cloud storage goods (%s)', (engine) => {
  let t: TestApp;
  let owner: Session;
  let ownerB: Session;
  let dealer: Session;
  let supplier: Session;
  let planId: number;
  let freePlanId: number;
  let coverId: number;
  let detailId: number;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await t.login('owner-a@test.local');
    ownerB = await t.login('owner-b@test.local');
    dealer = await t.login('dealer-a@test.local');
    supplier = await t.login('supplier@test.local');
    const p = await t.call(
      storageCalls.planCreate,
      { name: '7-day loop, 30 days', storageValue: 7, storageUnit: 'day', serviceDays: 30, costPrice: 150, guidePrice: 299 },
      supplier,
    );
    expect(p.basic.code, p.basic.msg).toBe(200);
    planId = p.data.planId;
    const f = await t.call(
      storageCalls.planCreate,
      { name: 'Free 1 day', storageValue: 1, storageUnit: 'day', serviceDays: 30, costPrice: 0, guidePrice: 0 },
      supplier,
    );
    freePlanId = f.data.planId;
    coverId = (await t.upload(owner, 'cover', 'cover.png', makePng(400, 300))).fileId;
    detailId = (await t.upload(owner, 'goodsDetail', 'detail.png', makePng(700, 400))).fileId;
  });
  afterAll(() => t?.close());

  const fields = (over: Record<string, unknown> = {}) => ({
    name: `Goods ${++seq}`,
    goodsCode: `G-${seq}`,
    planId,
    androidPrice: 499,
    iosPrice: 599,
    stock: 10 as number | null,
    saleUntil: null,
    areaId: t.world.areas.eu.id,
    coverFileId: coverId,
    contents: {
      'en-US': { graphic: '<p>Keeps <b>7 days</b></p><script>alert(1)</script>', terms: '<p>Terms</p>', detailImageIds: [detailId] },
      'zh-CN': { graphic: '<p>保存7天</p>', terms: '<p>条款</p>', detailImageIds: [] },
    },
    ...over,
  });

  async function create(over: Record<string, unknown> = {}, session = owner): Promise<StorageGoodsDetail> {
    const r = await t.call(storageCalls.goodsCreate, fields(over) as never, session);
    expect(r.basic.code, r.basic.msg).toBe(200);
    return r.data;
  }
  const op = (goodsId: number, action: string, s = owner) => t.call(storageCalls.goodsOperate, { goodsId, action } as never, s);
  const review = (goodsId: number, action: string, reason?: string) =>
    t.call(storageCalls.goodsReview, { goodsId, action, reason } as never, supplier);

  async function verifySandbox(session = owner) {
    const s = await t.call(
      storageCalls.payeeSave,
      { provider: 'sandbox', mode: 'test', accountId: 'acct_1', secret: 'sbx_abcdefghijklmnop1234' },
      session,
    );
    expect(s.basic.code, s.basic.msg).toBe(200);
    const v = await t.call(storageCalls.payeeTest, { provider: 'sandbox' }, session);
    expect(v.basic.code, v.basic.msg).toBe(200);
  }

  it('plans: the supplier creates, edits, disables and enables; sellers see enabled plans without cost', async () => {
    const u = await t.call(
      storageCalls.planUpdate,
      { planId, name: '7-day loop, 30 days', storageValue: 7, storageUnit: 'day', serviceDays: 30, costPrice: 150, guidePrice: 299 },
      supplier,
    );
    expect(u.data.costPrice).toBe(150);
    const bad = await t.call(
      storageCalls.planCreate,
      { name: 'x', storageValue: 1, storageUnit: 'day', serviceDays: 30, costPrice: 500, guidePrice: 100 },
      supplier,
    );
    expect(bad.basic.code).toBe(ErrorCodes.invalidParams);
    const days = await t.call(
      storageCalls.planCreate,
      { name: 'x', storageValue: 1, storageUnit: 'day', serviceDays: 45 as never, costPrice: 1, guidePrice: 1 },
      supplier,
    );
    expect(days.basic.code).toBe(ErrorCodes.invalidParams);
    expect(
      (
        await t.call(
          storageCalls.planCreate,
          { name: 'x', storageValue: 1, storageUnit: 'day', serviceDays: 30, costPrice: 1, guidePrice: 1 },
          owner,
        )
      ).basic.code,
    ).toBe(ErrorCodes.forbidden);
    const extra = await t.call(
      storageCalls.planCreate,
      { name: 'Old 1 year', storageValue: 1, storageUnit: 'year', serviceDays: 730, costPrice: 1000, guidePrice: 2000 },
      supplier,
    );
    const dis = await t.call(storageCalls.planOperate, { planId: extra.data.planId, action: 'disable' }, supplier);
    expect(dis.data.enabled).toBe(false);
    expect((await t.call(storageCalls.planOperate, { planId: extra.data.planId, action: 'disable' }, supplier)).basic.code).toBe(
      ErrorCodes.illegalTransition,
    );
    const seen = await t.call(storageCalls.planList, { pageNum: 1, pageSize: 50 }, dealer);
    expect(seen.data.records.some((p) => p.planId === extra.data.planId)).toBe(false);
    expect(seen.data.records.every((p) => p.costPrice === null)).toBe(true);
    const ownerSees = await t.call(storageCalls.planList, { pageNum: 1, pageSize: 50 }, owner);
    expect(ownerSees.data.records.find((p) => p.planId === planId)?.costPrice).toBe(150);
    // Goods cannot be built on a disabled plan (both locales).
    const r = await t.call(storageCalls.goodsCreate, fields({ planId: extra.data.planId }) as never, owner, { locale: 'zh-CN' });
    expect(r.basic.code).toBe(ErrorCodes.planDisabled);
    expect(r.basic.msg).toBe(errorMessage(ErrorCodes.planDisabled, 'zh-CN'));
    await t.call(storageCalls.planOperate, { planId: extra.data.planId, action: 'enable' }, supplier);
  });

  it('creates goods: cleaned rich text, a measured detail image, price history, cost hidden from a distributor', async () => {
    const g = await create();
    expect(g.status).toBe('pending_listing');
    expect(g.contents['en-US'].graphic).toBe('<p>Keeps <b>7 days</b></p>');
    expect(g.contents['en-US'].detailImages[0]).toMatchObject({ fileId: detailId, width: 700, height: 400 });
    expect(g.priceHistory).toHaveLength(1);
    // Paid goods: no submit before a verified payee.
    expect(g.actions).toEqual(['edit', 'editPriceStock']);
    const seenByDealer = await t.call(storageCalls.goodsGet, { goodsId: g.goodsId }, dealer);
    // A distributor sees its own goods only, not its superior's.
    expect(seenByDealer.basic.code).toBe(ErrorCodes.notFound);
  });

  it('refuses a detail image outside 600-820 px, a foreign sale area, a taken goods ID and prices below the guide (both locales)', async () => {
    const narrow = (await t.upload(owner, 'goodsDetail', 'narrow.png', makePng(500, 300))).fileId;
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const w = await t.call(
        storageCalls.goodsCreate,
        fields({ contents: { 'en-US': { graphic: 'x', terms: '', detailImageIds: [narrow] } } }) as never,
        owner,
        { locale },
      );
      expect(w.basic.code).toBe(ErrorCodes.detailImageWidth);
      expect(w.basic.msg).toBe(errorMessage(ErrorCodes.detailImageWidth, locale, { width: 500 }));
      const a = await t.call(storageCalls.goodsCreate, fields({ areaId: t.world.areas.us.id }) as never, owner, { locale });
      expect(a.basic.code).toBe(ErrorCodes.goodsAreaMismatch);
      expect(a.basic.msg).toBe(errorMessage(ErrorCodes.goodsAreaMismatch, locale));
    }
    const g = await create();
    const taken = await t.call(storageCalls.goodsCreate, fields({ goodsCode: g.goodsCode }) as never, owner, { locale: 'zh-CN' });
    expect(taken.basic.code).toBe(ErrorCodes.goodsCodeTaken);
    expect((await t.call(storageCalls.goodsCreate, fields({ androidPrice: 100 }) as never, owner)).basic.code).toBe(
      ErrorCodes.invalidParams,
    );
    // Another company's cover.
    expect((await t.call(storageCalls.goodsCreate, fields({ coverFileId: t.world.files.fileB.id }) as never, owner)).basic.code).toBe(
      ErrorCodes.notFound,
    );
  });

  it('every goods move through the calls, with the illegal ones refused (1017) and the reason shown to the seller', async () => {
    const g = await create();
    // Paid goods need a verified payee before review (both locales).
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const r = await t.call(storageCalls.goodsOperate, { goodsId: g.goodsId, action: 'submitReview' }, owner, { locale });
      expect(r.basic.code).toBe(ErrorCodes.noVerifiedPayee);
      expect(r.basic.msg).toBe(errorMessage(ErrorCodes.noVerifiedPayee, locale));
    }
    await verifySandbox();
    expect((await op(g.goodsId, 'delist')).basic.code).toBe(ErrorCodes.illegalTransition);
    expect((await review(g.goodsId, 'approve')).basic.code).toBe(ErrorCodes.illegalTransition);
    expect((await op(g.goodsId, 'submitReview')).data.status).toBe('pending_review');
    // Under review: no edits, no prices (23035), no second submit (1017).
    const edit = await t.call(storageCalls.goodsUpdate, { goodsId: g.goodsId, ...fields({ goodsCode: g.goodsCode }) } as never, owner, {
      locale: 'zh-CN',
    });
    expect(edit.basic.code).toBe(ErrorCodes.goodsUnderReview);
    expect(edit.basic.msg).toBe(errorMessage(ErrorCodes.goodsUnderReview, 'zh-CN'));
    expect((await op(g.goodsId, 'submitReview')).basic.code).toBe(ErrorCodes.illegalTransition);
    expect((await op(g.goodsId, 'withdrawReview')).data.status).toBe('pending_listing');
    await op(g.goodsId, 'submitReview');
    // A partner cannot review; the reason is required for a rejection.
    expect((await t.call(storageCalls.goodsReview, { goodsId: g.goodsId, action: 'approve' }, owner)).basic.code).toBe(
      ErrorCodes.forbidden,
    );
    expect((await review(g.goodsId, 'reject')).basic.code).toBe(ErrorCodes.invalidParams);
    const rej = await review(g.goodsId, 'reject', 'The cover is blurry');
    expect(rej.data.status).toBe('review_failed');
    const seen = await t.call(storageCalls.goodsGet, { goodsId: g.goodsId }, owner);
    expect(seen.data.statusReason).toBe('The cover is blurry');
    // Fixed and resubmitted, then approved.
    const fixed = await t.call(
      storageCalls.goodsUpdate,
      { goodsId: g.goodsId, ...fields({ goodsCode: g.goodsCode, name: 'Fixed name' }) } as never,
      owner,
    );
    expect(fixed.basic.code, fixed.basic.msg).toBe(200);
    await op(g.goodsId, 'submitReview');
    expect((await review(g.goodsId, 'approve')).data.status).toBe('listed');
    expect((await op(g.goodsId, 'withdrawReview')).basic.code).toBe(ErrorCodes.illegalTransition);
    // Listed: price and stock change without review; each price change is kept.
    const ps = await t.call(storageCalls.goodsPriceStock, { goodsId: g.goodsId, androidPrice: 699, iosPrice: 799, stock: 3 }, owner);
    expect(ps.data.status).toBe('listed');
    expect(ps.data.priceHistory.map((h) => h.androidPrice)).toEqual([699, 499]);
    // Editing content needs a revise first.
    expect(
      (await t.call(storageCalls.goodsUpdate, { goodsId: g.goodsId, ...fields({ goodsCode: g.goodsCode }) } as never, owner)).basic.code,
    ).toBe(ErrorCodes.illegalTransition);
    expect((await op(g.goodsId, 'delist')).data.status).toBe('removed');
    expect((await op(g.goodsId, 'list')).data.status).toBe('listed');
    // Supplier delisting with a reason; the seller fixes and resubmits.
    const sd = await review(g.goodsId, 'supplierDelist', 'Terms are misleading');
    expect(sd.data.status).toBe('supplier_delisted');
    expect(sd.data.statusReason).toBe('Terms are misleading');
    expect((await op(g.goodsId, 'list')).basic.code).toBe(ErrorCodes.illegalTransition);
    const changed = await t.call(
      storageCalls.goodsUpdate,
      { goodsId: g.goodsId, ...fields({ goodsCode: g.goodsCode, name: 'Renamed', androidPrice: 699, iosPrice: 799, stock: 3 }) } as never,
      owner,
    );
    expect(changed.data.changes).toEqual(expect.arrayContaining([{ field: 'name', before: 'Fixed name', after: 'Renamed' }]));
    expect(changed.data.changes.map((c) => c.field)).not.toContain('androidPrice');
    await op(g.goodsId, 'submitReview');
    await review(g.goodsId, 'approve');
    await op(g.goodsId, 'delist');
    expect((await op(g.goodsId, 'revise')).data.status).toBe('pending_listing');
    // Another tenant's goods: 1004, never a hint (7079 is the app's answer, with the order half).
    expect((await t.call(storageCalls.goodsGet, { goodsId: g.goodsId }, ownerB)).basic.code).toBe(ErrorCodes.notFound);
  });

  it('sold out by the statement that takes the last unit: 50 concurrent takers on stock 10', async () => {
    const g = await create({ stock: 10 });
    await op(g.goodsId, 'submitReview');
    await review(g.goodsId, 'approve');
    const db = t.database.db;
    const results = await Promise.all(Array.from({ length: 50 }, () => unsafeTakeStock(db, g.goodsId)));
    const taken = results.filter((r) => r !== null);
    expect(taken).toHaveLength(10);
    expect(taken.filter((r) => r!.status === 'sold_out')).toHaveLength(1);
    const [row] = await db.select().from(storageGoods).where(eq(storageGoods.id, g.goodsId));
    expect(row).toMatchObject({ stock: 0, status: 'sold_out' });
    // A returned unit lists it again; the seller can delist a sold-out item.
    expect(await unsafeReturnStock(db, g.goodsId)).toEqual({ stock: 1, status: 'listed' });
    expect(await unsafeTakeStock(db, g.goodsId)).toEqual({ stock: 0, status: 'sold_out' });
    expect(await unsafeTakeStock(db, g.goodsId)).toBeNull();
    // Stock given through the price-stock call restocks; stock 0 sells out.
    expect(
      (await t.call(storageCalls.goodsPriceStock, { goodsId: g.goodsId, androidPrice: 499, iosPrice: 599, stock: 2 }, owner)).data.status,
    ).toBe('listed');
    expect(
      (await t.call(storageCalls.goodsPriceStock, { goodsId: g.goodsId, androidPrice: 499, iosPrice: 599, stock: 0 }, owner)).data.status,
    ).toBe('sold_out');
    expect((await op(g.goodsId, 'delist')).data.status).toBe('removed');
  });

  it('one free product per seller per area on sale: racing approvals list one, the other gets 23021', async () => {
    const free = { planId: freePlanId, androidPrice: 0, iosPrice: 0, stock: null };
    const a = await create(free);
    const b = await create(free);
    await op(a.goodsId, 'submitReview');
    await op(b.goodsId, 'submitReview');
    const [ra, rb] = await Promise.all([review(a.goodsId, 'approve'), review(b.goodsId, 'approve')]);
    const codes = [ra.basic.code, rb.basic.code].sort();
    expect(codes).toEqual([200, ErrorCodes.freeGoodsOnSale].sort());
    const [n] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(storageGoods)
      .where(sql`${storageGoods.companyId} = ${t.world.companies.partnerA.id} and is_free and status in ('listed','sold_out')`);
    expect(Number(n!.n)).toBe(1);
    const loser = ra.basic.code === 200 ? b : a;
    await expectRefused(
      (locale) => t.call(storageCalls.goodsReview, { goodsId: loser.goodsId, action: 'approve' }, supplier, { locale }),
      ErrorCodes.freeGoodsOnSale,
    );
  });

  it('the CHECKs hold through raw SQL', async () => {
    const g = await create();
    const db = t.database.db;
    const bad = [
      sql`update storage_goods set android_price = guide_price - 1 where id = ${g.goodsId}`,
      sql`update storage_goods set ios_price = guide_price - 1 where id = ${g.goodsId}`,
      sql`update storage_goods set cost_price = guide_price + 1 where id = ${g.goodsId}`,
      sql`update storage_goods set cost_price = -1, guide_price = -1, android_price = 0, ios_price = 0 where id = ${g.goodsId}`,
      sql`update storage_goods set stock = -1 where id = ${g.goodsId}`,
      sql`update storage_goods set status = 'bogus' where id = ${g.goodsId}`,
      sql`update storage_plans set cost_price = guide_price + 1 where id = ${planId}`,
      sql`update storage_plans set service_days = 31 where id = ${planId}`,
    ];
    for (const q of bad) await expect(db.execute(q)).rejects.toThrow();
  });

  it('payees: sealed secrets shown as last 4, sandbox test verifies, a failing test is 23027, a malformed Stripe key refused', async () => {
    const s = await t.call(
      storageCalls.payeeSave,
      { provider: 'sandbox', mode: 'test', accountId: 'acct_9', secret: 'sbx_secretsecretsecret1234' },
      dealer,
    );
    expect(s.basic.code).toBe(ErrorCodes.forbidden); // a distributor without the setting code
    const ok = await t.call(
      storageCalls.payeeSave,
      { provider: 'sandbox', mode: 'test', accountId: 'acct_9', secret: 'sbx_secretsecretsecret1234' },
      ownerB,
    );
    expect(ok.data).toMatchObject({ status: 'configured', secretLast4: '1234', verifiedAt: null });
    expect(JSON.stringify(ok.data)).not.toContain('sbx_secretsecretsecret1234');
    const [row] = await t.database.db.select().from(payeeAccounts).where(eq(payeeAccounts.companyId, t.world.companies.partnerB.id));
    expect(row!.secretEnc).not.toContain('secretsecret');
    expect(row!.secretEnc).toMatch(/^v1:[0-9a-f]{8}:/);
    const verified = await t.call(storageCalls.payeeTest, { provider: 'sandbox' }, ownerB);
    expect(verified.data.verifiedAt).not.toBeNull();
    // A key the sandbox refuses: 23027 in both locales, and no longer verified.
    await t.call(
      storageCalls.payeeSave,
      { provider: 'sandbox', mode: 'test', accountId: 'acct_9', secret: 'sbx_secretsecretsecretfail' },
      ownerB,
    );
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const f = await t.call(storageCalls.payeeTest, { provider: 'sandbox' }, ownerB, { locale });
      expect(f.basic.code).toBe(ErrorCodes.payeeTestFailed);
      expect(f.basic.msg).toBe(errorMessage(ErrorCodes.payeeTestFailed, locale, { reason: 'key refused' }));
    }
    const listed = await t.call(storageCalls.payeeList, {}, ownerB);
    const sbx = listed.data.accounts.find((a) => a.provider === 'sandbox')!;
    expect(sbx.verifiedAt).toBeNull();
    expect(sbx.webhookUrl).toContain(`/sandbox/${t.world.companies.partnerB.id}`);
    // Stripe has its adapter (its connection tests: test/api/payments/payee-connection.test.ts).
    expect(listed.data.accounts.find((a) => a.provider === 'stripe')).toMatchObject({
      available: true,
      status: 'not_configured',
      actions: ['configure'],
    });
    const stripe = await t.call(
      storageCalls.payeeSave,
      { provider: 'stripe', mode: 'test', accountId: 'acct', secret: 'sk_test_123' },
      ownerB,
      { locale: 'zh-CN' },
    );
    expect(stripe.basic.code).toBe(ErrorCodes.invalidParams);
    // Keeping the stored secret (empty), default per platform, remove.
    const keep = await t.call(storageCalls.payeeSave, { provider: 'sandbox', mode: 'test', accountId: 'acct_10', secret: '' }, ownerB);
    expect(keep.data).toMatchObject({ accountId: 'acct_10', secretLast4: 'fail' });
    const def = await t.call(storageCalls.payeeDefault, { platform: 'android', provider: 'sandbox' }, ownerB);
    expect(def.data.accounts.find((a) => a.provider === 'sandbox')!.defaultFor).toEqual(['android']);
    expect((await t.call(storageCalls.payeeDefault, { platform: 'ios', provider: 'paypal' }, ownerB)).basic.code).toBe(
      ErrorCodes.illegalTransition,
    );
    expect((await t.call(storageCalls.payeeRemove, { provider: 'sandbox' }, ownerB)).data.status).toBe('not_configured');
    expect((await t.call(storageCalls.payeeRemove, { provider: 'sandbox' }, ownerB)).basic.code).toBe(ErrorCodes.illegalTransition);
    const prices = await t.database.db.select().from(storageGoodsPrices).limit(1);
    expect(prices.length).toBe(1);
  });

  it('abilities: review and plans are the supplier’s; the order settings to holders of a setting code', async () => {
    expect((await t.call(storageCalls.abilities, {}, owner)).data.actions).toEqual([
      'createGoods',
      'internalPurchase',
      'readOrderSettings',
    ]);
    expect((await t.call(storageCalls.abilities, {}, supplier)).data.actions).toEqual([
      'createGoods',
      'internalPurchase',
      'review',
      'managePlans',
      'readOrderSettings',
    ]);
    expect((await t.call(storageCalls.abilities, {}, dealer)).data.actions).toEqual([]);
  });
});
