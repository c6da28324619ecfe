/**
 * The failure rollup and the failure-code Pareto (usage and diagnostics, issue 15 §4).
 *
 * stats_failures_hourly counts upgrade failures per UTC hour by brand, customer, product type,
 * model, from-version (the device's version at the failure, the event's), to-version (the version of
 * the task's package) and code. It is kept like the other rollups: a run takes the snapshot's xmin
 * as its watermark ('failures' in stats_watermarks), so the failures written by transactions between
 * the old and the new watermark are exactly those not counted yet, however late they committed; they
 * are added to their hours, and the counts and the watermark commit together (a killed run leaves
 * neither). The Pareto reads only these rows, found by their index on the brand's or the
 * customer's path.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Database, type Db, type Tx } from '../../db/client';
import type { Actor } from '../../lib/context';
import { escapeLike, scopedToArea, scopedToSubtree } from '../../lib/tenancy';

type Executor = Db | Tx;

const WATERMARK = 'failures';

const GROUP = sql.raw(`brand_id, brand_path, customer_id, customer_path, product_type, model, from_version, to_version, code, area_id`);

/**
 * Unscoped (the failures of every tenant): one run of the failure rollup, in one transaction;
 * answers how many failure events it counted. `rebuild`: every failure again, from a watermark of zero.
 */
export async function unsafeRollUpFailures(database: Database, opts: { now: number; rebuild?: boolean }): Promise<number> {
  return database.db.transaction(async (tx) => {
    const at = new Date(opts.now).toISOString();
    await tx.execute(
      sql`insert into stats_watermarks (name, txid, updated_at) values (${WATERMARK}, '0'::xid8, ${at}::timestamptz) on conflict do nothing`,
    );
    const [wm] = await rows<{ txid: string }>(
      tx,
      sql`select txid::text as txid from stats_watermarks where name = ${WATERMARK} for update`,
    );
    const from = opts.rebuild ? '0' : wm!.txid;
    const [next] = await rows<{ txid: string }>(tx, sql`select pg_snapshot_xmin(pg_current_snapshot())::text as txid`);
    if (opts.rebuild) await tx.execute(sql`delete from stats_failures_hourly`);
    const [r] = await rows<{ n: number }>(
      tx,
      sql`with f as (
            select date_trunc('hour', e.at, 'UTC') as bucket, e.brand_id, e.brand_path, e.customer_id, e.customer_path, e.product_type,
                   e.model, e.version as from_version, coalesce(p.version_name, '') as to_version, e.code, e.area_id, count(*)::int as failures
              from device_events e
              left join release_tasks t on t.id = e.task_id
              left join firmware_packages p on p.id = t.pkg_id
             where e.kind = 'upgrade_failed' and e.txid >= ${from}::xid8 and e.txid < ${next!.txid}::xid8
             group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11),
          ins as (
            insert into stats_failures_hourly (bucket, ${GROUP}, failures)
            select bucket, ${GROUP}, failures from f
            on conflict (bucket, brand_id, customer_id, product_type, model, from_version, to_version, code, area_id)
            do update set failures = stats_failures_hourly.failures + excluded.failures
            returning 1)
          select coalesce((select sum(failures) from f), 0)::int as n, (select count(*) from ins)::int as rows_written`,
    );
    await tx.execute(
      sql`update stats_watermarks set txid = ${next!.txid}::xid8, updated_at = ${at}::timestamptz where name = ${WATERMARK}`,
    );
    return Number(r?.n ?? 0);
  });
}

/** When the failure rollup last committed (epoch ms), null before its first run. */
export async function unsafeFailuresUpdatedAt(database: Database): Promise<number | null> {
  const { rows: r } = await database.query<{ at: number | null }>(
    `select (extract(epoch from updated_at) * 1000)::float8 as at from stats_watermarks where name = $1`,
    [WATERMARK],
  );
  return r[0]?.at == null ? null : Number(r[0].at);
}

export interface FailureFilter {
  from: number;
  to: number;
  productType?: string;
  model?: string;
  fromVersion?: string;
  toVersion?: string;
  /** The customer filter's path (already found in the caller's subtree). */
  customerPath?: string;
}

/** Rows the caller sees (its brand's or its customers' failures, in the session's area), with the filters. */
function visible(actor: Actor, f: FailureFilter): SQL {
  const parts: SQL[] = [
    sql`(${scopedToSubtree(sql`r.brand_path`, actor)} or ${scopedToSubtree(sql`r.customer_path`, actor)})`,
    scopedToArea(sql`r.area_id`, actor),
    // Hours that start in the range: the range's ends are whole hours of the reporting zone's days.
    sql`r.bucket >= date_trunc('hour', ${new Date(f.from).toISOString()}::timestamptz, 'UTC')`,
    sql`r.bucket < ${new Date(f.to).toISOString()}::timestamptz`,
  ];
  if (f.customerPath) {
    const p = escapeLike(f.customerPath) + '%';
    parts.push(sql`(r.brand_path like ${p} or r.customer_path like ${p})`);
  }
  if (f.productType) parts.push(sql`r.product_type = ${f.productType}`);
  if (f.model) parts.push(sql`r.model = ${f.model}`);
  if (f.fromVersion) parts.push(sql`r.from_version = ${f.fromVersion}`);
  if (f.toVersion) parts.push(sql`r.to_version = ${f.toVersion}`);
  return sql.join(parts, sql` and `);
}

/** The failures of the range by code, by model and by from-to version (at most `top` pairs). */
export async function failureBreakdown(db: Executor, actor: Actor, f: FailureFilter, top: number) {
  const where = visible(actor, f);
  const [codes, models, versions] = await Promise.all([
    rows<{ code: string; failures: number }>(
      db,
      sql`select r.code, sum(r.failures)::int as failures from stats_failures_hourly r where ${where} group by r.code order by 2 desc, 1`,
    ),
    rows<{ model: string; failures: number }>(
      db,
      sql`select r.model, sum(r.failures)::int as failures from stats_failures_hourly r where ${where} group by r.model order by 2 desc, 1`,
    ),
    rows<{ from_version: string; to_version: string; failures: number }>(
      db,
      sql`select r.from_version, r.to_version, sum(r.failures)::int as failures from stats_failures_hourly r where ${where}
           group by 1, 2 order by 3 desc, 1, 2 limit ${top}`,
    ),
  ]);
  return { codes, models, versions };
}
