/**
 * Insight (issue 15): data statistics (Overview, By customer, By version), the device-health list a
 * chart opens, and Home's one summary call. Every figure comes from the rollups; days are cut in the
 * caller's company's reporting time zone, which each answer names with the rollup's last update.
 */
import { z } from 'zod';
import { defineCall } from '../../shared/define-call';
import { pageOf, pageQuerySchema } from '../../shared/entities';
import { countryCodeSchema, idSchema, queryRangeSchema } from '../../shared/validators';
import { productTypeSchema } from '../cloud-upgrade';
import { DEVICE_EVENT_KINDS, OPLOG_RESULTS } from './constants';

const textFilter = z.string().trim().min(1).max(64);

/** The filters every statistics screen keeps in its URL. */
export const statsFilterFields = {
  productType: productTypeSchema.optional(),
  model: textFilter.optional(),
  version: textFilter.optional(),
  country: countryCodeSchema.optional(),
  /** A downstream company in the caller's subtree (the supplier: a brand): its devices only. */
  customerId: idSchema.optional(),
};
export const statsQuerySchema = z.object({ range: queryRangeSchema, ...statsFilterFields });
export type StatsQuery = z.input<typeof statsQuerySchema>;

/** `YYYY-MM-DD` in the reporting time zone. */
const daySchema = z.string();

const statsMetaFields = {
  /** The IANA zone the days are cut in (the caller's company's reporting time zone). */
  timeZone: z.string(),
  /** When the rollup last caught up (epoch ms), null before its first run. */
  updatedAt: z.number().nullable(),
  days: z.array(daySchema),
};

/** Figures of a period: devices (at its last sample), online rate (over every sample), events summed. */
export const statsFiguresSchema = z.object({
  devices: z.number().int(),
  online: z.number().int(),
  /** Online share over every sample of the period, 0..1; null without samples. */
  onlineRate: z.number().nullable(),
  activations: z.number().int(),
  upgradeSuccess: z.number().int(),
  upgradeFailed: z.number().int(),
});
export type StatsFigures = z.infer<typeof statsFiguresSchema>;

/**
 * The app side of a period (stats_daily_app): end users and storage plan sales. End users are
 * counted by brand (an app call names no device), so a device or customer filter answers null.
 */
export const statsAppFiguresSchema = z.object({
  /** Daily active end users, averaged over the period's days (one decimal); null under a device or customer filter. */
  activeEndUsers: z.number().nullable(),
  /** Storage plan orders that became paid, and their amount (minor units, like every price); only with a storage code. */
  sales: z.object({ orders: z.number().int(), amount: z.number().int() }).optional(),
});
export type StatsAppFigures = z.infer<typeof statsAppFiguresSchema>;

export const statsOverviewSchema = z.object({
  ...statsMetaFields,
  current: statsFiguresSchema,
  /** The same length of time just before (the cards' deltas). */
  previous: statsFiguresSchema,
  trend: z.array(statsFiguresSchema.extend({ day: daySchema })),
  versions: z.array(z.object({ version: z.string(), devices: z.number().int() })),
  /** Top 10 countries by devices, then 'OTHERS' for the rest ('' is unknown). */
  countries: z.array(z.object({ country: z.string(), devices: z.number().int() })),
  customers: z.array(z.object({ companyId: idSchema, name: z.string(), devices: z.number().int() })),
  /** End users and sales: the period, the one before, and per day (sales fields only with a storage code). */
  app: z.object({
    current: statsAppFiguresSchema,
    previous: statsAppFiguresSchema,
    trend: z.array(
      z.object({
        day: daySchema,
        activeEndUsers: z.number().int().nullable(),
        ordersPaid: z.number().int().optional(),
        salesAmount: z.number().int().optional(),
      }),
    ),
  }),
});
export type StatsOverview = z.infer<typeof statsOverviewSchema>;

export const statsByCustomerSchema = z.object({
  ...statsMetaFields,
  /** From the caller's company down to the company whose customers are listed. */
  path: z.array(z.object({ companyId: idSchema, name: z.string() })),
  rows: z.array(
    statsFiguresSchema.extend({
      /** null: devices of the listed company itself, attributed to no customer below it. */
      companyId: idSchema.nullable(),
      name: z.string(),
      hasChildren: z.boolean(),
    }),
  ),
});
export type StatsByCustomer = z.infer<typeof statsByCustomerSchema>;

export const statsByVersionSchema = z.object({
  ...statsMetaFields,
  /** Devices per version on each day (at the day's last sample). */
  share: z.array(z.object({ day: daySchema, version: z.string(), devices: z.number().int() })),
  versions: z.array(statsFiguresSchema.extend({ version: z.string() })),
});
export type StatsByVersion = z.infer<typeof statsByVersionSchema>;

