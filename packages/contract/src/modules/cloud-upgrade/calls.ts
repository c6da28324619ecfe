/**
 * Cloud firmware upgrade (SPEC §1, §3, §4, §7 upgrade group; DOMAIN §4): the device registry, firmware
 * packages uploaded in resumable chunks, release tasks (full, gray, specified) moving in waves with
 * gates, and their results. The device-facing protocol is in ./device-api.ts, the raw routes (chunk
 * uploads, downloads, the device API) in ./raw-routes.ts.
 */
import { z } from 'zod';
import { CANARY_SPEEDS, IMPORT_MAX_ROWS } from '../../shared/constants';
import { defineCall } from '../../shared/define-call';
import { pageOf, pageQuerySchema } from '../../shared/entities';
import {
  countryCodeSchema,
  descriptionsSchema,
  EPOCH_MS_MAX,
  exportRangeSchema,
  idSchema,
  queryRangeSchema,
  validityDaysSchema,
} from '../../shared/validators';
import { firmwarePackageActionSchema, firmwarePackageStateSchema, releaseTaskActionSchema, releaseTaskStateSchema } from './states';
import { macRangeSchema, md5Schema, snSchema, versionCountSchema } from './validators';

// ---------------------------------------------------------------------------------------------
// Constants of this module (SPEC leaves them open; the product's choices)
// ---------------------------------------------------------------------------------------------

export const PRODUCT_TYPES = ['IPC', 'NVR'] as const;
export const productTypeSchema = z.enum(PRODUCT_TYPES);
export type ProductType = z.infer<typeof productTypeSchema>;

/**
 * Where the portal's own storage receives package chunks (storageType 'portal'): storage-info/get
 * answers storageUrl = PUBLIC_URL + STORAGE_PATH_PREFIX. PUT <storageUrl>/<objectName>/chunks/<index>
 * stores one chunk, GET <storageUrl>/<objectName>/status tells which are there (uploadStatusSchema);
 * both carry the securityToken in the X-Security-Token header.
 */
export const STORAGE_PATH_PREFIX = '/v1.0/storage';

/** Packages are uploaded in chunks of this size (the last one may be shorter). */
export const PACKAGE_CHUNK_BYTES = 5 * 1024 * 1024;
/** Largest firmware package accepted. */
export const PACKAGE_MAX_BYTES = 2 * 1024 * 1024 * 1024;
/** An upload credential from storage-info/get lives this long; the client re-asks 3 minutes before. */
export const STORAGE_TOKEN_TTL_MS = 30 * 60_000;
/**
 * An upload left in upload_incomplete with no chunk received for this many days (counted from the
 * last chunk, or from the package's last change when none came) is cleaned up by the upgrade loop:
 * its chunks are removed and the package is deleted, with the reason (24021).
 */
export const PACKAGE_UPLOAD_ABANDON_DAYS = 7;
/** Validity of a package: at least this many days (SPEC §5 "validity at least n days"). */
export const PACKAGE_VALIDITY_MIN_DAYS = 7;
export const VERSION_NAME_MAX = 64;

export const RELEASE_TYPES = ['full', 'gray', 'specified'] as const;
export const releaseTypeSchema = z.enum(RELEASE_TYPES);
export type ReleaseType = z.infer<typeof releaseTypeSchema>;

export const canarySpeedSchema = z.enum(CANARY_SPEEDS);
export type CanarySpeed = z.infer<typeof canarySpeedSchema>;

/**
 * A gray release's waves per speed: the share of the gray devices in each wave (they add up to 1),
 * and the least time between the start of one wave and the next. A wave starts only when the
 * previous one reached the success gate AND the pacing has passed.
 */
export const CANARY_WAVES: Record<CanarySpeed, { shares: readonly number[]; paceMinutes: number }> = {
  fast: { shares: [0.2, 0.8], paceMinutes: 0 },
  normal: { shares: [0.1, 0.3, 0.6], paceMinutes: 10 },
  slow: { shares: [0.05, 0.15, 0.3, 0.5], paceMinutes: 30 },
};

/** Wave sizes of a gray release of `count` devices at `speed`: each at least 1, summing to count. */
export function canaryWaveSizes(count: number, speed: CanarySpeed): number[] {
  const { shares } = CANARY_WAVES[speed];
  const sizes: number[] = [];
  let given = 0;
  let acc = 0;
  for (let i = 0; i < shares.length; i++) {
    acc += shares[i]!;
    const upTo = i === shares.length - 1 ? count : Math.max(given + 1, Math.round(count * acc));
    sizes.push(Math.max(0, Math.min(count, upTo) - given));
    given = Math.min(count, upTo);
  }
  return sizes.filter((s) => s > 0);
}

