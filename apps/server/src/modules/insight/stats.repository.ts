/**
 * The statistics' statements: every figure is read from the daily rollup rows of the caller's
 * reporting time zone, found by the rollups' indexes on the brand's path or the customer's path
 * (the caller's company and its children), never from raw events.
 *
 * Scope: a row is the caller's when its brand or its customer lies in the caller's subtree (a brand
 * sees its fleet, a distributor the devices attributed to its subtree, the supplier every brand),
 * and it is in the session's area.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { Actor } from '../../lib/context';
import { escapeLike, scopedToArea, scopedToSubtree } from '../../lib/tenancy';

type Executor = Db | Tx;

async function rows<T>(db: Executor, q: SQL): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

export interface Company {
  id: number;
  path: string;
  name: string;
  depth: number;
}

/** The caller's company's reporting time zone. */
export async function reportingTimeZone(db: Executor, actor: Actor): Promise<string> {
  const [c] = await rows<{ tz: string }>(db, sql`select time_zone as tz from companies where id = ${actor.companyId}`);
  return c?.tz ?? 'UTC';
}

/** A company of the caller's subtree (the caller's own included), null otherwise. */
export async function companyInSubtree(db: Executor, actor: Actor, id: number): Promise<Company | null> {
  const [c] = await rows<Company>(
    db,
    sql`select id, path, name, depth::int as depth from companies c where c.id = ${id} and ${scopedToSubtree(sql`c.path`, actor)}`,
  );
  return c ?? null;
}

/** Companies from the caller's down to `c` (the breadcrumb). */
export async function companyTrail(db: Executor, actor: Actor, c: Company): Promise<Company[]> {
  const ids = c.path.split('/').filter(Boolean).map(Number);
  return rows<Company>(
    db,
    sql`select id, path, name, depth::int as depth from companies c
         where c.id = any(${sql.param(ids)}::int[]) and ${scopedToSubtree(sql`c.path`, actor)} order by depth`,
  );
}

/** Direct downstream companies of `parent`, with whether they have their own. */
export async function childCompanies(db: Executor, parent: Company) {
  return rows<Company & { has_children: boolean }>(
    db,
    sql`select id, path, name, depth::int as depth, exists (select 1 from companies k where k.parent_id = c.id) as has_children
          from companies c where c.parent_id = ${parent.id} and c.status <> 'deleted' order by name, id`,
  );
}

export interface StatsScope {
  actor: Actor;
  timeZone: string;
  /** Local days, inclusive. */
  from: string;
  to: string;
  productType?: string;
  model?: string;
  version?: string;
  country?: string;
  /** The customer filter's company (already found in the caller's subtree). */
  customer?: Company | null;
}

const under = (col: SQL, path: string) => sql`${col} like ${escapeLike(path) + '%'}`;

/** Rows of `r` (a rollup table) the caller may see, with the filters. */
function visible(s: StatsScope): SQL {
  const parts: SQL[] = [
    sql`(${scopedToSubtree(sql`r.brand_path`, s.actor)} or ${scopedToSubtree(sql`r.customer_path`, s.actor)})`,
    scopedToArea(sql`r.area_id`, s.actor),
  ];
  if (s.customer) parts.push(sql`(${under(sql`r.brand_path`, s.customer.path)} or ${under(sql`r.customer_path`, s.customer.path)})`);
  if (s.productType) parts.push(sql`r.product_type = ${s.productType}`);
  if (s.model) parts.push(sql`r.model = ${s.model}`);
  if (s.version) parts.push(sql`r.version = ${s.version}`);
  if (s.country) parts.push(sql`r.country = ${s.country.toUpperCase()}`);
  return sql.join(parts, sql` and `);
}

/** The local days of an epoch-ms range [from, to) in a zone. */
export async function daysOf(db: Executor, timeZone: string, from: number, to: number) {
  const [d] = await rows<{ d0: string; d1: string; p0: string }>(
    db,
    sql`select (to_timestamp(${from / 1000}) at time zone ${timeZone})::date::text as d0,
               (to_timestamp(${Math.max(from, to - 1) / 1000}) at time zone ${timeZone})::date::text as d1,
               ((to_timestamp(${from / 1000}) at time zone ${timeZone})::date
                 - ((to_timestamp(${Math.max(from, to - 1) / 1000}) at time zone ${timeZone})::date
                    - (to_timestamp(${from / 1000}) at time zone ${timeZone})::date + 1))::text as p0`,
  );
  return d!;
}

export interface FigureRow {
  key: string | null;
  devices: number;
  online: number;
  os: number;
  ds: number;
  activations: number;
  upgrade_success: number;
  upgrade_failed: number;
}

