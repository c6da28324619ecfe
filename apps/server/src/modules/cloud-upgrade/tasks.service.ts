/**
 * Release tasks (SPEC §7 upgrade-task batch-submit, list/get/operate/update/delete, result-number by
 * country, toUpgrade and notice counts). Every task named must be in the caller's subtree and
 * current area (else 1004); state changes go through releaseTaskMachine (1017) and land in
 * release_task_events.
 */
import {
  ErrorCodes,
  type countryResultSchema,
  type Gates,
  type ReleasePreview,
  type ReleaseTaskDetail,
  type ReleaseTaskState,
  type TASK_OWNER_ACTIONS,
  type TASK_SUPPLIER_ACTIONS,
  type taskDeviceSchema,
  type TaskCounts,
  type taskListQuerySchema,
} from '@portal/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { requireActor, type Actor, type CallContext } from '../../lib/context';
import { authorize } from '../../lib/policy';
import { mapPage } from '../../lib/tenancy';
import { closeTask, lockTask, loadWaves, progressRunningTask, TaskWork } from './engine';
import { recordTaskEvent } from './engine.repository';
import type { Executor } from './engine.shared';
import { cloudUpgradePolicy } from './packages.policy';
import { taskPolicy } from './tasks.policy';
import { presentTask, presentWave, type InFlight, type TaskListRow } from './tasks.presenter';
import {
  deleteTaskRows,
  findVisibleTask,
  findVisibleTaskId,
  inFlightOf,
  insertTask,
  insertTaskWaves,
  listTaskDevices,
  listVisibleTasks,
  resultsByCountry,
  taskHistory,
  taskWaves,
  updateTaskEndAndGates,
} from './tasks.repository';
import { assertRegionsFree, insertTaskDevices, planWaves, previewTarget, resolveTarget, type TargetInput } from './targets.service';

type TargetData = TargetInput;
export interface TaskInput {
  target: TargetData;
  startAt: number;
  endAt: number;
  gates: Gates;
}

async function visibleTaskId(db: Executor, actor: Actor, taskId: number): Promise<number> {
  const id = await findVisibleTaskId(db, actor, taskId);
  if (id === null) throw new AppError(ErrorCodes.notFound);
  return id;
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
  await ctx.audit({
    targetType: 'releaseTask',
    targetId: taskIds.join(','),
    after: { taskIds, tasks: tasks.map((t) => ({ ...t.target, startAt: t.startAt, endAt: t.endAt })) },
  });
  return { taskIds };
}