/** Gates and timeouts of a task (hawkBit success/error gates, AWS IoT abort and timeout). */
export const gatesSchema = z.strictObject({
  /** Percent of a wave's devices that must succeed before the next wave starts. */
  successThreshold: z.number().int().min(1).max(100).default(90),
  /** Percent of failed devices (of those that finished) above which the task pauses itself... */
  errorThreshold: z.number().int().min(1).max(100).default(20),
  /** ...once at least this many devices have finished. */
  minDevices: z.number().int().min(1).max(100_000).default(10),
  /** A notified device that has not reported success or failure within this time counts as failed. */
  reportTimeoutMinutes: z
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(120),
});
export type Gates = z.output<typeof gatesSchema>;
export const DEFAULT_GATES: Gates = { successThreshold: 90, errorThreshold: 20, minDevices: 10, reportTimeoutMinutes: 120 };

/**
 * States of one device within a task. `pending`: targeted, its wave not started or not polled yet;
 * `notified`: handed the package by a poll; `cancelled`: the task ended, expired or was revoked
 * before the device finished (it is then free for another task).
 */
export const TASK_DEVICE_STATES = ['pending', 'notified', 'downloading', 'installing', 'success', 'failed', 'cancelled'] as const;
export const taskDeviceStateSchema = z.enum(TASK_DEVICE_STATES);
export type TaskDeviceState = z.infer<typeof taskDeviceStateSchema>;
/** States in which a device still belongs to a running task (one such task per device). */
export const ACTIVE_TASK_DEVICE_STATES: readonly TaskDeviceState[] = ['pending', 'notified', 'downloading', 'installing'];

/** Why a task paused itself (or why the platform paused it); shown with the task. */
export const PAUSE_REASONS = ['manual', 'successGate', 'errorThreshold', 'packageAbandoned', 'supplier'] as const;
export const pauseReasonSchema = z.enum(PAUSE_REASONS);

/** Device import columns (the template's header, in this order). SN and MAC are required. */
export const DEVICE_IMPORT_COLUMNS = [
  'SN',
  'MAC',
  'Model',
  'Product type',
  'Firmware version',
  'Hardware version',
  'Country',
  'Area',
  /** The downstream company the device is attributed to: a company below the caller's, by name or id. */
  'Customer',
] as const;
export const DEVICE_IMPORT_REQUIRED = ['SN', 'MAC'] as const;
/** Specified-device release by file: one column of SNs. */
export const TARGET_IMPORT_COLUMNS = ['SN'] as const;
/** The xlsx templates the portal hands out: the device import's, and the specified release's SN list. */
export const IMPORT_TEMPLATE_KINDS = ['devices', 'targets'] as const;
export type ImportTemplateKind = (typeof IMPORT_TEMPLATE_KINDS)[number];

// ---------------------------------------------------------------------------------------------
// Devices
// ---------------------------------------------------------------------------------------------

