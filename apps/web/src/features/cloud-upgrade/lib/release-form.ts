/**
 * The release wizard's form values and how they become upgrade/task/preview and batch-submit
 * requests. Pure functions: the wizard's validation and payload are tested without the DOM.
 */
import {
  type CanarySpeed,
  DEFAULT_GATES,
  type Gates,
  IMPORT_MAX_ROWS,
  type ReleaseTaskInput,
  type ReleaseTarget,
  type ReleaseType,
  macError,
  macRangeError,
  normalizeMac,
  normalizeSn,
  snError,
} from '@portal/contract';
import type { Dayjs } from 'dayjs';
import { splitList } from './display';

export interface MacRangeRow {
  start?: string;
  end?: string;
}

export interface ReleaseFormValues {
  pkgId?: number;
  releaseType: ReleaseType;
  areaIds: number[];
  /** One task per selected region (batch submit) instead of one task for all. */
  splitByRegion: boolean;
  countries: string[];
  grayCount?: number | null;
  speed?: CanarySpeed;
  snText?: string;
  macRanges?: MacRangeRow[];
  targetFileId?: number | null;
  window?: [Dayjs | null, Dayjs | null] | null;
  gates: Gates;
}

export const DEFAULT_GRAY_COUNT = 100;

/** The SNs typed or pasted (one per line, or separated by commas/spaces), normalised and without repeats. */
export function parseSns(text: string | undefined): string[] {
  return [...new Set(splitList(text).map(normalizeSn))];
}

/** The first problem of the SN list as [validation key, offending entry], or null. */
export function snListError(text: string | undefined): { key: string; entry?: string } | null {
  const entries = splitList(text);
  if (entries.length > IMPORT_MAX_ROWS) return { key: 'validation.importTooManyRows' };
  for (const e of entries) {
    const key = snError(e);
    if (key) return { key, entry: e };
  }
  return null;
}

/** MAC ranges that have something typed, normalised. */
export function parseMacRanges(rows: MacRangeRow[] | undefined): { start: string; end: string }[] {
  return (rows ?? [])
    .filter((r) => (r.start ?? '').trim() || (r.end ?? '').trim())
    .map((r) => ({ start: normalizeMac(r.start) ?? (r.start ?? '').trim(), end: normalizeMac(r.end) ?? (r.end ?? '').trim() }));
}

/**
 * Error key of one MAC range row, reported on its end field, or null. A malformed start is
 * left to the start field's own message, so one mistake shows one message.
 */
export function macRowError(row: MacRangeRow | undefined): string | null {
  if (!row || (!(row.start ?? '').trim() && !(row.end ?? '').trim())) return null;
  const endError = macError(row.end);
  if (endError) return endError;
  if (macError(row.start)) return null;
  return macRangeError(row.start, row.end);
}

/** The target(s) of the release: one per region when split, else one. */
export function buildTargets(v: ReleaseFormValues): ReleaseTarget[] {
  if (v.pkgId === undefined) return [];
  const base = { pkgId: v.pkgId, releaseType: v.releaseType };
  if (v.releaseType === 'specified') {
    return [
      {
        ...base,
        areaIds: [],
        countries: [],
        sns: parseSns(v.snText),
        macRanges: parseMacRanges(v.macRanges),
        targetFileId: v.targetFileId ?? null,
      },
    ];
  }
  const gray = v.releaseType === 'gray' ? { grayCount: v.grayCount ?? undefined, speed: v.speed } : {};
  const groups = v.splitByRegion && v.areaIds.length > 1 ? v.areaIds.map((id) => [id]) : [v.areaIds];
  return groups.map((areaIds) => ({ ...base, ...gray, areaIds, countries: v.countries ?? [] }));
}

/** The batch-submit payload: every target with the same time window and gates. */
export function buildTasks(v: ReleaseFormValues): ReleaseTaskInput[] {
  const [start, end] = v.window ?? [null, null];
  if (!start || !end) return [];
  return buildTargets(v).map((target) => ({
    target,
    startAt: start.valueOf(),
    endAt: end.valueOf(),
    gates: { ...DEFAULT_GATES, ...v.gates },
  }));
}
