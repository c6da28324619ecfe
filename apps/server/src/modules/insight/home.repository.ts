/**
 * Home's counts beside the rollups: tasks in release or paused, packages whose sync failed,
 * registrations awaiting the caller's company, locked users, devices that failed twice, device logs
 * uploaded. Each
 * scoped to the caller's subtree (and area where the row has one).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { Actor } from '../../lib/context';
import { scopedToAnyArea, scopedToArea, scopedToSubtree } from '../../lib/tenancy';

type Executor = Db | Tx;

async function one(db: Executor, q: SQL): Promise<Record<string, number>> {
  const r = ((await db.execute(q)) as unknown as { rows: Record<string, number>[] }).rows[0] ?? {};
  return Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v ?? 0)]));
}

export async function taskCounts(db: Executor, actor: Actor) {
  return one(
    db,
    sql`select count(*) filter (where t.status = 'in_release')::int as in_release,
               count(*) filter (where t.status = 'paused')::int as paused,
               count(*) filter (where t.status = 'paused' and t.pause_reason in ('successGate', 'errorThreshold'))::int as paused_by_gate
          from release_tasks t
         where t.status in ('in_release', 'paused') and ${scopedToSubtree(sql`t.company_path`, actor)} and ${scopedToAnyArea(sql`t.area_ids`, actor)}`,
  );
}

export async function failedSyncs(db: Executor, actor: Actor) {
  return one(
    db,
    sql`select count(distinct p.id)::int as n from firmware_packages p join firmware_package_syncs s on s.pkg_id = p.id
         where s.state = 'failed' and p.status <> 'deleted' and ${scopedToSubtree(sql`p.company_path`, actor)}`,
  );
}

export async function awaitingRegistrations(db: Executor, actor: Actor) {
  return one(
    db,
    sql`select count(*)::int as n from registration_audits where approver_company_id = ${actor.companyId} and status = 'pending'`,
  );
}

export async function lockedUsers(db: Executor, actor: Actor) {
  return one(
    db,
    sql`select count(*)::int as n from users u join companies c on c.id = u.company_id
         where u.status in ('operation_locked', 'auto_locked') and ${scopedToSubtree(sql`c.path`, actor)}`,
  );
}

/** The caller's devices with two or more upgrade failures since `since` (from their history). */
export async function devicesFailedTwice(db: Executor, actor: Actor, since: number) {
  return one(db, devicesFailedTwiceSql(actor, since));
}

/**
 * The statement of devicesFailedTwice: it reads only the failed upgrades' index (migration 0053,
 * `kind = 'upgrade_failed'` as its predicate says), never every event of the window.
 */
export function devicesFailedTwiceSql(actor: Pick<Actor, 'companyPath' | 'currentAreaId'>, since: number): SQL {
  return sql`select count(*)::int as n from (
          select e.device_id from device_events e
           where e.kind = 'upgrade_failed' and e.at >= ${new Date(since).toISOString()}::timestamptz
             and (${scopedToSubtree(sql`e.brand_path`, actor)} or ${scopedToSubtree(sql`e.customer_path`, actor)})
             and ${scopedToArea(sql`e.area_id`, actor)}
           group by e.device_id having count(*) >= 2) x`;
}

/** Device logs of the caller's devices uploaded since `since` (asked for or not). */
export async function logsUploaded(db: Executor, actor: Actor, since: number) {
  return one(
    db,
    sql`select count(*)::int as n from device_logs l join devices d on d.id = l.device_id
         where l.state = 'uploaded' and l.uploaded_at >= ${new Date(since).toISOString()}::timestamptz
           and (${scopedToSubtree(sql`d.company_path`, actor)} or ${scopedToSubtree(sql`d.customer_path`, actor)})
           and ${scopedToArea(sql`d.area_id`, actor)}`,
  );
}
