/**
 * The rollups (issue 15 item 2): stats_hourly (UTC hours) and stats_daily (days cut in each
 * reporting time zone in use), kept from device_events and device_samples; stats_daily_app (active
 * end users and storage plan sales per day) from end_user_logs and sales_events, the same way.
 *
 * Incremental and exact: a run takes the snapshot's xmin as its new watermark. Every event or
 * sample written by a transaction below it is committed (or gone), so the rows with txid between
 * the old and the new watermark are exactly those not rolled up yet, however late they committed.
 * Their hours (and those hours' days) are recomputed whole from the raw rows, so a late event
 * re-opens its bucket; the buckets and the new watermark commit in one transaction, so a run
 * killed midway leaves the old buckets and the old watermark. A rebuild is the same from a
 * watermark of zero.
 *
 * A day is the hours that start in it, in the zone: exact for zones of whole-hour offsets.
 *
 * Unscoped by design (the whole fleet of every tenant): the functions are `unsafe...`.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Database, type Db, type Tx } from '../../db/client';

const WATERMARK = 'rollup';

/** The metric columns of both rollup tables, in order. */
const METRICS = sql.raw(
  `activations, onlines, offlines, version_changes, upgrade_success, upgrade_failed, bound, unbound, log_uploads, device_samples, online_samples, devices_last, online_last`,
);
const SUM_METRICS = sql.raw(
  `sum(activations), sum(onlines), sum(offlines), sum(version_changes), sum(upgrade_success), sum(upgrade_failed),
   sum(bound), sum(unbound), sum(log_uploads), sum(device_samples), sum(online_samples)`,
);
/** The hourly metrics of one bucket, summed (daily rows add the last sampled hour's snapshot). */

const DIMS = sql.raw(`brand_id, brand_path, customer_id, customer_path, product_type, model, version, country, area_id`);

/** The hourly rows of the hours `hours` (UTC hour starts), from the raw events and samples. */
function hourlySql(hours: SQL): SQL {
  const inHour = (col: SQL) => sql`${col} >= h.lo and ${col} < h.lo + interval '1 hour'`;
  return sql`
  insert into stats_hourly (bucket, ${DIMS}, code, ${METRICS})
  select lo, ${DIMS}, code, ${SUM_METRICS}, coalesce(sum(devices_last), 0), coalesce(sum(online_last), 0)
    from (
      select h.lo, ${DIMS}, '' as code,
             count(*) filter (where kind = 'activation') as activations,
             count(*) filter (where kind = 'online') as onlines,
             count(*) filter (where kind = 'offline') as offlines,
             count(*) filter (where kind = 'version_change') as version_changes,
             count(*) filter (where kind = 'upgrade_success') as upgrade_success,
             count(*) filter (where kind = 'upgrade_failed') as upgrade_failed,
             count(*) filter (where kind = 'bound') as bound,
             count(*) filter (where kind = 'unbound') as unbound,
             count(*) filter (where kind = 'log_uploaded') as log_uploads,
             0::bigint as device_samples, 0::bigint as online_samples, 0::bigint as devices_last, 0::bigint as online_last
        from unnest(${hours}) h(lo) join device_events e on ${inHour(sql`e.at`)}
       group by h.lo, ${DIMS}
      union all
      select h.lo, ${DIMS}, e.code, 0, 0, 0, 0, 0, count(*), 0, 0, 0, 0, 0, 0, 0
        from unnest(${hours}) h(lo) join device_events e on ${inHour(sql`e.at`)}
       where e.kind = 'upgrade_failed' and e.code <> ''
       group by h.lo, ${DIMS}, e.code
      union all
      select h.lo, ${DIMS}, '', 0, 0, 0, 0, 0, 0, 0, 0, 0, sum(s.devices), sum(s.online),
             sum(s.devices) filter (where s.at = last.at), sum(s.online) filter (where s.at = last.at)
        from unnest(${hours}) h(lo)
        join lateral (select max(t.at) as at from device_sample_times t where ${inHour(sql`t.at`)}) last on true
        join device_samples s on ${inHour(sql`s.at`)}
       group by h.lo, ${DIMS}
    ) x
   group by lo, ${DIMS}, code`;
}

/** The reporting time zones in use: every company's, and UTC. */
async function timeZones(tx: Tx): Promise<string[]> {
  const r = await rows<{ tz: string }>(tx, sql`select distinct time_zone as tz from companies union select 'UTC'`);
  return r.map((x) => x.tz).sort();
}

/**
 * One run of the rollup, in one transaction: answers the hours and the zone-days it recomputed.
 * `rebuild`: every hour that has an event or a sample, from a watermark of zero.
 */
