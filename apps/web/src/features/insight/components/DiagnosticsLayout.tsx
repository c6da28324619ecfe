/**
 * Usage and diagnostics (使用与诊断分析) on the device-health screen: its views as tabs (device
 * health, failure codes, end-user activity; the last two for holders of rmr_qry), switched by the
 * URL's `view` and keeping the range; the range (7/30 days or custom up to 31, in the URL), the
 * view's own filters and the zone line. The reporting time zone comes with the first answer (the
 * range is then cut in its days); until then the browser's zone is used.
 *
 * The views are tabs of one route rather than routes of their own: the route table ships with the
 * login page's entry, which is at its size budget (login-initial-js-gzip-kb).
 */
import { Card, DatePicker, Flex, Select, Tabs } from 'antd';
import dayjs from 'dayjs';
import { QUERY_RANGE_MAX_DAYS } from '@portal/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { rangeLimit } from '../../../components/range-limit';
import { useSessionUser } from '../../../lib/session/session-store';
import { statsQueryOf, useStatsFilters } from './stats-filters';

export const DIAGNOSTICS_VIEWS = ['health', 'failures', 'activity'] as const;
export type DiagnosticsView = (typeof DIAGNOSTICS_VIEWS)[number];

/** The view of the URL; the diagnostics views only for holders of rmr_qry (else the health list). */
export function useDiagnosticsView(): { view: DiagnosticsView; views: readonly DiagnosticsView[] } {
  const [params] = useSearchParams();
  const codes = useSessionUser()?.authResList ?? [];
  const views: readonly DiagnosticsView[] = codes.includes('rmr_qry') ? DIAGNOSTICS_VIEWS : ['health'];
  const view = views.find((v) => v === params.get('view')) ?? 'health';
  return { view, views };
}

/** The tabs of the device-health screen (none for a user with only the health list). */
export function DiagnosticsTabs() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { view, views } = useDiagnosticsView();
  if (views.length < 2) return null;
  return (
    <Tabs
      activeKey={view}
      onChange={(k) => {
        // The range goes along to the other view; the view's own filters do not.
        const next = new URLSearchParams();
        for (const key of ['days', 'from', 'to']) {
          const v = params.get(key);
          if (v) next.set(key, v);
        }
        if (k !== 'health') next.set('view', k);
        setParams(next);
      }}
      items={views.map((k) => ({ key: k, label: t(`insight.diag.tabs.${k}`) }))}
    />
  );
}

/**
 * The range of the URL in the reporting zone's days. The zone is known from an answer (see
 * noteAnsweredZone); until then the browser's zone cuts the days.
 */
export function useDiagnosticsRange() {
  const { state } = useStatsFilters();
  const [zone, setZone] = useState(() => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  const range = statsQueryOf({ days: state.days, from: state.from, to: state.to }, zone).range;
  return { range, zone, noteZone: setZone };
}

/**
 * Notes, while rendering, the zone an answer names, so the range is cut in it (React renders again
 * at once; one more request when the zone differs from the browser's).
 */
export function noteAnsweredZone(r: { zone: string; noteZone: (z: string) => void }, answered: string | undefined) {
  if (answered && answered !== r.zone) r.noteZone(answered);
}

export function DiagnosticsLayout(props: {
  /** The zone line (StatsMeta, or the activity's own). */
  meta?: ReactNode;
  filters?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { state, set } = useStatsFilters();
  return (
    <Flex vertical gap={16}>
      <Card variant="borderless" className="portal-card" styles={{ body: { paddingTop: 4 } }}>
        <DiagnosticsTabs />
        <Flex justify="space-between" wrap gap={8} align="center">
          <Flex gap={8} wrap align="center" data-testid="diag-filters">
            <Select
              style={{ width: 150 }}
              value={state.days}
              aria-label={t('insight.range')}
              onChange={(days) => set({ days, from: undefined, to: undefined })}
              options={[
                { value: '7', label: t('insight.last7') },
                { value: '30', label: t('insight.last30') },
                { value: 'custom', label: t('insight.custom') },
              ]}
            />
            {state.days === 'custom' && (
              <DatePicker.RangePicker
                aria-label={t('insight.range')}
                value={state.from && state.to ? [dayjs(state.from), dayjs(state.to)] : null}
                {...rangeLimit(QUERY_RANGE_MAX_DAYS, 'validation.queryRangeTooLong', { noFuture: true })}
                onChange={(v) => set({ from: v?.[0]?.format('YYYY-MM-DD'), to: v?.[1]?.format('YYYY-MM-DD') })}
              />
            )}
            {props.filters}
          </Flex>
          {props.meta}
        </Flex>
      </Card>
      {props.children}
    </Flex>
  );
}
