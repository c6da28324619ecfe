/**
 * Release task rows to the contract's shapes, and the pause detail in the reader's locale.
 */
import type { Locale, ReleaseTask, ReleaseTaskDetail, TaskCounts } from '@portal/contract';
import type { Actor } from '../../lib/context';
import { gatesOf, pauseDetailOf } from './engine.shared';
import { taskActions } from './tasks.policy';

/** Pause details per reason, filled from the parameters stored with the pause. */
const PAUSE_TEMPLATES: Record<string, Record<Locale, string>> = {
  successGate: {
    'en-US': 'Wave {wave}: {rate}% of its devices succeeded ({success} of {size}), below the success threshold of {threshold}%.',
    'zh-CN': '第{wave}批：成功率{rate}%（{success}/{size}），低于成功率门限{threshold}%。',
  },
  errorThreshold: {
    'en-US': '{failed} of {finished} finished devices failed ({rate}%), above the error threshold of {threshold}%.',
    'zh-CN': '已完成的{finished}台设备中有{failed}台失败（{rate}%），超过失败率门限{threshold}%。',
  },
  manual: { 'en-US': 'Paused by {by}.', 'zh-CN': '由{by}暂停。' },
  supplier: { 'en-US': 'Suspended by the supplier ({by}).', 'zh-CN': '已被供应商（{by}）暂停。' },
  supplierResumed: {
    'en-US': 'The supplier ({by}) lifted the suspension; continue the task to release again.',
    'zh-CN': '供应商（{by}）已解除暂停，继续任务即可恢复发布。',
  },
  external: { 'en-US': 'Paused by the platform ({by}).', 'zh-CN': '已被平台（{by}）暂停。' },
  packageAbandoned: {
    'en-US': 'The package is no longer available ({status}); the task resumes when it is restored.',
    'zh-CN': '固件包已不可用（{status}），恢复后任务将继续。',
  },
};

const REASON_LABEL: Record<Locale, string> = { 'en-US': 'Reason: ', 'zh-CN': '原因：' };

/** The pause detail of a task in `locale`, or null when it is not paused for a reason. */
export function renderPauseDetail(reason: string | null, stored: unknown, locale: Locale): string | null {
  if (!reason) return null;
  const params = pauseDetailOf(stored).params ?? {};
  const key = typeof params.template === 'string' ? params.template : reason;
  const template = PAUSE_TEMPLATES[key]?.[locale] ?? PAUSE_TEMPLATES[key]?.['en-US'];
  if (!template) return null;
  const text = template.replace(/\{(\w+)\}/g, (_, k: string) => (k in params ? String(params[k]) : ''));
  return typeof params.reason === 'string' && params.reason ? `${text} ${REASON_LABEL[locale]}${params.reason}` : text;
}

/** A task row with its package, company and wave sums, as the list and get queries select it. */
export interface TaskListRow {
  id: number;
  pkg_id: number;
  version_name: string;
  product_type: string;
  company_id: number;
  company_name: string | null;
  release_type: string;
  speed: string | null;
  gray_count: number | null;
  area_ids: number[];
  countries: string[];
  start_at: number;
  end_at: number;
  status: string;
  pause_reason: string | null;
  pause_detail: unknown;
  gates: unknown;
  current_wave: number;
  created_at: number;
  created_by_name: string;
  w_size: number | null;
  w_notice: number | null;
  w_notified: number | null;
  w_success: number | null;
  w_failed: number | null;
  w_cancelled: number | null;
}

export interface InFlight {
  notified: number;
  upgrading: number;
}

const n = (x: unknown) => Number(x ?? 0);
const isoOf = (ms: number) => new Date(Number(ms)).toISOString();

/**
 * Counts of a task. Every device of a task is in one state, so the pending ones (to upgrade) are
 * the wave sizes less the finished, cancelled and in-flight devices.
 */
export function countsOf(r: TaskListRow, f: InFlight): TaskCounts {
  const size = n(r.w_size);
  const done = n(r.w_success) + n(r.w_failed) + n(r.w_cancelled);
  return {
    targetQuantity: size,
    noticeQuantity: n(r.w_notice),
    toUpgrade: Math.max(0, size - done - f.notified - f.upgrading),
    notified: n(r.w_notified),
    upgrading: f.upgrading,
    success: n(r.w_success),
    failed: n(r.w_failed),
  };
}

/** A task for `actor`, with the actor's abilities on it (tasks.policy.ts). */
export function presentTask(r: TaskListRow, f: InFlight, locale: Locale, actor: Actor): ReleaseTask {
  return {
    taskId: r.id,
    pkgId: r.pkg_id,
    versionName: r.version_name,
    productType: r.product_type as ReleaseTask['productType'],
    companyId: r.company_id,
    companyName: r.company_name ?? '',
    releaseType: r.release_type as ReleaseTask['releaseType'],
    speed: (r.speed as ReleaseTask['speed']) ?? null,
    grayCount: r.gray_count === null ? null : Number(r.gray_count),
    areaIds: (r.area_ids ?? []).map(Number),
    countries: r.countries ?? [],
    startAt: Number(r.start_at),
    endAt: Number(r.end_at),
    status: r.status as ReleaseTask['status'],
    pauseReason: (r.pause_reason as ReleaseTask['pauseReason']) ?? null,
    pauseDetail: renderPauseDetail(r.pause_reason, r.pause_detail, locale),
    gates: gatesOf(r.gates),
    counts: countsOf(r, f),
    createdAt: isoOf(r.created_at),
    createdBy: r.created_by_name,
    actions: taskActions(actor, r.status as ReleaseTask['status']),
  };
}

export interface WaveRow {
  idx: number;
  size: number;
  is_promotion: boolean;
  started_at: number | null;
  notified: number;
  success: number;
  failed: number;
}

export function presentWave(w: WaveRow): ReleaseTaskDetail['waves'][number] {
  const size = n(w.size);
  return {
    index: n(w.idx),
    size,
    isPromotion: w.is_promotion,
    startedAt: w.started_at === null ? null : isoOf(w.started_at),
    notified: n(w.notified),
    success: n(w.success),
    failed: n(w.failed),
    successRate: size > 0 ? Math.round((n(w.success) * 1000) / size) / 10 : 0,
  };
}
