/**
 * The release engine: moves every open release task on at time `now`.
 *
 * Each task is handled in its own transaction holding its row (FOR UPDATE SKIP LOCKED), so two
 * instances can tick side by side. In order: expiry at endAt (active devices cancelled), late
 * joiners (devices changed since the last tick that fit), release at startAt, report timeouts
 * (notified devices silent for gates.reportTimeoutMinutes fail with 'TIMEOUT'), the package being
 * abandoned (external pause) or restored, then the gates of a running task (nextStep).
 *
 * Waves: a wave is settled when all its devices finished, or when it started more than the report
 * timeout ago and none of its notified devices is still upgrading. Devices that never poll do not
 * hold a rollout forever: one that has not answered within the report timeout of its wave's start
 * (or of its joining, or of the task's last return to release) counts as failed 'NO_RESPONSE',
 * like a notified device that stops reporting counts as failed 'TIMEOUT'. A settled wave
 * opens the next one when its success rate reaches the success threshold and the next wave's pace
 * has passed; below the threshold the task pauses itself (successGate). The last canary wave of a
 * gray release leads to gray_complete (promote starts the promotion wave); the last wave of a task
 * completes it once every device of that wave finished and none is upgrading anywhere; devices
 * still pending then are cancelled (freed for other tasks).
 */
import type { Gates, ReleaseTaskAction, ReleaseTaskState } from '@portal/contract';
import type { Database } from '../../db/client';
import {
  applyWaveDeltas,
  cancelActiveDevices,
  joinTaskDevices,
  JOIN_SOURCES,
  joinWatermarks,
  lockTaskRow,
  packageStatusOf,
  recordTaskEvent,
  saveJoinWatermarks,
  startWave,
  timeOutDevices,
  unsafeJoinCandidates,
  unsafeOpenTasks,
  updateTaskState,
  waveRows,
  type JoinSource,
  type Watermark,
} from './engine.repository';
import { gatesOf, iso, nextTaskState, pauseDetailOf, type Executor, type PauseDetail, type WaveDeltas } from './engine.shared';

export const SYSTEM_ACTOR = 'system';

/** Devices changed within this margin before the last tick are looked at again (late commits, clock skew). */
const JOIN_SLACK_MS = 60_000;
/** With no stored position yet (a new database), devices changed this long ago are looked at. */
const JOIN_FIRST_LOOKBACK_MS = 10 * 60_000;
/** At most this many changed devices per tick; a larger change (a bulk import) is worked through over several ticks. */
const JOIN_BATCH = 20_000;

export interface TaskRecord {
  id: number;
  pkgId: number;
  status: ReleaseTaskState;
  releaseType: string;
  currentWave: number;
  pauseReason: string | null;
  pauseDetail: PauseDetail;
  gates: Gates;
  startAt: number;
  endAt: number;
  companyPath: string;
}

export interface WaveView {
  idx: number;
  size: number;
  isPromotion: boolean;
  paceMinutes: number;
  startedAt: number | null;
  notified: number;
  success: number;
  failed: number;
  cancelled: number;
}

/** The task row, locked; null when it does not exist (or, with skipLocked, another instance holds it). */
export async function lockTask(
  db: Executor,
  taskId: number,
  opts: { skipLocked?: boolean; openOnly?: boolean } = {},
): Promise<TaskRecord | null> {
  const r = await lockTaskRow(db, taskId, opts);
  if (!r) return null;
  return {
    id: r.id,
    pkgId: r.pkg_id,
    status: r.status,
    releaseType: r.release_type,
    currentWave: Number(r.current_wave),
    pauseReason: r.pause_reason,
    pauseDetail: pauseDetailOf(r.pause_detail),
    gates: gatesOf(r.gates),
    startAt: Number(r.start_at),
    endAt: Number(r.end_at),
    companyPath: r.company_path,
  };
}