export const statsOptionsSchema = z.object({
  productTypes: z.array(z.string()),
  models: z.array(z.string()),
  versions: z.array(z.string()),
  countries: z.array(z.string()),
  customers: z.array(z.object({ companyId: idSchema, name: z.string() })),
  timeZone: z.string(),
});
export type StatsOptions = z.infer<typeof statsOptionsSchema>;

export const HEALTH_STATES = ['online', 'offline'] as const;
export const healthStateSchema = z.enum(HEALTH_STATES);

export const deviceHealthSchema = z.object({
  id: idSchema,
  sn: z.string(),
  productType: z.string(),
  model: z.string(),
  version: z.string(),
  country: z.string(),
  customerName: z.string(),
  online: z.boolean(),
  lastSeenAt: z.number().nullable(),
  /** Upgrade failures in the last 30 days. */
  failures: z.number().int(),
  /** Offline events in the last 24 hours. */
  offlines24h: z.number().int(),
  flapping: z.boolean(),
});
export type DeviceHealth = z.infer<typeof deviceHealthSchema>;

/** One event of a device's history. */
export const deviceEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DEVICE_EVENT_KINDS),
  at: z.number(),
  /** An upgrade failure's code ('' otherwise). */
  code: z.string(),
  /** A version change's previous version ('' otherwise). */
  fromVersion: z.string(),
  /** The device's version when the event was written. */
  version: z.string(),
  taskId: z.number().int().nullable(),
});
export type DeviceEvent = z.infer<typeof deviceEventSchema>;

/** A release task the device is or was in (the device page's tasks), newest first. */
export const deviceTaskSchema = z.object({
  taskId: idSchema,
  versionName: z.string(),
  releaseType: z.string(),
  taskStatus: z.string(),
  /** The device's state in the task (TASK_DEVICE_STATES). */
  state: z.string(),
  fromVersion: z.string(),
  errorCode: z.string().nullable(),
  updatedAt: z.number().nullable(),
});
export type DeviceTask = z.infer<typeof deviceTaskSchema>;

export const deviceHistorySchema = z.object({
  device: deviceHealthSchema,
  events: z.array(deviceEventSchema),
  /** Its release tasks, newest first (at most DEVICE_HISTORY_TASKS). */
  tasks: z.array(deviceTaskSchema),
  /** The end user it is bound to, e-mail masked (maskEmail); null when unbound. */
  endUser: z.object({ account: z.string(), boundAt: z.number().nullable() }).nullable(),
});
export type DeviceHistory = z.infer<typeof deviceHistorySchema>;

/** A device's page lists at most this many of its tasks. */
export const DEVICE_HISTORY_TASKS = 20;

const optionalText = textFilter.optional();

/** The failure-code Pareto (usage and diagnostics): upgrade failures of a range, from the failure rollup. */
export const failureParetoQuerySchema = z.strictObject({
  range: queryRangeSchema,
  productType: productTypeSchema.optional(),
  model: optionalText,
  /** The version the devices failed on (the one they had). */
  fromVersion: optionalText,
  /** The version the task was taking them to. */
  toVersion: optionalText,
  customerId: idSchema.optional(),
});
export type FailureParetoQuery = z.input<typeof failureParetoQuerySchema>;

export const failureParetoSchema = z.object({
  timeZone: z.string(),
  /** When the failure rollup last caught up (epoch ms), null before its first run. */
  updatedAt: z.number().nullable(),
  total: z.number().int(),
  /** Codes by failures, most first; `cumulative` is the running share 0..1 (the Pareto line). */
  codes: z.array(z.object({ code: z.string(), failures: z.number().int(), cumulative: z.number() })),
  models: z.array(z.object({ model: z.string(), failures: z.number().int() })),
  /** From-to version pairs by failures, most first (at most 20). */
  versions: z.array(z.object({ fromVersion: z.string(), toVersion: z.string(), failures: z.number().int() })),
});
export type FailurePareto = z.infer<typeof failureParetoSchema>;

/** End-user activity (usage): active end users (any app call) by day, and over the range by platform and app version. */
export const endUserActivityQuerySchema = z.strictObject({
  range: queryRangeSchema,
  platform: z.string().trim().min(1).max(16).optional(),
  appVersion: optionalText,
});
export type EndUserActivityQuery = z.input<typeof endUserActivityQuerySchema>;

export const endUserActivitySchema = z.object({
  timeZone: z.string(),
  days: z.array(daySchema),
  /** Daily active end users per day of the range. */
  daily: z.array(z.object({ day: daySchema, active: z.number().int() })),
  /** Distinct end users active in the range. */
  rangeActive: z.number().int(),
  /** Monthly active: distinct end users in the 30 days up to the range's end. */
  monthlyActive: z.number().int(),
  platforms: z.array(z.object({ platform: z.string(), active: z.number().int() })),
  /** At most 20, most active first. */
  appVersions: z.array(z.object({ platform: z.string(), appVersion: z.string(), active: z.number().int() })),
});
export type EndUserActivity = z.infer<typeof endUserActivitySchema>;

