import { currentLocale } from './i18n';

/** Date and time in the UI language, e.g. 2025-01-31 14:05:09 / 2025/1/31 14:05:09. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  return new Intl.DateTimeFormat(currentLocale(), {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(d);
}

/** A file size with the number in the UI language: 512 B, 3.4 KB, 9.8 MB (1024-based). */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '-';
  const units = ['B', 'KB', 'MB', 'GB'] as const;
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${new Intl.NumberFormat(currentLocale(), { maximumFractionDigits: i === 0 ? 0 : 1 }).format(v)} ${units[i]}`;
}

/** A count written in the UI language: 1,000,000 / 1,000,000 (zh-CN groups the same way). */
export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined) return '-';
  return new Intl.NumberFormat(currentLocale()).format(value);
}

/** Minor units (cents) as an amount in the UI language, two decimals: 13310450 -> 133,104.50. */
export function formatAmount(minor: number): string {
  return new Intl.NumberFormat(currentLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100);
}

/**
 * The options of a "n records in total" text: `count` picks the plural form (1 record, 2 records),
 * `total` is the number written in the UI language (100,001).
 */
export function totalOptions(total: number): { count: number; total: string } {
  return { count: total, total: formatCount(total) };
}
