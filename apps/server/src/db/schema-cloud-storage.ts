/**
 * Cloud storage goods (issue 12, first half): the supplier's plans, goods built on a plan by partners
 * and distributors (prices in minor units, USD), their price history, and each seller's payee
 * accounts per provider. The CHECKs, the generated is_free column and the partial unique index
 * "one free product per seller per area on sale" are in migration 0014.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => bigint(name, { mode: 'number' });

export const storagePlans = pgTable('storage_plans', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  storageValue: integer('storage_value').notNull(),
  storageUnit: text('storage_unit').notNull(),
  serviceDays: integer('service_days').notNull(),
  costPrice: money('cost_price').notNull(),
  guidePrice: money('guide_price').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export interface StoredGoodsContent {
  graphic: string;
  terms: string;
  detailImages: { fileId: number; width: number; height: number }[];
}
export type StoredGoodsContents = { 'en-US': StoredGoodsContent; 'zh-CN'?: StoredGoodsContent };

export const storageGoods = pgTable('storage_goods', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull(),
  companyPath: text('company_path').notNull(),
  goodsCode: text('goods_code').notNull(),
  name: text('name').notNull(),
  planId: integer('plan_id').notNull(),
  costPrice: money('cost_price').notNull(),
  guidePrice: money('guide_price').notNull(),
  androidPrice: money('android_price').notNull(),
  iosPrice: money('ios_price').notNull(),
  currency: text('currency').notNull().default('USD'),
  /** null: unlimited. */
  stock: integer('stock'),
  saleUntil: ts('sale_until'),
  areaId: integer('area_id').notNull(),
  coverFileId: integer('cover_file_id').notNull(),
  contents: jsonb('contents').$type<StoredGoodsContents>().notNull(),
  status: text('status').notNull().default('pending_listing'),
  statusReason: text('status_reason'),
  /** The reviewed fields at the last approval: what the review screen compares against. */
  approvedSnapshot: jsonb('approved_snapshot').$type<Record<string, unknown>>(),
  isFree: boolean('is_free').generatedAlwaysAs(sql`"android_price" = 0 AND "ios_price" = 0`),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const storageGoodsPrices = pgTable('storage_goods_prices', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  goodsId: integer('goods_id').notNull(),
  androidPrice: money('android_price').notNull(),
  iosPrice: money('ios_price').notNull(),
  changedBy: integer('changed_by'),
  changedByName: text('changed_by_name').notNull().default(''),
  changedAt: ts('changed_at').notNull().defaultNow(),
});

export const payeeAccounts = pgTable(
  'payee_accounts',
  {
    companyId: integer('company_id').notNull(),
    companyPath: text('company_path').notNull(),
    provider: text('provider').notNull(),
    mode: text('mode').notNull(),
    accountId: text('account_id').notNull(),
    /** AES-256-GCM: `v1:<keyId>:<iv>:<tag>:<ciphertext>` (lib/secrets.ts sealSecret). */
    secretEnc: text('secret_enc').notNull(),
    secretLast4: text('secret_last4').notNull(),
    /** What checks the account's webhooks (Stripe signing secret, PayPal webhook ID, Adyen HMAC key), sealed. */
    webhookSecretEnc: text('webhook_secret_enc'),
    webhookSecretLast4: text('webhook_secret_last4'),
    /** Stripe: the Apple Pay domain association file, served on the seller's domains. */
    applePayAssociation: text('apple_pay_association'),
    verifiedAt: ts('verified_at'),
    defaultFor: text('default_for')
      .array()
      .notNull()
      .default(sql`'{}'`),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.provider], name: 'payee_accounts_pk' })],
);
