/**
 * Device logs' statements (issue 15 §4): the portal's reads and requests, scoped to the caller's
 * subtree (the device's brand or the customer it is attributed to) and current area; the device's
 * uploads, authenticated by its key or by the signed URL its poll was given (`unsafe...`: a device
 * has no portal scope, the credential names the device); and the jobs over every tenant (`unsafe...`).
 *
 * A waiting request is also `devices.log_requested_until`, which the poll reads in its one statement.
 */
import { sql } from 'drizzle-orm';
import { rows, type Database, type Db, type Tx } from '../../db/client';
import type { Actor } from '../../lib/context';
import { scopedToArea, scopedToSubtree } from '../../lib/tenancy';

type Executor = Db | Tx;

const iso = (ms: number) => new Date(ms).toISOString();

const deviceScope = (actor: Actor) =>
  sql`(${scopedToSubtree(sql`d.company_path`, actor)} or ${scopedToSubtree(sql`d.customer_path`, actor)}) and ${scopedToArea(sql`d.area_id`, actor)}`;

export interface ScopedDevice {
  id: number;
  sn: string;
  retention_days: number;
}

/** A device the caller sees (its subtree and area), with its brand's log retention; null otherwise. */
export async function findDeviceForLogs(db: Executor, actor: Actor, deviceId: number, lock = false): Promise<ScopedDevice | null> {
  const [d] = await rows<ScopedDevice>(
    db,
    sql`select d.id::float8 as id, d.sn, c.device_log_retention_days as retention_days
          from devices d join companies c on c.id = d.company_id
         where d.id = ${deviceId} and ${deviceScope(actor)}
         ${lock ? sql`for update of d` : sql``}`,
  );
  return d ?? null;
}

export interface DeviceLogRow {
  id: number;
  state: 'requested' | 'uploaded' | 'expired';
  size: number | null;
  requester_name: string | null;
  requested_at: number | null;
  expires_at: number | null;
  uploaded_at: number | null;
}

const ms = (col: string) => sql.raw(`(extract(epoch from ${col}) * 1000)::float8`);
const LOG_COLUMNS = sql`l.id::float8 as id, l.state, l.size::float8 as size, u.nickname as requester_name,
  ${ms('l.requested_at')} as requested_at, ${ms('l.expires_at')} as expires_at, ${ms('l.uploaded_at')} as uploaded_at`;

/** A device's logs newest first (the caller found the device in its scope). */
export async function deviceLogsOf(db: Executor, deviceId: number, limit: number): Promise<DeviceLogRow[]> {
  return rows<DeviceLogRow>(
    db,
    sql`select ${LOG_COLUMNS}
          from device_logs l left join users u on u.id = l.requested_by
         where l.device_id = ${deviceId}
         order by l.created_at desc, l.id desc limit ${limit}`,
  );
}

/**
 * A new request of a (locked, scoped) device and the device's flag, in the caller's transaction;
 * null when a request already waits (the one-per-device index).
 */
export async function insertLogRequest(
  tx: Executor,
  deviceId: number,
  userId: number,
  now: number,
  expiresAt: number,
): Promise<DeviceLogRow | null> {
  const [row] = await rows<DeviceLogRow>(
    tx,
    sql`with l as (
          insert into device_logs (device_id, state, requested_by, requested_at, expires_at, created_at)
          values (${deviceId}, 'requested', ${userId}, ${iso(now)}::timestamptz, ${iso(expiresAt)}::timestamptz, ${iso(now)}::timestamptz)
          on conflict (device_id) where state = 'requested' do nothing
          returning *),
        d as (update devices set log_requested_until = ${iso(expiresAt)}::timestamptz where id = ${deviceId} and exists (select 1 from l))
        select ${LOG_COLUMNS} from l left join users u on u.id = l.requested_by`,
  );
  return row ?? null;
}

/** An uploaded log the caller sees (through its device), with its file's key; null otherwise. */
export async function findLogForDownload(db: Executor, actor: Actor, logId: number) {
  const [row] = await rows<{ id: number; state: string; path: string | null }>(
    db,
    sql`select l.id::float8 as id, l.state, f.path
          from device_logs l join devices d on d.id = l.device_id left join files f on f.id = l.file_id
         where l.id = ${logId} and ${deviceScope(actor)}`,
  );
  return row ?? null;
}

/** A (scoped, locked) device's request that waited past its expiry expires now, so a new one may be made. */
export async function expireStaleRequestOf(tx: Executor, deviceId: number, now: number): Promise<void> {
  await tx.execute(sql`
    update device_logs set state = 'expired'
     where device_id = ${deviceId} and state = 'requested' and expires_at <= ${iso(now)}::timestamptz`);
}