export async function unsafeRollUp(
  database: Database,
  opts: { rebuild?: boolean; now: number },
): Promise<{ hours: number; days: number; appHours: number }> {
  return database.db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into stats_watermarks (name, txid, updated_at) values (${WATERMARK}, '0'::xid8, ${new Date(opts.now).toISOString()}::timestamptz) on conflict do nothing`,
    );
    const [wm] = await rows<{ txid: string }>(
      tx,
      sql`select txid::text as txid from stats_watermarks where name = ${WATERMARK} for update`,
    );
    const from = opts.rebuild ? '0' : wm!.txid;
    const [next] = await rows<{ txid: string }>(tx, sql`select pg_snapshot_xmin(pg_current_snapshot())::text as txid`);
    const to = next!.txid;
    const hours = await rows<{ lo: string }>(
      tx,
      sql`select distinct date_trunc('hour', at, 'UTC')::text as lo from (
            select at from device_events where txid >= ${from}::xid8 and txid < ${to}::xid8
            union all select at from device_samples where txid >= ${from}::xid8 and txid < ${to}::xid8
            union all select at from device_sample_times where txid >= ${from}::xid8 and txid < ${to}::xid8) x`,
    );
    const appHours = await rows<{ lo: string }>(
      tx,
      sql`select distinct date_trunc('hour', at, 'UTC')::text as lo from (
            select at from sales_events where txid >= ${from}::xid8 and txid < ${to}::xid8
            union all select at from end_user_logs where txid >= ${from}::xid8 and txid < ${to}::xid8 and end_user_id is not null) x`,
    );
    if (opts.rebuild) {
      await tx.execute(sql`delete from stats_daily_app`);
      await tx.execute(sql`delete from stats_hourly`);
      await tx.execute(sql`delete from stats_hourly_samples`);
      await tx.execute(sql`delete from stats_daily`);
      await tx.execute(sql`delete from stats_daily_samples`);
    }
    let days = 0;
    if (hours.length > 0) {
      const list = sql`${sql.param(hours.map((h) => h.lo))}::timestamptz[]`;
      await tx.execute(sql`delete from stats_hourly where bucket = any(${list})`);
      await tx.execute(sql`delete from stats_hourly_samples where bucket = any(${list})`);
      await tx.execute(hourlySql(list));
      await tx.execute(sql`
        insert into stats_hourly_samples (bucket, samples)
        select h.lo, count(*)::int from unnest(${list}) h(lo)
          join device_sample_times t on t.at >= h.lo and t.at < h.lo + interval '1 hour' group by h.lo`);
      for (const tz of await timeZones(tx)) days += await rollUpZoneDays(tx, tz, list);
    }
    if (appHours.length > 0) {
      const list = sql`${sql.param(appHours.map((h) => h.lo))}::timestamptz[]`;
      for (const tz of await timeZones(tx)) await rollUpZoneAppDays(tx, tz, list);
    }
    await tx.execute(
      sql`update stats_watermarks set txid = ${to}::xid8, updated_at = ${new Date(opts.now).toISOString()}::timestamptz where name = ${WATERMARK}`,
    );
    return { hours: hours.length, days, appHours: appHours.length };
  });
}

/**
 * The daily rows of zone `tz` for every local day touched by the hour buckets `list` (an SQL
 * timestamptz[]), recomputed from the hourly rows; answers how many days.
 */
async function rollUpZoneDays(tx: Db | Tx, tz: string, list: SQL): Promise<number> {
  const { dayList, inDaysOf } = zoneDaysOf(tz, list);
  const inDays = inDaysOf(sql`b.bucket`);
  await tx.execute(sql`delete from stats_daily where time_zone = ${tz} and day = any(${dayList})`);
  await tx.execute(sql`delete from stats_daily_samples where time_zone = ${tz} and day = any(${dayList})`);
  // A day's device count is its last sampled hour's (itself the count at that hour's last sample).
  await tx.execute(sql`
    with last as (
      select (hs.bucket at time zone ${tz})::date as day, max(hs.bucket) as bucket
        from stats_hourly_samples hs where ${inDaysOf(sql`hs.bucket`)} group by 1)
    insert into stats_daily (time_zone, day, ${DIMS}, code, ${METRICS})
    select ${tz}, (b.bucket at time zone ${tz})::date, ${DIMS}, code, ${SUM_METRICS},
           coalesce(sum(b.devices_last) filter (where b.bucket = last.bucket), 0),
           coalesce(sum(b.online_last) filter (where b.bucket = last.bucket), 0)
      from stats_hourly b left join last on last.day = (b.bucket at time zone ${tz})::date
     where ${inDays}
     group by 2, ${DIMS}, code`);
  const r = await rows<{ n: number }>(
    tx,
    sql`with i as (insert into stats_daily_samples (time_zone, day, samples)
          select ${tz}, (b.bucket at time zone ${tz})::date, sum(samples)::int from stats_hourly_samples b where ${inDays} group by 2
          returning 1)
        select cast(array_length(${dayList}, 1) as int) as n`,
  );
  return Number(r[0]?.n ?? 0);
}

/** The local days (in zone `tz`) of the hour buckets `list` (an SQL timestamptz[]), and their bounds. */
function zoneDaysOf(tz: string, list: SQL) {
  const dayList = sql`array(select distinct (h.lo at time zone ${tz})::date from unnest(${list}) h(lo))`;
  const inDaysOf = (col: SQL) => sql`(${col} at time zone ${tz})::date = any(${dayList})
    and ${col} >= (select (min((h.lo at time zone ${tz})::date))::timestamp at time zone ${tz} from unnest(${list}) h(lo))
    and ${col} < (select (max((h.lo at time zone ${tz})::date) + 1)::timestamp at time zone ${tz} from unnest(${list}) h(lo))`;
  return { dayList, inDaysOf };
}

/**
 * The daily app figures of zone `tz` for every local day touched by the hour buckets `list`,
 * recomputed whole from the raw rows (a distinct count of end users does not add up over hours):
 * end users active that day (any app call with a signed-in end user), by brand and area; orders
 * that became paid that day and their amount, by the device's dimensions and currency.
 */
async function rollUpZoneAppDays(tx: Db | Tx, tz: string, list: SQL): Promise<void> {
  const { dayList, inDaysOf } = zoneDaysOf(tz, list);
  await tx.execute(sql`delete from stats_daily_app where time_zone = ${tz} and day = any(${dayList})`);
  await tx.execute(sql`
    insert into stats_daily_app (time_zone, day, ${DIMS}, currency, active_end_users, orders_paid, sales_amount)
    select ${tz}, day, ${DIMS}, currency, sum(active)::int, sum(orders)::int, sum(amount)::bigint
      from (
        select (s.at at time zone ${tz})::date as day, ${DIMS}, s.currency, 0::bigint as active, count(*) as orders, sum(s.amount) as amount
          from sales_events s where ${inDaysOf(sql`s.at`)}
         group by 1, ${DIMS}, s.currency
        union all
        select (l.at at time zone ${tz})::date, l.company_id, l.company_path, 0, '', '', '', '', '', coalesce(l.area_id, 0), '',
               count(distinct l.end_user_id), 0, 0
          from end_user_logs l where l.end_user_id is not null and ${inDaysOf(sql`l.at`)}
         group by 1, l.company_id, l.company_path, coalesce(l.area_id, 0)
      ) x
     group by day, ${DIMS}, currency`);
}

/**
 * A reporting time zone a company has just chosen: when no daily rows exist in it yet (no company
 * used it), its days are rolled up from every hourly row, so the statistics have its past too (the
 * rollup only recomputes the days of new hours). Serialized with the rollup by the watermark's row
 * lock. Tenant-free: the daily rows are every tenant's, scoped when read.
 */
export async function unsafeRollUpNewZone(tx: Db | Tx, tz: string): Promise<number> {
  const [wm] = await rows<{ name: string }>(tx, sql`select name from stats_watermarks where name = ${WATERMARK} for update`);
  if (!wm) return 0; // No rollup has run: nothing to roll up.
  const [seen] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from stats_daily_samples where time_zone = ${tz}`);
  if (Number(seen?.n ?? 0) > 0) return 0;
  const list = sql`array(select bucket from stats_hourly_samples union select distinct bucket from stats_hourly)::timestamptz[]`;
  const appList = sql`array(select distinct date_trunc('hour', at, 'UTC') from sales_events
                            union select distinct date_trunc('hour', at, 'UTC') from end_user_logs where end_user_id is not null)::timestamptz[]`;
  await rollUpZoneAppDays(tx, tz, appList);
  return rollUpZoneDays(tx, tz, list);
}

/**
 * When the rollup last committed (epoch ms), as an expression a scoped read can select beside its
 * own columns (the watermark names no tenant): "updated n min ago".
 */
export const rollupUpdatedAtSql = sql`(select (extract(epoch from w.updated_at) * 1000)::float8 from stats_watermarks w where w.name = ${WATERMARK})`;

/** When the rollup last committed (epoch ms), null before its first run: "updated n min ago". */
export async function unsafeRollupUpdatedAt(database: Database): Promise<number | null> {
  const { rows: r } = await database.query<{ at: number | null }>(
    `select (extract(epoch from updated_at) * 1000)::float8 as at from stats_watermarks where name = $1`,
    [WATERMARK],
  );
  return r[0]?.at == null ? null : Number(r[0].at);
}
