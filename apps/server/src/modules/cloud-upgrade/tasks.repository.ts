/**
 * Release task rows for the task calls: every query scoped to the caller's subtree and current
 * area (`visibleTaskScope`), or by a task id that such a query answered. The engine's own
 * statements (the tick across every tenant) are in the engine.
 */
import type { Gates } from '@portal/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../lib/context';
import { escapeLike, paginate, scopedToAnyArea, scopedToSubtree, type Page, type PageRequest } from '../../lib/tenancy';
import { epochMs, IN_FLIGHT_STATES_SQL } from './engine.repository';
import { iso, type Executor } from './engine.shared';
import type { InFlight, TaskListRow, WaveRow } from './tasks.presenter';
import { rows } from '../../db/client';

/** The caller's tasks: its subtree, and in a DC the tasks of that DC (or of no region). Alias t. */
function visibleTaskScope(actor: Actor): SQL {
  return sql`${scopedToSubtree(sql`t.company_path`, actor)} and ${scopedToAnyArea(sql`t.area_ids`, actor)}`;
}

/** The id of a task the caller sees, or null (another tenant's, or another DC's). */
export async function findVisibleTaskId(db: Executor, actor: Actor, taskId: number): Promise<number | null> {
  const [t] = await rows<{ id: number }>(db, sql`select t.id from release_tasks t where t.id = ${taskId} and ${visibleTaskScope(actor)}`);
  return t ? t.id : null;
}

export interface NewTaskRow {
  pkgId: number;
  companyId: number;
  companyPath: string;
  releaseType: string;
  speed: string | null;
  grayCount: number | null;
  areaIds: number[];
  countries: string[];
  target: unknown;
  startAt: number;
  endAt: number;
  gates: Gates;
  createdBy: number;
  createdByName: string;
  now: number;
}

/** A new task of the package's company (the package was found in the caller's scope). */
export async function insertTask(db: Executor, t: NewTaskRow): Promise<number> {
  const [task] = await rows<{ id: number }>(
    db,
    sql`
    insert into release_tasks (pkg_id, company_id, company_path, release_type, speed, gray_count, area_ids, countries, target,
                               start_at, end_at, status, gates, created_by, created_by_name, created_at, updated_at)
    values (${t.pkgId}, ${t.companyId}, ${t.companyPath}, ${t.releaseType}, ${t.speed},
            ${t.grayCount}, ${sql.param(t.areaIds)}::int[], ${sql.param(t.countries)}::text[],
            ${JSON.stringify(t.target)}::jsonb, ${iso(t.startAt)}::timestamptz, ${iso(t.endAt)}::timestamptz, 'unreleased',
            ${JSON.stringify(t.gates)}::jsonb, ${t.createdBy}, ${t.createdByName}, ${iso(t.now)}::timestamptz, ${iso(t.now)}::timestamptz)
    returning id`,
  );
  return task!.id;
}

/** A new task's waves with their sizes. */
export async function insertTaskWaves(
  db: Executor,
  taskId: number,
  waves: { idx: number; size: number; isPromotion: boolean; paceMinutes: number }[],
): Promise<void> {
  await db.execute(sql`
    insert into release_task_waves (task_id, idx, size, is_promotion, pace_minutes)
    select ${taskId}, w.idx, w.size, w.is_promotion, w.pace
      from unnest(${sql.param(waves.map((w) => w.idx))}::int[], ${sql.param(waves.map((w) => w.size))}::int[],
                  ${sql.param(waves.map((w) => w.isPromotion))}::boolean[], ${sql.param(waves.map((w) => w.paceMinutes))}::int[])
           as w(idx, size, is_promotion, pace)`);
}