/** Diagnostics reads (usage and diagnostics analysis): SPEC §6's remote maintenance data. */
const diagnosticsAuth = { anyOf: ['rmr_qry'] } as const;

/** The health list's offline filter: devices not seen for at least this many days (never seen included). */
export const OFFLINE_DAYS = [1, 7, 30] as const;
export const offlineDaysSchema = z.union([z.literal(1), z.literal(7), z.literal(30)]);

export const healthQuerySchema = pageQuerySchema.extend({
  ...statsFilterFields,
  state: healthStateSchema.optional(),
  offlineDays: offlineDaysSchema.optional(),
});

const sparkPoint = z.object({ day: daySchema, devices: z.number().int(), onlineRate: z.number().nullable() });

/** Home's cards; each present only when the caller holds its code. */
export const homeSummarySchema = z.object({
  timeZone: z.string(),
  updatedAt: z.number().nullable(),
  devices: z.object({ total: z.number().int(), onlineRate: z.number().nullable(), sparkline: z.array(sparkPoint) }).optional(),
  activations: z.object({ thisWeek: z.number().int(), lastWeek: z.number().int() }).optional(),
  upgrade: z.object({ success: z.number().int(), failed: z.number().int() }).optional(),
  tasks: z.object({ inRelease: z.number().int(), paused: z.number().int() }).optional(),
  /** Storage plan sales of the last 7 days and the 7 before (a storage code). */
  sales: z.object({ orders: z.number().int(), amount: z.number().int(), lastWeekAmount: z.number().int() }).optional(),
  registrations: z.object({ awaiting: z.number().int() }).optional(),
  users: z.object({ locked: z.number().int() }).optional(),
  attention: z
    .object({
      pausedByGate: z.number().int(),
      failedSync: z.number().int(),
      failedTwice: z.number().int(),
      /** Points the online rate fell from last week (>= 5 is shown), null without data. */
      onlineRateDrop: z.number().nullable(),
      /** Device logs uploaded in the last 7 days (asked for or not), to read. */
      logsUploaded: z.number().int(),
    })
    .optional(),
});
export type HomeSummary = z.infer<typeof homeSummarySchema>;

const statsAuth = { anyOf: ['dealer_device_qry', 'dealer_device_mgr'] } as const;

export const operationLogSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorUserId: z.number().int().nullable(),
  actorName: z.string(),
  onBehalfOfUserId: z.number().int().nullable(),
  /** The account's user a superior acted for under remote access. */
  onBehalfOfName: z.string().nullable(),
  /** The target company (the row's company). */
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  module: z.string(),
  action: z.string(),
  result: z.enum(OPLOG_RESULTS),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  requestId: z.string(),
  ip: z.string(),
  /** The typed action (AUDIT_ACTIONS); null for a row written before codes whose action has no entry. */
  code: z.string().nullable(),
  /** The target's display name when the row was written. */
  targetName: z.string().nullable(),
  /** The sentence's parameters (`op`: the move of an operate call). */
  params: z.record(z.string(), z.unknown()).nullable(),
  /** The fields the write changed (AuditFieldChange); secrets only as changed. */
  diff: z
    .array(
      z.object({ field: z.string(), before: z.unknown().optional(), after: z.unknown().optional(), secret: z.literal(true).optional() }),
    )
    .nullable(),
  /** The call's request data, secrets replaced (cut to a summary when large). */
  request: z.unknown().nullable(),
});
export type OperationLog = z.infer<typeof operationLogSchema>;

const oplogText = z.string().trim().min(1).max(100);

