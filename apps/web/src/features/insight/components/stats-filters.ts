/**
 * The statistics' filters, kept in the URL (a screen's link is its view): `days` (7 | 30) or a
 * custom `from`/`to` (local dates), product type, model, version, country and customer. The range
 * is sent as whole days of the reporting time zone: from its first midnight to the midnight after.
 */
import { useSearchParams } from 'react-router';
import type { StatsQuery } from '../api/insight-api';

const DAY_MS = 86_400_000;

/** Milliseconds the zone is ahead of UTC at `t`. */
export function zoneOffset(t: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(t));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) - Math.floor(t / 1000) * 1000;
}

/** Midnight of a local date (YYYY-MM-DD) in the zone, as epoch ms. */
export function zoneMidnight(day: string, timeZone: string): number {
  const guess = Date.parse(`${day}T00:00:00Z`);
  return guess - zoneOffset(guess - zoneOffset(guess, timeZone), timeZone);
}

/** Today's local date in the zone. */
export function zoneToday(timeZone: string, now = Date.now()): string {
  return new Date(now + zoneOffset(now, timeZone)).toISOString().slice(0, 10);
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

export interface StatsFilterState {
  days: '7' | '30' | 'custom';
  from?: string;
  to?: string;
  productType?: 'IPC' | 'NVR';
  model?: string;
  version?: string;
  country?: string;
  customerId?: number;
}

const FILTER_KEYS = ['productType', 'model', 'version', 'country', 'customerId'] as const;

export function useStatsFilters() {
  const [params, setParams] = useSearchParams();
  const days = (['7', '30', 'custom'] as const).find((d) => d === params.get('days')) ?? '7';
  const state: StatsFilterState = {
    days,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
    productType: params.get('productType') === 'NVR' ? 'NVR' : params.get('productType') === 'IPC' ? 'IPC' : undefined,
    model: params.get('model') ?? undefined,
    version: params.get('version') ?? undefined,
    country: params.get('country') ?? undefined,
    customerId: params.get('customerId') ? Number(params.get('customerId')) : undefined,
  };
  const set = (patch: Partial<StatsFilterState> & { parentId?: number; state?: string; offlineDays?: number }) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || v === '' || v === null) next.delete(k);
      else next.set(k, String(v));
    }
    setParams(next, { replace: true });
  };
  return { state, set, params };
}

/** The call's data for the filters, with the range in the zone's whole days. */
export function statsQueryOf(s: StatsFilterState, timeZone: string): StatsQuery {
  const today = zoneToday(timeZone);
  const [first, last] = s.days === 'custom' && s.from && s.to ? [s.from, s.to] : [addDays(today, -(s.days === '30' ? 29 : 6)), today];
  const q: StatsQuery = { range: { from: zoneMidnight(first, timeZone), to: zoneMidnight(addDays(last, 1), timeZone) } };
  for (const k of FILTER_KEYS) if (s[k] !== undefined) Object.assign(q, { [k]: s[k] });
  return q;
}

/** The filters of the URL as the health list's search (the same filters, and what was clicked). */
export function healthLink(s: StatsFilterState, extra: Record<string, string | number | undefined> = {}): string {
  const p = new URLSearchParams();
  for (const k of FILTER_KEYS) if (s[k] !== undefined) p.set(k, String(s[k]));
  for (const [k, v] of Object.entries(extra)) if (v !== undefined && v !== '') p.set(k, String(v));
  return `/layout/dataStatistics/deviceHealth?${p.toString()}`;
}