/**
 * Figures of the period grouped by `key` (an expression over `r`, or null for one row): devices and
 * online at the period's last sampled day (perDay: each day's own), the online rate's sums over
 * every sample, events summed.
 */
export type FigureKey = 'day' | 'version' | 'country' | 'dayVersion' | null;

const KEY_SQL: Record<NonNullable<FigureKey>, SQL> = {
  day: sql`r.day::text`,
  version: sql`r.version`,
  country: sql`r.country`,
  dayVersion: sql`r.day::text || '|' || r.version`,
};

/** `key`: a dimension, or a child company of `byChild` (each row's child under it; null: the company's own). */
export async function figures(db: Executor, s: StatsScope, key: FigureKey, opts: { byChild?: Company } = {}) {
  const perDay = key === 'day' || key === 'dayVersion';
  const k = opts.byChild ? sql`child.id::text` : key ? KEY_SQL[key] : sql`null::text`;
  const extraJoin = opts.byChild ? childJoin(opts.byChild) : sql``;
  const atLast = perDay ? sql`true` : sql`r.day = last.day`;
  return rows<FigureRow>(
    db,
    sql`with last as materialized (select max(day) as day from stats_daily_samples
                       where time_zone = ${s.timeZone} and day between ${s.from}::date and ${s.to}::date)
        select ${k} as key,
               coalesce(sum(r.devices_last) filter (where ${atLast}), 0)::int as devices,
               coalesce(sum(r.online_last) filter (where ${atLast}), 0)::int as online,
               coalesce(sum(r.online_samples), 0)::float8 as os, coalesce(sum(r.device_samples), 0)::float8 as ds,
               coalesce(sum(r.activations), 0)::int as activations, coalesce(sum(r.upgrade_success), 0)::int as upgrade_success,
               coalesce(sum(r.upgrade_failed), 0)::int as upgrade_failed
          from stats_daily r cross join last ${extraJoin}
         where r.time_zone = ${s.timeZone} and r.day between ${s.from}::date and ${s.to}::date and r.code = ''
           and ${visible(s)}
         group by 1`,
  );
}

export interface AppFigureRow {
  key: string | null;
  currency: string;
  /** Daily active end users summed over the days. */
  active: number;
  orders: number;
  amount: number;
}

/**
 * The daily app figures of the period (stats_daily_app), grouped by day or not, and by currency:
 * active end users (each day's distinct count, summed over the days), paid orders and their amount.
 */
export async function appFigures(db: Executor, s: StatsScope, key: 'day' | null) {
  return rows<AppFigureRow>(
    db,
    sql`select ${key === 'day' ? sql`r.day::text` : sql`null::text`} as key, r.currency,
               coalesce(sum(r.active_end_users), 0)::int as active, coalesce(sum(r.orders_paid), 0)::int as orders,
               coalesce(sum(r.sales_amount), 0)::float8 as amount
          from stats_daily_app r
         where r.time_zone = ${s.timeZone} and r.day between ${s.from}::date and ${s.to}::date and ${visible(s)}
         group by 1, 2`,
  );
}

/**
 * The rows' share of each child company of `parent` (a row is a child's when its brand or customer is
 * under it): read off the row's own paths (a path is its companies' ids, `/1/33/500/`), the segment
 * after the parent's, so no company is looked up per row (a lookup scanned the children for each).
 */
function childJoin(parent: Company): SQL {
  const p = parent.path;
  const below = (col: SQL) =>
    sql`case when length(${col}) > length(${p}::text) and left(${col}, length(${p}::text)) = ${p}::text
             then split_part(substr(${col}, length(${p}::text) + 1), '/', 1)::int end`;
  return sql`cross join lateral (select coalesce(${below(sql`r.brand_path`)}, ${below(sql`r.customer_path`)}) as id) child`;
}

/** Filter values seen in the caller's rollups of the last days. */
export async function filterValues(db: Executor, s: StatsScope) {
  return rows<{ product_type: string; model: string; version: string; country: string }>(
    db,
    sql`select distinct r.product_type, r.model, r.version, r.country
          from stats_daily r
         where r.time_zone = ${s.timeZone} and r.day between ${s.from}::date and ${s.to}::date and r.code = '' and ${visible(s)}
         limit 5000`,
  );
}

export async function companyNames(db: Executor, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const r = await rows<{ id: number; name: string }>(db, sql`select id, name from companies where id = any(${sql.param(ids)}::int[])`);
  return new Map(r.map((x) => [Number(x.id), x.name]));
}
