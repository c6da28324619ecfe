/**
 * The result export's statements. Its scope is the one the signed link carries (the caller's
 * company path and current area when the link was made), applied with the tenancy helpers.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { rows as rowsOf, type Db, type Tx } from '../../db/client';
import { sessions } from '../../db/schema';
import type { Actor } from '../../lib/context';
import { scopedToArea, scopedToSubtree } from '../../lib/tenancy';

type Executor = Pick<Db | Tx, 'execute'>;

/** What an export reads: the link's scope and filters. */
export interface ResultScope {
  /** The company path of the caller who made the link. */
  scope: string;
  /** Its current area then (null: every area). */
  areaId: number | null;
  taskId: number | null;
  state: string | null;
  from: number;
  to: number;
}

function whereOf(f: ResultScope): SQL {
  const caller = { companyPath: f.scope, currentAreaId: f.areaId };
  const parts: SQL[] = [
    scopedToSubtree(sql`t.company_path`, caller),
    scopedToSubtree(sql`d.company_path`, caller),
    sql`td.updated_at >= ${new Date(f.from)}::timestamptz and td.updated_at <= ${new Date(f.to)}::timestamptz`,
  ];
  if (f.areaId !== null) parts.push(scopedToArea(sql`d.area_id`, caller));
  if (f.taskId !== null) parts.push(sql`td.task_id = ${f.taskId}::int`);
  if (f.state !== null) parts.push(sql`td.state = ${f.state}`);
  return sql.join(parts, sql` and `);
}

const FROM = sql`from task_devices td join release_tasks t on t.id = td.task_id join devices d on d.id = td.device_id`;

/** Whether the task is in the caller's subtree. */
export async function taskInSubtree(db: Executor, actor: Actor, taskId: number): Promise<boolean> {
  const [task] = await rowsOf<{ id: number }>(
    db,
    sql`select id from release_tasks where id = ${taskId}::int and ${scopedToSubtree(sql`company_path`, actor)}`,
  );
  return !!task;
}

export async function countResultRows(db: Executor, f: ResultScope): Promise<number> {
  const [r] = await rowsOf<{ n: number | string }>(db, sql`select count(*) as n ${FROM} where ${whereOf(f)}`);
  return Number(r?.n ?? 0);
}

export interface ResultRow {
  task_id: number;
  device_id: number | string;
  version_name: string;
  sn: string;
  mac: string;
  model: string;
  country: string;
  wave: number;
  state: string;
  from_version: string;
  reported_version: string | null;
  error_code: string | null;
  updated_at: Date | string | null;
}

/** The next `limit` result rows after the keyset `after` (task id, device id). */
export async function resultRowsAfter(
  db: Executor,
  f: ResultScope,
  after: { task: number; device: number } | null,
  limit: number,
): Promise<ResultRow[]> {
  const cursor: SQL = after ? sql`and (td.task_id, td.device_id) > (${after.task}::int, ${after.device}::bigint)` : sql``;
  return rowsOf<ResultRow>(
    db,
    sql`select td.task_id, td.device_id, p.version_name, d.sn, d.mac, d.model, td.country, td.wave, td.state, td.from_version,
               td.reported_version, td.error_code, td.updated_at
          ${FROM} join firmware_packages p on p.id = t.pkg_id
         where ${whereOf(f)} ${cursor}
         order by td.task_id, td.device_id
         limit ${limit}::int`,
  );
}

/** Unscoped: the session an export link was made in (the link's signature is the credential; it dies with that session). */
export async function unsafeFindLinkSession(db: Db | Tx, sessionId: number) {
  const [s] = await db.select({ userId: sessions.userId, endedAt: sessions.endedAt }).from(sessions).where(eq(sessions.id, sessionId));
  return s ?? null;
}
