/**
 * Cloud firmware upgrade (issue 4): the device registry, firmware packages with their resumable
 * upload chunks and per-DC sync, release tasks with their waves, and each device's place in a task.
 *
 * Tenancy: every row carries the owning brand's company_id and company_path ('/1/7/'), so "the
 * caller's subtree" is one prefix match, as for companies.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A device of a brand. SN is upper-case (normalizeSn), MAC 12 upper-case hex digits (normalizeMac).
 * key_hash is the sha256 (hex) of the device's own key, set when the device registers through the
 * device API with its brand's provisioning key; null for a device only imported so far.
 */
export const devices = pgTable(
  'devices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull(),
    companyPath: text('company_path').notNull(),
    sn: text('sn').notNull(),
    mac: text('mac').notNull(),
    model: text('model').notNull().default(''),
    productType: text('product_type').notNull(), // IPC | NVR
    firmwareVersion: text('firmware_version').notNull().default(''),
    hardwareVersion: text('hardware_version').notNull().default(''),
    /** ISO 3166-1 alpha-2, '' when unknown. */
    country: text('country').notNull().default(''),
    areaId: integer('area_id'),
    /** The bound end user (end_users, schema-app-api.ts), null when unbound; bound_at since when. */
    endUserId: bigint('end_user_id', { mode: 'number' }),
    boundAt: ts('bound_at'),
    /** sha256 (hex) of the verification code the device got at registration: an end user binds it with it. */
    verifyCodeHash: text('verify_code_hash'),
    lastSeenAt: ts('last_seen_at'),
    /** Online as the last-seen flush and the offline job (insight) last noted it. */
    online: boolean('online').notNull().default(false),
    /** The downstream company the device is attributed to (a distributor sees its subtree's), null when none. */
    customerId: integer('customer_id'),
    customerPath: text('customer_path').notNull().default(''),
    keyHash: text('key_hash'),
    /** A log request waits for this device until then (insight device_logs); the poll reads it in its one statement. */
    logRequestedUntil: ts('log_requested_until'),
    registeredAt: ts('registered_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('devices_sn_uq').on(t.sn),
    uniqueIndex('devices_mac_uq').on(t.mac),
    index('devices_path_idx').using('btree', sql`${t.companyPath} text_pattern_ops`, t.id),
    index('devices_model_version_idx').on(t.companyId, t.productType, t.model, t.firmwareVersion),
    // The release engine's late joiners: devices changed since its last tick, in keyset order.
    index('devices_updated_idx').on(t.updatedAt, t.id),
    index('devices_end_user_idx')
      .on(t.endUserId)
      .where(sql`${t.endUserId} is not null`),
    index('devices_online_seen_idx')
      .on(t.lastSeenAt)
      .where(sql`${t.online}`),
    index('devices_customer_path_idx')
      .using('btree', sql`${t.customerPath} text_pattern_ops`, t.id)
      .where(sql`${t.customerPath} <> ''`),
  ],
);

/** A brand's device provisioning key (Mender's tenant token): devices register with it. */
export const deviceProvisioningKeys = pgTable('device_provisioning_keys', {
  companyId: integer('company_id').primaryKey(),
  /** sha256 hex of the key, for the lookup at registration. */
  keyHash: text('key_hash').notNull().unique(),
  /** The key itself, shown to the brand's upgrade managers in the Devices screen. */
  key: text('key').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * A firmware package. `md5` is the value the uploader entered; `computed_md5` and `sha256` are the
 * server's, set when the assembled file is verified. `object_key` is the assembled file in the
 * file store; chunks live under `uploads/firmware/<id>/<index>` until then.
 */
export const firmwarePackages = pgTable(
  'firmware_packages',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    companyPath: text('company_path').notNull(),
    versionName: text('version_name').notNull(),
    productType: text('product_type').notNull(),
    models: text('models')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    compatibleVersions: text('compatible_versions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    validityDays: integer('validity_days').notNull(),
    /** End of validity: synced_at + validity_days; null before the package is synced. */
    validUntil: ts('valid_until'),
    isTest: boolean('is_test').notNull().default(false),
    descriptions: jsonb('descriptions')
      .notNull()
      .default(sql`'{}'::jsonb`),
    signSheetFileId: bigint('sign_sheet_file_id', { mode: 'number' }),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    md5: text('md5').notNull(),
    computedMd5: text('computed_md5'),
    sha256: text('sha256'),
    objectKey: text('object_key').notNull(),
    status: text('status').notNull().default('upload_incomplete'),
    statusReason: text('status_reason'),
    createdBy: integer('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('firmware_packages_path_idx').using('btree', sql`${t.companyPath} text_pattern_ops`, t.id),
    uniqueIndex('firmware_packages_version_uq')
      .on(t.companyId, t.productType, t.versionName)
      .where(sql`${t.status} <> 'deleted'`),
  ],
);

/** Chunks received of a package's upload (resume asks which are there). */
export const firmwarePackageChunks = pgTable(
  'firmware_package_chunks',
  {
    pkgId: integer('pkg_id').notNull(),
    idx: integer('idx').notNull(),
    size: integer('size').notNull(),
    md5: text('md5').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.pkgId, t.idx] })],
);

