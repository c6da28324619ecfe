/**
 * The device-facing update service's logic: register with the brand's provisioning key, poll for an
 * upgrade, report progress and the result. The routes (device-api.routes.ts) turn AppErrors into
 * `{ code, msg, data }`.
 *
 * The poll is the hot path: one prepared statement authenticates the device and finds its active
 * task (task_devices_active_uq), shared by the polls that arrive together; the package's metadata
 * comes from a small cache. With nothing to do a poll writes nothing (last_seen_at is buffered and
 * kept to the half minute). Only the first poll in a started wave writes: the device becomes
 * notified, in one statement.
 */
import {
  DEVICE_VERIFY_CODE_LENGTH,
  DEVICE_API_PATHS,
  DEVICE_API_PREFIX,
  DEVICE_AUTH_SCHEME,
  DEVICE_LOG_CONTENT_TYPE,
  DEVICE_LOG_MAX_BYTES,
  ErrorCodes,
  normalizeMac,
  normalizeSn,
  POLL_INTERVAL_BUSY_SECONDS,
  POLL_JITTER,
  SIGNED_URL_TTL_SECONDS,
  snError,
  type DevicePollResult,
} from '@portal/contract';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { deviceLogUploadUrl, recordDeviceEvents } from '../insight';
import type { RouteDeps } from './route-deps';
import {
  areaForCountry,
  insertRegisteredDevice,
  lockDevice,
  setDeviceFirmware,
  setDeviceModelAndVersion,
  unsafeBrandByProvisioningKey,
  unsafeDeviceAuthBySn,
  unsafeLockDevicesBySnOrMac,
  unsafeLockTaskDeviceForReport,
  unsafeNotifyTaskDevice,
  unsafePackageForPoll,
  unsafePollRowsBySn,
  updateRegisteredDevice,
  updateTaskDeviceReport,
  type PollRow,
} from './device-api.repository';
import { applyWaveDeltas, unsafeJoinOpenTask } from './engine.repository';
import { addDelta, isFinalTask, iso, type WaveDeltas } from './engine.shared';

const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');
/** Compared against when the SN is unknown, so an unknown device costs the same time as a wrong key. */
const DUMMY_HASH = sha256Hex('no such device');

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === 32 && y.length === 32 && timingSafeEqual(x, y);
}

/** `Device <sn>:<key>` → the normalised SN and the key; 24014 when malformed. */
export function parseDeviceAuth(header: string | undefined): { sn: string; key: string } {
  const m = header ? /^\s*(\S+)\s+([^:\s]+):(\S+)\s*$/.exec(header) : null;
  if (!m || m[1]!.toLowerCase() !== DEVICE_AUTH_SCHEME.toLowerCase()) throw new AppError(ErrorCodes.deviceKeyInvalid);
  return { sn: normalizeSn(m[2]!), key: m[3]! };
}

/** The poll interval of an idle device: the configured one ± POLL_JITTER at random, so a fleet spreads out. */
export function jitteredInterval(base: number, random: () => number = Math.random): number {
  return Math.max(1, Math.round(base * (1 + (random() * 2 - 1) * POLL_JITTER)));
}

// ---------------------------------------------------------------------------------------------
// Register
// ---------------------------------------------------------------------------------------------

export interface RegisterInput {
  provisioningKey: string;
  sn: string;
  mac: string;
  model: string;
  productType: string;
  firmwareVersion: string;
  hardwareVersion: string;
  country: string;
  /** The device's own key, when it registers again. */
  deviceKey?: string;
}

/**
 * Creates the device in the key's brand with a fresh key, answered once, or updates it (by SN or
 * MAC): a device only imported so far (no key yet) takes a fresh key; a registered device keeps
 * its key and is updated only when it presents that key (issue 11 §1.7: the brand's provisioning
 * key cannot re-key a device). Any other case, whichever brand holds the SN or MAC, is the same
 * 24022 after the same work. A registered device that fits an open task joins it.
 */