export async function loadWaves(db: Executor, taskId: number): Promise<WaveView[]> {
  const r = await waveRows(db, taskId);
  return r.map((w) => ({
    idx: Number(w.idx),
    size: Number(w.size),
    isPromotion: w.is_promotion,
    paceMinutes: Number(w.pace_minutes),
    startedAt: w.started_at === null ? null : Number(w.started_at),
    notified: Number(w.notified),
    success: Number(w.success),
    failed: Number(w.failed),
    cancelled: Number(w.cancelled),
  }));
}

/**
 * The changes made to one locked task in one transaction: state moves (through the machine, each
 * recorded as an event), waves started, counter deltas. `save` writes them in the lock order.
 */
export class TaskWork {
  status: ReleaseTaskState;
  currentWave: number;
  pauseReason: string | null;
  pauseDetail: PauseDetail;
  finishedAt: number | null = null;
  readonly deltas: WaveDeltas = new Map();
  private readonly started: number[] = [];
  private readonly events: { action: string; from: string; to: string; by: string; reason: string | null }[] = [];
  private touched = false;

  constructor(
    readonly task: TaskRecord,
    readonly now: number,
  ) {
    this.status = task.status;
    this.currentWave = task.currentWave;
    this.pauseReason = task.pauseReason;
    this.pauseDetail = task.pauseDetail;
  }

  /** Moves the task through releaseTaskMachine (1017 when not allowed) and records the event. */
  move(action: ReleaseTaskAction, by: string, reason: string | null = null): ReleaseTaskState {
    const from = this.status;
    this.status = nextTaskState(from, action);
    this.events.push({ action, from, to: this.status, by, reason });
    this.touched = true;
    return this.status;
  }

  pause(reason: string, params: Record<string, string | number>) {
    this.pauseReason = reason;
    this.pauseDetail = { ...this.pauseDetail, params };
  }

  clearPause() {
    this.pauseReason = null;
    this.pauseDetail = { errorBaseline: this.pauseDetail.errorBaseline };
  }

  startWave(idx: number, waves?: WaveView[]) {
    this.started.push(idx);
    this.currentWave = idx;
    this.touched = true;
    const w = waves?.find((x) => x.idx === idx);
    if (w && w.startedAt === null) w.startedAt = this.now;
  }

  finish() {
    this.finishedAt = this.now;
  }

  markTouched() {
    this.touched = true;
  }

  get changed() {
    return this.touched || this.deltas.size > 0;
  }

  async save(db: Executor): Promise<void> {
    if (!this.changed) return;
    const id = this.task.id;
    for (const e of this.events) await recordTaskEvent(db, { taskId: id, ...e, now: this.now });
    for (const idx of this.started) await startWave(db, id, idx, this.now);
    await applyWaveDeltas(db, id, this.deltas);
    const detail = this.pauseDetail.params || this.pauseDetail.errorBaseline ? this.pauseDetail : null;
    await updateTaskState(db, id, {
      status: this.status,
      currentWave: this.currentWave,
      pauseReason: this.pauseReason,
      pauseDetail: detail,
      finishedAt: this.finishedAt,
      now: this.now,
    });
  }
}

