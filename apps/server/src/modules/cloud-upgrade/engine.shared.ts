/**
 * Pieces of the release engine shared by the tick, the task calls and the device service, without
 * a database: the task's state change (through releaseTaskMachine), gates, pause details and the
 * per-wave counter deltas. Their statements are in engine.repository.ts.
 *
 * Lock order, everywhere: the task row (FOR UPDATE), then task_devices rows, then the wave rows
 * (counters, always last and as relative increments). Device-side paths (poll, report, join) never
 * lock the task row, and touch a device's task_devices row before its wave row, so no cycle forms.
 */
import {
  DEFAULT_GATES,
  ErrorCodes,
  gatesSchema,
  releaseTaskMachine,
  type Gates,
  type ReleaseTaskAction,
  type ReleaseTaskState,
} from '@portal/contract';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';

export type Executor = Db | Tx;

export const iso = (ms: number) => new Date(ms).toISOString();
export const FINAL_TASK_STATES: readonly ReleaseTaskState[] = ['ended', 'expired', 'revoked', 'completed'];
export const OPEN_TASK_STATES: readonly ReleaseTaskState[] = releaseTaskMachine.states.filter((s) => !FINAL_TASK_STATES.includes(s));
export const isFinalTask = (s: string) => (FINAL_TASK_STATES as readonly string[]).includes(s);

/** The gates stored with a task, completed with the defaults (rows written before gates existed hold {}). */
export function gatesOf(stored: unknown): Gates {
  const r = gatesSchema.safeParse({ ...DEFAULT_GATES, ...(stored && typeof stored === 'object' ? stored : {}) });
  return r.success ? r.data : DEFAULT_GATES;
}

/** The machine's next state, or the catalogue's 1017 for a move it does not allow. */
export function nextTaskState(from: string, action: ReleaseTaskAction): ReleaseTaskState {
  if (!releaseTaskMachine.isState(from) || !releaseTaskMachine.can(from, action)) {
    throw new AppError(ErrorCodes.illegalTransition, undefined, `releaseTask: ${action} from ${from}`);
  }
  return releaseTaskMachine.next(from, action);
}

/**
 * What release_tasks.pause_detail holds: the parameters of the pause message (rendered in the
 * reader's locale) and, once an error-threshold pause was continued, the counts at that moment, so
 * the error gate judges only what finished afterwards instead of pausing again at once.
 */
export interface PauseDetail {
  params?: Record<string, string | number>;
  errorBaseline?: { success: number; failed: number };
}

export function pauseDetailOf(stored: unknown): PauseDetail {
  return stored && typeof stored === 'object' ? (stored as PauseDetail) : {};
}

/** Per-wave deltas of counters, applied in one statement at the end of a transaction. */
export type WaveDeltas = Map<number, { size?: number; notified?: number; success?: number; failed?: number; cancelled?: number }>;

export function addDelta(deltas: WaveDeltas, wave: number, field: 'size' | 'notified' | 'success' | 'failed' | 'cancelled', n: number) {
  if (!n) return;
  const d = deltas.get(wave) ?? {};
  d[field] = (d[field] ?? 0) + n;
  deltas.set(wave, d);
}