export async function registerDevice(deps: RouteDeps, d: RegisterInput) {
  const sn = normalizeSn(d.sn);
  const mac = normalizeMac(d.mac);
  if (snError(sn)) throw new AppError(ErrorCodes.invalidParams, { detail: 'sn' });
  if (!mac) throw new AppError(ErrorCodes.invalidParams, { detail: 'mac' });
  try {
    return await registerOnce(deps, d, sn, mac);
  } catch (err) {
    // Two registrations of a new device at once: the second finds the first's row when tried again.
    if ((err as { cause?: { code?: string } }).cause?.code !== '23505' && (err as { code?: string }).code !== '23505') throw err;
    return registerOnce(deps, d, sn, mac);
  }
}

/** Letters and digits that cannot be mistaken for each other (no 0/O, 1/I/L). */
const VERIFY_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A device's verification code for binding (DEVICE_VERIFY_CODE_LENGTH characters, ~40 bits). */
function newVerifyCode(): string {
  const bytes = randomBytes(DEVICE_VERIFY_CODE_LENGTH);
  let code = '';
  for (const b of bytes) code += VERIFY_CODE_ALPHABET[b % VERIFY_CODE_ALPHABET.length];
  return code;
}

async function registerOnce(deps: RouteDeps, d: RegisterInput, sn: string, mac: string) {
  const now = deps.clock.now();
  let deviceKey = randomBytes(24).toString('base64url');
  const verifyCode = newVerifyCode();
  return deps.database.db.transaction(async (tx) => {
    const brand = await unsafeBrandByProvisioningKey(tx, sha256Hex(d.provisioningKey));
    if (!brand) throw new AppError(ErrorCodes.provisioningKeyInvalid);
    const found = await unsafeLockDevicesBySnOrMac(tx, sn, mac);
    // The SN of one device with the MAC of another: taken, whoever holds them.
    if (found.length > 1) throw new AppError(ErrorCodes.deviceAlreadyRegistered, undefined, 'sn and mac belong to different devices');
    const existing = found[0];
    if (existing) {
      // The key is always compared (against a dummy when there is none), so every refusal costs the same.
      const ownKey =
        d.deviceKey !== undefined && sameHash(sha256Hex(d.deviceKey), existing.key_hash ?? DUMMY_HASH) && existing.key_hash !== null;
      const ours = existing.company_path.startsWith(brand.path);
      if (!ours || (existing.key_hash !== null && !ownKey)) throw new AppError(ErrorCodes.deviceAlreadyRegistered);
      // Registered again with its own key: the key stays.
      if (ownKey) deviceKey = d.deviceKey!;
    }
    const [area] =
      existing && existing.country === d.country ? [{ id: existing.area_id }] : [await areaForCountry(tx, d.country, brand.area_id)];
    const values = {
      sn,
      mac,
      model: d.model,
      productType: d.productType,
      firmwareVersion: d.firmwareVersion,
      hardwareVersion: d.hardwareVersion,
      country: d.country,
      areaId: area?.id ?? null,
      keyHash: sha256Hex(deviceKey),
      verifyCodeHash: sha256Hex(verifyCode),
      now,
    };
    const deviceId = existing ? await updateRegisteredDevice(tx, existing.id, values) : await insertRegisteredDevice(tx, brand, values);
    // First registration (no key before): the device is activated (insight's history).
    if (!existing || existing.key_hash === null) await recordDeviceEvents(tx, [{ deviceId, kind: 'activation', at: now }]);
    await unsafeJoinOpenTask(tx, deviceId, now);
    return { deviceId, deviceKey, verifyCode, pollIntervalSeconds: deps.services.config.devicePollSeconds };
  });
}

// ---------------------------------------------------------------------------------------------
// Poll
// ---------------------------------------------------------------------------------------------

/** last_seen_at is rewritten when it is at least this old. */
const LAST_SEEN_RESOLUTION_MS = 30_000;

