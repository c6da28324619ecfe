/**
 * Insight (issue 15): device history (append-only device_events), 5-minute fleet samples, and the
 * hourly and daily rollups the statistics and Home read. Migration 0017_insight.sql creates them
 * (xid8 columns are written by their defaults and read only in SQL, so they are not declared here).
 *
 * Every row carries its brand's path and, when the device is attributed to a downstream customer,
 * the customer's path: "the caller's subtree" is one prefix match on either.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

const dims = () => ({
  brandId: integer('brand_id').notNull(),
  brandPath: text('brand_path').notNull(),
  customerId: integer('customer_id').notNull().default(0),
  customerPath: text('customer_path').notNull().default(''),
  productType: text('product_type').notNull(),
  model: text('model').notNull(),
  version: text('version').notNull(),
  country: text('country').notNull(),
  areaId: integer('area_id').notNull().default(0),
});

const metrics = () => ({
  code: text('code').notNull(),
  activations: integer('activations').notNull().default(0),
  onlines: integer('onlines').notNull().default(0),
  offlines: integer('offlines').notNull().default(0),
  versionChanges: integer('version_changes').notNull().default(0),
  upgradeSuccess: integer('upgrade_success').notNull().default(0),
  upgradeFailed: integer('upgrade_failed').notNull().default(0),
  bound: integer('bound').notNull().default(0),
  unbound: integer('unbound').notNull().default(0),
  logUploads: integer('log_uploads').notNull().default(0),
  deviceSamples: bigint('device_samples', { mode: 'number' }).notNull().default(0),
  onlineSamples: bigint('online_samples', { mode: 'number' }).notNull().default(0),
  devicesLast: integer('devices_last').notNull().default(0),
  onlineLast: integer('online_last').notNull().default(0),
});

export const deviceEvents = pgTable(
  'device_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: bigint('device_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    at: ts('at').notNull(),
    code: text('code').notNull().default(''),
    fromVersion: text('from_version').notNull().default(''),
    taskId: integer('task_id'),
    ...dims(),
  },
  (t) => [
    index('device_events_device_idx').on(t.deviceId, t.at, t.id),
    index('device_events_at_idx').on(t.at),
    // Home's "devices failed twice": failed upgrades only, by time; the index also carries device_id,
    // brand_path, customer_path and area_id (INCLUDE, migration 0053, which this builder cannot say).
    index('device_events_failed_idx')
      .on(t.at)
      .where(sql`${t.kind} = 'upgrade_failed'`),
  ],
);

export const deviceSamples = pgTable(
  'device_samples',
  { at: ts('at').notNull(), ...dims(), devices: integer('devices').notNull(), online: integer('online').notNull() },
  (t) => [index('device_samples_at_idx').on(t.at)],
);

export const deviceSampleTimes = pgTable('device_sample_times', { at: ts('at').primaryKey() });

export const statsHourly = pgTable('stats_hourly', { bucket: ts('bucket').notNull(), ...dims(), ...metrics() }, (t) => [
  uniqueIndex('stats_hourly_uq').on(t.bucket, t.brandId, t.customerId, t.productType, t.model, t.version, t.country, t.areaId, t.code),
  index('stats_hourly_brand_idx').using('btree', sql`${t.brandPath} text_pattern_ops`, t.bucket),
  index('stats_hourly_customer_idx')
    .using('btree', sql`${t.customerPath} text_pattern_ops`, t.bucket)
    .where(sql`${t.customerPath} <> ''`),
]);

export const statsDaily = pgTable(
  'stats_daily',
  { timeZone: text('time_zone').notNull(), day: date('day').notNull(), ...dims(), ...metrics() },
  (t) => [
    uniqueIndex('stats_daily_uq').on(
      t.timeZone,
      t.day,
      t.brandId,
      t.customerId,
      t.productType,
      t.model,
      t.version,
      t.country,
      t.areaId,
      t.code,
    ),
    index('stats_daily_brand_idx').using('btree', t.timeZone, sql`${t.brandPath} text_pattern_ops`, t.day),
    index('stats_daily_customer_idx')
      .using('btree', t.timeZone, sql`${t.customerPath} text_pattern_ops`, t.day)
      .where(sql`${t.customerPath} <> ''`),
  ],
);

/**
 * Storage plan sales (migration 0036): one row each time an order becomes paid, written by a trigger
 * on storage_orders, with the device's dimensions then. Append-only; rolled up into stats_daily_app.
 */
