/**
 * The device-health list (issue 15 item 4's list, opened from a chart with the same filters): the
 * caller's devices (brand or attributed customer in its subtree, session's area) as they are now,
 * with their upgrade failures of 30 days and offline drops of 24 hours from their history.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db, type Tx } from '../../db/client';
import type { Actor } from '../../lib/context';
import { escapeLike, paginate, scopedToArea, scopedToSubtree, type PageRequest } from '../../lib/tenancy';

type Executor = Db | Tx;

export interface HealthFilter {
  productType?: string;
  model?: string;
  version?: string;
  country?: string;
  customerPath?: string;
  state?: 'online' | 'offline';
  /** Not seen for at least this many days (never seen included). */
  offlineDays?: number;
  /** One device (its history's header): found only in the caller's scope. */
  deviceId?: number;
  /** Devices registered up to this id (an export, fixed when its link was signed). */
  maxId?: number;
}

export interface HealthRow {
  id: number;
  sn: string;
  product_type: string;
  model: string;
  version: string;
  country: string;
  customer_name: string | null;
  last_seen: number | null;
  failures: number;
  offlines: number;
}

function healthWhere(actor: Pick<Actor, 'companyPath' | 'currentAreaId'>, f: HealthFilter, since: string, now: number): SQL {
  const parts: SQL[] = [
    sql`(${scopedToSubtree(sql`d.company_path`, actor)} or ${scopedToSubtree(sql`d.customer_path`, actor)})`,
    scopedToArea(sql`d.area_id`, actor),
  ];
  if (f.customerPath) {
    const p = escapeLike(f.customerPath) + '%';
    parts.push(sql`(d.company_path like ${p} or d.customer_path like ${p})`);
  }
  if (f.deviceId !== undefined) parts.push(sql`d.id = ${f.deviceId}`);
  if (f.maxId !== undefined) parts.push(sql`d.id <= ${f.maxId}`);
  if (f.productType) parts.push(sql`d.product_type = ${f.productType}`);
  if (f.model) parts.push(sql`d.model = ${f.model}`);
  if (f.version) parts.push(sql`d.firmware_version = ${f.version}`);
  if (f.country) parts.push(sql`d.country = ${f.country.toUpperCase()}`);
  if (f.state === 'online') parts.push(sql`d.last_seen_at >= ${since}::timestamptz`);
  if (f.state === 'offline') parts.push(sql`(d.last_seen_at is null or d.last_seen_at < ${since}::timestamptz)`);
  if (f.offlineDays !== undefined) {
    // `now`: the request's time (an export's: its signing's).
    const before = new Date(now - f.offlineDays * 86_400_000).toISOString();
    parts.push(sql`(d.last_seen_at is null or d.last_seen_at < ${before}::timestamptz)`);
  }
  return sql.join(parts, sql` and `);
}

const healthColumns = (
  now: number,
) => sql`d.id::float8 as id, d.sn, d.product_type, d.model, d.firmware_version as version, d.country, cu.name as customer_name,
                   (extract(epoch from d.last_seen_at) * 1000)::float8 as last_seen,
                   (select count(*)::int from device_events e where e.device_id = d.id and e.kind = 'upgrade_failed'
                       and e.at >= ${new Date(now - 30 * 86_400_000).toISOString()}::timestamptz) as failures,
                   (select count(*)::int from device_events e where e.device_id = d.id and e.kind = 'offline'
                       and e.at >= ${new Date(now - 86_400_000).toISOString()}::timestamptz) as offlines`;

export async function listDeviceHealth(db: Executor, actor: Actor, f: HealthFilter, now: number, windowMs: number, page: PageRequest) {
  const since = new Date(now - windowMs).toISOString();
  const where = healthWhere(actor, f, since, now);
  return paginate(
    page,
    ({ limit, offset }) =>
      rows<HealthRow>(
        db,
        sql`select ${healthColumns(now)}
              from devices d left join companies cu on cu.id = d.customer_id
             where ${where}
             order by d.last_seen_at asc nulls first, d.id
             limit ${limit} offset ${offset}`,
      ),
    async () => Number((await rows<{ n: number }>(db, sql`select count(*)::int as n from devices d where ${where}`))[0]?.n ?? 0),
  );
}

/** The highest device id now (an export's devices are those registered before its signing). */
export async function maxDeviceId(db: Executor): Promise<number> {
  const [r] = await rows<{ n: string | null }>(db, sql`select max(id)::text as n from devices`);
  return Number(r?.n ?? 0);
}

export async function countDeviceHealth(
  db: Executor,
  actor: Pick<Actor, 'companyPath' | 'currentAreaId'>,
  f: HealthFilter,
  now: number,
  windowMs: number,
  cap: number,
) {
  const where = healthWhere(actor, f, new Date(now - windowMs).toISOString(), now);
  const [r] = await rows<{ n: number }>(db, sql`select count(*)::int as n from (select 1 from devices d where ${where} limit ${cap}) t`);
  return Number(r?.n ?? 0);
}

/** An export's page of the health list, by device id (ids above `afterId`), as of `now` (the signing). */
export async function deviceHealthPageAfter(
  db: Executor,
  actor: Pick<Actor, 'companyPath' | 'currentAreaId'>,
  f: HealthFilter,
  now: number,
  windowMs: number,
  afterId: number,
  limit: number,
) {
  const where = healthWhere(actor, f, new Date(now - windowMs).toISOString(), now);
  return rows<HealthRow>(
    db,
    sql`select ${healthColumns(now)}
          from devices d left join companies cu on cu.id = d.customer_id
         where ${where} and d.id > ${afterId}
         order by d.id
         limit ${limit}`,
  );
}

/** A device's release tasks, newest first (the caller found the device in its scope). */
export async function deviceTasksOf(db: Executor, deviceId: number, limit: number) {
  return rows<{
    task_id: number;
    version_name: string | null;
    release_type: string;
    task_status: string;
    state: string;
    from_version: string;
    error_code: string | null;
    updated_at: number | null;
  }>(
    db,
    sql`select td.task_id, p.version_name, t.release_type, t.status as task_status, td.state, td.from_version, td.error_code,
               (extract(epoch from coalesce(td.updated_at, td.notified_at, t.created_at)) * 1000)::float8 as updated_at
          from task_devices td
          join release_tasks t on t.id = td.task_id
          left join firmware_packages p on p.id = t.pkg_id
         where td.device_id = ${deviceId}
         order by td.task_id desc
         limit ${limit}`,
  );
}

/** The end user a device is bound to (its e-mail, to be masked) and since when; null when unbound. */
export async function deviceEndUserOf(db: Executor, deviceId: number) {
  const [r] = await rows<{ email: string | null; bound_at: number | null }>(
    db,
    sql`select e.email, (extract(epoch from d.bound_at) * 1000)::float8 as bound_at
          from devices d join end_users e on e.id = d.end_user_id where d.id = ${deviceId}`,
  );
  return r ?? null;
}
