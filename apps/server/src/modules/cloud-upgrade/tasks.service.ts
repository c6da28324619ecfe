/**
 * Release tasks (SPEC §7 upgrade-task batch-submit, list/get/operate/update/delete, result-number by
 * country, toUpgrade and notice counts). Every task named must be in the caller's subtree and
 * current area (else 1004); state changes go through releaseTaskMachine (1017) and land in
 * release_task_events.
 */
import {
  ErrorCodes, type countryResultSchema, type Gates, type ReleasePreview, type ReleaseTaskDetail, type ReleaseTaskState,
  type TASK_OWNER_ACTIONS, type TASK_SUPPLIER_ACTIONS, type taskDeviceSchema, type TaskCounts, type taskListQuerySchema,
} from '@portal/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { requireActor, type Actor, type CallContext } from '../../lib/context';
import { authorize } from '../../lib/policy';
import { escapeLike } from '../../lib/tenancy';
import { closeTask, lockTask, loadWaves, progressRunningTask, TaskWork } from './engine';
import { epochMs, IN_FLIGHT_STATES_SQL, iso, recordTaskEvent, rows, type Executor } from './engine.shared';
import { cloudUpgradePolicy } from './packages.policy';
import { taskPolicy } from './tasks.policy';
import { presentTask, presentWave, type InFlight, type TaskListRow, type WaveRow } from './tasks.presenter';
import { assertRegionsFree, insertTaskDevices, planWaves, previewTarget, resolveTarget, type TargetInput } from './targets.service';

type TargetData = TargetInput;
export interface TaskInput {
  target: TargetData;
  startAt: number;
  endAt: number;
  gates: Gates;
}

/** The caller's tasks: its subtree, and in a DC the tasks of that DC (or of no region). Alias t. */
function taskScope(actor: Actor): SQL {
  const path = escapeLike(actor.companyPath) + '%';
  const cur = actor.currentAreaId;
  const area = cur === null
    ? sql`true`
    : sql`(cardinality(t.area_ids) = 0 or ${cur} = any(t.area_ids) or exists (select 1 from areas a where a.id = ${cur} and a.kind = 'RDC'))`;
  return sql`t.company_path like ${path} and ${area}`;
}

async function visibleTaskId(db: Executor, actor: Actor, taskId: number): Promise<number> {
  const [t] = await rows<{ id: number }>(db, sql`select t.id from release_tasks t where t.id = ${taskId} and ${taskScope(actor)}`);
  if (!t) throw new AppError(ErrorCodes.notFound);
  return t.id;
}

const actorName = (a: Actor) => (a.actingUserId ? (a.actingNickname ?? a.nickname) : a.nickname) || a.email;

// ---------------------------------------------------------------------------------------------
// Preview and submit
// ---------------------------------------------------------------------------------------------

export async function previewTask(ctx: CallContext, target: TargetData): Promise<ReleasePreview> {
  const actor = requireActor(ctx);
  authorize(cloudUpgradePolicy, actor, null, 'release');
  const r = await resolveTarget(ctx, actor, target, ctx.clock.now());
  await assertRegionsFree(ctx.db, r);
  return previewTarget(ctx.db, r);
}

/** Creates the tasks in the call's transaction: one refusal rolls back all of them. */
export async function submitTasks(ctx: CallContext, tasks: TaskInput[]): Promise<{ taskIds: number[] }> {
  const actor = requireActor(ctx);
  authorize(cloudUpgradePolicy, actor, null, 'release');
  const now = ctx.clock.now();
  const taskIds: number[] = [];
  for (const input of tasks) taskIds.push(await createTask(ctx, actor, input, now));
  await ctx.audit({ targetType: 'releaseTask', targetId: taskIds.join(','), after: { taskIds, tasks: tasks.map((t) => ({ ...t.target, startAt: t.startAt, endAt: t.endAt })) } });
  return { taskIds };
}