export const deviceSchema = z.object({
  id: idSchema,
  sn: z.string(),
  mac: z.string(),
  model: z.string(),
  productType: productTypeSchema,
  firmwareVersion: z.string(),
  hardwareVersion: z.string(),
  country: z.string(),
  areaId: idSchema.nullable(),
  companyId: idSchema,
  companyName: z.string(),
  /** The downstream company the device is attributed to (issue 15 §1), null when none. */
  customerId: idSchema.nullable(),
  customerName: z.string(),
  endUser: z.string(),
  online: z.boolean(),
  lastSeenAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Device = z.infer<typeof deviceSchema>;

export const deviceListQuerySchema = pageQuerySchema.extend({
  searchText: z.string().trim().max(100).optional(),
  productType: productTypeSchema.optional(),
  model: z.string().trim().max(64).optional(),
  firmwareVersion: z.string().trim().max(64).optional(),
  country: countryCodeSchema.optional(),
  areaId: idSchema.optional(),
  online: z.boolean().optional(),
});

export const deviceImportResultSchema = z.object({
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int(),
  /** The bad rows with a reason per row, as an xlsx: a signed link valid 300 s, null when none failed. */
  errorFileUrl: z.string().nullable(),
});

/** Devices one device/customer/assign call attributes at most. */
export const DEVICE_ASSIGN_MAX = 500;

export const deviceCalls = {
  list: defineCall({
    path: 'device/list',
    auth: { anyOf: ['dealer_upgrade_qry', 'dealer_upgrade_mgr'] },
    write: false,
    summary: "Devices of the caller's brand (subtree) and current area, searched by SN, MAC or model prefix, filtered and paged.",
    data: deviceListQuerySchema.strict(),
    result: pageOf(deviceSchema),
  }),
  facets: defineCall({
    path: 'device/facets',
    auth: { anyOf: ['dealer_upgrade_qry', 'dealer_upgrade_mgr'] },
    write: false,
    summary: 'Models, firmware versions and countries present among the caller’s devices (for filters).',
    data: z.strictObject({ productType: productTypeSchema.optional() }),
    result: z.object({
      models: z.array(z.object({ model: z.string(), productType: productTypeSchema, devices: z.number().int() })),
      versions: z.array(z.object({ version: z.string(), devices: z.number().int() })),
      countries: z.array(z.object({ code: z.string(), devices: z.number().int() })),
    }),
  }),
  import: defineCall({
    path: 'device/import',
    auth: { anyOf: ['dealer_upgrade_mgr'] },
    write: true,
    summary: `Registers or updates devices from an uploaded xlsx (purpose import) of at most ${IMPORT_MAX_ROWS} rows; bad rows come back as a file.`,
    data: z.strictObject({ fileId: idSchema }),
    result: deviceImportResultSchema,
  }),
  importTemplate: defineCall({
    path: 'device/import/template',
    auth: { anyOf: ['dealer_upgrade_qry', 'dealer_upgrade_mgr'] },
    write: false,
    summary:
      'A signed link to an xlsx template: the device import (kind devices, the default) or the SN list of a specified release (kind targets).',
    data: z.strictObject({ kind: z.enum(IMPORT_TEMPLATE_KINDS).default('devices') }),
    result: z.object({ url: z.string() }),
  }),
  provisioningKey: defineCall({
    path: 'device/provisioning-key/get',
    auth: { anyOf: ['dealer_upgrade_mgr'] },
    write: false,
    summary: "The brand's device provisioning key: devices register with it and receive their own device key.",
    data: z.strictObject({}),
    result: z.object({ key: z.string(), createdAt: z.string() }),
  }),
  resetProvisioningKey: defineCall({
    path: 'device/provisioning-key/reset',
    auth: { anyOf: ['dealer_upgrade_mgr'] },
    write: true,
    summary: 'Replaces the provisioning key (devices already registered keep their keys).',
    data: z.strictObject({}),
    result: z.object({ key: z.string(), createdAt: z.string() }),
  }),
  assignCustomer: defineCall({
    path: 'device/customer/assign',
    auth: { anyOf: ['dealer_device_mgr'] },
    write: true,
    summary: `Attributes devices (at most ${DEVICE_ASSIGN_MAX}) to a downstream customer in one statement, all or none; customerId null takes the attribution back (the brand only). A customer outside the caller's subtree, or outside a device's brand, answers 26011; a device the caller does not see (another tenant's, another area's) 1004.`,
    data: z.strictObject({
      deviceIds: z.array(idSchema).min(1).max(DEVICE_ASSIGN_MAX),
      customerId: idSchema.nullable(),
    }),
    result: z.object({ assigned: z.number().int() }),
  }),
  customerOptions: defineCall({
    path: 'device/customer/options',
    auth: { anyOf: ['dealer_device_mgr'] },
    write: false,
    summary: "Companies below the caller's that devices may be attributed to, by name (prefix, case-insensitive), at most 50.",
    data: z.strictObject({ searchText: z.string().trim().max(100).optional() }),
    result: z.array(z.object({ companyId: idSchema, name: z.string(), parentName: z.string() })),
  }),
  resetDeviceKey: defineCall({
    path: 'device/key/reset',
    auth: { anyOf: ['dealer_upgrade_mgr'] },
    write: true,
    summary:
      "Forgets a registered device's own key (a replaced or reset device): its old key stops working, and the device registers again with the brand's provisioning key. Without this, a registered device is re-registered only with its own key.",
    data: z.strictObject({ deviceId: z.number().int().positive() }),
    result: z.object({ deviceId: z.number().int() }),
  }),
};

// ---------------------------------------------------------------------------------------------
// Firmware packages
// ---------------------------------------------------------------------------------------------

const versionNameSchema = z
  .string({ error: 'validation.versionNameRequired' })
  .trim()
  .min(1, { error: 'validation.versionNameRequired' })
  .max(VERSION_NAME_MAX, { error: 'validation.versionNameInvalid' })
  .regex(/^[A-Za-z0-9._\-+ ]+$/, { error: 'validation.versionNameInvalid' });

const compatibleVersionsSchema = z
  .array(z.string().trim().min(1).max(64), { error: 'validation.compatibleVersionRequired' })
  .min(1, { error: 'validation.compatibleVersionRequired' })
  .max(200)
  .transform((l) => [...new Set(l)]);

export const packageFieldsSchema = z.strictObject({
  versionName: versionNameSchema,
  productType: productTypeSchema,
  /** Device models the package is for. */
  models: z
    .array(z.string().trim().min(1).max(64), { error: 'validation.modelRequired' })
    .min(1, { error: 'validation.modelRequired' })
    .max(100),
  /** Device firmware versions it may be installed over. */
  compatibleVersions: compatibleVersionsSchema,
  validityDays: validityDaysSchema(PACKAGE_VALIDITY_MIN_DAYS),
  /** A test package goes only to specified devices. */
  isTest: z.boolean().default(false),
  descriptions: descriptionsSchema,
  /** The issuing/signing sheet: an uploaded image (purpose signSheet). */
  signSheetFileId: idSchema.nullable().default(null),
});

export const packageCreateSchema = packageFieldsSchema.extend({
  fileName: z.string().trim().min(1).max(255),
  size: z.number().int().min(1).max(PACKAGE_MAX_BYTES, { error: 'validation.packageTooLarge' }),
  /** md5 the uploader states; the server computes it from the file and refuses a mismatch. */
  md5: md5Schema,
});

export const packageSyncSchema = z.object({
  areaId: idSchema,
  areaName: z.string(),
  state: z.enum(['pending', 'synced', 'failed']),
  at: z.string().nullable(),
});

/**
 * What the caller may do with a package now (the server's package policy): edit its descriptive
 * fields, release it, continue its upload, and the owner's moves of firmwarePackageMachine (abandon
 * and delete not while a running task uses it).
 */
/**
 * The module's own actions, not tied to a listed package, task or device (the pages' buttons):
 * upload a package, start a release, import devices, see and reset the provisioning key, attribute
 * devices to a customer (dealer_device_mgr). Answered
 * by `upgrade/abilities` from the server's policies; the web offers exactly these.
 */
export const CLOUD_UPGRADE_ACTIONS = ['uploadPackage', 'release', 'importDevices', 'provisioningKey', 'assignCustomer'] as const;
export const cloudUpgradeActionSchema = z.enum(CLOUD_UPGRADE_ACTIONS);
export type CloudUpgradeAction = z.infer<typeof cloudUpgradeActionSchema>;

export const PACKAGE_ABILITIES = [
  'edit',
  'release',
  'continueUpload',
  'retrySync',
  'restartUpload',
  'abandon',
  'restore',
  'delete',
] as const;
export const packageAbilitySchema = z.enum(PACKAGE_ABILITIES);
export type PackageAbility = z.infer<typeof packageAbilitySchema>;

export const firmwarePackageSchema = z.object({
  pkgId: idSchema,
  companyId: idSchema,
  companyName: z.string(),
  versionName: z.string(),
  productType: productTypeSchema,
  models: z.array(z.string()),
  compatibleVersions: z.array(z.string()),
  validityDays: z.number().int(),
  /** End of validity (epoch ms), counted from when the package was synced; null before. */
  validUntil: z.number().nullable(),
  isTest: z.boolean(),
  descriptions: z.record(z.string(), z.string()),
  signSheetFileId: idSchema.nullable(),
  signSheetUrl: z.string().nullable(),
  fileName: z.string(),
  size: z.number().int(),
  md5: z.string(),
  sha256: z.string().nullable(),
  /** Bytes received so far (resumable upload). */
  uploadedBytes: z.number().int(),
  status: firmwarePackageStateSchema,
  /** Why the server last changed the state (e.g. the md5 it computed), shown next to the state. */
  statusReason: z.string().nullable(),
  sync: z.array(packageSyncSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The caller's abilities on this package (server policy); the web offers exactly these. */
  actions: z.array(packageAbilitySchema),
});
export type FirmwarePackage = z.infer<typeof firmwarePackageSchema>;

export const storageInfoSchema = z.object({
  storageUrl: z.string(),
  accessKeyId: z.string(),
  accessKeySecret: z.string(),
  bucketName: z.string(),
  securityToken: z.string(),
  protocol: z.string(),
  objectName: z.string(),
});
export type StorageInfo = z.infer<typeof storageInfoSchema>;

/** GET <object>/status answers uploadStatusSchema (shared/resumable-upload). */
/** What PUT of one chunk answers: the chunk as stored. */
export const uploadChunkResultSchema = z.object({ index: z.number().int(), size: z.number().int(), md5: z.string() });
export type UploadChunkResult = z.infer<typeof uploadChunkResultSchema>;

export const packageListQuerySchema = pageQuerySchema.extend({
  productType: productTypeSchema.optional(),
  searchText: z.string().trim().max(100).optional(),
  status: firmwarePackageStateSchema.optional(),
});

// ---------------------------------------------------------------------------------------------
// Release tasks
// ---------------------------------------------------------------------------------------------

const epochMs = z
  .number({ error: 'validation.dateRangeRequired' })
  .int()
  .min(0, { error: 'validation.timeInvalid' })
  .max(EPOCH_MS_MAX, { error: 'validation.timeInvalid' });

/** What a release targets (shared by preview and submit). */
export const releaseTargetSchema = z
  .strictObject({
    pkgId: idSchema,
    releaseType: releaseTypeSchema,
    /** Target regions (area ids); none twice. Full and gray releases need at least one. */
    areaIds: z.array(idSchema).max(50).default([]),
    /** Countries within the regions (ISO codes); empty means all. */
    countries: z.array(countryCodeSchema).max(250).default([]),
    /** Gray: how many devices the canary goes to (50-1000), and at what speed. */
    grayCount: versionCountSchema.optional(),
    speed: canarySpeedSchema.optional(),
    /** Specified: SNs, MAC ranges and/or an uploaded xlsx of SNs (purpose import). */
    sns: z.array(snSchema).max(IMPORT_MAX_ROWS, { error: 'validation.importTooManyRows' }).default([]),
    macRanges: z.array(macRangeSchema).max(100).default([]),
    targetFileId: idSchema.nullable().default(null),
  })
  .superRefine((t, ctx) => {
    if (t.releaseType !== 'specified' && t.areaIds.length === 0)
      ctx.addIssue({ code: 'custom', message: 'validation.regionRequired', path: ['areaIds'] });
    const seen = new Set<number>();
    t.areaIds.forEach((id, i) => {
      if (seen.has(id)) ctx.addIssue({ code: 'custom', message: 'validation.regionDuplicate', path: ['areaIds', i] });
      seen.add(id);
    });
    if (t.releaseType === 'gray') {
      if (t.grayCount === undefined) ctx.addIssue({ code: 'custom', message: 'validation.versionCountRange', path: ['grayCount'] });
      if (t.speed === undefined) ctx.addIssue({ code: 'custom', message: 'validation.speedRequired', path: ['speed'] });
    }
    if (t.releaseType === 'specified' && t.sns.length === 0 && t.macRanges.length === 0 && t.targetFileId === null) {
      ctx.addIssue({ code: 'custom', message: 'validation.targetDevicesRequired', path: ['sns'] });
    }
  });
export type ReleaseTarget = z.input<typeof releaseTargetSchema>;

export const releaseTaskInputSchema = z
  .strictObject({
    target: releaseTargetSchema,
    startAt: epochMs,
    endAt: epochMs,
    gates: gatesSchema.default(DEFAULT_GATES),
    /** Release at once when startAt has come; otherwise the task waits unreleased until then. */
  })
  .superRefine((t, ctx) => {
    if (t.endAt <= t.startAt) ctx.addIssue({ code: 'custom', message: 'validation.dateRangeOrder', path: ['endAt'] });
  });
export type ReleaseTaskInput = z.input<typeof releaseTaskInputSchema>;

export const releasePreviewSchema = z.object({
  /** Devices the task will hold (matching, not in another running task, not already on the version). */
  targetQuantity: z.number().int(),
  /** Devices that will be notified first (the gray devices of a gray release, else all). */
  noticeQuantity: z.number().int(),
  /** Matching devices left out because another running task holds them. */
  busyElsewhere: z.number().int(),
  /** Specified targets naming no device of the caller's (SNs unknown, empty MAC ranges). */
  unknownTargets: z.number().int(),
  /** Named or matching devices the package does not fit (product type, model or firmware version). */
  incompatible: z.number().int(),
  /** Devices already running the package's version. */
  alreadyUpgraded: z.number().int(),
  byCountry: z.array(z.object({ country: z.string(), devices: z.number().int() })),
  waves: z.array(z.object({ index: z.number().int(), size: z.number().int(), paceMinutes: z.number().int() })),
});
export type ReleasePreview = z.infer<typeof releasePreviewSchema>;

export const taskCountsSchema = z.object({
  targetQuantity: z.number().int(),
  noticeQuantity: z.number().int(),
  toUpgrade: z.number().int(),
  notified: z.number().int(),
  upgrading: z.number().int(),
  success: z.number().int(),
  failed: z.number().int(),
});
export type TaskCounts = z.infer<typeof taskCountsSchema>;

export const waveSchema = z.object({
  index: z.number().int(),
  size: z.number().int(),
  /** Gray promotion wave: the rest of the devices, started by promote. */
  isPromotion: z.boolean(),
  startedAt: z.string().nullable(),
  notified: z.number().int(),
  success: z.number().int(),
  failed: z.number().int(),
  /** success / size, in percent, one decimal */
  successRate: z.number(),
});

export const TASK_OWNER_ACTIONS = ['pause', 'continue', 'end', 'revoke', 'promote'] as const;
export const TASK_SUPPLIER_ACTIONS = ['supplierSuspend', 'supplierResume', 'externalPause', 'externalResume'] as const;
/** What the server says the caller may do with a task now (its policy): the operate actions, update (end time, gates) and delete. */
export const TASK_ABILITIES = [...TASK_OWNER_ACTIONS, ...TASK_SUPPLIER_ACTIONS, 'update', 'delete'] as const;
export type TaskAbility = (typeof TASK_ABILITIES)[number];

export const releaseTaskSchema = z.object({
  taskId: idSchema,
  pkgId: idSchema,
  versionName: z.string(),
  productType: productTypeSchema,
  companyId: idSchema,
  companyName: z.string(),
  releaseType: releaseTypeSchema,
  speed: canarySpeedSchema.nullable(),
  grayCount: z.number().int().nullable(),
  areaIds: z.array(idSchema),
  countries: z.array(z.string()),
  startAt: z.number(),
  endAt: z.number(),
  status: releaseTaskStateSchema,
  pauseReason: pauseReasonSchema.nullable(),
  /** Human detail of the pause (e.g. "wave 2: 71.0% < 90%"), in the caller's locale. */
  pauseDetail: z.string().nullable(),
  gates: gatesSchema,
  counts: taskCountsSchema,
  createdAt: z.string(),
  createdBy: z.string(),
  /** The caller's abilities on this task (server policy); the web offers exactly these. */
  actions: z.array(z.enum(TASK_ABILITIES)),
});
export type ReleaseTask = z.infer<typeof releaseTaskSchema>;

export const releaseTaskDetailSchema = releaseTaskSchema.extend({
  waves: z.array(waveSchema),
  currentWave: z.number().int().nullable(),
  history: z.array(
    z.object({ at: z.string(), action: z.string(), from: z.string(), to: z.string(), by: z.string(), reason: z.string().nullable() }),
  ),
});
export type ReleaseTaskDetail = z.infer<typeof releaseTaskDetailSchema>;

export const taskListQuerySchema = pageQuerySchema.extend({
  pkgId: idSchema.optional(),
  status: releaseTaskStateSchema.optional(),
  releaseType: releaseTypeSchema.optional(),
  searchText: z.string().trim().max(100).optional(),
});

export const taskDeviceSchema = z.object({
  deviceId: idSchema,
  sn: z.string(),
  mac: z.string(),
  model: z.string(),
  country: z.string(),
  wave: z.number().int(),
  state: taskDeviceStateSchema,
  fromVersion: z.string(),
  reportedVersion: z.string().nullable(),
  errorCode: z.string().nullable(),
  updatedAt: z.string(),
});

export const countryResultSchema = z.object({
  country: z.string(),
  toUpgrade: z.number().int(),
  notified: z.number().int(),
  success: z.number().int(),
  failed: z.number().int(),
});

const taskIdData = z.strictObject({ taskId: idSchema });
const pkgIdData = z.strictObject({ pkgId: idSchema });
const ok = z.object({});

/** Owner actions on a task; the supplier's own are supplierSuspend/supplierResume/externalPause/externalResume. */

export const upgradeCalls = {
  abilities: defineCall({
    path: 'upgrade/abilities',
    auth: 'session',
    write: false,
    summary:
      'What the caller may do in cloud upgrade beside acting on a listed package or task: upload, release, import devices, the provisioning key.',
    data: z.strictObject({}),
    result: z.object({ actions: z.array(cloudUpgradeActionSchema) }),
  }),
  appConfig: defineCall({
    path: 'upgrade/app-config/get',
    auth: { anyOf: ['dealer_upgrade_qry', 'dealer_upgrade_mgr'] },
    write: false,
    summary: 'Limits and choices of the upgrade screens: chunk size, canary speeds and waves, default gates.',
    data: z.strictObject({}),
    result: z.object({
      chunkBytes: z.number().int(),
      maxPackageBytes: z.number().int(),
      validityMinDays: z.number().int(),
      canary: z.record(z.string(), z.object({ shares: z.array(z.number()), paceMinutes: z.number() })),
      defaultGates: gatesSchema,
    }),
  }),
  storageInfo: defineCall({
    path: 'upgrade/storage-info/get',
    auth: { anyOf: ['dealer_upgrade_mgr'] },
    write: false,
    summary: 'Storage credentials for uploading (or reading) a package object; cache until tokenTimeout minus 3 minutes.',
    data: z.strictObject({ action: z.enum(['upload', 'download']), pkgId: idSchema }),
    result: z.object({ storageInfo: storageInfoSchema, storageType: z.enum(['portal', 's3']), tokenTimeout: z.number() }),
  }),
  packageCreate: defineCall({
    path: 'upgrade/package/create',
    auth: { anyOf: ['dealer_upgrade_mgr'] },
    write: true,
    summary: 'Creates a package record (upload incomplete); its bytes are then uploaded in chunks.',
    data: packageCreateSchema,
    result: firmwarePackageSchema,
  }),
  packageComplete: defineCall({
    path: 'upgrade/package/complete',
    auth: { anyOf: ['dealer_upgrade_mgr'] },
    write: true,
    summary: 'All chunks are uploaded: the server assembles the file, checks its md5 (verifying) and syncs it to the DCs.',
    data: pkgIdData,
    result: firmwarePackageSchema,
  }),
  packageList: defineCall({
    path: 'upgrade/package/list',
    auth: { anyOf: ['dealer_upgrade_qry', 'dealer_upgrade_mgr'] },
    write: false,
    summary: "Packages of the caller's brand (all for the supplier), filtered by productType, searchText and status.",
    data: packageListQuerySchema.strict(),
    result: pageOf(firmwarePackageSchema),
  }),
  packageGet: defineCall({
    path: 'upgrade/package/get',
    auth: { anyOf: ['dealer_upgrade_qry', 'dealer_upgrade_mgr'] },
    write: false,
    summary: 'One package with its sync state per DC.',
    data: pkgIdData,
    result: firmwarePackageSchema,
  }),
  packageUpdate: defineCall({
    path: 'upgrade/package/update',
    auth: { anyOf: ['dealer_upgrade_mgr'] },
    write: true,
    summary: 'Edits descriptions, compatible versions, validity, test flag and signing sheet.',
    data: packageFieldsSchema.omit({ versionName: true, productType: true, models: true }).extend({ pkgId: idSchema }),
    result: firmwarePackageSchema,
  }),
  packageOperate: defineCall({
    path: 'upgrade/package/operate',
    auth: { anyOf: ['dealer_upgrade_mgr'] },
    write: true,
    summary: 'abandon, restore, delete, retrySync or restartUpload (firmwarePackageMachine); refused while a running task uses it.',
    data: z.strictObject({
      pkgId: idSchema,
      action: firmwarePackageActionSchema.extract(['abandon', 'restore', 'delete', 'retrySync', 'restartUpload']),
    }),
    result: firmwarePackageSchema,
  }),
  compatibleVersions: defineCall({
    path: 'upgrade/compatible-version/get',
    auth: { anyOf: ['dealer_upgrade_qry', 'dealer_upgrade_mgr'] },
    write: false,
    summary: 'Firmware versions found on the caller’s devices of a product type and models, with device counts.',
    data: z.strictObject({ productType: productTypeSchema, models: z.array(z.string()).default([]) }),
    result: z.array(z.object({ version: z.string(), devices: z.number().int() })),
  }),
  mainVersions: defineCall({
    path: 'upgrade/main-version/list',
    auth: { anyOf: ['dealer_upgrade_qry', 'dealer_upgrade_mgr'] },
    write: false,
    summary: 'Device models with their firmware versions and counts (dealer-upgrade-main-version list; dealer-version get).',
    data: z.strictObject({ productType: productTypeSchema.optional() }),
    result: z.array(z.object({ model: z.string(), productType: productTypeSchema, version: z.string(), devices: z.number().int() })),
  }),
  versionNote: defineCall({
    path: 'upgrade/version-note/get',
    auth: { anyOf: ['dealer_upgrade_qry', 'dealer_upgrade_mgr'] },
    write: false,
    summary: 'The version notes of a package in every language it has.',
    data: pkgIdData,
    result: z.object({ versionName: z.string(), descriptions: z.record(z.string(), z.string()) }),
  }),
  countryCodes: defineCall({
    path: 'upgrade/country-code',
    auth: { anyOf: ['dealer_upgrade_qry', 'dealer_upgrade_mgr'] },
    write: false,
    summary: 'Countries of the caller’s devices in the given regions, with counts.',
    data: z.strictObject({ areaIds: z.array(idSchema).default([]) }),
    result: z.array(z.object({ code: z.string(), devices: z.number().int() })),
  }),
  taskPreview: defineCall({
    path: 'upgrade/task/preview',
    auth: { anyOf: ['dealer_upgrade_mgr'] },
    write: false,
    summary: 'Target and notice quantity, by country and wave, of a release before it is submitted.',
    data: releaseTargetSchema,
    result: releasePreviewSchema,
  }),
  taskBatchSubmit: defineCall({
    path: 'upgrade/task/batch-submit',
    auth: { anyOf: ['dealer_upgrade_mgr'] },
    write: true,
    summary: 'Creates release tasks (all or none); their target devices are fixed at once (set-based).',
    data: z.strictObject({ tasks: z.array(releaseTaskInputSchema).min(1).max(20) }),
    result: z.object({ taskIds: z.array(z.number().int()) }),
  }),
  taskList: defineCall({
    path: 'upgrade/task/list',
    auth: { anyOf: ['dealer_upgrade_qry', 'dealer_upgrade_mgr'] },
    write: false,
    summary: 'Tasks of the caller’s brand (all for the supplier) with to-upgrade, notified, success and failed counts.',
    data: taskListQuerySchema.strict(),
    result: pageOf(releaseTaskSchema),
  }),
  taskGet: defineCall({
    path: 'upgrade/task/get',
    auth: { anyOf: ['dealer_upgrade_qry', 'dealer_upgrade_mgr'] },
    write: false,
    summary: 'One task with its waves, gates, pause reason and history.',
    data: taskIdData,
    result: releaseTaskDetailSchema,
  }),
  taskOperate: defineCall({
    path: 'upgrade/task/operate',
    auth: { anyOf: ['dealer_upgrade_mgr', 'supplier_system_mgr'] },
    write: true,
    summary: 'pause, continue, end, revoke, promote (owner); supplierSuspend, supplierResume, externalPause, externalResume (supplier).',
    data: z.strictObject({
      taskId: idSchema,
      action: releaseTaskActionSchema.extract([...TASK_OWNER_ACTIONS, ...TASK_SUPPLIER_ACTIONS]),
      reason: z.string().trim().max(200).optional(),
    }),
    result: releaseTaskDetailSchema,
  }),
  taskUpdate: defineCall({
    path: 'upgrade/task/update',
    auth: { anyOf: ['dealer_upgrade_mgr'] },
    write: true,
    summary: 'Changes the end time and gates of a task that has not finished.',
    data: z.strictObject({ taskId: idSchema, endAt: epochMs.optional(), gates: gatesSchema.optional() }),
    result: releaseTaskDetailSchema,
  }),
  taskDelete: defineCall({
    path: 'upgrade/task/delete',
    auth: { anyOf: ['dealer_upgrade_mgr'] },
    write: true,
    summary: 'Deletes an unreleased task, or a finished one (ended, expired, revoked, completed).',
    data: taskIdData,
    result: ok,
  }),
  taskDevices: defineCall({
    path: 'upgrade/task/devices',
    auth: { anyOf: ['dealer_upgrade_qry', 'dealer_upgrade_mgr'] },
    write: false,
    summary: 'Devices of a task with their state, filtered by state, country, wave and the time of their last report (at most 31 days).',
    data: pageQuerySchema
      .extend({
        taskId: idSchema,
        state: taskDeviceStateSchema.optional(),
        country: countryCodeSchema.optional(),
        wave: z.number().int().optional(),
        searchText: z.string().trim().max(64).optional(),
        range: queryRangeSchema.optional(),
      })
      .strict(),
    result: pageOf(taskDeviceSchema),
  }),
  resultByCountry: defineCall({
    path: 'upgrade/task/result-number',
    auth: { anyOf: ['dealer_upgrade_qry', 'dealer_upgrade_mgr'] },
    write: false,
    summary: 'To-upgrade, notified, success and failed devices of a task per country.',
    data: taskIdData,
    result: z.array(countryResultSchema),
  }),
  taskCounts: defineCall({
    path: 'upgrade/task/counts',
    auth: { anyOf: ['dealer_upgrade_qry', 'dealer_upgrade_mgr'] },
    write: false,
    summary: 'The toUpgrade and notice counts of a task.',
    data: taskIdData,
    result: taskCountsSchema,
  }),
  resultExport: defineCall({
    path: 'upgrade/result/export',
    auth: { anyOf: ['dealer_upgrade_qry', 'dealer_upgrade_mgr'] },
    write: false,
    summary: 'A signed link (300 s) to an xlsx of device results, streamed; the range of report times is at most 90 days.',
    data: z.strictObject({ taskId: idSchema.optional(), range: exportRangeSchema, state: taskDeviceStateSchema.optional() }),
    result: z.object({ url: z.string(), rows: z.number().int() }),
  }),
};

export type UpgradeCalls = typeof upgradeCalls;
