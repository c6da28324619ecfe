/**
 * Demo cloud storage goods (issue 12, first half): the supplier's plans; goods of Acme Vision, of
 * Northwind (another brand) and of Acme's distributor Rhein Security in every goods state, written
 * in English and Chinese, with a cover and a detail image each; Acme's payees: the sandbox verified,
 * PayPal configured but not verified, Stripe not set. Secrets are sealed with the server's key
 * (SEAL_SECRET, else the one kept in DATA_DIR/secrets), as the server does.
 */
import type { Database } from '@portal/server/db/client';
import { payeeAccounts, storageGoods, storageGoodsPrices, storagePlans } from '@portal/server/db/schema';
import type { FileStore } from '@portal/server/lib/files/store';
import { storeUpload } from '@portal/server/lib/files/store-upload';
import { sealSecret } from '@portal/server/lib/secrets';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { demoSealKeys, one } from './shared';

const STATES = ['pending_listing', 'pending_review', 'listed', 'removed', 'review_failed', 'supplier_delisted', 'sold_out'] as const;

const image = (width: number, height: number, r: number, g: number, b: number) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

export async function seedDemoStorage(
  database: Database,
  opts: { fileStore: FileStore; now?: number },
): Promise<{ plans: number; goods: number }> {
  const db = database.db;
  const now = new Date(opts.now ?? Date.now());
  const plans = await db
    .insert(storagePlans)
    .values([
      { name: '3-day loop · 30 days', storageValue: 3, storageUnit: 'day', serviceDays: 30, costPrice: 0, guidePrice: 0 },
      { name: '7-day loop · 30 days', storageValue: 7, storageUnit: 'day', serviceDays: 30, costPrice: 150, guidePrice: 299 },
      { name: '30-day loop · 180 days', storageValue: 30, storageUnit: 'day', serviceDays: 180, costPrice: 1200, guidePrice: 1999 },
      { name: '1-month loop · 1 year', storageValue: 1, storageUnit: 'month', serviceDays: 365, costPrice: 2400, guidePrice: 3999 },
      {
        name: '1-year archive · 2 years',
        storageValue: 1,
        storageUnit: 'year',
        serviceDays: 730,
        costPrice: 9000,
        guidePrice: 14999,
        enabled: false,
      },
    ])
    .returning();
  const sellers = [
    { email: 'owner@acme.demo.local', prefix: 'ACME', color: [30, 90, 200] as const },
    { email: 'sarah.mitchell@northwind.demo.local', prefix: 'NW', color: [20, 140, 90] as const },
    { email: 'dealer@acme.demo.local', prefix: 'RHEIN', color: [180, 90, 30] as const },
  ];
  let goods = 0;
  for (const s of sellers) {
    const seller = await one<{ user_id: number; nickname: string; company_id: number; path: string; area_id: number }>(
      db,
      sql`select u.id as user_id, u.nickname, c.id as company_id, c.path, c.area_id from users u join companies c on c.id = u.company_id where u.email = ${s.email}`,
    );
    if (!seller) continue;
    const [r, g, b] = s.color;
    const up = async (purpose: string, name: string, buf: Buffer) =>
      (
        await storeUpload({
          db,
          store: opts.fileStore,
          companyId: seller.company_id,
          userId: seller.user_id,
          buffer: buf,
          fileName: name,
          purpose,
          isPublic: true,
          now,
        })
      ).id;
    const cover = await up('cover', `${s.prefix.toLowerCase()}-cover.png`, await image(640, 360, r, g, b));
    const detail = await up('goodsdetail', `${s.prefix.toLowerCase()}-detail.png`, await image(750, 420, Math.min(255, r + 60), g, b));
    for (const [i, status] of STATES.entries()) {
      const plan = plans[(i % 3) + 1]!;
      const price = plan.guidePrice + 100 * (i + 1);
      const [row] = await db
        .insert(storageGoods)
        .values({
          companyId: seller.company_id,
          companyPath: seller.path,
          goodsCode: `${s.prefix}-${plan.storageValue}${plan.storageUnit[0]!.toUpperCase()}-${i + 1}`,
          name: `${s.prefix} Cloud ${plan.storageValue}${plan.storageUnit === 'day' ? 'D' : plan.storageUnit === 'month' ? 'M' : 'Y'} · ${plan.serviceDays}`,
          planId: plan.id,
          costPrice: plan.costPrice,
          guidePrice: plan.guidePrice,
          androidPrice: price,
          iosPrice: price + 100,
          stock: status === 'sold_out' ? 0 : i % 2 === 0 ? null : 50 + i,
          saleUntil: new Date(now.getTime() + 365 * 86_400_000),
          areaId: seller.area_id,
          coverFileId: cover,
          contents: {
            'en-US': {
              graphic: `<p>Keep <b>${plan.storageValue} ${plan.storageUnit}(s)</b> of recordings in the cloud, for ${plan.serviceDays} days.</p>`,
              terms: '<p>The plan starts when activated and cannot be paused.</p>',
              detailImages: [{ fileId: detail, width: 750, height: 420 }],
            },
            'zh-CN': {
              graphic: `<p>云端保存 <b>${plan.storageValue}${plan.storageUnit === 'day' ? '天' : plan.storageUnit === 'month' ? '个月' : '年'}</b> 录像，服务期 ${plan.serviceDays} 天。</p>`,
              terms: '<p>套餐激活后开始计时，不可暂停。</p>',
              detailImages: [{ fileId: detail, width: 750, height: 420 }],
            },
          },
          status,
          statusReason:
            status === 'review_failed'
              ? 'The cover image is blurry.'
              : status === 'supplier_delisted'
                ? 'The service terms are misleading.'
                : null,
          approvedSnapshot: ['listed', 'removed', 'sold_out', 'supplier_delisted'].includes(status) ? {} : null,
          createdBy: seller.user_id,
          createdAt: new Date(now.getTime() - (30 - i) * 86_400_000),
          updatedAt: new Date(now.getTime() - (7 - i) * 86_400_000),
        })
        .returning();
      await db.insert(storageGoodsPrices).values({
        goodsId: row!.id,
        androidPrice: row!.androidPrice,
        iosPrice: row!.iosPrice,
        changedBy: seller.user_id,
        changedByName: seller.nickname,
        changedAt: row!.createdAt,
      });
      goods++;
    }
    // A free product on sale (one per seller per area).
    if (s.prefix !== 'RHEIN') {
      const plan = plans[0]!;
      const [row] = await db
        .insert(storageGoods)
        .values({
          companyId: seller.company_id,
          companyPath: seller.path,
          goodsCode: `${s.prefix}-FREE`,
          name: `${s.prefix} Free 3-day trial`,
          planId: plan.id,
          costPrice: 0,
          guidePrice: 0,
          androidPrice: 0,
          iosPrice: 0,
          stock: null,
          areaId: seller.area_id,
          coverFileId: cover,
          contents: {
            'en-US': { graphic: '<p>Try cloud recording free for 30 days.</p>', terms: '<p>Once per device.</p>', detailImages: [] },
            'zh-CN': { graphic: '<p>免费试用云录像 30 天。</p>', terms: '<p>每台设备限一次。</p>', detailImages: [] },
          },
          status: 'listed',
          approvedSnapshot: {},
          createdBy: seller.user_id,
        })
        .returning();
      await db
        .insert(storageGoodsPrices)
        .values({ goodsId: row!.id, androidPrice: 0, iosPrice: 0, changedBy: seller.user_id, changedByName: seller.nickname });
      goods++;
    }
  }
  // Acme's payees: sandbox verified, PayPal configured and not verified, Stripe not set.
  const acme = await one<{ id: number; path: string }>(db, sql`select id, path from companies where name = 'Acme Vision'`);
  if (acme) {
    const ring = demoSealKeys();
    const sandboxKey = 'sbx_demoAcmeSandboxKey0001';
    const paypalKey = 'EDemoPaypalClientSecretAcme9f3k';
    await db.insert(payeeAccounts).values([
      {
        companyId: acme.id,
        companyPath: acme.path,
        provider: 'sandbox',
        mode: 'test',
        accountId: 'acme-sandbox',
        secretEnc: sealSecret(ring, sandboxKey),
        secretLast4: sandboxKey.slice(-4),
        verifiedAt: now,
        defaultFor: ['android', 'ios', 'web'],
      },
      {
        companyId: acme.id,
        companyPath: acme.path,
        provider: 'paypal',
        mode: 'test',
        accountId: 'AcmeVisionPayPalClient',
        secretEnc: sealSecret(ring, paypalKey),
        secretLast4: paypalKey.slice(-4),
        verifiedAt: null,
      },
    ]);
  }
  return { plans: plans.length, goods };
}