export const salesEvents = pgTable(
  'sales_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    at: ts('at').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    ...dims(),
  },
  (t) => [index('sales_events_at_idx').on(t.at)],
);

/**
 * Daily app figures per reporting time zone (migration 0036): end users active that day (distinct,
 * by brand and area, empty device dimensions) and paid orders with their amount per currency.
 */
export const statsDailyApp = pgTable(
  'stats_daily_app',
  {
    timeZone: text('time_zone').notNull(),
    day: date('day').notNull(),
    ...dims(),
    currency: text('currency').notNull(),
    activeEndUsers: integer('active_end_users').notNull().default(0),
    ordersPaid: integer('orders_paid').notNull().default(0),
    salesAmount: bigint('sales_amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('stats_daily_app_uq').on(
      t.timeZone,
      t.day,
      t.brandId,
      t.customerId,
      t.productType,
      t.model,
      t.version,
      t.country,
      t.areaId,
      t.currency,
    ),
    index('stats_daily_app_brand_idx').using('btree', t.timeZone, sql`${t.brandPath} text_pattern_ops`, t.day),
    index('stats_daily_app_customer_idx')
      .using('btree', t.timeZone, sql`${t.customerPath} text_pattern_ops`, t.day)
      .where(sql`${t.customerPath} <> ''`),
  ],
);

export const statsHourlySamples = pgTable('stats_hourly_samples', {
  bucket: ts('bucket').primaryKey(),
  samples: integer('samples').notNull(),
});

export const statsDailySamples = pgTable(
  'stats_daily_samples',
  { timeZone: text('time_zone').notNull(), day: date('day').notNull(), samples: integer('samples').notNull() },
  (t) => [primaryKey({ columns: [t.timeZone, t.day] })],
);

/**
 * The operation-log search's hourly counts (migration 0049): sealed rows by the first two levels of
 * their company and actor's company paths, module, action and result, kept by the audit seal; the
 * search reads whether they already pass its total's cap.
 */
export const operationLogCounts = pgTable(
  'operation_log_counts',
  {
    hour: ts('hour').notNull(),
    companyRoot: text('company_root').notNull(),
    actorRoot: text('actor_root').notNull(),
    module: text('module').notNull(),
    action: text('action').notNull(),
    result: text('result').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.companyRoot, t.actorRoot, t.module, t.action, t.result] })],
);

