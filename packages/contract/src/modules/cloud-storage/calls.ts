/**
 * Cloud storage goods (issue 12, first half): the supplier's plans, goods built on a plan by partners
 * and distributors, the supplier's review and the shelf, and the seller's payee accounts. Orders,
 * checkout and the app-facing goods calls come with the order half.
 */
import { z } from 'zod';
import { defineCall } from '../../shared/define-call';
import { RATE_LIMITS } from '../../shared/rate-limits';
import { localeSchema, pageOf, pageQuerySchema } from '../../shared/entities';
import type { SharedValidationName } from '../../shared/messages';
import { idSchema, validationKeyOf } from '../../shared/validators';
import {
  CAMERA_PACKAGE_DAYS,
  DETAIL_IMAGES_MAX,
  GOODS_CODE_MAX,
  GOODS_HTML_MAX,
  GOODS_NAME_MAX,
  GOODS_REASON_MAX,
  GOODS_STOCK_MAX,
  PAYMENT_PLATFORMS,
  APPLE_PAY_ASSOCIATION_MAX,
  PAYMENT_PROVIDERS,
  PRICE_MINOR_MAX,
  STORAGE_DURATION_UNITS,
  STORAGE_NEAR_EXPIRY_DAYS_MAX,
  STORAGE_NEAR_EXPIRY_DAYS_MIN,
  STORAGE_PAY_MINUTES_MAX,
  STORAGE_PAY_MINUTES_MIN,
} from './constants';
import type { CloudStorageValidationName } from './messages';
import { goodsActionSchema, goodsStateSchema } from './states';

const vk = validationKeyOf<SharedValidationName>();
const cvk = validationKeyOf<CloudStorageValidationName>();

const STORAGE = { anyOf: ['dealer_storage_qry', 'dealer_storage_mgr'] } as const;
const STORAGE_MGR = { anyOf: ['dealer_storage_mgr'] } as const;
const SUPPLIER_MGR = { anyOf: ['dealer_storage_mgr'], supplierOnly: true } as const;
const SETTING = { anyOf: ['dealer_cldstorage_setting_qry', 'dealer_cldstorage_setting_mgr'] } as const;
const SETTING_MGR = { anyOf: ['dealer_cldstorage_setting_mgr'] } as const;

/** An amount in minor units (cents, USD). */
export const minorPriceSchema = z.number().int().min(0).max(PRICE_MINOR_MAX);

// ---------------------------------------------------------------------------------------------
// Plans
// ---------------------------------------------------------------------------------------------

export const storageUnitSchema = z.enum(STORAGE_DURATION_UNITS);
export type StorageUnit = z.infer<typeof storageUnitSchema>;
export const serviceDaysSchema = z.union(CAMERA_PACKAGE_DAYS.map((d) => z.literal(d)) as [z.ZodLiteral<30>, ...z.ZodLiteral<number>[]]);

const planFieldsBase = z
  .object({
    name: z.string().trim().min(1).max(GOODS_NAME_MAX),
    /** How long recordings are kept: `storageValue` days, months or years. */
    storageValue: z.number().int().min(1).max(3650),
    storageUnit: storageUnitSchema,
    /** How long the plan runs once started. */
    serviceDays: serviceDaysSchema,
    costPrice: minorPriceSchema,
    guidePrice: minorPriceSchema,
  })
  .strict();
const guideAtLeastCost = { error: cvk('guidePriceBelowCost'), path: ['guidePrice'] };
export const planFieldsSchema = planFieldsBase.refine((p) => p.guidePrice >= p.costPrice, guideAtLeastCost);

export const PLAN_ABILITIES = ['edit', 'disable', 'enable'] as const;
export const planAbilitySchema = z.enum(PLAN_ABILITIES);
export type PlanAbility = z.infer<typeof planAbilitySchema>;

export const storagePlanSchema = z.object({
  planId: idSchema,
  name: z.string(),
  storageValue: z.number().int(),
  storageUnit: storageUnitSchema,
  serviceDays: z.number().int(),
  /** null unless the caller is the supplier or a partner's owner. */
  costPrice: z.number().int().nullable(),
  guidePrice: z.number().int(),
  enabled: z.boolean(),
  goodsCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  actions: z.array(planAbilitySchema),
});
export type StoragePlan = z.infer<typeof storagePlanSchema>;