/** The caller's own company's retention of device logs. */
export async function setOwnLogRetention(db: Executor, actor: Actor, days: number): Promise<number | null> {
  const [row] = await rows<{ days: number }>(
    db,
    sql`update companies set device_log_retention_days = ${days} where id = ${actor.companyId}
        returning device_log_retention_days as days`,
  );
  return row?.days ?? null;
}

// ---- the device's side ---------------------------------------------------------------------------

/**
 * Unscoped (the signed URL of the device's own poll names it): the device's waiting request, its
 * row locked, with the device's brand; null when none waits.
 */
export async function unsafeLockWaitingRequest(tx: Tx, deviceId: number) {
  const [row] = await rows<{ id: number; expires_at: number; company_id: number; sn: string }>(
    tx,
    sql`select l.id::float8 as id, ${ms('l.expires_at')} as expires_at, d.company_id, d.sn
          from device_logs l join devices d on d.id = l.device_id
         where l.device_id = ${deviceId} and l.state = 'requested'
           for update of l`,
  );
  return row ?? null;
}

/** Unscoped (device key): an authenticated device's brand and SN, its row locked (uploads of one device in turn). */
export async function unsafeLockDeviceForLog(tx: Tx, deviceId: number) {
  const [row] = await rows<{ company_id: number; sn: string }>(
    tx,
    sql`select company_id, sn from devices where id = ${deviceId} for update`,
  );
  return row ?? null;
}

/** Unscoped (device key): the logs an authenticated device sent unasked since `since`. */
export async function unsafeCountUnaskedSince(tx: Tx, deviceId: number, since: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from device_logs
         where device_id = ${deviceId} and requested_by is null and created_at >= ${iso(since)}::timestamptz`,
  );
  return Number(row?.n ?? 0);
}

/** A waiting request (locked above) is uploaded with its file; the device's flag is cleared. */
export async function markLogUploaded(tx: Tx, logId: number, deviceId: number, fileId: number, size: number, now: number) {
  await tx.execute(sql`
    with l as (update device_logs set state = 'uploaded', file_id = ${fileId}, size = ${size}, uploaded_at = ${iso(now)}::timestamptz
                where id = ${logId} and state = 'requested' returning id)
    update devices set log_requested_until = null where id = ${deviceId} and exists (select 1 from l)`);
}

/** A log the (authenticated, locked) device sent unasked. */
export async function insertUnaskedLog(tx: Tx, deviceId: number, fileId: number, size: number, now: number): Promise<number> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into device_logs (device_id, state, file_id, size, uploaded_at, created_at)
        values (${deviceId}, 'uploaded', ${fileId}, ${size}, ${iso(now)}::timestamptz, ${iso(now)}::timestamptz)
        returning id::float8 as id`,
  );
  return Number(row!.id);
}

// ---- jobs ----------------------------------------------------------------------------------------

/** Unscoped (a job over every tenant): requests unanswered past their expiry expire, and their devices' flags go. */
export async function unsafeExpireLogRequests(database: Database, now: number): Promise<number> {
  const expired = await rows<{ id: number }>(
    database.db,
    sql`with l as (update device_logs set state = 'expired'
                    where state = 'requested' and expires_at <= ${iso(now)}::timestamptz returning device_id),
             d as (update devices set log_requested_until = null
                    where id in (select device_id from l) and log_requested_until <= ${iso(now)}::timestamptz)
        select device_id::float8 as id from l`,
  );
  return expired.length;
}

/** Unscoped (a job over every tenant): logs older than their brand's retention, with their files' keys. */
export async function unsafeLogsPastRetention(database: Database, now: number, limit: number) {
  return rows<{ id: number; file_id: number | null; path: string | null }>(
    database.db,
    sql`select l.id::float8 as id, l.file_id::float8 as file_id, f.path
          from device_logs l
          join devices d on d.id = l.device_id
          join companies c on c.id = d.company_id
          left join files f on f.id = l.file_id
         where l.created_at < ${iso(now)}::timestamptz - make_interval(days => c.device_log_retention_days)
           and l.state <> 'requested'
         order by l.created_at limit ${limit}`,
  );
}

/** Unscoped (the purge job): the logs and their file rows (the objects were deleted first). */
export async function unsafeDeleteLogs(database: Database, logIds: number[], fileIds: number[]): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`delete from device_logs where id = any(${sql.param(logIds)}::bigint[])`);
    if (fileIds.length > 0) await tx.execute(sql`delete from files where id = any(${sql.param(fileIds)}::bigint[])`);
  });
}
