/**
 * The device API's statements. A device authenticates with its SN and key (or registers with its
 * brand's provisioning key), not with a portal session: there is no caller's subtree to scope by,
 * so every function that finds a device, a task row or a package by those credentials is named
 * `unsafe...`; the service checks the credential before using what they answer.
 *
 * The poll is the hot path (prepared statements by name, shared by the polls that arrive together):
 * keep these statements as they are.
 */
import { sql } from 'drizzle-orm';
import { rows, type Database, type Tx } from '../../db/client';
import type { ImportedDevice } from './devices.repository';
import { iso } from './engine.shared';

export interface PollRow {
  id: number;
  key_hash: string | null;
  model: string;
  firmware_version: string;
  last_seen: number | null;
  task_id: number | null;
  state: string | null;
  wave: number | null;
  task_status: string | null;
  current_wave: number | null;
  pkg_id: number | null;
  /** A log request waits until then (epoch ms; insight device logs), null when none. */
  log_until: number | null;
}

/**
 * Auth and assignment in one statement: the devices by SN, their active task rows and tasks, and
 * whether a log request waits (a column of the device's row, so the poll needs no other statement). Waves
 * start in order, so a device's wave has started when it is not beyond its task's current wave.
 */
const POLL_SQL = `
  select d.sn, d.id::float8 as id, d.key_hash, d.model, d.firmware_version, (extract(epoch from d.last_seen_at) * 1000)::float8 as last_seen,
         (extract(epoch from d.log_requested_until) * 1000)::float8 as log_until,
         td.task_id, td.state, td.wave,
         t.status as task_status, t.current_wave, t.pkg_id
    from devices d
    left join task_devices td on td.device_id = d.id and td.state in ('pending', 'notified', 'downloading', 'installing')
    left join release_tasks t on t.id = td.task_id
   where d.sn = any($1::text[])`;

/** Unscoped (device credentials): the polling devices by SN with their active task, for the key check. */
export async function unsafePollRowsBySn(database: Database, sns: string[]) {
  return (await database.query<PollRow & { sn: string }>(POLL_SQL, [sns], { name: 'device_poll' })).rows;
}

/** The first poll in a started wave: pending -> notified, and the wave's counter, in one statement. */
const NOTIFY_SQL = `
  with u as (
    update task_devices set state = 'notified', notified_at = $3::timestamptz, updated_at = $3::timestamptz
     where task_id = $1 and device_id = $2 and state = 'pending'
    returning wave)
  update release_task_waves w set notified = w.notified + 1 from u where w.task_id = $1 and w.idx = u.wave
  returning w.idx`;

/** Unscoped (device credentials): an authenticated device's pending row of its task becomes notified; false when the task took it back. */
export async function unsafeNotifyTaskDevice(database: Database, taskId: number, deviceId: number, at: string): Promise<boolean> {
  const { rows: notified } = await database.query(NOTIFY_SQL, [taskId, deviceId, at], { name: 'device_notify' });
  return notified.length > 0;
}

const PACKAGE_SQL = `
  select id, version_name, size::float8 as size, coalesce(computed_md5, md5) as md5, coalesce(sha256, '') as sha256, descriptions
    from firmware_packages where id = $1`;

/** Unscoped (device credentials): the package of an authenticated device's task. */
export async function unsafePackageForPoll(database: Database, pkgId: number) {
  const { rows: found } = await database.query<{
    id: number;
    version_name: string;
    size: number;
    md5: string;
    sha256: string;
    descriptions: Record<string, string> | null;
  }>(PACKAGE_SQL, [pkgId], { name: 'device_poll_package' });
  return found[0] ?? null;
}

const AUTH_SQL = `select id::float8 as id, key_hash from devices where sn = $1`;

/** Unscoped (device credentials): a device by SN, for the key check of a report. */
export async function unsafeDeviceAuthBySn(database: Database, sn: string) {
  const { rows: found } = await database.query<{ id: number; key_hash: string | null }>(AUTH_SQL, [sn], { name: 'device_auth' });
  return found[0] ?? null;
}

/** Unscoped (provisioning key): the brand whose provisioning key has this hash. */
export async function unsafeBrandByProvisioningKey(tx: Tx, keyHash: string) {
  const [brand] = await rows<{ company_id: number; path: string; area_id: number | null }>(
    tx,
    sql`
      select k.company_id, c.path, c.area_id from device_provisioning_keys k join companies c on c.id = k.company_id
       where k.key_hash = ${keyHash}`,
  );
  return brand ?? null;
}

/**
 * Unscoped (SN and MAC are unique platform-wide): the devices holding this SN or MAC, locked. The
 * service answers the same refusal whichever brand holds them.
 */
export async function unsafeLockDevicesBySnOrMac(tx: Tx, sn: string, mac: string) {
  return rows<{ id: number; company_path: string; country: string; area_id: number | null; key_hash: string | null }>(
    tx,
    sql`
      select id::float8 as id, company_path, country, area_id, key_hash from devices where sn = ${sn} or mac = ${mac} for update`,
  );
}

/** The DC serving a country, else the brand's area. */
export async function areaForCountry(tx: Tx, country: string, brandAreaId: number | null): Promise<{ id: number | null } | undefined> {
  const [area] = await rows<{ id: number | null }>(
    tx,
    sql`
          select coalesce((select a.id from areas a where a.kind = 'DDC' and ${country} = any(a.res_vals) order by a.id limit 1), ${brandAreaId}::int) as id`,
  );
  return area;
}