// ---------------------------------------------------------------------------------------------
// Goods
// ---------------------------------------------------------------------------------------------

/** Rich text (cleaned by the server) and detail images of one language. */
export const goodsContentSchema = z.object({
  graphic: z.string().max(GOODS_HTML_MAX),
  terms: z.string().max(GOODS_HTML_MAX),
  /** Uploaded `goodsDetail` files, 600-820 px wide. */
  detailImageIds: z.array(idSchema).max(DETAIL_IMAGES_MAX),
});
export type GoodsContent = z.infer<typeof goodsContentSchema>;

export const goodsContentsSchema = z
  .object({ 'en-US': goodsContentSchema, 'zh-CN': goodsContentSchema.optional() })
  .refine((c) => c['en-US'].graphic.trim() !== '' || c['en-US'].detailImageIds.length > 0, {
    error: vk('descriptionRequired'),
    path: ['en-US', 'graphic'],
  });

export const goodsPriceStockSchema = z.object({
  androidPrice: minorPriceSchema,
  iosPrice: minorPriceSchema,
  /** null: unlimited. */
  stock: z.number().int().min(0).max(GOODS_STOCK_MAX).nullable(),
});

export const goodsFieldsSchema = goodsPriceStockSchema.extend({
  name: z.string().trim().min(1).max(GOODS_NAME_MAX),
  goodsCode: z
    .string()
    .trim()
    .min(1)
    .max(GOODS_CODE_MAX)
    .regex(/^[A-Za-z0-9_-]+$/),
  planId: idSchema,
  /** End of sale (epoch ms); null: no end. */
  saleUntil: z.number().int().positive().nullable(),
  areaId: idSchema,
  coverFileId: idSchema,
  contents: goodsContentsSchema,
});

export const GOODS_ABILITIES = [
  'edit',
  'editPriceStock',
  'submitReview',
  'withdrawReview',
  'approve',
  'reject',
  'delist',
  'list',
  'revise',
  'supplierDelist',
] as const;
export const goodsAbilitySchema = z.enum(GOODS_ABILITIES);
export type GoodsAbility = z.infer<typeof goodsAbilitySchema>;

export const goodsChangeSchema = z.object({ field: z.string(), before: z.string().nullable(), after: z.string().nullable() });
export type GoodsChange = z.infer<typeof goodsChangeSchema>;

const contentOutSchema = z.object({
  graphic: z.string(),
  terms: z.string(),
  detailImages: z.array(z.object({ fileId: z.number().int(), url: z.string(), width: z.number().int(), height: z.number().int() })),
});

export const storageGoodsSchema = z.object({
  goodsId: idSchema,
  goodsCode: z.string(),
  name: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  planId: z.number().int(),
  planName: z.string(),
  storageValue: z.number().int(),
  storageUnit: storageUnitSchema,
  serviceDays: z.number().int(),
  androidPrice: z.number().int(),
  iosPrice: z.number().int(),
  guidePrice: z.number().int(),
  /** null unless the caller is the supplier or a partner's owner. */
  costPrice: z.number().int().nullable(),
  currency: z.string(),
  stock: z.number().int().nullable(),
  free: z.boolean(),
  saleUntil: z.number().int().nullable(),
  areaId: z.number().int(),
  areaName: z.string(),
  coverFileId: z.number().int(),
  coverUrl: z.string(),
  status: goodsStateSchema,
  /** The supplier's reason of a rejection or delisting, shown to the seller. */
  statusReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  actions: z.array(goodsAbilitySchema),
});
export type StorageGoods = z.infer<typeof storageGoodsSchema>;

export const storageGoodsDetailSchema = storageGoodsSchema.extend({
  contents: z.object({ 'en-US': contentOutSchema, 'zh-CN': contentOutSchema.nullable() }),
  /** What changed since the last approval (empty when never approved). */
  changes: z.array(goodsChangeSchema),
  everApproved: z.boolean(),
  priceHistory: z.array(z.object({ androidPrice: z.number().int(), iosPrice: z.number().int(), at: z.string(), by: z.string() })),
});
export type StorageGoodsDetail = z.infer<typeof storageGoodsDetailSchema>;