async function createTask(ctx: CallContext, actor: Actor, input: TaskInput, now: number): Promise<number> {
  if (input.endAt <= now) throw new AppError(ErrorCodes.invalidParams, { detail: 'endAt' });
  const r = await resolveTarget(ctx, actor, input.target, now);
  await assertRegionsFree(ctx.db, r);
  const t = input.target;
  const storedTarget = { ...t, sns: r.sns };
  const taskId = await insertTask(ctx.db, {
    pkgId: r.pkg.id,
    companyId: r.pkg.companyId,
    companyPath: r.pkg.companyPath,
    releaseType: t.releaseType,
    speed: t.releaseType === 'gray' ? (t.speed ?? null) : null,
    grayCount: t.releaseType === 'gray' ? (t.grayCount ?? null) : null,
    areaIds: t.areaIds,
    countries: t.countries,
    target: storedTarget,
    startAt: input.startAt,
    endAt: input.endAt,
    gates: input.gates,
    createdBy: actor.actingUserId ?? actor.userId,
    createdByName: actorName(actor),
    now,
  });

  const perWave = await insertTaskDevices(ctx.db, taskId, r);
  const total = [...perWave.values()].reduce((s, x) => s + x, 0);
  if (total === 0) throw new AppError(ErrorCodes.noTargetDevices);
  if (t.releaseType === 'gray' && (t.grayCount ?? 0) >= total) throw new AppError(ErrorCodes.grayCountTooLarge, { devices: total });

  // The plan gives the waves' shape; their sizes are the devices actually inserted.
  const waves = planWaves(t.releaseType, total, t.grayCount, t.speed);
  await insertTaskWaves(
    ctx.db,
    taskId,
    waves.map((w) => ({ idx: w.idx, size: perWave.get(w.idx) ?? 0, isPromotion: w.isPromotion, paceMinutes: w.paceMinutes })),
  );
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

const NO_FLIGHT: InFlight = { notified: 0, upgrading: 0 };

export async function listTasks(ctx: CallContext, q: z.output<typeof taskListQuerySchema>) {
  const actor = requireActor(ctx);
  const page = await listVisibleTasks(ctx.db, actor, q, q);
  const flights = await inFlightOf(
    ctx.db,
    page.records.map((r) => r.id),
  );
  return mapPage(page, (records) => records.map((r) => presentTask(r, flights.get(r.id) ?? NO_FLIGHT, ctx.locale, actor)));
}

/** A task in full: waves, current wave, history. */
export async function getTask(ctx: CallContext, taskId: number): Promise<ReleaseTaskDetail> {
  const actor = requireActor(ctx);
  const r = await findVisibleTask(ctx.db, actor, taskId);
  if (!r) throw new AppError(ErrorCodes.notFound);
  return detailOf(ctx.db, r, ctx.locale, actor);
}

async function detailOf(db: Executor, r: TaskListRow, locale: CallContext['locale'], actor: Actor): Promise<ReleaseTaskDetail> {
  const flights = await inFlightOf(db, [r.id]);
  const waves = await taskWaves(db, r.id);
  const history = await taskHistory(db, r.id);
  return {
    ...presentTask(r, flights.get(r.id) ?? NO_FLIGHT, locale, actor),
    waves: waves.map(presentWave),
    currentWave: Number(r.current_wave) > 0 ? Number(r.current_wave) : null,
    history: history.map((h) => ({
      at: new Date(Number(h.at)).toISOString(),
      action: h.action,
      from: h.from_state,
      to: h.to_state,
      by: h.by_name,
      reason: h.reason,
    })),
  };
}

export async function taskCounts(ctx: CallContext, taskId: number): Promise<TaskCounts> {
  return (await getTask(ctx, taskId)).counts;
}

export async function resultByCountry(ctx: CallContext, taskId: number): Promise<z.input<typeof countryResultSchema>[]> {
  const actor = requireActor(ctx);
  const id = await visibleTaskId(ctx.db, actor, taskId);
  const r = await resultsByCountry(ctx.db, id);
  return r.map((x) => ({
    country: x.country,
    toUpgrade: Number(x.to_upgrade),
    notified: Number(x.notified),
    success: Number(x.success),
    failed: Number(x.failed),
  }));
}

export async function taskDevicesPage(
  ctx: CallContext,
  d: {
    taskId: number;
    pageNum: number;
    pageSize: number;
    state?: string;
    country?: string;
    wave?: number;
    searchText?: string;
    range?: { from: number; to: number };
  },
): Promise<{ records: z.input<typeof taskDeviceSchema>[]; total: number; pageNum: number; pageSize: number }> {
  const actor = requireActor(ctx);
  const id = await visibleTaskId(ctx.db, actor, d.taskId);
  const page = await listTaskDevices(ctx.db, id, d, d);
  return mapPage(page, (records) =>
    records.map((x) => ({
      deviceId: Number(x.device_id),
      sn: x.sn,
      mac: x.mac,
      model: x.model,
      country: x.country,
      wave: Number(x.wave),
      state: x.state as z.input<typeof taskDeviceSchema>['state'],
      fromVersion: x.from_version,
      reportedVersion: x.reported_version,
      errorCode: x.error_code,
      updatedAt: new Date(Number(x.updated_at ?? x.created_at)).toISOString(),
    })),
  );
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
        work.pauseDetail = {
          errorBaseline: { success: waves.reduce((s, w) => s + w.success, 0), failed: waves.reduce((s, w) => s + w.failed, 0) },
        };
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
  await ctx.audit({
    targetType: 'releaseTask',
    targetId: id,
    before: { status: before },
    after: { action: d.action, status: work.status, reason },
  });
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
  await updateTaskEndAndGates(ctx.db, id, endAt, gates, ctx.clock.now());
  await ctx.audit({ targetType: 'releaseTask', targetId: id, before: { endAt: task.endAt, gates: task.gates }, after: { endAt, gates } });
  return getTask(ctx, id);
}

/** An unreleased task (its devices are freed) or a finished one; 1017 otherwise. */
export async function deleteTask(ctx: CallContext, taskId: number): Promise<Record<string, never>> {
  const actor = requireActor(ctx);
  const id = await visibleTaskId(ctx.db, actor, taskId);
  const task = (await lockTask(ctx.db, id))!;
  authorize(taskPolicy, actor, { status: task.status as ReleaseTaskState }, 'delete');
  await deleteTaskRows(ctx.db, id);
  await ctx.audit({ targetType: 'releaseTask', targetId: id, before: { status: task.status, pkgId: task.pkgId } });
  return {};
}
