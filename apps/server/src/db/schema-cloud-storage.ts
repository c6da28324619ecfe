/**
 * Cloud storage goods (issue 12, first half): the supplier's plans, goods built on a plan by partners
 * and distributors (prices in minor units, USD), their price history, and each seller's payee
 * accounts per provider. The CHECKs, the generated is_free column and the partial unique index
 * "one free product per seller per area on sale" are in migration 0014.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, customType, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
    /** Stripe's publishable key (pk_…) for the checkout page; not a secret. */
    publicKey: text('public_key'),
    verifiedAt: ts('verified_at'),
    defaultFor: text('default_for')
      .array()
      .notNull()
      .default(sql`'{}'`),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.provider], name: 'payee_accounts_pk' })],
);

/** A seller's order settings (migration 0031; CHECKs there). No row: the defaults (30 minutes, 7 days). */
export const storageSettings = pgTable('storage_settings', {
  companyId: integer('company_id').primaryKey(),
  payMinutes: integer('pay_minutes').notNull(),
  nearExpiryDays: integer('near_expiry_days').notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Orders (issue 12, order half; migration 0019)
// ---------------------------------------------------------------------------------------------

/** A paid plan's service period `[start, end)`; read as text (`["...","...")`), written through SQL. */
const tstzrange = customType<{ data: string; driverData: string }>({ dataType: () => 'tstzrange' });

/** What the buyer bought, as it was at the order (the goods may change or go later). */
export interface GoodsSnapshot {
  goodsCode: string;
  name: string;
  planId: number;
  planName: string;
  storageValue: number;
  storageUnit: string;
  serviceDays: number;
  androidPrice: number;
  iosPrice: number;
  guidePrice: number;
  costPrice: number;
  currency: string;
}

export const storageOrders = pgTable('storage_orders', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderNo: text('order_no').notNull(),
  transactionId: text('transaction_id'),
  provider: text('provider'),
  amount: money('amount').notNull(),
  currency: text('currency').notNull().default('USD'),
  platform: text('platform').notNull(),
  deviceId: bigint('device_id', { mode: 'number' }).notNull(),
  deviceSn: text('device_sn').notNull(),
  endUserId: bigint('end_user_id', { mode: 'number' }),
  endUserEmail: text('end_user_email'),
  /** The seller (the goods' company). */
  companyId: integer('company_id').notNull(),
  companyPath: text('company_path').notNull(),
  /** The buying partner or distributor of an internal purchase. */
  buyerCompanyId: integer('buyer_company_id'),
  goodsId: integer('goods_id').notNull(),
  goodsSnapshot: jsonb('goods_snapshot').$type<GoodsSnapshot>().notNull(),
  serviceDays: integer('service_days').notNull(),
  costPrice: money('cost_price').notNull(),
  state: text('state').notNull().default('unpaid'),
  period: tstzrange('period'),
  payDeadline: ts('pay_deadline'),
  /** The payment window the order was created with (its seller's setting then); its checkout link is signed over its end. */
  payMinutes: integer('pay_minutes').notNull().default(30),
  paidAt: ts('paid_at'),
  cancelledAt: ts('cancelled_at'),
  cancelReason: text('cancel_reason'),
  refundedAmount: money('refunded_amount').notNull().default(0),
  refundedAt: ts('refunded_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const storageOrderAttempts = pgTable('storage_order_attempts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  provider: text('provider').notNull(),
  amount: money('amount').notNull(),
  /** pending < action_required < succeeded | declined < refunded: only forward. */
  status: text('status').notNull(),
  transactionId: text('transaction_id'),
  /** The idempotency key the payment was sent with: an unanswered one is looked up by it (and the order no.). */
  providerKey: text('provider_key'),
  reason: text('reason'),
  cardLast4: text('card_last4'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const storageOrderRefunds = pgTable('storage_order_refunds', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  amount: money('amount').notNull(),
  full: boolean('full').notNull(),
  providerRefundId: text('provider_refund_id'),
  reason: text('reason').notNull().default(''),
  byUserId: integer('by_user_id'),
  byName: text('by_name').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const paymentEvents = pgTable('payment_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  provider: text('provider').notNull(),
  /** The payee account the webhook came for (its company id). */
  account: text('account').notNull(),
  eventId: text('event_id').notNull(),
  type: text('type').notNull(),
  transactionId: text('transaction_id').notNull(),
  orderId: bigint('order_id', { mode: 'number' }),
  /** received, applied, ignored (nothing to change), revived, refunded (a payment after cancellation). */
  outcome: text('outcome').notNull().default('received'),
  payload: jsonb('payload').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
  processedAt: ts('processed_at'),
});

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    resultRef: text('result_ref'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key], name: 'idempotency_keys_pk' })],
);