/** A package's copy in each DC (area): pending -> synced | failed. */
export const firmwarePackageSyncs = pgTable(
  'firmware_package_syncs',
  {
    pkgId: integer('pkg_id').notNull(),
    areaId: integer('area_id').notNull(),
    state: text('state').notNull().default('pending'),
    objectKey: text('object_key'),
    error: text('error'),
    at: ts('at'),
  },
  (t) => [primaryKey({ columns: [t.pkgId, t.areaId] })],
);

/**
 * A release task. Its target devices are fixed at creation (task_devices, set-based); devices that
 * register or change later join while it runs if they match (area_ids, countries, the package's
 * product type, models and compatible versions). `target` keeps what the user asked for.
 */
export const releaseTasks = pgTable(
  'release_tasks',
  {
    id: serial('id').primaryKey(),
    pkgId: integer('pkg_id').notNull(),
    companyId: integer('company_id').notNull(),
    companyPath: text('company_path').notNull(),
    releaseType: text('release_type').notNull(), // full | gray | specified
    speed: text('speed'),
    grayCount: integer('gray_count'),
    areaIds: integer('area_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    countries: text('countries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    target: jsonb('target').notNull(),
    startAt: ts('start_at').notNull(),
    endAt: ts('end_at').notNull(),
    status: text('status').notNull().default('unreleased'),
    pauseReason: text('pause_reason'),
    /** Parameters of the pause detail message (wave, rate, threshold...). */
    pauseDetail: jsonb('pause_detail'),
    gates: jsonb('gates').notNull(),
    /** The last wave started (0 before the first). */
    currentWave: smallint('current_wave').notNull().default(0),
    targetQuantity: integer('target_quantity').notNull().default(0),
    noticeQuantity: integer('notice_quantity').notNull().default(0),
    createdBy: integer('created_by'),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('release_tasks_path_idx').using('btree', sql`${t.companyPath} text_pattern_ops`, t.id),
    index('release_tasks_pkg_idx').on(t.pkgId),
    index('release_tasks_status_idx').on(t.status),
  ],
);

/**
 * Waves of a task with their counters, kept in the same transaction as each device's change:
 * notified (ever handed the package), success, failed, cancelled. The gray promotion wave holds the
 * devices beyond the canary and starts only on promote.
 */
export const releaseTaskWaves = pgTable(
  'release_task_waves',
  {
    taskId: integer('task_id').notNull(),
    idx: smallint('idx').notNull(),
    size: integer('size').notNull().default(0),
    isPromotion: boolean('is_promotion').notNull().default(false),
    paceMinutes: integer('pace_minutes').notNull().default(0),
    startedAt: ts('started_at'),
    notified: integer('notified').notNull().default(0),
    success: integer('success').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    cancelled: integer('cancelled').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.idx] })],
);

/** One device's place in a task. At most one task holds a device while its state is active. */
export const taskDevices = pgTable(
  'task_devices',
  {
    taskId: integer('task_id').notNull(),
    deviceId: bigint('device_id', { mode: 'number' }).notNull(),
    wave: smallint('wave').notNull(),
    state: text('state').notNull().default('pending'),
    country: text('country').notNull().default(''),
    fromVersion: text('from_version').notNull().default(''),
    reportedVersion: text('reported_version'),
    errorCode: text('error_code'),
    progress: smallint('progress'),
    notifiedAt: ts('notified_at'),
    updatedAt: ts('updated_at'),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.deviceId] }),
    uniqueIndex('task_devices_active_uq')
      .on(t.deviceId)
      .where(sql`${t.state} in ('pending', 'notified', 'downloading', 'installing')`),
    index('task_devices_timeout_idx')
      .on(t.taskId, t.notifiedAt)
      .where(sql`${t.state} in ('notified', 'downloading', 'installing')`),
    // Devices freed by a task that ended (cancelled), in the order the engine offers them to other open tasks.
    index('task_devices_freed_idx')
      .on(t.updatedAt, t.deviceId)
      .where(sql`${t.state} = 'cancelled'`),
  ],
);

/** State changes of a task (who, when, why), for its history. */
export const releaseTaskEvents = pgTable(
  'release_task_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    taskId: integer('task_id').notNull(),
    at: ts('at').notNull().defaultNow(),
    action: text('action').notNull(),
    fromState: text('from_state').notNull(),
    toState: text('to_state').notNull(),
    byName: text('by_name').notNull().default(''),
    reason: text('reason'),
  },
  (t) => [index('release_task_events_task_idx').on(t.taskId, t.id)],
);

/**
 * Where the release engine's late joining stopped reading, per source ('changed', 'freed'): the
 * (updated_at, id) keyset position and the lower bound it looks back to (engine.ts tickReleaseTasks).
 */
export const upgradeJoinWatermarks = pgTable('upgrade_join_watermarks', {
  source: text('source').primaryKey(),
  at: ts('at').notNull(),
  atMs: doublePrecision('at_ms').notNull(),
  id: bigint('id', { mode: 'number' }).notNull(),
});
