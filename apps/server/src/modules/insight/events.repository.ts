/**
 * Device history (issue 15 item 1): the append-only device_events, the presence flag kept by the
 * last-seen flush (online) and the offline job, and the 5-minute fleet samples.
 *
 * An event copies the device's dimensions as they are when it is written (brand, customer, product
 * type, model, version, country, area), so a rollup groups events without a join and a device that
 * later changes version keeps its past where it happened.
 *
 * These run for devices of every tenant (the device API authenticates by SN and key, the jobs walk
 * the whole fleet): they are `unsafe...` except recordDeviceEvents, which writes for device ids its
 * caller already found (a device-authenticated report, the engine's scoped task rows).
 */
import { sql } from 'drizzle-orm';
import { DEVICE_EVENT_KINDS } from '@portal/contract';
import { rows, type Database, type Db, type Tx } from '../../db/client';

type Executor = Db | Tx;

/** The kinds of events (the contract's list). */
export { DEVICE_EVENT_KINDS };
export type DeviceEventKind = (typeof DEVICE_EVENT_KINDS)[number];

export interface DeviceEventInput {
  deviceId: number;
  kind: DeviceEventKind;
  at: number;
  /** An upgrade failure's code. */
  code?: string;
  /** A version change's previous version. */
  fromVersion?: string;
  taskId?: number | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The event columns after device_id, kind, at, code, from_version, task_id: the device's dimensions. */
const DIM_COLUMNS = `brand_id, brand_path, customer_id, customer_path, product_type, model, version, country, area_id`;
/** The same, read from `devices d`. */
const DIM_VALUES = `d.company_id, d.company_path, coalesce(d.customer_id, 0), d.customer_path, d.product_type, d.model, d.firmware_version, d.country, coalesce(d.area_id, 0)`;

/** Appends events of devices by id (in the caller's transaction), each with the device's dimensions now. */
export async function recordDeviceEvents(db: Executor, events: DeviceEventInput[]): Promise<void> {
  if (events.length === 0) return;
  await db.execute(sql`
    insert into device_events (device_id, kind, at, code, from_version, task_id, ${sql.raw(DIM_COLUMNS)})
    select e.device_id, e.kind, e.at, e.code, e.from_version, e.task_id, ${sql.raw(DIM_VALUES)}
      from unnest(${sql.param(events.map((e) => e.deviceId))}::bigint[], ${sql.param(events.map((e) => e.kind))}::text[],
                  ${sql.param(events.map((e) => iso(e.at)))}::timestamptz[], ${sql.param(events.map((e) => e.code ?? ''))}::text[],
                  ${sql.param(events.map((e) => e.fromVersion ?? ''))}::text[], ${sql.param(events.map((e) => e.taskId ?? null))}::int[])
           as e(device_id, kind, at, code, from_version, task_id)
      join devices d on d.id = e.device_id`);
}

/** The device's dimensions from `devices d`, named as the event columns. */
const DIM_ALIASED = `d.company_id as brand_id, d.company_path as brand_path, coalesce(d.customer_id, 0) as customer_id, d.customer_path,
  d.product_type, d.model, d.firmware_version as version, d.country, coalesce(d.area_id, 0) as area_id`;

/**
 * The last-seen flush (cloud-upgrade's LastSeenBuffer), one statement: last_seen_at never moves
 * back; a device not marked online becomes online (event 'online' at its poll); a device marked
 * online whose previous poll is older than the online window was away meanwhile, though the offline
 * job had not noticed yet: 'offline' at the end of its window, then 'online'. The rows are locked
 * first (in id order, as the batch is sorted) so the previous values are the latest committed ones.
 */
const FLUSH_SQL = `
  with u as (select * from unnest($1::bigint[], $2::timestamptz[]) as u(id, t)),
  o as (select d.id, d.last_seen_at as prev, d.online as was_online from devices d join u on u.id = d.id order by d.id for update of d),
  upd as (
    update devices d set last_seen_at = u.t, online = true
      from u, o
     where d.id = u.id and o.id = d.id and (o.prev is null or o.prev < u.t)
    returning d.id, u.t, o.prev, o.was_online, ${DIM_ALIASED}),
  away as (select * from upd where was_online and prev < t - $3::interval)
  insert into device_events (device_id, kind, at, ${DIM_COLUMNS})
  select id, 'offline', prev + $3::interval, ${DIM_COLUMNS} from away
  union all
  select id, 'online', t, ${DIM_COLUMNS} from upd where not was_online or prev < t - $3::interval`;

/** Unscoped (devices of any tenant that polled this instance): last_seen_at and presence, with their events. */
export async function unsafeWriteLastSeen(
  database: Database,
  batch: Array<[deviceId: number, at: number]>,
  onlineWindowMs: number,
): Promise<void> {
  await database.query(FLUSH_SQL, [batch.map(([id]) => id), batch.map(([, t]) => iso(t)), `${onlineWindowMs} milliseconds`], {
    name: 'device_last_seen',
  });
}

/** Devices marked offline per statement of the offline job. */
const OFFLINE_BATCH = 5_000;

/**
 * Unscoped (the whole fleet): devices marked online whose last poll is older than the online
 * window become offline, with an 'offline' event at the end of their window. Walks the partial
 * index devices_online_seen_idx in batches; answers how many went offline.
 */
export async function unsafeMarkOffline(database: Database, now: number, onlineWindowMs: number): Promise<number> {
  let total = 0;
  for (;;) {
    const { rows: r } = await database.query<{ n: number }>(
      `with f as (
         update devices d set online = false
          where d.id in (select id from devices where online and last_seen_at < $1::timestamptz
                          order by last_seen_at limit ${OFFLINE_BATCH} for update skip locked)
            and d.online and d.last_seen_at < $1::timestamptz
         returning d.id, d.last_seen_at, ${DIM_ALIASED}),
       ev as (insert into device_events (device_id, kind, at, ${DIM_COLUMNS})
              select id, 'offline', last_seen_at + $2::interval, ${DIM_COLUMNS} from f)
       select count(*)::int as n from f`,
      [iso(now - onlineWindowMs), `${onlineWindowMs} milliseconds`],
    );
    const n = Number(r[0]?.n ?? 0);
    total += n;
    if (n < OFFLINE_BATCH) return total;
  }
}

/**
 * Unscoped (the whole fleet): one sample of every device group (brand, customer, product type,
 * model, version, country, area) at `at`: devices, and those online (marked and seen within the
 * window). A sample time is taken once (device_sample_times), so a repeated run adds nothing.
 */
export async function unsafeSampleFleet(database: Database, at: number, onlineWindowMs: number): Promise<boolean> {
  const { rows: r } = await database.query<{ n: number }>(
    `with t as (insert into device_sample_times (at) values ($1::timestamptz) on conflict do nothing returning at),
     s as (insert into device_samples (at, ${DIM_COLUMNS}, devices, online)
           select t.at, g.* from t, (
             select d.company_id, d.company_path, coalesce(d.customer_id, 0), d.customer_path, d.product_type, d.model,
                    d.firmware_version, d.country, coalesce(d.area_id, 0),
                    count(*)::int, (count(*) filter (where d.online and d.last_seen_at >= $2::timestamptz))::int
               from devices d
              group by 1, 2, 3, 4, 5, 6, 7, 8, 9) g
           returning 1)
     select count(*)::int as n from t`,
    [iso(at), iso(at - onlineWindowMs)],
  );
  return Number(r[0]?.n ?? 0) > 0;
}

/** A device's events, newest first (the caller found the device in its scope). */
export async function deviceEventsOf(db: Executor, deviceId: number, limit: number) {
  return rows<{
    id: number;
    kind: DeviceEventKind;
    at: number;
    code: string;
    from_version: string;
    version: string;
    task_id: number | null;
  }>(
    db,
    // Ordered by the table's columns (e.at, e.id): bare names would be the float8 output columns, which
    // the (device_id, at, id) index cannot deliver.
    sql`select e.id::float8 as id, e.kind, (extract(epoch from e.at) * 1000)::float8 as at, e.code, e.from_version, e.version, e.task_id
          from device_events e where e.device_id = ${deviceId} order by e.at desc, e.id desc limit ${limit}`,
  );
}
