/**
 * The device-facing update service (issue 4 §5), under DEVICE_API_PREFIX. Plain JSON, not the
 * portal envelope: devices are not users. Answers are `{ code, msg, data }` with catalogue codes.
 *
 * - register: a device presents its brand's provisioning key with its SN, MAC, model and version,
 *   and receives its own device key (shown once). A device already registered keeps its key: it
 *   registers again (new version, country) only with its own key in `deviceKey`, or after a portal
 *   user reset its key (device/key/reset); otherwise 24022, the same answer whichever brand holds
 *   the SN or MAC.
 * - poll, report: authenticated by `Authorization: Device <sn>:<deviceKey>`.
 * - download: GET of the signed URL from a poll (valid SIGNED_URL_TTL_SECONDS, HTTP Range).
 */
import { z } from 'zod';
import { idSchema } from '../../shared/validators';
import { productTypeSchema } from './calls';

export const DEVICE_API_PATHS = {
  register: 'register',
  poll: 'poll',
  report: 'report',
  download: 'download',
  /** PUT of a requested log, by the signed URL of a poll's `uploadLog` answer. */
  logUpload: 'log/upload',
  /** PUT of a log the device sends unasked (device key), at most DEVICE_LOG_UNASKED_PER_DAY a day. */
  log: 'log',
} as const;

/** A device log is one gzip file of at most this many bytes (issue 15 §4). */
export const DEVICE_LOG_MAX_BYTES = 10 * 1024 * 1024;
/** The upload URL of a poll's `uploadLog` answer works this long. */
export const DEVICE_LOG_UPLOAD_URL_TTL_SECONDS = 300;
/** A log request the device has not answered within this long expires. */
export const DEVICE_LOG_REQUEST_TTL_HOURS = 24;
/** Logs a device may send unasked in 24 hours. */
export const DEVICE_LOG_UNASKED_PER_DAY = 20;
/** The content type of a device log upload. */
export const DEVICE_LOG_CONTENT_TYPE = 'application/gzip';

/** Poll interval (seconds) a device is told when there is nothing to do, before jitter. */
export const POLL_INTERVAL_SECONDS = 300;
/** +/- this share of the interval is added at random, so a fleet does not poll in step. */
export const POLL_JITTER = 0.2;
/** While a device is upgrading it polls again sooner. */
export const POLL_INTERVAL_BUSY_SECONDS = 30;

export const DEVICE_AUTH_SCHEME = 'Device';

export const deviceRegisterSchema = z.strictObject({
  provisioningKey: z.string().min(16).max(128),
  sn: z.string().trim().min(1).max(64),
  mac: z.string().trim().min(1).max(17),
  model: z.string().trim().min(1).max(64),
  productType: productTypeSchema,
  firmwareVersion: z.string().trim().min(1).max(64),
  hardwareVersion: z.string().trim().max(64).default(''),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/)
    .transform((c) => c.toUpperCase()),
  /** The device's own key, when it registers again (it is kept). */
  deviceKey: z.string().min(1).max(128).optional(),
});
export type DeviceRegister = z.input<typeof deviceRegisterSchema>;

export const deviceRegisterResultSchema = z.object({
  deviceId: idSchema,
  deviceKey: z.string(),
  /**
   * The device's verification code (shown by the device, e.g. on its label screen or QR code): its
   * end user binds the device with SN and this code (app-api device/bind). Each registration gives
   * a new one; the server keeps only its hash.
   */
  verifyCode: z.string(),
  pollIntervalSeconds: z.number().int(),
});

export const devicePollSchema = z.strictObject({
  model: z.string().trim().min(1).max(64),
  firmwareVersion: z.string().trim().min(1).max(64),
});
export type DevicePoll = z.input<typeof devicePollSchema>;

export const devicePollResultSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('none'), nextPollSeconds: z.number().int() }),
  z.object({
    action: z.literal('upgrade'),
    taskId: idSchema,
    nextPollSeconds: z.number().int(),
    package: z.object({
      pkgId: idSchema,
      version: z.string(),
      size: z.number().int(),
      md5: z.string(),
      sha256: z.string(),
      /** Signed download URL (absolute), valid until urlExpiresAt; supports Range. */
      url: z.string(),
      urlExpiresAt: z.number(),
      descriptions: z.record(z.string(), z.string()),
    }),
  }),
  z.object({
    /** A portal user asked for the device's log: PUT it (gzip, at most maxBytes) to `url` before urlExpiresAt. */
    action: z.literal('uploadLog'),
    nextPollSeconds: z.number().int(),
    upload: z.object({
      url: z.string(),
      method: z.literal('PUT'),
      contentType: z.literal(DEVICE_LOG_CONTENT_TYPE),
      maxBytes: z.number().int(),
      urlExpiresAt: z.number(),
    }),
  }),
]);
export type DevicePollResult = z.infer<typeof devicePollResultSchema>;

export const DEVICE_REPORT_STATUSES = ['downloading', 'installing', 'success', 'failed'] as const;

export const deviceReportSchema = z
  .strictObject({
    taskId: idSchema,
    status: z.enum(DEVICE_REPORT_STATUSES),
    /** success: the version the device runs after rebooting (must be the package's). */
    firmwareVersion: z.string().trim().max(64).optional(),
    /** failed: the device's error code (e.g. MD5_MISMATCH, FLASH_ERROR). */
    errorCode: z.string().trim().max(64).optional(),
    progress: z.number().int().min(0).max(100).optional(),
  })
  .superRefine((r, ctx) => {
    if (r.status === 'success' && !r.firmwareVersion)
      ctx.addIssue({ code: 'custom', message: 'firmwareVersion is required with success', path: ['firmwareVersion'] });
    if (r.status === 'failed' && !r.errorCode)
      ctx.addIssue({ code: 'custom', message: 'errorCode is required with failed', path: ['errorCode'] });
  });
export type DeviceReport = z.input<typeof deviceReportSchema>;

export const deviceReportResultSchema = z.object({
  /** The state the task holds for the device after this report. */
  state: z.enum(['notified', 'downloading', 'installing', 'success', 'failed']),
});

export interface DeviceApiAnswer<T> {
  code: number;
  msg: string;
  data: T | null;
}