/** Operation-log search: a range of at most 31 days and optional filters; newest first, keyset paging. */
export const operationLogSearchSchema = z.strictObject({
  range: queryRangeSchema,
  /** The actor's name (prefix) or user id. */
  actor: oplogText.optional(),
  module: z.string().trim().min(1).max(40).optional(),
  /** The action (prefix), e.g. 'device/import'. */
  action: oplogText.optional(),
  /** A typed action code of AUDIT_ACTIONS, e.g. 'account.userEdit'. */
  code: z.string().trim().min(1).max(60).optional(),
  /** Target type ('firmwarePackage'), or type:id ('firmwarePackage:5'). */
  target: oplogText.optional(),
  result: z.enum(OPLOG_RESULTS).optional(),
  /** IP address (prefix). */
  ip: z.string().trim().min(1).max(45).optional(),
  /** The `nextCursor` of the page before; absent for the first page. */
  cursor: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_\d{1,19}$/)
    .optional(),
  /** Only rows newer than this id (the Live view's follow-up request). */
  afterId: z.number().int().min(0).optional(),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export type OperationLogSearch = z.input<typeof operationLogSearchSchema>;

export const operationLogPageSchema = z.object({
  records: z.array(operationLogSchema),
  /**
   * Exact up to OPLOG_TOTAL_CAP; with `totalCapped` there are more. Counted with the first page
   * only: a page asked by `cursor` answers null (the filter and range are the first page's).
   */
  total: z.number().int().nullable(),
  totalCapped: z.boolean().nullable(),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});

/** The operation log's tamper check: the rows verified, or the first broken seq. */
export const auditVerifySchema = z.object({
  ok: z.boolean(),
  rows: z.number().int(),
  /** The first seq missing, changed or cut off; null when the chain holds. */
  brokenSeq: z.number().int().nullable(),
});
export type AuditVerify = z.infer<typeof auditVerifySchema>;

export const insightCalls = {
  statsOverview: defineCall({
    path: 'insight/stats/overview',
    auth: statsAuth,
    write: false,
    summary:
      'Data statistics overview: cards with the previous period, daily trend, versions, countries and top customers (at most 31 days).',
    data: statsQuerySchema.strict(),
    result: statsOverviewSchema,
  }),
  statsByCustomer: defineCall({
    path: 'insight/stats/by-customer',
    auth: statsAuth,
    write: false,
    summary: "Figures per direct downstream company of the caller's company, or of a company below it (drill-down).",
    data: statsQuerySchema.extend({ parentId: idSchema.optional() }).strict(),
    result: statsByCustomerSchema,
  }),
  statsByVersion: defineCall({
    path: 'insight/stats/by-version',
    auth: statsAuth,
    write: false,
    summary: 'Share of versions over time, and availability and upgrade failures per version.',
    data: statsQuerySchema.strict(),
    result: statsByVersionSchema,
  }),
  statsOptions: defineCall({
    path: 'insight/stats/options',
    auth: statsAuth,
    write: false,
    summary: "The filter values of the caller's statistics: product types, models, versions, countries, customers.",
    data: z.strictObject({}),
    result: statsOptionsSchema,
  }),
  healthList: defineCall({
    path: 'insight/health/list',
    auth: statsAuth,
    write: false,
    summary: "Device health: the caller's devices with the statistics' filters, online state, last seen, failures and flapping.",
    data: healthQuerySchema.strict(),
    result: pageOf(deviceHealthSchema),
  }),
  deviceHistory: defineCall({
    path: 'insight/device/history',
    auth: statsAuth,
    write: false,
    summary:
      "A device's history, newest first (at most 100 events): activation, online, offline, version changes, upgrade results with their code, bindings and log uploads, with the device's health now. A device outside the caller's subtree or area answers 1004.",
    data: z.strictObject({ deviceId: idSchema }),
    result: deviceHistorySchema,
  }),
  failurePareto: defineCall({
    path: 'insight/diagnostics/failures',
    auth: diagnosticsAuth,
    write: false,
    summary:
      'Upgrade failures of a range (at most 31 days) by code (Pareto: most first with the running share), by model and by from-to version, from the failure rollup; filters by product type, model, versions and customer.',
    data: failureParetoQuerySchema,
    result: failureParetoSchema,
  }),
  endUserActivity: defineCall({
    path: 'insight/diagnostics/activity',
    auth: diagnosticsAuth,
    write: false,
    summary:
      'Active end users (any app call) of a range (at most 31 days): daily, over the range, monthly (30 days to its end), by platform and app version; the end users the caller sees as in the end-user log.',
    data: endUserActivityQuerySchema,
    result: endUserActivitySchema,
  }),
  homeSummary: defineCall({
    path: 'home/summary',
    auth: 'session',
    write: false,
    summary: "Home's cards in one call, each only with its resource code.",
    data: z.strictObject({}),
    result: homeSummarySchema,
  }),
  operationLogSearch: defineCall({
    path: 'insight/operation-log/search',
    auth: { anyOf: ['dealer_account_qry', 'dealer_account_mgr', 'supplier_system_qry'] },
    write: false,
    summary:
      "Operation log rows visible to the caller (the actor's or the target company in its subtree), newest first: at most 31 days, filters by actor, module, action, target, result and IP, keyset paging, totals exact to 10,000.",
    data: operationLogSearchSchema,
    result: operationLogPageSchema,
  }),
  auditVerify: defineCall({
    path: 'insight/operation-log/verify',
    auth: { anyOf: ['supplier_system_qry', 'supplier_system_mgr'], supplierOnly: true },
    write: false,
    summary:
      "Checks the operation log's hash chain against the checkpoints in the file store (supplier only): the rows verified or the first broken seq.",
    data: z.strictObject({}),
    result: auditVerifySchema,
  }),
};