/** Waves as they are after this transaction's counter deltas. */
export function withDeltas(waves: WaveView[], deltas: WaveDeltas): WaveView[] {
  return waves.map((w) => {
    const d = deltas.get(w.idx);
    if (!d) return { ...w };
    return {
      ...w,
      size: w.size + (d.size ?? 0),
      notified: w.notified + (d.notified ?? 0),
      success: w.success + (d.success ?? 0),
      failed: w.failed + (d.failed ?? 0),
      cancelled: w.cancelled + (d.cancelled ?? 0),
    };
  });
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const inFlight = (w: WaveView) => Math.max(0, w.notified - w.success - w.failed - w.cancelled);

export type Step =
  | { kind: 'wait' }
  | { kind: 'startWave'; idx: number }
  | { kind: 'pause'; reason: 'successGate' | 'errorThreshold'; params: Record<string, number> }
  | { kind: 'grayComplete' }
  | { kind: 'complete' };

/**
 * What a running task does next, from its waves and gates. `skipSuccessGate`: the owner continued
 * a task the success gate had paused, so the settled wave is taken as passed.
 */
export function nextStep(
  waves: readonly WaveView[],
  currentWave: number,
  gates: Gates,
  baseline: PauseDetail['errorBaseline'],
  now: number,
  opts: { skipSuccessGate?: boolean } = {},
): Step {
  if (currentWave === 0) {
    const first = waves.find((w) => !w.isPromotion);
    return first ? { kind: 'startWave', idx: first.idx } : { kind: 'complete' };
  }
  const success = waves.reduce((s, w) => s + w.success, 0) - (baseline?.success ?? 0);
  const failed = waves.reduce((s, w) => s + w.failed, 0) - (baseline?.failed ?? 0);
  const finished = success + failed;
  if (finished >= gates.minDevices && failed * 100 > gates.errorThreshold * finished) {
    return {
      kind: 'pause',
      reason: 'errorThreshold',
      params: { failed, finished, rate: round1((failed * 100) / finished), threshold: gates.errorThreshold },
    };
  }
  const cur = waves.find((w) => w.idx === currentWave);
  if (!cur) return { kind: 'wait' };
  const next = waves.find((w) => w.idx === currentWave + 1);
  const allFinished = cur.success + cur.failed + cur.cancelled >= cur.size;
  if (!next) {
    const busy = waves.some((w) => inFlight(w) > 0);
    return allFinished && !busy ? { kind: 'complete' } : { kind: 'wait' };
  }
  const timedOut = cur.startedAt !== null && now >= cur.startedAt + gates.reportTimeoutMinutes * 60_000 && inFlight(cur) === 0;
  if (!opts.skipSuccessGate) {
    if (!allFinished && !timedOut) return { kind: 'wait' };
    const rate = cur.size > 0 ? (cur.success * 100) / cur.size : 100;
    if (rate < gates.successThreshold) {
      return {
        kind: 'pause',
        reason: 'successGate',
        params: { wave: cur.idx, rate: round1(rate), threshold: gates.successThreshold, success: cur.success, size: cur.size },
      };
    }
  }
  if (next.isPromotion) return { kind: 'grayComplete' };
  if (!opts.skipSuccessGate && cur.startedAt !== null && now < cur.startedAt + next.paceMinutes * 60_000) return { kind: 'wait' };
  return { kind: 'startWave', idx: next.idx };
}

/**
 * Applies the gates to a task in in_release until it waits (a few steps at most: a release starts
 * wave 1; an empty wave settles at once). Also used by continue and promote.
 */
export async function progressRunningTask(
  db: Executor,
  work: TaskWork,
  by: string,
  opts: { skipSuccessGate?: boolean } = {},
): Promise<void> {
  // A task continued before its start time (suspended while unreleased) opens its first wave at startAt.
  if (work.currentWave === 0 && work.now < work.task.startAt) return;
  const waves = withDeltas(await loadWaves(db, work.task.id), work.deltas);
  let skip = opts.skipSuccessGate ?? false;
  for (let i = 0; i < 8 && work.status === 'in_release'; i++) {
    const step = nextStep(waves, work.currentWave, work.task.gates, work.pauseDetail.errorBaseline, work.now, { skipSuccessGate: skip });
    skip = false;
    if (step.kind === 'wait') return;
    if (step.kind === 'startWave') {
      work.startWave(step.idx, waves);
      continue;
    }
    if (step.kind === 'pause') {
      work.move('pause', by, step.reason);
      work.pause(step.reason, step.params);
      return;
    }
    if (step.kind === 'grayComplete') {
      work.move('completeGray', by);
      return;
    }
    work.move('complete', by);
    work.finish();
    await cancelActiveDevices(db, work.task.id, work.now, work.deltas, true);
    return;
  }
}

/** Ends a task for good (end, revoke, expire): its active devices are cancelled and free for other tasks. */
export async function closeTask(
  db: Executor,
  work: TaskWork,
  action: 'end' | 'revoke' | 'expire',
  by: string,
  reason: string | null = null,
): Promise<void> {
  work.move(action, by, reason);
  work.finish();
  work.clearPause();
  await cancelActiveDevices(db, work.task.id, work.now, work.deltas);
}

/** One task's turn of the tick; the caller runs it in a transaction. */
async function tickTask(db: Executor, taskId: number, now: number, changedDeviceIds: readonly number[]): Promise<void> {
  const task = await lockTask(db, taskId, { skipLocked: true, openOnly: true });
  if (!task) return;
  const work = new TaskWork(task, now);

  if (now >= task.endAt) {
    await closeTask(db, work, 'expire', SYSTEM_ACTOR);
    await work.save(db);
    return;
  }

  await joinTaskDevices(db, task.id, changedDeviceIds, now, work.deltas);

  if (work.status === 'unreleased') {
    if (now < task.startAt) return work.save(db);
    work.move('release', SYSTEM_ACTOR);
  }

  const timedOut = await timeOutDevices(db, task.id, task.gates.reportTimeoutMinutes, now, work.deltas);
  if (timedOut > 0) work.markTouched();

  const pkg = await packageStatusOf(db, task.pkgId);
  if (work.status === 'in_release' && pkg !== 'synced') {
    work.move('externalPause', SYSTEM_ACTOR, 'packageAbandoned');
    work.pause('packageAbandoned', { status: pkg ?? 'deleted' });
  } else if (work.status === 'external_paused' && work.pauseReason === 'packageAbandoned' && pkg === 'synced') {
    work.move('externalResume', SYSTEM_ACTOR, 'packageRestored');
    work.clearPause();
  }

  if (work.status === 'in_release') await progressRunningTask(db, work, SYSTEM_ACTOR);
  await work.save(db);
}

/** Moves every open task on at time `now`: starts tasks and waves, applies gates and timeouts, adds late joiners, expires. */
export async function tickReleaseTasks(database: Database, now: number): Promise<void> {
  const tasks = await unsafeOpenTasks(database.db);
  // Devices changed or freed before the oldest open task was created were looked at when it was submitted.
  const oldest = tasks.reduce<{ ms: number; text: string } | null>(
    (o, t) => (o && o.ms <= Number(t.created_at) ? o : { ms: Number(t.created_at), text: t.created_text }),
    null,
  );
  // Where the last tick of any instance stopped (kept in the database, so a restart misses nothing).
  const marks = tasks.length === 0 ? {} : await joinWatermarks(database.db);
  const next: Partial<Record<JoinSource, Watermark>> = {};
  const candidates = new Set<number>();
  for (const source of JOIN_SOURCES) {
    let since = marks[source] ?? { at: iso(now - JOIN_FIRST_LOOKBACK_MS), atMs: now - JOIN_FIRST_LOOKBACK_MS, id: 0 };
    if (oldest && oldest.ms > since.atMs) since = { at: oldest.text, atMs: oldest.ms, id: 0 };
    // updated_at as text keeps its microseconds, so the keyset goes on exactly after the last row.
    const found = tasks.length === 0 ? [] : await unsafeJoinCandidates(database.db, source, since, JOIN_BATCH);
    for (const f of found) candidates.add(Number(f.id));
    const last = found[found.length - 1];
    // A full batch: go on after its last row next time; else look back a little from now.
    const lookBack = Math.max(since.atMs, now - JOIN_SLACK_MS);
    next[source] =
      found.length === JOIN_BATCH && last
        ? { at: last.at, atMs: since.atMs, id: Number(last.id) }
        : { at: iso(lookBack), atMs: lookBack, id: 0 };
  }
  const changedIds = [...candidates];
  let firstError: unknown = null;
  for (const { id } of tasks) {
    try {
      await database.db.transaction((tx) => tickTask(tx, id, now, changedIds));
    } catch (err) {
      // One task's failure must not hold the others; the loop logs it and the next tick retries.
      firstError ??= err;
    }
  }
  // With no open task nothing was read: the stored positions stay (a task submitted later starts
  // from its own creation anyway).
  if (tasks.length > 0) await saveJoinWatermarks(database.db, next);
  if (firstError) throw firstError;
}
