/**
 * Cloud storage orders (issue 12, order half): the portal's order screens (list, detail, refund,
 * overview, internal purchase) and the app-facing goods and order calls of an end user (DOMAIN §5).
 * Amounts are minor units (cents, USD). A paid order's state is derived from its service period
 * and the time (states.ts `storageOrderViewState`).
 */
import { z } from 'zod';
import { defineCall } from '../../shared/define-call';
import { QUERY_RANGE_MAX_DAYS } from '../../shared/constants';
import { cappedPageOf, localeSchema, pageOf, pageQuerySchema } from '../../shared/entities';
import { dateRangeError, epochMsSchema, idSchema } from '../../shared/validators';
import { snSchema } from '../cloud-upgrade';
import { paymentPlatformSchema, paymentProviderSchema, storageUnitSchema } from './calls';
import { GOODS_REASON_MAX } from './constants';
import { storageOrderStateSchema, storageOrderViewStateSchema } from './states';

const STORAGE = { anyOf: ['dealer_storage_qry', 'dealer_storage_mgr'] } as const;
const STORAGE_MGR = { anyOf: ['dealer_storage_mgr'] } as const;

/** Minutes an unpaid order keeps its stock unit before it is cancelled, unless its seller's settings say otherwise (storage/setting). */
export const STORAGE_ORDER_PAY_MINUTES = 30;
/** Days an order export may span. */
export const STORAGE_ORDER_EXPORT_DAYS = 90;
export const ORDER_PLATFORMS = ['android', 'ios', 'web', 'internal'] as const;
export const orderPlatformSchema = z.enum(ORDER_PLATFORMS);
export type OrderPlatform = z.infer<typeof orderPlatformSchema>;

/** A client's idempotency key: the same key with the same body answers the first result; another body: 23026. */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/);

/** A sandbox test card number (digits and spaces). */
export const testCardSchema = z
  .string()
  .trim()
  .regex(/^[0-9 ]{12,23}$/);

export const ORDER_ABILITIES = ['refund'] as const;
export const orderAbilitySchema = z.enum(ORDER_ABILITIES);

export const storageOrderSchema = z.object({
  orderId: idSchema,
  orderNo: z.string(),
  transactionId: z.string().nullable(),
  provider: paymentProviderSchema.nullable(),
  platform: orderPlatformSchema,
  amount: z.number().int(),
  currency: z.string(),
  refundedAmount: z.number().int(),
  /** Stored state; `viewState` splits `paid` by the period and the time. */
  state: storageOrderStateSchema,
  viewState: storageOrderViewStateSchema,
  deviceId: idSchema,
  sn: z.string(),
  endUserEmail: z.string().nullable(),
  companyId: idSchema,
  companyName: z.string(),
  goodsId: idSchema,
  goodsName: z.string(),
  goodsCode: z.string(),
  serviceDays: z.number().int(),
  storageValue: z.number().int(),
  storageUnit: storageUnitSchema,
  /** null unless the caller is the supplier or a partner's owner. */
  costPrice: z.number().int().nullable(),
  periodStart: epochMsSchema.nullable(),
  periodEnd: epochMsSchema.nullable(),
  payDeadline: epochMsSchema.nullable(),
  paidAt: epochMsSchema.nullable(),
  createdAt: epochMsSchema,
  actions: z.array(orderAbilitySchema),
});
export type StorageOrder = z.infer<typeof storageOrderSchema>;

export const paymentAttemptSchema = z.object({
  id: idSchema,
  provider: paymentProviderSchema,
  amount: z.number().int(),
  status: z.enum(['pending', 'action_required', 'succeeded', 'declined', 'refunded']),
  transactionId: z.string().nullable(),
  reason: z.string().nullable(),
  cardLast4: z.string().nullable(),
  createdAt: epochMsSchema,
  updatedAt: epochMsSchema,
});
export type PaymentAttempt = z.infer<typeof paymentAttemptSchema>;

export const paymentEventSchema = z.object({
  id: idSchema,
  provider: z.string(),
  eventId: z.string(),
  type: z.string(),
  outcome: z.string(),
  receivedAt: epochMsSchema,
});

export const orderRefundSchema = z.object({
  id: idSchema,
  amount: z.number().int(),
  full: z.boolean(),
  providerRefundId: z.string().nullable(),
  reason: z.string(),
  byName: z.string(),
  createdAt: epochMsSchema,
});

/** One plan on the device's timeline (its paid, not effective and refunded orders). */
export const planTimelineItemSchema = z.object({
  orderId: idSchema,
  orderNo: z.string(),
  goodsName: z.string(),
  viewState: storageOrderViewStateSchema,
  periodStart: epochMsSchema.nullable(),
  periodEnd: epochMsSchema.nullable(),
});