async function createTask(ctx: CallContext, actor: Actor, input: TaskInput, now: number): Promise<number> {
  if (input.endAt <= now) throw new AppError(ErrorCodes.invalidParams, { detail: 'endAt' });
  const r = await resolveTarget(ctx, actor, input.target, now);
  await assertRegionsFree(ctx.db, r);
  const t = input.target;
  const storedTarget = { ...t, sns: r.sns };
  const [task] = await rows<{ id: number }>(ctx.db, sql`
    insert into release_tasks (pkg_id, company_id, company_path, release_type, speed, gray_count, area_ids, countries, target,
                               start_at, end_at, status, gates, created_by, created_by_name, created_at, updated_at)
    values (${r.pkg.id}, ${r.pkg.companyId}, ${r.pkg.companyPath}, ${t.releaseType}, ${t.releaseType === 'gray' ? (t.speed ?? null) : null},
            ${t.releaseType === 'gray' ? (t.grayCount ?? null) : null}, ${sql.param(t.areaIds)}::int[], ${sql.param(t.countries)}::text[],
            ${JSON.stringify(storedTarget)}::jsonb, ${iso(input.startAt)}::timestamptz, ${iso(input.endAt)}::timestamptz, 'unreleased',
            ${JSON.stringify(input.gates)}::jsonb, ${actor.actingUserId ?? actor.userId}, ${actorName(actor)}, ${iso(now)}::timestamptz, ${iso(now)}::timestamptz)
    returning id`);
  const taskId = task!.id;

  const perWave = await insertTaskDevices(ctx.db, taskId, r);
  const total = [...perWave.values()].reduce((s, x) => s + x, 0);
  if (total === 0) throw new AppError(ErrorCodes.noTargetDevices);
  if (t.releaseType === 'gray' && (t.grayCount ?? 0) >= total) throw new AppError(ErrorCodes.grayCountTooLarge, { devices: total });

  // The plan gives the waves' shape; their sizes are the devices actually inserted.
  const waves = planWaves(t.releaseType, total, t.grayCount, t.speed);
  await ctx.db.execute(sql`
    insert into release_task_waves (task_id, idx, size, is_promotion, pace_minutes)
    select ${taskId}, w.idx, w.size, w.is_promotion, w.pace
      from unnest(${sql.param(waves.map((w) => w.idx))}::int[], ${sql.param(waves.map((w) => perWave.get(w.idx) ?? 0))}::int[],
                  ${sql.param(waves.map((w) => w.isPromotion))}::boolean[], ${sql.param(waves.map((w) => w.paceMinutes))}::int[])
           as w(idx, size, is_promotion, pace)`);
  await recordTaskEvent(ctx.db, { taskId, action: 'submit', from: '', to: 'unreleased', by: actorName(actor), now });

  // A task whose start has come is released at once; otherwise the engine releases it at startAt.
  const locked = (await lockTask(ctx.db, taskId))!;
  const work = new TaskWork(locked, now);
  if (input.startAt <= now) {
    work.move('release', actorName(actor));
    await progressRunningTask(ctx.db, work, actorName(actor));
  }
  work.markTouched();
  await work.save(ctx.db);
  return taskId;
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

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
async function inFlightOf(db: Executor, taskIds: number[]): Promise<Map<number, InFlight>> {
  if (taskIds.length === 0) return new Map();
  const r = await rows<{ task_id: number; notified: number; upgrading: number }>(db, sql`
    select task_id, count(*) filter (where state = 'notified')::int as notified, count(*) filter (where state <> 'notified')::int as upgrading
      from task_devices where task_id = any(${sql.param(taskIds)}::int[]) and state in ${IN_FLIGHT_STATES_SQL}
     group by task_id`);
  return new Map(r.map((x) => [Number(x.task_id), { notified: Number(x.notified), upgrading: Number(x.upgrading) }]));
}

const NO_FLIGHT: InFlight = { notified: 0, upgrading: 0 };

export async function listTasks(ctx: CallContext, q: z.output<typeof taskListQuerySchema>) {
  const actor = requireActor(ctx);
  const filters: SQL[] = [taskScope(actor)];
  if (q.pkgId !== undefined) filters.push(sql`t.pkg_id = ${q.pkgId}`);
  if (q.status) filters.push(sql`t.status = ${q.status}`);
  if (q.releaseType) filters.push(sql`t.release_type = ${q.releaseType}`);
  if (q.searchText) {
    const id = /^\d{1,9}$/.test(q.searchText) ? Number(q.searchText) : -1;
    filters.push(sql`(t.id = ${id} or p.version_name ilike ${'%' + escapeLike(q.searchText) + '%'})`);
  }
  const where = sql.join(filters, sql` and `);
  const [{ total } = { total: 0 }] = await rows<{ total: number }>(ctx.db, sql`
    select count(*)::int as total from release_tasks t join firmware_packages p on p.id = t.pkg_id where ${where}`);
  const records = await rows<TaskListRow>(ctx.db, sql`${TASK_SELECT} where ${where} order by t.id desc limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`);
  const flights = await inFlightOf(ctx.db, records.map((r) => r.id));
  return {
    records: records.map((r) => presentTask(r, flights.get(r.id) ?? NO_FLIGHT, ctx.locale, actor)),
    total: Number(total),
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

/** A task in full: waves, current wave, history. */
export async function getTask(ctx: CallContext, taskId: number): Promise<ReleaseTaskDetail> {
  const actor = requireActor(ctx);
  const [r] = await rows<TaskListRow>(ctx.db, sql`${TASK_SELECT} where t.id = ${taskId} and ${taskScope(actor)}`);
  if (!r) throw new AppError(ErrorCodes.notFound);
  return detailOf(ctx.db, r, ctx.locale, actor);
}

async function detailOf(db: Executor, r: TaskListRow, locale: CallContext['locale'], actor: Actor): Promise<ReleaseTaskDetail> {
  const flights = await inFlightOf(db, [r.id]);
  const waves = await rows<WaveRow>(db, sql`
      select idx::int as idx, size, is_promotion, ${epochMs(sql`started_at`)} as started_at, notified, success, failed
        from release_task_waves where task_id = ${r.id} order by idx`);
  const history = await rows<{ at: number; action: string; from_state: string; to_state: string; by_name: string; reason: string | null }>(db, sql`
      select ${epochMs(sql`at`)} as at, action, from_state, to_state, by_name, reason from release_task_events where task_id = ${r.id} order by id`);
  return {
    ...presentTask(r, flights.get(r.id) ?? NO_FLIGHT, locale, actor),
    waves: waves.map(presentWave),
    currentWave: Number(r.current_wave) > 0 ? Number(r.current_wave) : null,
    history: history.map((h) => ({ at: new Date(Number(h.at)).toISOString(), action: h.action, from: h.from_state, to: h.to_state, by: h.by_name, reason: h.reason })),
  };
}

export async function taskCounts(ctx: CallContext, taskId: number): Promise<TaskCounts> {
  return (await getTask(ctx, taskId)).counts;
}

export async function resultByCountry(ctx: CallContext, taskId: number): Promise<z.input<typeof countryResultSchema>[]> {
  const actor = requireActor(ctx);
  const id = await visibleTaskId(ctx.db, actor, taskId);
  const r = await rows<{ country: string; to_upgrade: number; notified: number; success: number; failed: number }>(ctx.db, sql`
    select country,
           count(*) filter (where state = 'pending')::int as to_upgrade,
           count(*) filter (where notified_at is not null)::int as notified,
           count(*) filter (where state = 'success')::int as success,
           count(*) filter (where state = 'failed')::int as failed
      from task_devices where task_id = ${id} group by country order by country`);
  return r.map((x) => ({ country: x.country, toUpgrade: Number(x.to_upgrade), notified: Number(x.notified), success: Number(x.success), failed: Number(x.failed) }));
}

export async function taskDevicesPage(
  ctx: CallContext,
  d: { taskId: number; pageNum: number; pageSize: number; state?: string; country?: string; wave?: number; searchText?: string; range?: { from: number; to: number } },
): Promise<{ records: z.input<typeof taskDeviceSchema>[]; total: number; pageNum: number; pageSize: number }> {
  const actor = requireActor(ctx);
  const id = await visibleTaskId(ctx.db, actor, d.taskId);
  const filters: SQL[] = [sql`td.task_id = ${id}`];
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
  const [{ total } = { total: 0 }] = await rows<{ total: number }>(ctx.db, sql`
    select count(*)::int as total from task_devices td join devices d on d.id = td.device_id where ${where}`);
  const records = await rows<{
    device_id: number; sn: string; mac: string; model: string; country: string; wave: number; state: string; from_version: string;
    reported_version: string | null; error_code: string | null; updated_at: number | null; created_at: number;
  }>(ctx.db, sql`
    select td.device_id::float8 as device_id, d.sn, d.mac, d.model, td.country, td.wave::int as wave, td.state, td.from_version,
           td.reported_version, td.error_code, ${epochMs(sql`td.updated_at`)} as updated_at, ${epochMs(sql`t.created_at`)} as created_at
      from task_devices td join devices d on d.id = td.device_id join release_tasks t on t.id = td.task_id
     where ${where}
     order by td.wave, td.device_id
     limit ${d.pageSize} offset ${(d.pageNum - 1) * d.pageSize}`);
  return {
    records: records.map((x) => ({
      deviceId: Number(x.device_id), sn: x.sn, mac: x.mac, model: x.model, country: x.country, wave: Number(x.wave),
      state: x.state as z.input<typeof taskDeviceSchema>['state'], fromVersion: x.from_version, reportedVersion: x.reported_version, errorCode: x.error_code,
      updatedAt: new Date(Number(x.updated_at ?? x.created_at)).toISOString(),
    })),
    total: Number(total),
    pageNum: d.pageNum,
    pageSize: d.pageSize,
  };
}

// ---------------------------------------------------------------------------------------------
// Changes
// ---------------------------------------------------------------------------------------------

/**
 * Owner actions (pause, continue, end, revoke, promote) need dealer_upgrade_mgr; the supplier's
 * own (supplierSuspend, supplierResume, externalPause, externalResume) a supplier user (1005); the
 * state must allow the move (1017): the task policy.
 */
export async function operateTask(
  ctx: CallContext,
  d: { taskId: number; action: (typeof TASK_OWNER_ACTIONS)[number] | (typeof TASK_SUPPLIER_ACTIONS)[number]; reason?: string },
): Promise<ReleaseTaskDetail> {
  const actor = requireActor(ctx);
  const id = await visibleTaskId(ctx.db, actor, d.taskId);
  const task = (await lockTask(ctx.db, id))!;
  authorize(taskPolicy, actor, { status: task.status as ReleaseTaskState }, d.action);
  const now = ctx.clock.now();
  const work = new TaskWork(task, now);
  const by = actorName(actor);
  const reason = d.reason?.trim() || null;
  const params = (extra: Record<string, string | number> = {}) => ({ by, ...(reason ? { reason } : {}), ...extra });
  const before = task.status;

  switch (d.action) {
    case 'pause':
      work.move('pause', by, reason);
      work.pause('manual', params());
      break;
    case 'continue': {
      const was = work.pauseReason;
      work.move('continue', by, reason);
      if (was === 'errorThreshold') {
        // The error gate judges only what finishes from now on; else it would pause again at once.
        const waves = await loadWaves(ctx.db, id);
        work.pauseDetail = { errorBaseline: { success: waves.reduce((s, w) => s + w.success, 0), failed: waves.reduce((s, w) => s + w.failed, 0) } };
      }
      work.clearPause();
      await progressRunningTask(ctx.db, work, by, { skipSuccessGate: was === 'successGate' });
      break;
    }
    case 'promote': {
      work.move('promote', by, reason);
      const promotion = (await loadWaves(ctx.db, id)).find((w) => w.isPromotion);
      if (promotion) work.startWave(promotion.idx);
      await progressRunningTask(ctx.db, work, by);
      break;
    }
    case 'end':
    case 'revoke':
      await closeTask(ctx.db, work, d.action, by, reason);
      break;
    case 'supplierSuspend':
      work.move('supplierSuspend', by, reason);
      work.pause('supplier', params());
      break;
    case 'supplierResume':
      // Lifted into paused: the owner decides when devices upgrade again.
      work.move('supplierResume', by, reason);
      work.pause('supplier', params({ template: 'supplierResumed' }));
      break;
    case 'externalPause':
      work.move('externalPause', by, reason);
      work.pause('supplier', params({ template: 'external' }));
      break;
    case 'externalResume':
      work.move('externalResume', by, reason);
      work.clearPause();
      await progressRunningTask(ctx.db, work, by);
      break;
    default:
      throw new AppError(ErrorCodes.illegalTransition);
  }
  await work.save(ctx.db);
  await ctx.audit({ targetType: 'releaseTask', targetId: id, before: { status: before }, after: { action: d.action, status: work.status, reason } });
  return getTask(ctx, id);
}

/** End time and gates of a task that has not finished (24017). */
export async function updateTask(ctx: CallContext, d: { taskId: number; endAt?: number; gates?: Gates }): Promise<ReleaseTaskDetail> {
  const actor = requireActor(ctx);
  const id = await visibleTaskId(ctx.db, actor, d.taskId);
  const task = (await lockTask(ctx.db, id))!;
  authorize(taskPolicy, actor, { status: task.status as ReleaseTaskState }, 'update');
  if (d.endAt !== undefined && d.endAt <= task.startAt) throw new AppError(ErrorCodes.invalidParams, { detail: 'endAt' });
  const endAt = d.endAt ?? task.endAt;
  const gates = d.gates ?? task.gates;
  await ctx.db.execute(sql`
    update release_tasks set end_at = ${iso(endAt)}::timestamptz, gates = ${JSON.stringify(gates)}::jsonb, updated_at = ${iso(ctx.clock.now())}::timestamptz
     where id = ${id}`);
  await ctx.audit({ targetType: 'releaseTask', targetId: id, before: { endAt: task.endAt, gates: task.gates }, after: { endAt, gates } });
  return getTask(ctx, id);
}

/** An unreleased task (its devices are freed) or a finished one; 1017 otherwise. */
export async function deleteTask(ctx: CallContext, taskId: number): Promise<Record<string, never>> {
  const actor = requireActor(ctx);
  const id = await visibleTaskId(ctx.db, actor, taskId);
  const task = (await lockTask(ctx.db, id))!;
  authorize(taskPolicy, actor, { status: task.status as ReleaseTaskState }, 'delete');
  await ctx.db.execute(sql`delete from task_devices where task_id = ${id}`);
  await ctx.db.execute(sql`delete from release_task_waves where task_id = ${id}`);
  await ctx.db.execute(sql`delete from release_task_events where task_id = ${id}`);
  await ctx.db.execute(sql`delete from release_tasks where id = ${id}`);
  await ctx.audit({ targetType: 'releaseTask', targetId: id, before: { status: task.status, pkgId: task.pkgId } });
  return {};
}
