import type { ErrorEntry, ErrorRange } from '../../shared/errors';

/** The numbers of the insight module's codes (shared/errors.ts). */
export const INSIGHT_ERROR_RANGES: readonly ErrorRange[] = [[26000, 26999]];

/** The insight module's codes: data statistics, device health, Home's summary. */
export const INSIGHT_ERRORS = {
  26000: {
    key: 'statsTimeout',
    endsSession: false,
    en: 'The statistics took too long to compute. Narrow the range or the filters and try again.',
    zh: '统计计算超时，请缩小时间范围或筛选条件后重试。',
  },
} as const satisfies Record<number, ErrorEntry>;
