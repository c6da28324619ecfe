/**
 * Device logs (issue 15 §4 "Request logs", §5 "Device log"). The portal's side: a device's log list,
 * a request (one waiting per device, expiring after DEVICE_LOG_REQUEST_TTL_HOURS), a download link,
 * the brand's retention. The device's side: a requested log by the signed URL of its poll
 * (cloud-upgrade's device API hands it out, reading the device's flag in the poll's one statement),
 * or an unasked one by its key (at most DEVICE_LOG_UNASKED_PER_DAY in 24 h). Each upload is one gzip
 * of at most DEVICE_LOG_MAX_BYTES, kept in the file store (a `files` row), and writes the device
 * event `log_uploaded`. The purge job removes logs past their brand's retention with their files.
 */
import {
  DEVICE_API_PATHS,
  DEVICE_API_PREFIX,
  DEVICE_LOG_CONTENT_TYPE,
  DEVICE_LOG_LIST_LIMIT,
  DEVICE_LOG_MAX_BYTES,
  DEVICE_LOG_REQUEST_TTL_HOURS,
  DEVICE_LOG_UNASKED_PER_DAY,
  DEVICE_LOG_UPLOAD_URL_TTL_SECONDS,
  ErrorCodes,
  SIGNED_URL_TTL_SECONDS,
  type DeviceLog,
} from '@portal/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { requireActor, type CallContext } from '../../lib/context';
import { allowedActions, authorize } from '../../lib/policy';
import { fileLinkUrl, signUrl, storeUpload, type FileStore } from '../../lib/files';
import {
  deviceLogsOf,
  expireStaleRequestOf,
  findDeviceForLogs,
  findLogForDownload,
  insertLogRequest,
  insertUnaskedLog,
  markLogUploaded,
  setOwnLogRetention,
  unsafeCountUnaskedSince,
  unsafeDeleteLogs,
  unsafeExpireLogRequests,
  unsafeLockDeviceForLog,
  unsafeLockWaitingRequest,
  unsafeLogsPastRetention,
  type DeviceLogRow,
} from './device-logs.repository';
import { recordDeviceEvents } from './events.repository';
import { deviceLogPolicy } from './insight.policy';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function present(r: DeviceLogRow): DeviceLog {
  const n = (v: number | null) => (v === null ? null : Number(v));
  return {
    id: Number(r.id),
    state: r.state,
    size: n(r.size),
    requesterName: r.requester_name,
    requestedAt: n(r.requested_at),
    expiresAt: n(r.expires_at),
    uploadedAt: n(r.uploaded_at),
  };
}

export async function listDeviceLogs(ctx: CallContext, deviceId: number) {
  const actor = requireActor(ctx);
  const device = await findDeviceForLogs(ctx.db, actor, deviceId);
  if (!device) throw new AppError(ErrorCodes.notFound);
  const logs = await deviceLogsOf(ctx.db, deviceId, DEVICE_LOG_LIST_LIMIT);
  return {
    records: logs.map(present),
    retentionDays: Number(device.retention_days),
    actions: allowedActions(deviceLogPolicy, actor, null),
  };
}

/** A request of a device the caller sees; 26001 while an earlier one waits (in the call's transaction). */
export async function requestDeviceLog(ctx: CallContext, deviceId: number): Promise<DeviceLog> {
  const actor = requireActor(ctx);
  authorize(deviceLogPolicy, actor, null, 'request');
  const now = ctx.clock.now();
  const device = await findDeviceForLogs(ctx.db, actor, deviceId, true);
  if (!device) throw new AppError(ErrorCodes.notFound);
  await expireStaleRequestOf(ctx.db, deviceId, now);
  const row = await insertLogRequest(ctx.db, deviceId, actor.actingUserId ?? actor.userId, now, now + DEVICE_LOG_REQUEST_TTL_HOURS * HOUR);
  if (!row) throw new AppError(ErrorCodes.deviceLogRequestPending);
  return present(row);
}

/** A download link of an uploaded log the caller sees (300 s, dies with the session). */
export async function deviceLogLink(ctx: CallContext, logId: number): Promise<{ url: string }> {
  const actor = requireActor(ctx);
  const log = await findLogForDownload(ctx.db, actor, logId);
  if (!log) throw new AppError(ErrorCodes.notFound);
  if (log.state !== 'uploaded' || !log.path) throw new AppError(ErrorCodes.deviceLogNotUploaded);
  const now = ctx.clock.now();
  const url = fileLinkUrl(
    {
      sessionId: actor.sessionId,
      tokenId: actor.sessionId,
      userId: actor.userId,
      path: log.path,
      expiresAt: now + SIGNED_URL_TTL_SECONDS * 1000,
      isDownload: true,
    },
    ctx.services.config.linkSecret,
    now,
  );
  return { url };
}

/** The caller's brand's retention of device logs; 26008 for a company that is not a brand. */
export async function setDeviceLogRetention(ctx: CallContext, days: number) {
  const actor = requireActor(ctx);
  authorize(deviceLogPolicy, actor, null, 'setRetention');
  const set = await setOwnLogRetention(ctx.db, actor, days);
  if (set === null) throw new AppError(ErrorCodes.notFound);
  return { retentionDays: set };
}

// ---- the device's side ---------------------------------------------------------------------------

