/** Display helpers of the upgrade screens: sizes, country and language names, rates. */
import { formatMac, normalizeMac } from '@portal/contract';
import { currentLocale } from '../../../lib/i18n';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 1536 -> "1.5 KB" (binary units, as file managers show them). */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '-';
  let n = bytes;
  let u = 0;
  while (n >= 1024 && u < UNITS.length - 1) {
    n /= 1024;
    u++;
  }
  return `${u === 0 ? n : n.toFixed(n >= 100 ? 0 : 1)} ${UNITS[u]}`;
}

// Country and language names are the app's (lib/display-names), shown here beside the upgrade's own helpers.
export { countryName, languageName } from '../../../lib/display-names';

/** Part of a whole in percent, one decimal; 0 for an empty whole. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

/** AA:BB:CC:DD:EE:FF for any accepted MAC form; the input when it is not a MAC. */
export function displayMac(mac: string): string {
  const n = normalizeMac(mac);
  return n ? formatMac(n) : mac;
}

/** Split pasted text into entries: lines, commas, semicolons, tabs or spaces. */
export function splitList(text: string | undefined): string[] {
  return (text ?? '')
    .split(/[\s,;，；]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The date alone, in the UI language (2026-11-22 / 2026/11/22). */
export function formatDate(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  return new Intl.DateTimeFormat(currentLocale(), { year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}
