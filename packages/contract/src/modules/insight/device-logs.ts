/**
 * Device logs (issue 15 §4 "Request logs", §5 "Device log"): a portal user with dealer_device_mgr
 * asks a device for its log; the device's next poll answers `action: uploadLog` with a signed upload
 * URL (DEVICE_LOG_UPLOAD_URL_TTL_SECONDS); the device PUTs one gzip of at most DEVICE_LOG_MAX_BYTES.
 * A request is `requested` until the upload (`uploaded`) or for DEVICE_LOG_REQUEST_TTL_HOURS
 * (`expired`). A device may also send DEVICE_LOG_UNASKED_PER_DAY logs a day unasked. Logs are kept
 * for the brand's retention (DEVICE_LOG_RETENTION_DAYS, 7-180 days) and purged with their files.
 */
import { z } from 'zod';
import { ErrorCodes } from '../../errors';
import { defineCall } from '../../shared/define-call';
import { DEVICE_API_PREFIX } from '../../shared/constants';
import { defineRawRoute } from '../../shared/raw-routes';
import { defineMachine, type StateOf } from '../../shared/states';
import { idSchema } from '../../shared/validators';
import { DEVICE_API_PATHS } from '../cloud-upgrade';

/** A device log: asked for, then uploaded by the device or expired unanswered; an unasked upload starts uploaded. */
export const deviceLogMachine = defineMachine({
  name: 'deviceLog',
  states: ['requested', 'uploaded', 'expired'],
  actions: {
    upload: { from: ['requested'], to: 'uploaded' },
    expire: { from: ['requested'], to: 'expired' },
  },
});
export const DEVICE_LOG_STATES = deviceLogMachine.states;
export type DeviceLogState = StateOf<typeof deviceLogMachine>;

/** The brand's retention of device logs (days): default, least, most. */
export const DEVICE_LOG_RETENTION_DAYS = { default: 30, min: 7, max: 180 } as const;

export const deviceLogRetentionSchema = z.number().int().min(DEVICE_LOG_RETENTION_DAYS.min).max(DEVICE_LOG_RETENTION_DAYS.max);

export const deviceLogSchema = z.object({
  id: idSchema,
  state: deviceLogMachine.stateSchema,
  /** Bytes of the uploaded file; null before the upload. */
  size: z.number().int().nullable(),
  /** Who asked for it; null for a log the device sent unasked. */
  requesterName: z.string().nullable(),
  requestedAt: z.number().nullable(),
  /** When an unanswered request expires (requested) or expired. */
  expiresAt: z.number().nullable(),
  uploadedAt: z.number().nullable(),
});
export type DeviceLog = z.infer<typeof deviceLogSchema>;

/** What the caller may do with a device's logs (server policy): ask for a log, set its brand's retention. */
export const DEVICE_LOG_ABILITIES = ['request', 'setRetention'] as const;
export const deviceLogAbilitySchema = z.enum(DEVICE_LOG_ABILITIES);
export type DeviceLogAbility = z.infer<typeof deviceLogAbilitySchema>;

export const deviceLogListSchema = z.object({
  records: z.array(deviceLogSchema),
  /** The device's brand keeps its logs this many days. */
  retentionDays: z.number().int(),
  actions: z.array(deviceLogAbilitySchema),
});
export type DeviceLogList = z.infer<typeof deviceLogListSchema>;

/** Reading a device's logs (diagnostics). */
const deviceLogReadAuth = { anyOf: ['rmr_qry', 'dealer_device_mgr'] } as const;

/** A device's log list answers at most this many logs, newest first. */
export const DEVICE_LOG_LIST_LIMIT = 100;

export const deviceLogCalls = {
  deviceLogList: defineCall({
    path: 'insight/device/log/list',
    auth: deviceLogReadAuth,
    write: false,
    summary:
      "A device's logs, newest first (at most 100): state, size, requester, times, and its brand's retention. A device outside the caller's subtree or area answers 1004.",
    data: z.strictObject({ deviceId: idSchema }),
    result: deviceLogListSchema,
  }),
  deviceLogRequest: defineCall({
    path: 'insight/device/log/request',
    auth: { anyOf: ['dealer_device_mgr'] },
    write: true,
    summary:
      "Asks a device for its log: its next poll answers uploadLog with a signed upload URL; the request expires after 24 h. 26001 while an earlier request waits. Another tenant's device answers 1004.",
    data: z.strictObject({ deviceId: idSchema }),
    result: deviceLogSchema,
  }),
  deviceLogLink: defineCall({
    path: 'insight/device/log/link',
    auth: deviceLogReadAuth,
    write: false,
    summary: "A download link (300 s, dies with the session) of an uploaded device log. Another tenant's log answers 1004.",
    data: z.strictObject({ logId: idSchema }),
    result: z.object({ url: z.string() }),
  }),
  deviceLogRetentionSet: defineCall({
    path: 'insight/device/log/retention',
    auth: { anyOf: ['dealer_device_mgr'] },
    write: true,
    summary: "Sets how many days (7-180) the caller's brand keeps its devices' logs. 26008 for a company that is not a brand.",
    data: z.strictObject({ days: deviceLogRetentionSchema }),
    result: z.object({ retentionDays: z.number().int() }),
  }),
};

const device = (p: string) => `${DEVICE_API_PREFIX}/${p}`;

export const insightRawRoutes = {
  deviceLogUpload: defineRawRoute({
    method: 'PUT',
    path: device(DEVICE_API_PATHS.logUpload),
    auth: 'signedLink',
    summary: "A device's requested log (gzip, at most 10 MB), by the signed URL of its poll's uploadLog answer (300 s, once).",
    refused: { code: ErrorCodes.fileLinkInvalid, status: 403 },
    shape: 'plain',
  }),
  deviceLogUnasked: defineRawRoute({
    method: 'PUT',
    path: device(DEVICE_API_PATHS.log),
    auth: 'device',
    summary: 'A log the device sends unasked (gzip, at most 10 MB, at most 20 in 24 hours).',
    refused: { code: ErrorCodes.deviceKeyInvalid, status: 401 },
    shape: 'plain',
  }),
} as const;