/** The module's own actions (storage/abilities): goods and purchases, the supplier's review and plans, reading the order settings. */
export const CLOUD_STORAGE_ACTIONS = ['createGoods', 'internalPurchase', 'review', 'managePlans', 'readOrderSettings'] as const;
export const cloudStorageActionSchema = z.enum(CLOUD_STORAGE_ACTIONS);
export type CloudStorageAction = z.infer<typeof cloudStorageActionSchema>;

const goodsIdData = z.object({ goodsId: idSchema }).strict();

// ---------------------------------------------------------------------------------------------
// Payees
// ---------------------------------------------------------------------------------------------

export const paymentProviderSchema = z.enum(PAYMENT_PROVIDERS);
export type PaymentProvider = z.infer<typeof paymentProviderSchema>;
export const paymentPlatformSchema = z.enum(PAYMENT_PLATFORMS);
export type PaymentPlatform = z.infer<typeof paymentPlatformSchema>;
export const payeeModeSchema = z.enum(['test', 'live']);

export const PAYEE_ABILITIES = ['configure', 'test', 'remove'] as const;
export const payeeAbilitySchema = z.enum(PAYEE_ABILITIES);
export type PayeeAbility = z.infer<typeof payeeAbilitySchema>;

export const payeeAccountSchema = z.object({
  provider: paymentProviderSchema,
  /** The provider is usable on this server (not turned off by config). */
  available: z.boolean(),
  status: z.enum(['not_configured', 'configured']),
  mode: payeeModeSchema.nullable(),
  accountId: z.string().nullable(),
  /** The secret key is never answered: its last 4 characters only. */
  secretLast4: z.string().nullable(),
  /** What checks its webhooks (Stripe signing secret, PayPal webhook ID, Adyen HMAC key): last 4 only. */
  webhookSecretLast4: z.string().nullable(),
  /** Stripe's publishable key (pk_…), given to the checkout page's Stripe.js; not a secret. */
  publicKey: z.string().nullable(),
  /** Stripe: an Apple Pay domain association file is kept (served on the seller's domains). */
  applePayAssociation: z.boolean(),
  verifiedAt: z.string().nullable(),
  /** Paste this into the provider's dashboard. */
  webhookUrl: z.string(),
  defaultFor: z.array(paymentPlatformSchema),
  actions: z.array(payeeAbilitySchema),
});
export type PayeeAccount = z.infer<typeof payeeAccountSchema>;

// ---------------------------------------------------------------------------------------------
// Order settings (per seller company)
// ---------------------------------------------------------------------------------------------

export const STORAGE_SETTING_ABILITIES = ['save'] as const;
export const storageSettingAbilitySchema = z.enum(STORAGE_SETTING_ABILITIES);

const payMinutesSchema = z
  .number()
  .int({ error: cvk('payMinutesRange') })
  .min(STORAGE_PAY_MINUTES_MIN, { error: cvk('payMinutesRange') })
  .max(STORAGE_PAY_MINUTES_MAX, { error: cvk('payMinutesRange') });
const nearExpiryDaysSchema = z
  .number()
  .int({ error: cvk('nearExpiryDaysRange') })
  .min(STORAGE_NEAR_EXPIRY_DAYS_MIN, { error: cvk('nearExpiryDaysRange') })
  .max(STORAGE_NEAR_EXPIRY_DAYS_MAX, { error: cvk('nearExpiryDaysRange') });

export const storageSettingsFieldsSchema = z.object({
  /** Minutes an unpaid order of the seller's goods keeps its stock unit (and its checkout link works). */
  payMinutes: payMinutesSchema,
  /** The last days of a running plan of the seller's goods shown (and filtered) as near expiry. */
  nearExpiryDays: nearExpiryDaysSchema,
});
export type StorageSettingsFields = z.infer<typeof storageSettingsFieldsSchema>;

export const storageSettingsSchema = storageSettingsFieldsSchema.extend({
  /** When the company last saved them; null: never, the defaults apply. */
  updatedAt: z.string().nullable(),
  actions: z.array(storageSettingAbilitySchema),
});
export type StorageSettings = z.infer<typeof storageSettingsSchema>;

