/**
 * Device health: the devices behind a statistic (the same filters in the URL, so the total equals
 * the number clicked), with online state, last seen, upgrade failures, flapping and days offline.
 * For holders of rmr_qry the screen is usage and diagnostics: beside the list, the failure-code
 * Pareto and the end-user activity as tabs (`view` in the URL).
 */
import { Card, Flex, Select, Tag, Typography } from 'antd';
import { OFFLINE_DAYS, type DeviceHealth } from '@portal/contract';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CellText, PagedTable } from '../../../components/list';
import { formatDateTime } from '../../../lib/format';
import dayjs, { type Dayjs } from 'dayjs';
import { insightExports, useHealthList, useInsightAbilities } from '../api/insight-api';
import { ExportButton } from '../components/ExportButton';
import { DeviceHistoryDrawer } from '../components/DeviceHistoryDrawer';
import { DiagnosticsTabs, useDiagnosticsView } from '../components/DiagnosticsLayout';
import EndUserActivityView from '../components/EndUserActivityView';
import FailureParetoView from '../components/FailureParetoView';
import { StatsError, failureOf } from '../components/StatsError';
import { StatsFilters } from '../components/StatsFilters';
import { useStatsFilters } from '../components/stats-filters';

export default function DeviceHealthPage() {
  const { view } = useDiagnosticsView();
  if (view === 'failures') return <FailureParetoView />;
  if (view === 'activity') return <EndUserActivityView />;
  return <HealthList />;
}

function HealthList() {
  const { t } = useTranslation();
  const { state, set, params } = useStatsFilters();
  // Another filter: back to the first page (the page remembers the filters it belongs to).
  const filterKey = params.toString();
  const [paging, setPaging] = useState({ key: filterKey, pageNum: 1, pageSize: 20 });
  const page = { pageNum: paging.key === filterKey ? paging.pageNum : 1, pageSize: paging.pageSize };
  const setPage = (p: { pageNum: number; pageSize: number }) => setPaging({ key: filterKey, ...p });
  const health = (['online', 'offline'] as const).find((s) => s === params.get('state'));
  const offlineDays = OFFLINE_DAYS.find((n) => String(n) === params.get('offlineDays'));
  const query = {
    ...page,
    ...(state.productType ? { productType: state.productType } : {}),
    ...(state.model ? { model: state.model } : {}),
    ...(state.version ? { version: state.version } : {}),
    ...(state.country ? { country: state.country } : {}),
    ...(state.customerId ? { customerId: state.customerId } : {}),
    ...(health ? { state: health } : {}),
    ...(offlineDays ? { offlineDays } : {}),
  };
  const list = useHealthList(query);
  // The device-logs export: offered when the server's policy answers it (insight/abilities).
  const mayExportLogs = useInsightAbilities().can('exportDeviceLogs');
  const [logRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(29, 'day').startOf('day'), dayjs().endOf('day')]);
  // The device whose history is open.
  const [opened, setOpened] = useState<number | null>(null);
  const data = list.data;
  const failure = failureOf(list);
  const columns: ColumnsType<DeviceHealth> = [
    {
      key: 'sn',
      title: t('insight.sn'),
      dataIndex: 'sn',
      width: 170,
      render: (v: string, r) => (
        <Typography.Link
          onClick={() => setOpened(r.id)}
          ellipsis
          style={{ maxWidth: '100%' }}
          title={t('insight.history.open', { sn: v })}
          data-testid={`health-sn-${r.id}`}
        >
          {v}
        </Typography.Link>
      ),
    },
    { key: 'model', title: t('insight.model'), dataIndex: 'model', width: 120 },
    { key: 'version', title: t('insight.version'), dataIndex: 'version', width: 120 },
    { key: 'country', title: t('insight.country'), dataIndex: 'country', width: 90 },
    {
      key: 'customer',
      title: t('insight.customer'),
      dataIndex: 'customerName',
      minWidth: 160,
      render: (v: string) => <CellText text={v} empty="-" />,
    },
    {
      key: 'online',
      title: t('insight.state'),
      width: 110,
      render: (_, r) => <Tag color={r.online ? 'green' : 'default'}>{r.online ? t('insight.online') : t('insight.offline')}</Tag>,
    },
    {
      key: 'lastSeen',
      title: t('insight.lastSeen'),
      width: 170,
      render: (_, r) => (r.lastSeenAt ? formatDateTime(r.lastSeenAt) : t('insight.never')),
    },
    { key: 'failures', title: t('insight.failures30d'), dataIndex: 'failures', width: 130 },
    {
      key: 'flapping',
      title: t('insight.flapping'),
      width: 120,
      render: (_, r) => (r.flapping ? <Tag color="orange">{t('insight.flappingTag', { count: r.offlines24h })}</Tag> : '-'),
    },
  ];
  return (
    <Flex vertical gap={16}>
      <Card variant="borderless" className="portal-card">
        <DiagnosticsTabs />
        <Flex gap={8} wrap align="center">
          <StatsFilters />
          <Select
            allowClear
            style={{ width: 130 }}
            placeholder={t('insight.state')}
            aria-label={t('insight.state')}
            value={health}
            onChange={(v) => {
              set({ state: v });
            }}
            options={[
              { value: 'online', label: t('insight.online') },
              { value: 'offline', label: t('insight.offline') },
            ]}
          />
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder={t('insight.offlineDays')}
            aria-label={t('insight.offlineDays')}
            data-testid="health-offline-days"
            value={offlineDays}
            onChange={(v: number | undefined) => set({ offlineDays: v })}
            options={OFFLINE_DAYS.map((n) => ({ value: n, label: t(`insight.offlineFor.${n}`) }))}
          />
          <ExportButton
            what={t('insight.export.what.deviceHealth')}
            request={({ format }) => {
              const { pageNum: _n, pageSize: _s, ...filters } = query;
              return insightExports.health({ ...filters, format });
            }}
            testId="health-export"
          />
          {mayExportLogs && (
            <ExportButton
              what={t('insight.export.what.deviceLogs')}
              label={t('insight.export.deviceLogsButton')}
              range={logRange}
              request={({ range, format }) => insightExports.deviceLogs({ range: range!, format })}
              testId="device-logs-export"
            />
          )}
        </Flex>
      </Card>
      <Card variant="borderless" className="portal-card">
        <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
          {t('insight.healthNote')}
        </Typography.Paragraph>
        {failure ? (
          <StatsError failure={failure} testId="health-error" />
        ) : (
          <PagedTable<DeviceHealth>
            rowKey="id"
            data-testid="health-table"
            columns={columns}
            page={data}
            pageNum={page.pageNum}
            pageSize={page.pageSize}
            onPageChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })}
          />
        )}
      </Card>
      <DeviceHistoryDrawer deviceId={opened} onClose={() => setOpened(null)} />
    </Flex>
  );
}