const TASK_SELECT = sql`
  select t.id, t.pkg_id, p.version_name, p.product_type, t.company_id, c.name as company_name, t.release_type, t.speed, t.gray_count,
         t.area_ids, t.countries, ${epochMs(sql`t.start_at`)} as start_at, ${epochMs(sql`t.end_at`)} as end_at, t.status, t.pause_reason,
         t.pause_detail, t.gates, t.current_wave::int as current_wave, ${epochMs(sql`t.created_at`)} as created_at, t.created_by_name,
         w.size as w_size, w.notice as w_notice, w.notified as w_notified, w.success as w_success, w.failed as w_failed, w.cancelled as w_cancelled
    from release_tasks t
    join firmware_packages p on p.id = t.pkg_id
    left join companies c on c.id = t.company_id
    left join lateral (
      select sum(size)::int as size, (sum(size) filter (where not is_promotion or started_at is not null))::int as notice,
             sum(notified)::int as notified, sum(success)::int as success, sum(failed)::int as failed, sum(cancelled)::int as cancelled
        from release_task_waves where task_id = t.id) w on true`;

/** Devices of the tasks that were handed the package and have not finished (the partial timeout index). */
export async function inFlightOf(db: Executor, taskIds: number[]): Promise<Map<number, InFlight>> {
  if (taskIds.length === 0) return new Map();
  const r = await rows<{ task_id: number; notified: number; upgrading: number }>(
    db,
    sql`
    select task_id, count(*) filter (where state = 'notified')::int as notified, count(*) filter (where state <> 'notified')::int as upgrading
      from task_devices where task_id = any(${sql.param(taskIds)}::int[]) and state in ${IN_FLIGHT_STATES_SQL}
     group by task_id`,
  );
  return new Map(r.map((x) => [Number(x.task_id), { notified: Number(x.notified), upgrading: Number(x.upgrading) }]));
}

export interface TaskListFilter {
  pkgId?: number;
  status?: string;
  releaseType?: string;
  searchText?: string;
}

/** A page of the caller's tasks, newest first. */
export async function listVisibleTasks(db: Executor, actor: Actor, q: TaskListFilter, page: PageRequest): Promise<Page<TaskListRow>> {
  const filters: SQL[] = [visibleTaskScope(actor)];
  if (q.pkgId !== undefined) filters.push(sql`t.pkg_id = ${q.pkgId}`);
  if (q.status) filters.push(sql`t.status = ${q.status}`);
  if (q.releaseType) filters.push(sql`t.release_type = ${q.releaseType}`);
  if (q.searchText) {
    const id = /^\d{1,9}$/.test(q.searchText) ? Number(q.searchText) : -1;
    filters.push(sql`(t.id = ${id} or p.version_name ilike ${'%' + escapeLike(q.searchText) + '%'})`);
  }
  const where = sql.join(filters, sql` and `);
  return paginate(
    page,
    ({ limit, offset }) => rows<TaskListRow>(db, sql`${TASK_SELECT} where ${where} order by t.id desc limit ${limit} offset ${offset}`),
    async () => {
      const [{ total } = { total: 0 }] = await rows<{ total: number }>(
        db,
        sql`
        select count(*)::int as total from release_tasks t join firmware_packages p on p.id = t.pkg_id where ${where}`,
      );
      return Number(total);
    },
  );
}

/** One task the caller sees, or null. */
export async function findVisibleTask(db: Executor, actor: Actor, taskId: number): Promise<TaskListRow | null> {
  const [r] = await rows<TaskListRow>(db, sql`${TASK_SELECT} where t.id = ${taskId} and ${visibleTaskScope(actor)}`);
  return r ?? null;
}

/** The waves of a task the caller sees. */
export async function taskWaves(db: Executor, taskId: number): Promise<WaveRow[]> {
  return rows<WaveRow>(
    db,
    sql`
      select idx::int as idx, size, is_promotion, ${epochMs(sql`started_at`)} as started_at, notified, success, failed
        from release_task_waves where task_id = ${taskId} order by idx`,
  );
}

/** The state changes of a task the caller sees, oldest first. */
export async function taskHistory(db: Executor, taskId: number) {
  return rows<{ at: number; action: string; from_state: string; to_state: string; by_name: string; reason: string | null }>(
    db,
    sql`
      select ${epochMs(sql`at`)} as at, action, from_state, to_state, by_name, reason from release_task_events where task_id = ${taskId} order by id`,
  );
}

