/**
 * Monitoring (SPEC §2 monitoring link, issue 15 §7), the supplier's: the session's area's external
 * monitoring address when the supplier set one (the entry opens it), else the built-in page with
 * the portal's own signals: refused operations and failed app calls per hour over 24 hours, the
 * frequent app error codes, the background jobs' backlog and how far the statistics' rollup lags.
 * Below, the address of every area, which a holder of supplier_system_mgr sets or clears.
 */
import {
  errorMessage,
  MONITORING_URL_MAX_LENGTH,
  MONITORING_WINDOW_HOURS,
  normalizeLocale,
  type MonitoringLink,
  type MonitoringOverview,
} from '@portal/contract';
import { Alert, Button, Card, Col, Flex, Form, Input, Modal, Row, Space, Statistic, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditOutlined, ExportOutlined } from '../../../components/icons';
import { CellText, useFittedColumns } from '../../../components/list';
import { formatDateTime } from '../../../lib/format';
import { useMonitoringLinks, useMonitoringOverview, useSetMonitoringLink } from '../api/insight-api';
import { ChartCard } from '../components/ChartCard';
import { EChart } from '../components/EChart';
import { failureOf, StatsError } from '../components/StatsError';

const share = (part: number, whole: number) => (whole === 0 ? '-' : `${((part / whole) * 100).toFixed(1)}%`);
const hourLabel = (ms: number) => {
  const d = new Date(ms);
  return `${String(d.getHours()).padStart(2, '0')}:00`;
};