/** A device as registration writes it: the imported fields plus its key and the time. */
export interface RegisteredDevice extends ImportedDevice {
  keyHash: string;
  /** sha256 of the verification code this registration gave (app-api binds with it). */
  verifyCodeHash: string;
  now: number;
}

function registeredFields(d: RegisteredDevice) {
  return sql`${d.sn}, ${d.mac}, ${d.model}, ${d.productType}, ${d.firmwareVersion}, ${d.hardwareVersion}, ${d.country}, ${d.areaId}::int,
                       ${d.keyHash}, ${d.verifyCodeHash}, ${iso(d.now)}::timestamptz`;
}

/** Updates a device the registration found (and the service allowed) by its id. */
export async function updateRegisteredDevice(tx: Tx, deviceId: number, d: RegisteredDevice): Promise<number> {
  const [dev] = await rows<{ id: number }>(
    tx,
    sql`
          update devices set (sn, mac, model, product_type, firmware_version, hardware_version, country, area_id, key_hash, verify_code_hash, registered_at) = (${registeredFields(d)}),
                 updated_at = ${iso(d.now)}::timestamptz
           where id = ${deviceId} returning id::float8 as id`,
  );
  return Number(dev!.id);
}

/** A new device of the provisioning key's brand. */
export async function insertRegisteredDevice(tx: Tx, brand: { company_id: number; path: string }, d: RegisteredDevice): Promise<number> {
  const [dev] = await rows<{ id: number }>(
    tx,
    sql`
          insert into devices (sn, mac, model, product_type, firmware_version, hardware_version, country, area_id, key_hash, verify_code_hash, registered_at,
                               company_id, company_path, created_at, updated_at)
          values (${registeredFields(d)}, ${brand.company_id}, ${brand.path}, ${iso(d.now)}::timestamptz, ${iso(d.now)}::timestamptz)
          returning id::float8 as id`,
  );
  return Number(dev!.id);
}

/** An authenticated device's model and version as it polls with them. */
export async function setDeviceModelAndVersion(
  tx: Tx,
  deviceId: number,
  model: string,
  firmwareVersion: string,
  now: number,
): Promise<void> {
  await tx.execute(sql`
        update devices set model = ${model}, firmware_version = ${firmwareVersion}, updated_at = ${iso(now)}::timestamptz where id = ${deviceId}`);
}

/** Locks an authenticated device's row (the device side's lock order: device, task row, wave counters). */
export async function lockDevice(tx: Tx, deviceId: number): Promise<void> {
  await tx.execute(sql`select 1 from devices where id = ${deviceId} for update`);
}

/** Unscoped (device credentials): the authenticated device's row in the task it reports on, locked, with the task's state and version. */
export async function unsafeLockTaskDeviceForReport(tx: Tx, taskId: number, deviceId: number) {
  const [td] = await rows<{ state: string; wave: number; error_code: string | null; task_status: string; version_name: string }>(
    tx,
    sql`
      select td.state, td.wave::int as wave, td.error_code, t.status as task_status, p.version_name
        from task_devices td join release_tasks t on t.id = td.task_id join firmware_packages p on p.id = t.pkg_id
       where td.task_id = ${taskId} and td.device_id = ${deviceId}
         for update of td`,
  );
  return td ?? null;
}

/** Sets a (locked) device's firmware version; answers the version it had. */
export async function setDeviceFirmware(tx: Tx, deviceId: number, firmwareVersion: string, now: number): Promise<string> {
  const [prev] = await rows<{ v: string }>(
    tx,
    sql`with o as (select firmware_version from devices where id = ${deviceId})
        update devices set firmware_version = ${firmwareVersion}, updated_at = ${iso(now)}::timestamptz where id = ${deviceId}
        returning (select firmware_version from o) as v`,
  );
  return prev?.v ?? '';
}

/** The report's outcome on the device's locked task row. */
export async function updateTaskDeviceReport(
  tx: Tx,
  taskId: number,
  deviceId: number,
  r: { state: string; errorCode: string | null; reported: string | null; progress: number | null; now: number },
): Promise<void> {
  await tx.execute(sql`
      update task_devices
         set state = ${r.state}, error_code = ${r.errorCode}, reported_version = coalesce(${r.reported}, reported_version),
             progress = ${r.progress}, updated_at = ${iso(r.now)}::timestamptz
       where task_id = ${taskId} and device_id = ${deviceId}`);
}

/**
 * Unscoped (the signed download link names the package and the device of the poll that signed it):
 * the copy synced to the device's DC, else the package's own file.
 */
export async function unsafeDownloadObject(database: Database, pkgId: number, deviceId: number) {
  const [file] = await rows<{ object_key: string; file_name: string }>(
    database.db,
    sql`
        select coalesce(s.object_key, p.object_key) as object_key, p.file_name
          from firmware_packages p
          join devices d on d.id = ${deviceId}
          left join firmware_package_syncs s on s.pkg_id = p.id and s.area_id = d.area_id and s.state = 'synced'
         where p.id = ${pkgId} and p.status <> 'deleted'`,
  );
  return file ?? null;
}