export const storageCalls = {
  abilities: defineCall({
    path: 'storage/abilities',
    // Any signed-in user: the cloud storage page opens with a storage or a setting code, and each
    // action answers its own codes (a holder of setting codes only gets readOrderSettings).
    auth: 'session',
    write: false,
    summary: "The caller's own cloud storage actions (create goods; the supplier's review and plans; read the order settings).",
    data: z.object({}).strict(),
    result: z.object({ actions: z.array(cloudStorageActionSchema) }),
  }),
  planList: defineCall({
    path: 'storage/plan/list',
    auth: STORAGE,
    write: false,
    summary: 'Plans: the supplier sees every plan, sellers the enabled ones; cost only for the supplier and owners.',
    data: pageQuerySchema.extend({ enabled: z.boolean().optional() }).strict(),
    result: pageOf(storagePlanSchema),
  }),
  planCreate: defineCall({
    path: 'storage/plan/create',
    auth: SUPPLIER_MGR,
    write: true,
    summary: 'The supplier creates a plan (storage cycle, service period, cost and guide price).',
    data: planFieldsSchema,
    result: storagePlanSchema,
  }),
  planUpdate: defineCall({
    path: 'storage/plan/update',
    auth: SUPPLIER_MGR,
    write: true,
    summary: 'The supplier edits a plan; existing goods keep the prices they were built with.',
    data: planFieldsBase
      .extend({ planId: idSchema })
      .strict()
      .refine((p) => p.guidePrice >= p.costPrice, guideAtLeastCost),
    result: storagePlanSchema,
  }),
  planOperate: defineCall({
    path: 'storage/plan/operate',
    auth: SUPPLIER_MGR,
    write: true,
    summary: 'The supplier disables a plan (no new goods on it) or enables it again.',
    data: z.object({ planId: idSchema, action: z.enum(['disable', 'enable']) }).strict(),
    result: storagePlanSchema,
  }),
  goodsList: defineCall({
    path: 'storage/goods/list',
    auth: STORAGE,
    write: false,
    summary: "Goods of the caller's subtree (a distributor: its own), filtered by state and text, newest first.",
    data: pageQuerySchema
      .extend({
        status: goodsStateSchema.optional(),
        searchText: z.string().trim().max(64).optional(),
        areaId: idSchema.optional(),
      })
      .strict(),
    result: pageOf(storageGoodsSchema),
  }),
  goodsGet: defineCall({
    path: 'storage/goods/get',
    auth: STORAGE,
    write: false,
    summary: 'One goods item with its contents per language, price history and changes since the last approval.',
    data: goodsIdData.extend({ locale: localeSchema.optional() }).strict(),
    result: storageGoodsDetailSchema,
  }),
  goodsCreate: defineCall({
    path: 'storage/goods/create',
    auth: STORAGE_MGR,
    write: true,
    summary: "Creates goods of the caller's company on an enabled plan, pending listing.",
    data: goodsFieldsSchema.strict(),
    result: storageGoodsDetailSchema,
  }),
  goodsUpdate: defineCall({
    path: 'storage/goods/update',
    auth: STORAGE_MGR,
    write: true,
    summary: 'Edits goods that are not on the shelf nor under review (pending listing, review failed, supplier delisted).',
    data: goodsFieldsSchema.extend({ goodsId: idSchema }).strict(),
    result: storageGoodsDetailSchema,
  }),
  goodsPriceStock: defineCall({
    path: 'storage/goods/price-stock',
    auth: STORAGE_MGR,
    write: true,
    summary: 'Changes the prices and stock of goods without review (also while listed); each price change is kept in the history.',
    data: goodsPriceStockSchema.extend({ goodsId: idSchema }).strict(),
    result: storageGoodsDetailSchema,
  }),
  goodsOperate: defineCall({
    path: 'storage/goods/operate',
    auth: STORAGE_MGR,
    write: true,
    summary: "The seller's moves: submit for review, withdraw, delist, list again, revise.",
    data: z
      .object({ goodsId: idSchema, action: goodsActionSchema.extract(['submitReview', 'withdrawReview', 'delist', 'list', 'revise']) })
      .strict(),
    result: storageGoodsSchema,
  }),
  goodsReview: defineCall({
    path: 'storage/goods/review',
    auth: SUPPLIER_MGR,
    write: true,
    summary: "The supplier's moves: approve, reject or delist, the latter two with a reason shown to the seller.",
    data: z
      .object({
        goodsId: idSchema,
        action: goodsActionSchema.extract(['approve', 'reject', 'supplierDelist']),
        reason: z.string().trim().max(GOODS_REASON_MAX).optional(),
      })
      .strict(),
    result: storageGoodsSchema,
  }),
  payeeList: defineCall({
    path: 'storage/payee/list',
    auth: SETTING,
    write: false,
    summary: "The caller's company's payee account per provider (secrets as last 4) and its default method per platform.",
    data: z.object({}).strict(),
    result: z.object({ accounts: z.array(payeeAccountSchema) }),
  }),
  payeeSave: defineCall({
    path: 'storage/payee/save',
    auth: SETTING_MGR,
    write: true,
    summary: "Configures a provider's account of the caller's company; the secret is kept encrypted, verification starts over.",
    remoteForbidden: true,
    data: z
      .object({
        provider: paymentProviderSchema,
        mode: payeeModeSchema,
        accountId: z.string().trim().min(1).max(128),
        /** Empty: keep the stored secret. */
        secret: z.string().trim().max(512),
        /**
         * What checks the account's webhooks: Stripe's signing secret (whsec_…), PayPal's webhook ID,
         * Adyen's HMAC key (hex). Absent or empty: keep the stored one. Not used by the sandbox.
         */
        webhookSecret: z.string().trim().max(512).optional(),
        /** Stripe only: the publishable key (pk_test_… / pk_live_…) the checkout page needs. Absent: keep; empty: remove. */
        publicKey: z
          .string()
          .trim()
          .regex(/^(pk_(test|live)_[A-Za-z0-9]{10,247})?$/)
          .optional(),
        /**
         * Stripe only: the Apple Pay domain association file's text, served at
         * /.well-known/apple-developer-merchantid-domain-association on the seller's domains.
         * Absent: keep; empty: remove.
         */
        applePayAssociation: z.string().trim().max(APPLE_PAY_ASSOCIATION_MAX).optional(),
      })
      .strict(),
    result: payeeAccountSchema,
  }),
  payeeTest: defineCall({
    path: 'storage/payee/test',
    auth: SETTING_MGR,
    write: true,
    summary: "Tests the connection with the provider's account and records when it was verified (23027 when it fails).",
    rateLimit: RATE_LIMITS.credentialCheck,
    data: z.object({ provider: paymentProviderSchema }).strict(),
    result: payeeAccountSchema,
  }),
  payeeRemove: defineCall({
    path: 'storage/payee/remove',
    auth: SETTING_MGR,
    write: true,
    summary: "Removes a provider's account (and its secret) from the caller's company.",
    data: z.object({ provider: paymentProviderSchema }).strict(),
    result: payeeAccountSchema,
  }),
  payeeDefault: defineCall({
    path: 'storage/payee/default',
    auth: SETTING_MGR,
    write: true,
    summary: 'Sets the default payment method of a platform to a configured provider.',
    data: z.object({ platform: paymentPlatformSchema, provider: paymentProviderSchema }).strict(),
    result: z.object({ accounts: z.array(payeeAccountSchema) }),
  }),
  settingGet: defineCall({
    path: 'storage/setting/get',
    auth: SETTING,
    write: false,
    summary: "The caller's company's order settings as a seller: payment window (minutes) and near-expiry days (the defaults until saved).",
    data: z.object({}).strict(),
    result: storageSettingsSchema,
  }),
  settingSave: defineCall({
    path: 'storage/setting/save',
    auth: SETTING_MGR,
    write: true,
    summary:
      "Saves the caller's company's order settings: the payment window of new unpaid orders (5-120 minutes) and the near-expiry days of its plans (1-30).",
    data: storageSettingsFieldsSchema.strict(),
    result: storageSettingsSchema,
  }),
};
