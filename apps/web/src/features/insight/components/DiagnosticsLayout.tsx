/**
 * Usage and diagnostics (使用与诊断分析): the failure codes and the end-user activity as tabs (links
 * keeping the range), the range (7/30 days or custom up to 31, in the URL), the screen's own filters
 * and the zone line. The reporting time zone comes with the first answer (the range is then cut in
 * its days); until then the browser's zone is used.
 */
import { Card, DatePicker, Flex, Select, Tabs } from 'antd';
import dayjs from 'dayjs';
import { QUERY_RANGE_MAX_DAYS } from '@portal/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { rangeLimit } from '../../../components/range-limit';
import { statsQueryOf, useStatsFilters } from './stats-filters';

const TABS = ['diagFailures', 'diagActivity'] as const;

/**
 * The range of the URL in the reporting zone's days. The zone is known from an answer (`noteZone`
 * with each answer's zone); until then the browser's zone cuts the days.
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
  const navigate = useNavigate();
  const location = useLocation();
  const { state, set } = useStatsFilters();
  const active = TABS.find((k) => location.pathname.endsWith(`/${k}`)) ?? 'diagFailures';
  // The range goes along to the other tab; the screen's own filters do not.
  const keep = new URLSearchParams();
  for (const k of ['days', 'from', 'to']) {
    const v = new URLSearchParams(location.search).get(k);
    if (v) keep.set(k, v);
  }
  return (
    <Flex vertical gap={16}>
      <Card variant="borderless" className="portal-card" styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          activeKey={active}
          onChange={(k) => void navigate(`/layout/dataStatistics/${k}?${keep.toString()}`)}
          items={TABS.map((k) => ({ key: k, label: t(`menu.${k}`) }))}
        />
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
