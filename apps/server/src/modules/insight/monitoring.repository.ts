/**
 * The monitoring link's statements (SPEC §2, issue 15 §7): the supplier's external URL per area, and
 * the built-in page's signals over every tenant (supplier only, so the reads are `unsafe...`): the
 * operation log's and the end-user log's rows per hour with their failures, pg-boss's job table per
 * queue, and the rollup's watermark.
 */
import { sql } from 'drizzle-orm';
import { rows, type Db, type Tx } from '../../db/client';

type Executor = Db | Tx;

const iso = (ms: number) => new Date(ms).toISOString();

export interface LinkRow {
  area_id: number;
  name: string;
  display_name: string;
  display_name_zh_cn: string;
  url: string | null;
  updated_at: number | null;
}

const LINK_COLUMNS = sql`a.id as area_id, a.name, a.display_name, a.display_name_zh_cn, l.url,
  (extract(epoch from l.updated_at) * 1000)::float8 as updated_at`;

/** Every area with its link (the supplier's: areas are the platform's, not a tenant's). */
export function unsafeMonitoringLinks(db: Executor) {
  return rows<LinkRow>(db, sql`select ${LINK_COLUMNS} from areas a left join monitoring_links l on l.area_id = a.id order by a.id`);
}

/** Sets or clears an area's link; null when the area does not exist. */
export async function unsafeSetMonitoringLink(db: Executor, areaId: number, url: string | null, by: number, now: number) {
  const [area] = await rows<{ id: number }>(db, sql`select id from areas where id = ${areaId}`);
  if (!area) return null;
  if (url === null) await db.execute(sql`delete from monitoring_links where area_id = ${areaId}`);
  else
    await db.execute(sql`insert into monitoring_links (area_id, url, updated_by, updated_at) values (${areaId}, ${url}, ${by}, ${iso(now)}::timestamptz)
      on conflict (area_id) do update set url = excluded.url, updated_by = excluded.updated_by, updated_at = excluded.updated_at`);
  const [row] = await rows<LinkRow>(
    db,
    sql`select ${LINK_COLUMNS} from areas a left join monitoring_links l on l.area_id = a.id where a.id = ${areaId}`,
  );
  return row ?? null;
}

export interface HourRow {
  hour: number;
  operations: number;
  refused: number;
  app_calls: number;
  app_failed: number;
}

/** Per UTC hour from `from` (an hour start) to `to`: operation-log rows and refusals, end-user log rows and failures. */
export function unsafeErrorHours(db: Executor, from: number, to: number) {
  return rows<HourRow>(
    db,
    sql`with h as (select generate_series(${iso(from)}::timestamptz, ${iso(to - 1)}::timestamptz, interval '1 hour') as lo),
        o as (select date_trunc('hour', at, 'UTC') as lo, count(*)::int as n, count(*) filter (where result = 'refused')::int as refused
                from operation_logs where at >= ${iso(from)}::timestamptz and at < ${iso(to)}::timestamptz group by 1),
        e as (select date_trunc('hour', at, 'UTC') as lo, count(*)::int as n, count(*) filter (where code <> 200)::int as failed
                from end_user_logs where at >= ${iso(from)}::timestamptz and at < ${iso(to)}::timestamptz group by 1)
        select (extract(epoch from h.lo) * 1000)::float8 as hour, coalesce(o.n, 0) as operations, coalesce(o.refused, 0) as refused,
               coalesce(e.n, 0) as app_calls, coalesce(e.failed, 0) as app_failed
          from h left join o on o.lo = h.lo left join e on e.lo = h.lo order by h.lo`,
  );
}

/** The end-user log's most frequent error codes since `from`. */
export function unsafeAppErrorCodes(db: Executor, from: number, limit: number) {
  return rows<{ code: number; calls: number }>(
    db,
    sql`select code, count(*)::int as calls from end_user_logs where at >= ${iso(from)}::timestamptz and code <> 200
         group by code order by 2 desc, 1 limit ${limit}`,
  );
}

export interface JobRow {
  name: string;
  waiting: number;
  active: number;
  failed: number;
  oldest: number | null;
}

/** pg-boss's jobs per queue (none before pg-boss has created its schema). */
export async function unsafeJobBacklog(db: Executor, since: number, now: number): Promise<JobRow[]> {
  const [t] = await rows<{ t: string | null }>(db, sql`select to_regclass('pgboss.job')::text as t`);
  if (!t?.t) return [];
  return rows<JobRow>(
    db,
    sql`select name,
               count(*) filter (where state in ('created', 'retry') and start_after <= ${iso(now)}::timestamptz)::int as waiting,
               count(*) filter (where state = 'active')::int as active,
               count(*) filter (where state = 'failed' and completed_on >= ${iso(since)}::timestamptz)::int as failed,
               (extract(epoch from min(created_on) filter (where state in ('created', 'retry') and start_after <= ${iso(now)}::timestamptz)) * 1000)::float8 as oldest
          from pgboss.job
         where state in ('created', 'retry', 'active') or (state = 'failed' and completed_on >= ${iso(since)}::timestamptz)
         group by name order by name`,
  );
}

/** Device events not rolled up yet (written by transactions from the rollup's watermark on), counted up to `cap`. */
export async function unsafePendingRollupEvents(db: Executor, cap: number): Promise<number> {
  const [r] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from device_events
         where txid >= coalesce((select txid from stats_watermarks where name = 'rollup'), '0'::xid8) limit ${cap}) x`,
  );
  return Number(r?.n ?? 0);
}