export const statsWatermarks = pgTable('stats_watermarks', {
  name: text('name').primaryKey(),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * Device logs (issue 15 §4): a request waits (`requested`, one per device) until the device uploads
 * (`uploaded`, with its file) or it expires (`expired`); an unasked upload has no requester. Purged
 * with their files after the brand's companies.device_log_retention_days. Migration 0030.
 */
export const deviceLogs = pgTable(
  'device_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: bigint('device_id', { mode: 'number' }).notNull(),
    state: text('state').notNull(),
    requestedBy: integer('requested_by'),
    requestedAt: ts('requested_at'),
    expiresAt: ts('expires_at'),
    uploadedAt: ts('uploaded_at'),
    fileId: bigint('file_id', { mode: 'number' }),
    size: bigint('size', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('device_logs_device_idx').on(t.deviceId, t.createdAt, t.id),
    uniqueIndex('device_logs_requested_uq')
      .on(t.deviceId)
      .where(sql`${t.state} = 'requested'`),
    index('device_logs_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} = 'requested'`),
    index('device_logs_created_idx').on(t.createdAt),
  ],
);

/**
 * Exports of the insight module's logs and statistics tables (issue 15 §5), migration 0033: one row
 * per export, holding what its signed link streams (`spec`: the filter and what fixes the rows at
 * signing). At most 2 running per user: a running export (signed, or streaming) holds one of two
 * slots, claimed through the partial unique index.
 */
export const insightExports = pgTable(
  'insight_exports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    sessionId: bigint('session_id', { mode: 'number' }).notNull(),
    slot: integer('slot').notNull(),
    kind: text('kind').notNull(),
    format: text('format').notNull(),
    locale: text('locale').notNull(),
    spec: jsonb('spec').notNull(),
    state: text('state').notNull(),
    rowCount: integer('row_count').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('insight_exports_running_uq')
      .on(t.userId, t.slot)
      .where(sql`${t.state} in ('signed', 'streaming')`),
    index('insight_exports_created_idx').on(t.createdAt),
  ],
);

/**
 * The end-user log (issue 15 §5): one row per app-facing call of a brand's end users (action = the
 * call's path under app-api/, code 200 or the catalogue code answered), written in batches by the
 * call router's recorder (insight/end-user-log.buffer.ts); append-only, purged after
 * END_USER_LOG_RETENTION_DAYS. Never a password, token, sign or request body: only the named fields.
 * Migration 0034.
 */
export const endUserLogs = pgTable(
  'end_user_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull(),
    companyId: integer('company_id').notNull(),
    companyPath: text('company_path').notNull(),
    appKeyId: integer('app_key_id').notNull(),
    endUserId: bigint('end_user_id', { mode: 'number' }),
    areaId: integer('area_id'),
    action: text('action').notNull(),
    code: integer('code').notNull(),
    platform: text('platform').notNull().default(''),
    appVersion: text('app_version').notNull().default(''),
    ip: text('ip').notNull().default(''),
    sn: text('sn').notNull().default(''),
    detail: text('detail').notNull().default(''),
    durationMs: integer('duration_ms').notNull().default(0),
  },
  (t) => [
    index('end_user_logs_company_at_idx').on(t.companyId, t.at, t.id),
    index('end_user_logs_at_idx').on(t.at, t.id),
    index('end_user_logs_end_user_idx')
      .on(t.endUserId, t.at, t.id)
      .where(sql`${t.endUserId} is not null`),
  ],
);

/**
 * The failure rollup (usage and diagnostics, migration 0036): upgrade failures per UTC hour by
 * brand, customer, product type, model, from-version (the device's at the failure), to-version (the
 * task's package) and code; the Pareto reads only these rows (failures.repository.ts).
 */
export const statsFailuresHourly = pgTable(
  'stats_failures_hourly',
  {
    bucket: ts('bucket').notNull(),
    brandId: integer('brand_id').notNull(),
    brandPath: text('brand_path').notNull(),
    customerId: integer('customer_id').notNull().default(0),
    customerPath: text('customer_path').notNull().default(''),
    productType: text('product_type').notNull(),
    model: text('model').notNull(),
    fromVersion: text('from_version').notNull(),
    toVersion: text('to_version').notNull(),
    code: text('code').notNull(),
    areaId: integer('area_id').notNull().default(0),
    failures: integer('failures').notNull(),
  },
  (t) => [
    uniqueIndex('stats_failures_hourly_uq').on(
      t.bucket,
      t.brandId,
      t.customerId,
      t.productType,
      t.model,
      t.fromVersion,
      t.toVersion,
      t.code,
      t.areaId,
    ),
    index('stats_failures_hourly_brand_idx').using('btree', sql`${t.brandPath} text_pattern_ops`, t.bucket),
    index('stats_failures_hourly_customer_idx')
      .using('btree', sql`${t.customerPath} text_pattern_ops`, t.bucket)
      .where(sql`${t.customerPath} <> ''`),
  ],
);
/** The supplier's external monitoring URL per area (SPEC §2, migration 0036). */
export const monitoringLinks = pgTable('monitoring_links', {
  areaId: integer('area_id').primaryKey(),
  url: text('url').notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: ts('updated_at').notNull(),
});