/** The signed upload URL a poll answers while a request waits (`until`: the request's expiry, naming it). */
export function deviceLogUploadUrl(
  config: { publicUrl: string; linkSecret: string },
  deviceId: number,
  until: number,
  now: number,
): { url: string; urlExpiresAt: number } {
  const expires = Math.floor(now / 1000) + DEVICE_LOG_UPLOAD_URL_TTL_SECONDS;
  const url = signUrl(
    `${config.publicUrl}${DEVICE_API_PREFIX}/${DEVICE_API_PATHS.logUpload}?dev=${deviceId}&req=${until}`,
    config.linkSecret,
    {
      expiresAt: expires * 1000,
    },
  );
  return { url, urlExpiresAt: expires * 1000 };
}

/** A gzip stream starts with 1f 8b and deflate (08). */
function checkGzip(body: unknown): Buffer {
  const buf = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
  if (buf.length > DEVICE_LOG_MAX_BYTES) throw new AppError(ErrorCodes.deviceLogTooLarge);
  if (buf.length < 18 || buf[0] !== 0x1f || buf[1] !== 0x8b || buf[2] !== 0x08) throw new AppError(ErrorCodes.deviceLogNotGzip);
  return buf;
}

export interface DeviceLogDeps {
  database: Database;
  clock: Clock;
  fileStore: FileStore;
}

function fileName(sn: string, now: number): string {
  return `${sn}-${new Date(now).toISOString().replace(/[:.]/g, '-')}.log.gz`;
}

/** Puts the bytes in the store and records the file; the file store's failure is 26007. */
async function storeLog(
  tx: Parameters<typeof storeUpload>[0]['db'],
  deps: DeviceLogDeps,
  companyId: number,
  sn: string,
  buf: Buffer,
  now: number,
) {
  try {
    return await storeUpload({
      db: tx,
      store: deps.fileStore,
      companyId,
      userId: null,
      buffer: buf,
      fileName: fileName(sn, now),
      purpose: 'device-logs',
      contentType: DEVICE_LOG_CONTENT_TYPE,
      now: new Date(now),
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(ErrorCodes.deviceLogStoreUnavailable, undefined, String((err as Error)?.message ?? err));
  }
}

/**
 * The requested log, by the signed URL of the device's poll (`dev`, `req` = the request's expiry):
 * once; 26004 when the request was answered (or another one waits), 26005 when it expired.
 */
export async function acceptRequestedLog(deps: DeviceLogDeps, deviceId: number, until: number, body: unknown) {
  const buf = checkGzip(body);
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    const waiting = await unsafeLockWaitingRequest(tx, deviceId);
    if (!waiting || Number(waiting.expires_at) !== until) throw new AppError(ErrorCodes.deviceLogLinkUsed);
    if (Number(waiting.expires_at) <= now) throw new AppError(ErrorCodes.deviceLogRequestExpired);
    const file = await storeLog(tx, deps, Number(waiting.company_id), waiting.sn, buf, now);
    await markLogUploaded(tx, Number(waiting.id), deviceId, Number(file.id), buf.length, now);
    await recordDeviceEvents(tx, [{ deviceId, kind: 'log_uploaded', at: now }]);
    return { logId: Number(waiting.id), state: 'uploaded' as const, size: buf.length };
  });
}

/** A log the (authenticated) device sends unasked: at most DEVICE_LOG_UNASKED_PER_DAY in 24 hours (26006). */
export async function acceptUnaskedLog(deps: DeviceLogDeps, deviceId: number, body: unknown) {
  const buf = checkGzip(body);
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    const device = await unsafeLockDeviceForLog(tx, deviceId);
    if (!device) throw new AppError(ErrorCodes.deviceKeyInvalid);
    if ((await unsafeCountUnaskedSince(tx, deviceId, now - DAY)) >= DEVICE_LOG_UNASKED_PER_DAY)
      throw new AppError(ErrorCodes.deviceLogDailyLimit);
    const file = await storeLog(tx, deps, Number(device.company_id), device.sn, buf, now);
    const logId = await insertUnaskedLog(tx, deviceId, Number(file.id), buf.length, now);
    await recordDeviceEvents(tx, [{ deviceId, kind: 'log_uploaded', at: now }]);
    return { logId, state: 'uploaded' as const, size: buf.length };
  });
}

// ---- the job -------------------------------------------------------------------------------------

const PURGE_BATCH = 500;

/**
 * Requests past their expiry expire; logs past their brand's retention go with their files (the
 * objects first: a failed delete leaves the row, tried again next run).
 */
export async function runDeviceLogUpkeep(database: Database, fileStore: FileStore, now: number) {
  const expired = await unsafeExpireLogRequests(database, now);
  let purged = 0;
  for (;;) {
    const batch = await unsafeLogsPastRetention(database, now, PURGE_BATCH);
    if (batch.length === 0) break;
    const gone: typeof batch = [];
    for (const l of batch) {
      try {
        if (l.path) await fileStore.delete(l.path);
        gone.push(l);
      } catch {
        // The store is down: the row stays and is tried again next run.
      }
    }
    if (gone.length === 0) break;
    await unsafeDeleteLogs(
      database,
      gone.map((l) => Number(l.id)),
      gone.filter((l) => l.file_id !== null).map((l) => Number(l.file_id)),
    );
    purged += gone.length;
    if (batch.length < PURGE_BATCH) break;
  }
  return { expired, purged };
}