export const storageOrderDetailSchema = storageOrderSchema.extend({
  attempts: z.array(paymentAttemptSchema),
  events: z.array(paymentEventSchema),
  refunds: z.array(orderRefundSchema),
  timeline: z.array(planTimelineItemSchema),
  /** What a refund now would return (full before the start, prorated in use), 0 when none. */
  refundable: z.number().int(),
});
export type StorageOrderDetail = z.infer<typeof storageOrderDetailSchema>;

/** The order list's filters; `from`/`to` (creation time) span at most 31 days, checked here and so on the server. */
export const storageOrderFilterSchema = z.object({
  viewState: storageOrderViewStateSchema.optional(),
  platform: orderPlatformSchema.optional(),
  provider: paymentProviderSchema.optional(),
  sn: z.string().trim().max(64).optional(),
  email: z.string().trim().max(128).optional(),
  /** Order number or transaction id. */
  orderNo: z.string().trim().max(64).optional(),
  from: epochMsSchema,
  to: epochMsSchema,
});

const rangeWithin = (maxDays: number) => (d: { from: number; to: number }, ctx: z.RefinementCtx) => {
  const key = dateRangeError(d.from, d.to, maxDays);
  if (key) ctx.addIssue({ code: 'custom', message: key, path: ['to'] });
};

export const storageOrderListQuerySchema = pageQuerySchema
  .extend(storageOrderFilterSchema.shape)
  .strict()
  .superRefine(rangeWithin(QUERY_RANGE_MAX_DAYS));
export const storageOrderExportQuerySchema = storageOrderFilterSchema.strict().superRefine(rangeWithin(STORAGE_ORDER_EXPORT_DAYS));

export const storageOverviewSchema = z.object({
  /** Orders created in the window, by view state. */
  counts: z.record(storageOrderViewStateSchema, z.number().int()),
  orders: z.number().int(),
  /** Paid minus refunded, minor units, orders created in the window. */
  revenue: z.number().int(),
  /** Running plans in their last days now, over all time. */
  nearExpiry: z.number().int(),
  inUse: z.number().int(),
  /** Per day of the window: orders paid and revenue. */
  days: z.array(z.object({ day: z.string(), orders: z.number().int(), revenue: z.number().int() })),
});
export type StorageOverview = z.infer<typeof storageOverviewSchema>;

const orderIdData = z.strictObject({ orderId: idSchema });

export const storageOrderCalls = {
  orderList: defineCall({
    path: 'storage/order/list',
    auth: STORAGE,
    write: false,
    summary:
      "Orders of goods sold in the caller's subtree (a distributor: its own goods'), newest first, by derived state, platform, provider, SN, e-mail, order no. or transaction id; created within a range of at most 31 days.",
    data: storageOrderListQuerySchema,
    // Exact up to ORDER_LIST_TOTAL_CAP matches; `totalCapped` when there are more.
    result: cappedPageOf(storageOrderSchema),
  }),
  orderGet: defineCall({
    path: 'storage/order/get',
    auth: STORAGE,
    write: false,
    summary: "One order with its payment attempts, webhook events, refunds and the device's plan timeline.",
    data: orderIdData,
    result: storageOrderDetailSchema,
  }),
  orderRefund: defineCall({
    path: 'storage/order/refund',
    auth: STORAGE_MGR,
    write: true,
    summary:
      'Refunds a paid order through its provider: in full before its start (or when not effective), prorated by the unused days while in use; later queued plans of the device move up.',
    data: z.strictObject({ orderId: idSchema, reason: z.string().trim().max(GOODS_REASON_MAX), idempotencyKey: idempotencyKeySchema }),
    result: storageOrderDetailSchema,
  }),
  overview: defineCall({
    path: 'storage/order/overview',
    auth: STORAGE,
    write: false,
    summary: "Orders and revenue of the caller's subtree in a window (at most 31 days), and the plans near expiry now.",
    data: z.strictObject({ from: epochMsSchema, to: epochMsSchema }).superRefine(rangeWithin(QUERY_RANGE_MAX_DAYS)),
    result: storageOverviewSchema,
  }),
  orderExport: defineCall({
    path: 'storage/order/export',
    auth: STORAGE,
    write: false,
    summary: `A signed link (300 s, dies with the session) to an xlsx of the orders the list's filters find, created within at most ${STORAGE_ORDER_EXPORT_DAYS} days, streamed.`,
    data: storageOrderExportQuerySchema,
    result: z.object({ url: z.string(), rows: z.number().int() }),
  }),
  statement: defineCall({
    path: 'storage/order/statement',
    auth: STORAGE,
    write: false,
    summary:
      "A signed link (300 s) to the monthly statement (xlsx) of the caller's company's internal purchases of a month (UTC), at cost.",
    data: z.strictObject({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/) }),
    result: z.object({ url: z.string(), rows: z.number().int(), total: z.number().int() }),
  }),
  internalPurchase: defineCall({
    path: 'storage/order/internal-purchase',
    auth: STORAGE_MGR,
    write: true,
    summary:
      "A partner or distributor buys a plan of its own goods for a device it sold, by SN, for the device's end user, at cost on its account: created paid, starting now or unused (23017 unknown or foreign device, 23007 unbound). The same idempotency key answers the same order (another body: 23026).",
    data: z.strictObject({ goodsId: idSchema, sn: snSchema, startNow: z.boolean(), idempotencyKey: idempotencyKeySchema }),
    result: storageOrderSchema,
  }),
};