/** A visible task's devices counted by country. */
export async function resultsByCountry(db: Executor, taskId: number) {
  return rows<{ country: string; to_upgrade: number; notified: number; success: number; failed: number }>(
    db,
    sql`
    select country,
           count(*) filter (where state = 'pending')::int as to_upgrade,
           count(*) filter (where notified_at is not null)::int as notified,
           count(*) filter (where state = 'success')::int as success,
           count(*) filter (where state = 'failed')::int as failed
      from task_devices where task_id = ${taskId} group by country order by country`,
  );
}

export interface TaskDeviceFilter {
  state?: string;
  country?: string;
  wave?: number;
  searchText?: string;
  range?: { from: number; to: number };
}

export interface TaskDeviceRow {
  device_id: number;
  sn: string;
  mac: string;
  model: string;
  country: string;
  wave: number;
  state: string;
  from_version: string;
  reported_version: string | null;
  error_code: string | null;
  updated_at: number | null;
  created_at: number;
}

/** A page of a visible task's devices, by wave and device. */
export async function listTaskDevices(db: Executor, taskId: number, d: TaskDeviceFilter, page: PageRequest): Promise<Page<TaskDeviceRow>> {
  const filters: SQL[] = [sql`td.task_id = ${taskId}`];
  if (d.state) filters.push(sql`td.state = ${d.state}`);
  if (d.country) filters.push(sql`td.country = ${d.country}`);
  if (d.wave !== undefined) filters.push(sql`td.wave = ${d.wave}`);
  if (d.searchText) {
    const prefix = escapeLike(d.searchText.toUpperCase()) + '%';
    const mac = escapeLike(d.searchText.toUpperCase().replace(/[:-]/g, '')) + '%';
    filters.push(sql`(d.sn like ${prefix} or d.mac like ${mac})`);
  }
  if (d.range) filters.push(sql`td.updated_at between ${iso(d.range.from)}::timestamptz and ${iso(d.range.to)}::timestamptz`);
  const where = sql.join(filters, sql` and `);
  return paginate(
    page,
    ({ limit, offset }) =>
      rows<TaskDeviceRow>(
        db,
        sql`
    select td.device_id::float8 as device_id, d.sn, d.mac, d.model, td.country, td.wave::int as wave, td.state, td.from_version,
           td.reported_version, td.error_code, ${epochMs(sql`td.updated_at`)} as updated_at, ${epochMs(sql`t.created_at`)} as created_at
      from task_devices td join devices d on d.id = td.device_id join release_tasks t on t.id = td.task_id
     where ${where}
     order by td.wave, td.device_id
     limit ${limit} offset ${offset}`,
      ),
    async () => {
      const [{ total } = { total: 0 }] = await rows<{ total: number }>(
        db,
        sql`
    select count(*)::int as total from task_devices td join devices d on d.id = td.device_id where ${where}`,
      );
      return Number(total);
    },
  );
}

/** End time and gates of a visible task (held by the caller). */
export async function updateTaskEndAndGates(db: Executor, taskId: number, endAt: number, gates: Gates, now: number): Promise<void> {
  await db.execute(sql`
    update release_tasks set end_at = ${iso(endAt)}::timestamptz, gates = ${JSON.stringify(gates)}::jsonb, updated_at = ${iso(now)}::timestamptz
     where id = ${taskId}`);
}

/** A visible task (held by the caller) with its devices, waves and history. */
export async function deleteTaskRows(db: Executor, taskId: number): Promise<void> {
  await db.execute(sql`delete from task_devices where task_id = ${taskId}`);
  await db.execute(sql`delete from release_task_waves where task_id = ${taskId}`);
  await db.execute(sql`delete from release_task_events where task_id = ${taskId}`);
  await db.execute(sql`delete from release_tasks where id = ${taskId}`);
}