function BuiltIn({ data }: { data: MonitoringOverview | undefined }) {
  const { t, i18n } = useTranslation();
  const locale = normalizeLocale(i18n.language);
  const hours = data?.hours ?? [];
  const sum = (k: 'operations' | 'refused' | 'appCalls' | 'appFailed') => hours.reduce((n, h) => n + h[k], 0);
  const waiting = (data?.jobs ?? []).reduce((n, j) => n + j.waiting, 0);
  const lag = data?.rollup.lagSeconds;
  const cards = [
    {
      key: 'refused',
      title: t('insight.monitoring.refusedRate'),
      value: share(sum('refused'), sum('operations')),
      note: t('insight.monitoring.ofOperations', { refused: sum('refused'), count: sum('operations') }),
    },
    {
      key: 'appFailed',
      title: t('insight.monitoring.appFailedRate'),
      value: share(sum('appFailed'), sum('appCalls')),
      note: t('insight.monitoring.ofAppCalls', { failed: sum('appFailed'), count: sum('appCalls') }),
    },
    {
      key: 'jobs',
      title: t('insight.monitoring.jobsWaiting'),
      value: waiting,
      note: t('insight.monitoring.queues', { count: data?.jobs.length ?? 0 }),
    },
    {
      key: 'rollup',
      title: t('insight.monitoring.rollupLag'),
      value: lag == null ? t('insight.monitoring.neverRolledUp') : t('insight.monitoring.minutes', { count: Math.floor(lag / 60) }),
      note: t('insight.monitoring.pendingEvents', { count: data?.rollup.pendingEvents ?? 0 }),
    },
  ];
  const jobColumns = useFittedColumns<MonitoringOverview['jobs'][number]>([
    { key: 'name', title: t('insight.monitoring.queue'), dataIndex: 'name', width: 220, render: (v: string) => <CellText text={v} /> },
    { key: 'waiting', title: t('insight.monitoring.waiting'), dataIndex: 'waiting', width: 100 },
    { key: 'active', title: t('insight.monitoring.active'), dataIndex: 'active', width: 100 },
    { key: 'failed', title: t('insight.monitoring.failed', { hours: MONITORING_WINDOW_HOURS }), dataIndex: 'failed', width: 140 },
    {
      key: 'oldest',
      title: t('insight.monitoring.oldestWaiting'),
      dataIndex: 'oldestWaitingAt',
      width: 170,
      render: (v: number | null) => (v === null ? '-' : formatDateTime(v)),
    },
  ]);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Row gutter={[16, 16]} data-testid="monitoring-cards">
        {cards.map((c) => (
          <Col key={c.key} xs={24} sm={12} xl={6}>
            <Card variant="borderless" className="portal-card" data-testid={`monitoring-card-${c.key}`}>
              <Statistic title={c.title} value={c.value} />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {c.note}
              </Typography.Text>
            </Card>
          </Col>
        ))}
      </Row>
      <ChartCard
        title={t('insight.monitoring.errorsPerHour', { hours: MONITORING_WINDOW_HOURS })}
        testId="monitoring-errors"
        csvName="monitoring-errors"
        rows={hours}
        rowKey={(r) => String(r.hour)}
        columns={[
          { key: 'hour', title: t('insight.monitoring.hour'), value: (r) => formatDateTime(r.hour) },
          { key: 'operations', title: t('insight.monitoring.operations'), value: (r) => r.operations },
          { key: 'refused', title: t('insight.monitoring.refused'), value: (r) => r.refused },
          { key: 'appCalls', title: t('insight.monitoring.appCalls'), value: (r) => r.appCalls },
          { key: 'appFailed', title: t('insight.monitoring.appFailed'), value: (r) => r.appFailed },
        ]}
        chart={
          <EChart
            label={t('insight.monitoring.errorsPerHour', { hours: MONITORING_WINDOW_HOURS })}
            option={{
              tooltip: { trigger: 'axis' },
              legend: { top: 0 },
              grid: { left: 48, right: 24, top: 40, bottom: 32 },
              xAxis: { type: 'category', data: hours.map((h) => hourLabel(h.hour)) },
              yAxis: { type: 'value', minInterval: 1 },
              series: [
                { name: t('insight.monitoring.refused'), type: 'bar', data: hours.map((h) => h.refused) },
                { name: t('insight.monitoring.appFailed'), type: 'bar', data: hours.map((h) => h.appFailed) },
              ],
            }}
          />
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24}>
          <Card
            variant="borderless"
            className="portal-card"
            title={
              <Typography.Title level={4} style={{ margin: 0, fontSize: 15 }}>
                {t('insight.monitoring.jobs')}
              </Typography.Title>
            }
          >
            <Table
              size="small"
              rowKey="name"
              data-testid="monitoring-jobs"
              columns={jobColumns.columns}
              scroll={jobColumns.scroll}
              dataSource={data?.jobs ?? []}
              pagination={false}
              locale={{ emptyText: t('insight.monitoring.noJobs') }}
            />
          </Card>
        </Col>
        <Col xs={24}>
          <Card
            variant="borderless"
            className="portal-card"
            title={
              <Typography.Title level={4} style={{ margin: 0, fontSize: 15 }}>
                {t('insight.monitoring.appErrorCodes')}
              </Typography.Title>
            }
          >
            <Table
              size="small"
              rowKey="code"
              data-testid="monitoring-codes"
              dataSource={data?.appErrorCodes ?? []}
              pagination={false}
              locale={{ emptyText: t('insight.monitoring.noAppErrors') }}
              columns={[
                { key: 'code', title: t('insight.monitoring.code'), dataIndex: 'code', width: 80 },
                {
                  key: 'message',
                  title: t('insight.monitoring.message'),
                  dataIndex: 'code',
                  render: (code: number) => <CellText text={errorMessage(code, locale)} />,
                },
                { key: 'calls', title: t('insight.monitoring.calls'), dataIndex: 'calls', width: 80 },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </Space>
  );
}

function LinkDialog({ link, onClose }: { link: MonitoringLink; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ url: string }>();
  const set = useSetMonitoringLink();
  const save = async (url: string | null) => {
    await set.mutateAsync({ areaId: link.areaId, url });
    onClose();
  };
  return (
    <Modal
      open
      title={t('insight.monitoring.editTitle', { area: link.displayName })}
      onCancel={onClose}
      footer={[
        <Button key="clear" danger disabled={link.url === null} loading={set.isPending} onClick={() => void save(null)}>
          {t('insight.monitoring.clear')}
        </Button>,
        <Button key="cancel" onClick={onClose}>
          {t('insight.monitoring.cancel')}
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={set.isPending}
          onClick={() => void form.validateFields().then((v) => save(v.url.trim()))}
        >
          {t('insight.monitoring.save')}
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" initialValues={{ url: link.url ?? '' }}>
        <Form.Item
          name="url"
          label={t('insight.monitoring.url')}
          extra={t('insight.monitoring.urlHint')}
          rules={[{ required: true, whitespace: true, message: t('insight.monitoring.urlRequired') }]}
        >
          <Input placeholder="https://" maxLength={MONITORING_URL_MAX_LENGTH} data-testid="monitoring-url-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function MonitoringPage() {
  const { t, i18n } = useTranslation();
  const locale = normalizeLocale(i18n.language);
  const links = useMonitoringLinks();
  const [showBuiltIn, setShowBuiltIn] = useState(false);
  const [editing, setEditing] = useState<MonitoringLink | null>(null);
  const external = links.data?.current ?? null;
  const builtIn = links.isSuccess && (external === null || showBuiltIn);
  const overview = useMonitoringOverview(builtIn);
  const failure = failureOf(overview);
  const currentArea = links.data?.links.find((l) => l.areaId === links.data?.currentAreaId);
  const areaName = (l: MonitoringLink) => l.displayNames[locale] ?? l.displayName;

  const linkColumns: ColumnsType<MonitoringLink> = [
    { key: 'area', title: t('insight.monitoring.area'), width: 180, render: (_, l) => <CellText text={areaName(l)} /> },
    {
      key: 'url',
      title: t('insight.monitoring.url'),
      minWidth: 260,
      render: (_, l) =>
        l.url ? <CellText text={l.url} /> : <Typography.Text type="secondary">{t('insight.monitoring.builtInShown')}</Typography.Text>,
    },
    { key: 'updated', title: t('insight.monitoring.updated'), width: 170, render: (_, l) => formatDateTime(l.updatedAt) },
    ...(links.data?.canEdit
      ? [
          {
            key: 'edit',
            title: t('common.actions'),
            width: 110,
            render: (_: unknown, l: MonitoringLink) => (
              <Button
                size="small"
                icon={<EditOutlined />}
                onClick={() => setEditing(l)}
                aria-label={t('insight.monitoring.editTitle', { area: areaName(l) })}
                data-testid={`monitoring-edit-${l.areaId}`}
              >
                {t('insight.monitoring.edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  const fitted = useFittedColumns(linkColumns);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="monitoring-page">
      {external && (
        <Alert
          type="info"
          showIcon
          data-testid="monitoring-external"
          title={t('insight.monitoring.externalTitle', { area: currentArea ? areaName(currentArea) : '' })}
          description={<CellText text={external} />}
          action={
            <Flex vertical gap={8}>
              <Button
                type="primary"
                icon={<ExportOutlined />}
                href={external}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="monitoring-open"
              >
                {t('insight.monitoring.open')}
              </Button>
              <Button size="small" onClick={() => setShowBuiltIn(!showBuiltIn)} data-testid="monitoring-toggle">
                {showBuiltIn ? t('insight.monitoring.hideBuiltIn') : t('insight.monitoring.showBuiltIn')}
              </Button>
            </Flex>
          }
        />
      )}
      {links.isSuccess && external === null && (
        <Typography.Text type="secondary" data-testid="monitoring-builtin-note">
          {t('insight.monitoring.builtInNote', { area: currentArea ? areaName(currentArea) : '' })}
        </Typography.Text>
      )}
      {builtIn && (failure ? <StatsError failure={failure} testId="monitoring-error" /> : <BuiltIn data={overview.data} />)}
      <Card
        variant="borderless"
        className="portal-card"
        title={
          <Typography.Title level={4} style={{ margin: 0, fontSize: 15 }}>
            {t('insight.monitoring.links')}
          </Typography.Title>
        }
      >
        <Table<MonitoringLink>
          size="small"
          rowKey="areaId"
          data-testid="monitoring-links"
          loading={links.isLoading}
          columns={fitted.columns}
          scroll={fitted.scroll}
          dataSource={links.data?.links ?? []}
          pagination={false}
        />
      </Card>
      {editing && <LinkDialog link={editing} onClose={() => setEditing(null)} />}
    </Space>
  );
}