// ---------------------------------------------------------------------------------------------
// App-facing (DOMAIN §5): goods per device and platform, orders of the end user
// ---------------------------------------------------------------------------------------------

export const appGoodsSchema = z.object({
  goodsId: idSchema,
  goodsCode: z.string(),
  name: z.string(),
  price: z.number().int(),
  currency: z.string(),
  free: z.boolean(),
  storageValue: z.number().int(),
  storageUnit: storageUnitSchema,
  serviceDays: z.number().int(),
  graphic: z.string(),
  terms: z.string(),
  soldOut: z.boolean(),
});
export type AppGoods = z.infer<typeof appGoodsSchema>;

export const appOrderSchema = z.object({
  orderId: idSchema,
  orderNo: z.string(),
  deviceId: idSchema,
  sn: z.string(),
  goodsName: z.string(),
  platform: orderPlatformSchema,
  amount: z.number().int(),
  currency: z.string(),
  state: storageOrderStateSchema,
  viewState: storageOrderViewStateSchema,
  periodStart: epochMsSchema.nullable(),
  periodEnd: epochMsSchema.nullable(),
  payDeadline: epochMsSchema.nullable(),
  /** The last payment attempt's outcome (action_required: the card holder must confirm). */
  payment: z.enum(['none', 'pending', 'action_required', 'succeeded', 'declined', 'refunded']),
  /** The hosted checkout page of an unpaid order (within its payment window); null otherwise. */
  checkoutUrl: z.string().nullable(),
  createdAt: epochMsSchema,
});
export type AppOrder = z.infer<typeof appOrderSchema>;

const appPlatformSchema = paymentPlatformSchema;

export const storageAppCalls = {
  goodsList: defineCall({
    path: 'app-api/goods/list',
    auth: 'endUser',
    write: false,
    summary:
      "The brand's listed goods a bound device of the caller can buy on a platform, in a language (its price for the platform; a used free plan is left out).",
    data: z.strictObject({ deviceId: idSchema, platform: appPlatformSchema, locale: localeSchema.optional() }),
    result: z.object({ records: z.array(appGoodsSchema) }),
  }),
  orderCreate: defineCall({
    path: 'app-api/order/create',
    auth: 'endUser',
    write: true,
    summary:
      'Creates an unpaid order (one unit of stock taken, the seller’s payment window to pay: 30 minutes unless set) for a bound device, optionally paying at once (sandbox: a test card); the same idempotency key answers the same order.',
    data: z.strictObject({
      deviceId: idSchema,
      goodsId: idSchema,
      platform: appPlatformSchema,
      idempotencyKey: idempotencyKeySchema,
      /** Pay at once with this provider's test card (sandbox). */
      card: testCardSchema.optional(),
      /** Paid plans start after the device's last plan; `true` keeps it unused until activated. */
      activateLater: z.boolean().optional(),
    }),
    result: appOrderSchema,
  }),
  orderPay: defineCall({
    path: 'app-api/order/pay',
    auth: 'endUser',
    write: true,
    summary:
      'Pays an unpaid order of the caller (23025 declined, 23024 paid or cancelled already); the same idempotency key never pays twice.',
    data: z.strictObject({
      orderId: idSchema,
      idempotencyKey: idempotencyKeySchema,
      card: testCardSchema.optional(),
      activateLater: z.boolean().optional(),
    }),
    result: appOrderSchema,
  }),
  orderCancel: defineCall({
    path: 'app-api/order/cancel',
    auth: 'endUser',
    write: true,
    summary: 'Cancels an unpaid order of the caller; its stock unit goes back (23024 when paid or cancelled already).',
    data: orderIdData,
    result: appOrderSchema,
  }),
  orderActivate: defineCall({
    path: 'app-api/order/activate',
    auth: 'endUser',
    write: true,
    summary: "Starts an unused plan of the caller: after the device's last plan (now when none runs).",
    data: orderIdData,
    result: appOrderSchema,
  }),
  orderList: defineCall({
    path: 'app-api/order/list',
    auth: 'endUser',
    write: false,
    summary: "The caller's orders, newest first, optionally of one device or derived state.",
    data: pageQuerySchema.extend({ deviceId: idSchema.optional(), viewState: storageOrderViewStateSchema.optional() }).strict(),
    result: pageOf(appOrderSchema),
  }),
  orderGet: defineCall({
    path: 'app-api/order/get',
    auth: 'endUser',
    write: false,
    summary: "One of the caller's orders.",
    data: orderIdData,
    result: appOrderSchema,
  }),
};
