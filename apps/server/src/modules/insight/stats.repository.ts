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
import { rows, type Db, type Tx } from '../../db/client';
import type { Actor } from '../../lib/context';
import { escapeLike, scopedToArea, scopedToSubtree } from '../../lib/tenancy';

type Executor = Db | Tx;

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
 * The child of `parent` a rollup row `r` belongs to (its brand's, else its customer's), null for the
 * parent's own: the segment of the row's path (a path is its companies' ids, `/1/33/500/`) after the
 * parent's.
 */
function childOf(parent: Pick<Company, 'path'>): SQL {
  const p = parent.path;
  const below = (col: SQL) =>
    sql`case when length(${col}) > length(${p}::text) and left(${col}, length(${p}::text)) = ${p}::text
             then split_part(substr(${col}, length(${p}::text) + 1), '/', 1)::int end`;
  return sql`coalesce(${below(sql`r.brand_path`)}, ${below(sql`r.customer_path`)})`;
}

/**
 * The rows' share of each child company of `parent` (a row is a child's when its brand or customer is
 * under it): read off the row's own paths (childOf), so no company is looked up per row (a lookup
 * scanned the children for each).
 */
function childJoin(parent: Company): SQL {
  return sql`cross join lateral (select ${childOf(parent)} as id) child`;
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

export interface StatsWindowRow {
  tz: string;
  /** Local days of the range, inclusive, and the first day of the period as long before it. */
  d0: string;
  d1: string;
  p0: string;
  /** The rollup's last commit (epoch ms), null before its first run. */
  updated_at: number | null;
  /** The customer filter's company, when one was asked for and lies in the caller's subtree. */
  customer: Company | null;
}

/**
 * The statement a statistics call starts with: the caller's reporting time zone, the local days of
 * an epoch-ms range [from, to) in it and of the period before, the rollup's last commit and the
 * customer filter's company (in the caller's subtree, else null), in one round trip; with
 * `setTimeout` (statementTimeoutSql) it also sets the statement timeout of the statements after it.
 */
export async function statsWindow(
  db: Executor,
  actor: Actor,
  range: { from: number; to: number },
  customerId: number | undefined,
  updatedAt: SQL,
  setTimeout: SQL | null = null,
): Promise<StatsWindowRow> {
  const from = range.from / 1000;
  const to = Math.max(range.from, range.to - 1) / 1000;
  const customer =
    customerId === undefined
      ? sql`null::json`
      : sql`(select json_build_object('id', c.id, 'path', c.path, 'name', c.name, 'depth', c.depth)
               from companies c where c.id = ${customerId} and ${scopedToSubtree(sql`c.path`, actor)})`;
  const [w] = await rows<StatsWindowRow>(
    db,
    sql`select z.tz, z.d0::text as d0, z.d1::text as d1, (z.d0 - (z.d1 - z.d0 + 1))::text as p0,
               ${updatedAt} as updated_at, ${customer} as customer${setTimeout ? sql`, ${setTimeout} as statement_timeout` : sql``}
          from (select t.tz, (to_timestamp(${from}) at time zone t.tz)::date as d0, (to_timestamp(${to}) at time zone t.tz)::date as d1
                  from (select coalesce((select time_zone from companies where id = ${actor.companyId}), 'UTC') as tz) t) z`,
  );
  const c = w!.customer as (Omit<Company, 'id' | 'depth'> & { id: number | string; depth: number | string }) | null;
  return { ...w!, customer: c ? { ...c, id: Number(c.id), depth: Number(c.depth) } : null };
}

/** A figure set of one statement (figureSets): a period's figures grouped by a dimension, or the children of a company. */
export type FigureSetKey = 'total' | 'previous' | 'day' | 'version' | 'country' | 'dayVersion' | 'child';

/** The child set's extra: its company's name (only with `topChildren`). */
export type FigureSetRow = FigureRow & { name?: string | null };

/**
 * Several of `figures`' answers over one read of the rollup rows (one round trip): each set is a
 * union branch over the period's rows, read once (materialized). `previous` is the total of the
 * period as long just before (`prevFrom`..`prevTo`); `child` groups the current period by the child
 * of `byChild` each row belongs to (its own devices: key null), and with `topChildren` answers only
 * the n children with most devices (ties by id) and their names.
 */
export async function figureSets(
  db: Executor,
  s: StatsScope & { prevFrom: string; prevTo: string },
  sets: readonly FigureSetKey[],
  opts: { byChild?: Pick<Company, 'path'>; topChildren?: number } = {},
): Promise<Map<FigureSetKey, FigureSetRow[]>> {
  const withPrevious = sets.includes('previous');
  const lo = withPrevious ? s.prevFrom : s.from;
  const aggregates = (atLast: SQL) =>
    sql`coalesce(sum(r.devices_last) filter (where ${atLast}), 0)::int as devices,
        coalesce(sum(r.online_last) filter (where ${atLast}), 0)::int as online,
        coalesce(sum(r.online_samples), 0)::float8 as os, coalesce(sum(r.device_samples), 0)::float8 as ds,
        coalesce(sum(r.activations), 0)::int as activations, coalesce(sum(r.upgrade_success), 0)::int as upgrade_success,
        coalesce(sum(r.upgrade_failed), 0)::int as upgrade_failed`;
  const cur = sql`r.day >= ${s.from}::date`;
  const atLast = sql`r.day = last.cur`;
  const branch = (set: FigureSetKey): SQL => {
    const name = sql`${set}::text as set`;
    switch (set) {
      case 'total':
        return sql`select ${name}, null::text as key, ${aggregates(atLast)}, null::text as name from r cross join last where ${cur}`;
      case 'previous':
        return sql`select ${name}, null::text as key, ${aggregates(sql`r.day = last.prev`)}, null::text as name
                     from r cross join last where not ${cur}`;
      case 'day':
      case 'dayVersion':
        return sql`select ${name}, ${KEY_SQL[set]} as key, ${aggregates(sql`true`)}, null::text as name
                     from r where ${cur} group by 2`;
      case 'version':
      case 'country':
        return sql`select ${name}, ${KEY_SQL[set]} as key, ${aggregates(atLast)}, null::text as name
                     from r cross join last where ${cur} group by 2`;
      case 'child': {
        if (opts.topChildren === undefined)
          return sql`select ${name}, r.child::text as key, ${aggregates(atLast)}, null::text as name
                       from r cross join last where ${cur} group by 2`;
        // The children with devices at the period's end, most first (ties by id), named.
        return sql`select ${name}, g.child::text as key, g.devices, g.online, g.os, g.ds, g.activations, g.upgrade_success,
                          g.upgrade_failed, c.name
                     from (select r.child, ${aggregates(atLast)} from r cross join last
                            where ${cur} and r.child is not null group by 1) g
                     left join companies c on c.id = g.child
                    where g.devices > 0 order by g.devices desc, g.child limit ${opts.topChildren}`;
      }
    }
  };
  const child = opts.byChild ? childOf(opts.byChild) : sql`null::int`;
  const out = await rows<FigureSetRow & { set: FigureSetKey }>(
    db,
    sql`with last as materialized (
               select max(day) filter (where day >= ${s.from}::date) as cur, max(day) filter (where day < ${s.from}::date) as prev
                 from stats_daily_samples where time_zone = ${s.timeZone} and day between ${lo}::date and ${s.to}::date),
             r as materialized (
               select r.day, r.version, r.country, ${child} as child, r.devices_last, r.online_last, r.online_samples,
                      r.device_samples, r.activations, r.upgrade_success, r.upgrade_failed
                 from stats_daily r
                where r.time_zone = ${s.timeZone} and r.day between ${lo}::date and ${s.to}::date and r.code = ''
                  and ${visible(s)})
        ${sql.join(
          sets.map((set) => sql`(${branch(set)})`),
          sql` union all `,
        )}`,
  );
  const bySet = new Map<FigureSetKey, FigureSetRow[]>(sets.map((k) => [k, []]));
  for (const r of out) bySet.get(r.set)!.push(r);
  return bySet;
}

/**
 * By customer's companies in one round trip: `id` (in the caller's subtree, else null), the
 * breadcrumb from the caller's company down to it, and its direct downstream companies (by name:
 * id, name and whether they have their own; a brand has thousands).
 */
export async function customerLevel(db: Executor, actor: Actor, id: number) {
  const [r] = await rows<{
    parent: Company | null;
    trail: Company[] | null;
    children: Array<Pick<Company, 'id' | 'name'> & { has_children: boolean }> | null;
  }>(
    db,
    sql`with p as (select c.id, c.path, c.name, c.depth::int as depth from companies c
                    where c.id = ${id} and ${scopedToSubtree(sql`c.path`, actor)})
        select (select row_to_json(p) from p) as parent,
               (select json_agg(json_build_object('id', c.id, 'path', c.path, 'name', c.name, 'depth', c.depth) order by c.depth)
                  from p, companies c
                 where c.id = any(string_to_array(trim(both '/' from p.path), '/')::int[]) and ${scopedToSubtree(sql`c.path`, actor)}) as trail,
               (select json_agg(json_build_object('id', c.id, 'name', c.name,
                                                  'has_children', exists (select 1 from companies k where k.parent_id = c.id))
                                order by c.name, c.id)
                  from p, companies c where c.parent_id = p.id and c.status <> 'deleted') as children`,
  );
  return { parent: r?.parent ?? null, trail: r?.trail ?? [], children: r?.children ?? [] };
}

/**
 * `appFigures` of the period by day and of the period as long before it (`prevFrom`..`prevTo`) in
 * one statement.
 */
export async function appFigureSets(db: Executor, s: StatsScope & { prevFrom: string; prevTo: string }) {
  const out = await rows<AppFigureRow & { prev: boolean }>(
    db,
    sql`select r.day < ${s.from}::date as prev, case when r.day >= ${s.from}::date then r.day::text end as key, r.currency,
               coalesce(sum(r.active_end_users), 0)::int as active, coalesce(sum(r.orders_paid), 0)::int as orders,
               coalesce(sum(r.sales_amount), 0)::float8 as amount
          from stats_daily_app r
         where r.time_zone = ${s.timeZone} and r.day between ${s.prevFrom}::date and ${s.to}::date and ${visible(s)}
         group by 1, 2, 3`,
  );
  return { days: out.filter((r) => !r.prev), previous: out.filter((r) => r.prev) };
}