/** Most SNs looked up in one statement. */
const POLL_BATCH_MAX = 64;

/**
 * Polls arriving together share one statement (DataLoader style): each waits at most until the
 * event loop's next turn, and a busy server makes one round trip to the database for several
 * devices instead of one each.
 */
class PollLookup {
  private waiting = new Map<string, Array<{ resolve: (r: PollRow | undefined) => void; reject: (e: unknown) => void }>>();
  private scheduled = false;

  constructor(private readonly database: Database) {}

  get(sn: string): Promise<PollRow | undefined> {
    return new Promise((resolve, reject) => {
      const list = this.waiting.get(sn);
      if (list) list.push({ resolve, reject });
      else this.waiting.set(sn, [{ resolve, reject }]);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush() {
    this.scheduled = false;
    const all = [...this.waiting.entries()];
    this.waiting.clear();
    for (let i = 0; i < all.length; i += POLL_BATCH_MAX) {
      const batch = all.slice(i, i + POLL_BATCH_MAX);
      unsafePollRowsBySn(
        this.database,
        batch.map(([sn]) => sn),
      ).then(
        (found) => {
          const bySn = new Map(found.map((r) => [r.sn, r]));
          for (const [sn, list] of batch) for (const w of list) w.resolve(bySn.get(sn));
        },
        (err: unknown) => {
          for (const [, list] of batch) for (const w of list) w.reject(err);
        },
      );
    }
  }
}

const lookups = new WeakMap<Database, PollLookup>();
function pollLookup(database: Database): PollLookup {
  let l = lookups.get(database);
  if (!l) lookups.set(database, (l = new PollLookup(database)));
  return l;
}

interface PackageMeta {
  pkgId: number;
  version: string;
  size: number;
  md5: string;
  sha256: string;
  descriptions: Record<string, string>;
}

/**
 * What a poll hands out of a package, cached per process: many devices share one package, and
 * its version, size and hashes never change once synced (its notes may, hence the short life).
 */
const PACKAGE_CACHE_MS = 60_000;
const packageCache = new WeakMap<Database, Map<number, { meta: PackageMeta; at: number }>>();

async function packageMeta(database: Database, pkgId: number, now: number): Promise<PackageMeta | null> {
  let cache = packageCache.get(database);
  if (!cache) packageCache.set(database, (cache = new Map()));
  const hit = cache.get(pkgId);
  if (hit && now - hit.at < PACKAGE_CACHE_MS && now >= hit.at) return hit.meta;
  const p = await unsafePackageForPoll(database, pkgId);
  if (!p) return null;
  const meta = {
    pkgId: Number(p.id),
    version: p.version_name,
    size: Number(p.size),
    md5: p.md5,
    sha256: p.sha256,
    descriptions: p.descriptions ?? {},
  };
  if (cache.size > 1_000) cache.clear();
  cache.set(pkgId, { meta, at: now });
  return meta;
}

/**
 * The signed download URL of a poll, as signUrl (lib/files) makes it and verifySignedUrl checks
 * it (the same canonical form and key), built without URL parsing: it is made on every poll.
 */
const downloadBases = new Map<string, { origin: string; path: string }>();
function downloadUrl(publicUrl: string, secret: string, q: { pkg: number; dev: number; task: number; expires: number }): string {
  let base = downloadBases.get(publicUrl);
  if (!base) {
    const u = new URL(publicUrl);
    base = { origin: u.origin, path: `${u.pathname.replace(/\/+$/, '')}${DEVICE_API_PREFIX}/${DEVICE_API_PATHS.download}` };
    downloadBases.set(publicUrl, base);
  }
  const { origin, path } = base;
  // Parameters in sorted order: dev, expires, pkg, task (all digits, nothing to encode).
  const query = `dev=${q.dev}&expires=${q.expires}&pkg=${q.pkg}&task=${q.task}`;
  const signature = createHmac('sha256', secret)
    .update(JSON.stringify(['url/v1', `${path}?${query}`]))
    .digest('hex');
  return `${origin}${path}?${query}&signature=${signature}`;
}

async function authenticatedPollRow(database: Database, authHeader: string | undefined): Promise<{ row: PollRow; sn: string }> {
  const { sn, key } = parseDeviceAuth(authHeader);
  const row = await pollLookup(database).get(sn);
  const ok = sameHash(sha256Hex(key), row?.key_hash ?? DUMMY_HASH);
  if (!row || !row.key_hash || !ok) throw new AppError(ErrorCodes.deviceKeyInvalid);
  return { row, sn };
}

export interface PollContext extends RouteDeps {
  touch(deviceId: number, at: number): void;
}

export async function pollDevice(
  deps: PollContext,
  authHeader: string | undefined,
  body: { model: string; firmwareVersion: string },
): Promise<DevicePollResult> {
  const auth = await authenticatedPollRow(deps.database, authHeader);
  let row = auth.row;
  const now = deps.clock.now();
  const deviceId = Number(row.id);
  // last_seen_at to the half minute: a device polling more often does not rewrite its row each time.
  if (row.last_seen === null || now - Number(row.last_seen) >= LAST_SEEN_RESOLUTION_MS || now < Number(row.last_seen))
    deps.touch(deviceId, now);
  const idle = (): DevicePollResult => ({ action: 'none', nextPollSeconds: jitteredInterval(deps.services.config.devicePollSeconds) });

  if (row.model !== body.model || row.firmware_version !== body.firmwareVersion) {
    // The device changed (a manual update, a downgrade): record it, and a free device may now fit an open task.
    await deps.database.db.transaction(async (tx) => {
      await setDeviceModelAndVersion(tx, deviceId, body.model, body.firmwareVersion, now);
      if (row.firmware_version !== body.firmwareVersion)
        await recordDeviceEvents(tx, [{ deviceId, kind: 'version_change', at: now, fromVersion: row.firmware_version }]);
      if (row.task_id === null) await unsafeJoinOpenTask(tx, deviceId, now);
    });
    if (row.task_id === null) row = (await pollLookup(deps.database).get(auth.sn)) ?? row;
  }

  // A portal user asked for the device's log (read with the poll's row): the upload comes first, the
  // task's answer at the next (busy) poll.
  if (row.log_until !== null && now < Number(row.log_until)) {
    const { url, urlExpiresAt } = deviceLogUploadUrl(deps.services.config, deviceId, Number(row.log_until), now);
    return {
      action: 'uploadLog',
      nextPollSeconds: POLL_INTERVAL_BUSY_SECONDS,
      upload: { url, method: 'PUT', contentType: DEVICE_LOG_CONTENT_TYPE, maxBytes: DEVICE_LOG_MAX_BYTES, urlExpiresAt },
    };
  }

  if (row.task_id === null || row.pkg_id === null || row.task_status !== 'in_release' || Number(row.wave) > Number(row.current_wave))
    return idle();
  const taskId = Number(row.task_id);
  const pkg = await packageMeta(deps.database, Number(row.pkg_id), now);
  if (!pkg) return idle();
  if (row.state === 'pending') {
    if (!(await unsafeNotifyTaskDevice(deps.database, taskId, deviceId, iso(now)))) return idle(); // the task took the device back meanwhile
  }
  const expires = Math.floor(now / 1000) + SIGNED_URL_TTL_SECONDS;
  const { publicUrl, linkSecret } = deps.services.config;
  return {
    action: 'upgrade',
    taskId,
    nextPollSeconds: POLL_INTERVAL_BUSY_SECONDS,
    package: {
      ...pkg,
      url: downloadUrl(publicUrl, linkSecret, { pkg: pkg.pkgId, dev: deviceId, task: taskId, expires }),
      urlExpiresAt: expires * 1000,
    },
  };
}

/** The device an `Authorization: Device <sn>:<key>` header names, by its key; 24014 otherwise (the same time either way). */
export async function authenticateDevice(database: Database, authHeader: string | undefined): Promise<number> {
  const { sn, key } = parseDeviceAuth(authHeader);
  const dev = await unsafeDeviceAuthBySn(database, sn);
  const ok = sameHash(sha256Hex(key), dev?.key_hash ?? DUMMY_HASH);
  if (!dev || !dev.key_hash || !ok) throw new AppError(ErrorCodes.deviceKeyInvalid);
  return Number(dev.id);
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

export interface ReportInput {
  taskId: number;
  status: 'downloading' | 'installing' | 'success' | 'failed';
  firmwareVersion?: string;
  errorCode?: string;
  progress?: number;
}

type ReportState = 'notified' | 'downloading' | 'installing' | 'success' | 'failed';

/**
 * Progress and results of a device in a task. Success counts only with the package's version (else
 * failed 'VERSION_MISMATCH'); the device's firmware version is updated either way. A late success
 * of a device that had timed out replaces its failure. 24016 when the device has no row in the
 * task, was not handed the package, or the task is final.
 */
export async function reportDevice(deps: RouteDeps, authHeader: string | undefined, d: ReportInput): Promise<{ state: ReportState }> {
  const deviceId = await authenticateDevice(deps.database, authHeader);
  const now = deps.clock.now();

  return deps.database.db.transaction(async (tx) => {
    // Lock order of the device side: the device, its task row, then the wave's counters.
    await lockDevice(tx, deviceId);
    const td = await unsafeLockTaskDeviceForReport(tx, d.taskId, deviceId);
    if (!td || isFinalTask(td.task_status)) throw new AppError(ErrorCodes.deviceTaskMismatch);
    const wave = Number(td.wave);
    const deltas: WaveDeltas = new Map();
    const inFlight = ['notified', 'downloading', 'installing'].includes(td.state);
    const lateSuccess = td.state === 'failed' && td.error_code === 'TIMEOUT' && d.status === 'success';
    if (td.state === d.status && (td.state === 'success' || td.state === 'failed')) return { state: td.state as ReportState }; // a repeated report
    if (!inFlight && !lateSuccess) throw new AppError(ErrorCodes.deviceTaskMismatch);

    let state: ReportState = d.status;
    let errorCode: string | null = null;
    let reported: string | null = null;
    if (d.status === 'success' || d.status === 'failed') {
      reported = d.firmwareVersion ?? null;
      if (d.status === 'success' && d.firmwareVersion !== td.version_name) {
        state = 'failed';
        errorCode = 'VERSION_MISMATCH';
      } else if (d.status === 'failed') {
        errorCode = d.errorCode ?? 'UNKNOWN';
      }
      if (lateSuccess && state !== 'success') throw new AppError(ErrorCodes.deviceTaskMismatch);
      if (lateSuccess) addDelta(deltas, wave, 'failed', -1);
      addDelta(deltas, wave, state === 'success' ? 'success' : 'failed', 1);
      if (reported) {
        const before = await setDeviceFirmware(tx, deviceId, reported, now);
        if (before !== reported)
          await recordDeviceEvents(tx, [{ deviceId, kind: 'version_change', at: now, fromVersion: before, taskId: d.taskId }]);
      }
      await recordDeviceEvents(tx, [
        state === 'success'
          ? { deviceId, kind: 'upgrade_success', at: now, taskId: d.taskId }
          : { deviceId, kind: 'upgrade_failed', at: now, code: errorCode ?? 'UNKNOWN', taskId: d.taskId },
      ]);
    }
    await updateTaskDeviceReport(tx, d.taskId, deviceId, {
      state,
      errorCode,
      reported,
      progress: d.progress ?? (state === 'success' ? 100 : null),
      now,
    });
    await applyWaveDeltas(tx, d.taskId, deltas);
    // Finished on another version: the device may fit another open task (a chained upgrade).
    if (reported) await unsafeJoinOpenTask(tx, deviceId, now);
    return { state };
  });
}
