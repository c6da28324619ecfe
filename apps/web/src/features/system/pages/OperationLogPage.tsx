import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, type OperationLog, QUERY_RANGE_MAX_DAYS } from '@portal/contract';
import { Button, Card, Col, DatePicker, Empty, Input, Row, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { type OperationLogQuery, useOperationLogs } from '../api/system-api';

function Json({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (value === null || value === undefined) return <Typography.Text type="secondary">{t('logs.none')}</Typography.Text>;
  return <pre className="portal-json">{JSON.stringify(value, null, 2)}</pre>;
}

function LogDetail({ log }: { log: OperationLog }) {
  const { t } = useTranslation();
  return (
    <div data-testid={`log-detail-${log.id}`}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Typography.Text strong>{t('logs.before')}</Typography.Text>
          <Json value={log.before} />
        </Col>
        <Col xs={24} md={12}>
          <Typography.Text strong>{t('logs.after')}</Typography.Text>
          <Json value={log.after} />
        </Col>
      </Row>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
        {t('logs.requestId')}: <Typography.Text code copyable>{log.requestId}</Typography.Text>
      </Typography.Text>
    </div>
  );
}

/** Operation log of the caller's company subtree: who did what, on whose behalf, with before/after. */
export default function OperationLogPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useState<OperationLogQuery>({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [action, setAction] = useState('');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const { data, isFetching, refetch } = useOperationLogs(query);

  const search = () =>
    setQuery((q) => ({
      ...q,
      pageNum: 1,
      action: action.trim() || undefined,
      from: range?.[0]?.startOf('day').valueOf(),
      to: range?.[1]?.endOf('day').valueOf(),
    }));

  const columns: ColumnsType<OperationLog> = [
    { key: 'at', title: t('logs.time'), dataIndex: 'at', width: 190, render: (v: string) => formatDateTime(v) },
    { key: 'actor', title: t('logs.actor'), dataIndex: 'actorName', width: 180, render: (v: string) => v || t('logs.system') },
    {
      key: 'onBehalfOf',
      title: t('logs.onBehalfOf'),
      dataIndex: 'onBehalfOfUserId',
      width: 170,
      render: (v: number | null, row) =>
        v === null ? (
          <Typography.Text type="secondary">-</Typography.Text>
        ) : (
          <Tooltip title={t('logs.remoteAccessHint')}>
            <Tag color="orange">{row.onBehalfOfName || t('logs.userId', { id: v })}</Tag>
          </Tooltip>
        ),
    },
    { key: 'action', title: t('logs.action'), dataIndex: 'action', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    {
      key: 'target',
      title: t('logs.target'),
      width: 220,
      render: (_: unknown, r) => (r.targetType ? `${r.targetType}${r.targetId ? ` #${r.targetId}` : ''}` : <Typography.Text type="secondary">-</Typography.Text>),
    },
  ];

  return (
    <Card variant="borderless" className="portal-card">
      <div className="portal-toolbar">
        <Space wrap>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('logs.actionPlaceholder')}
            value={action}
            onChange={(e) => setAction(e.target.value)}
            onPressEnter={search}
            style={{ width: 240 }}
            maxLength={100}
            aria-label={t('logs.action')}
          />
          <DatePicker.RangePicker
            value={range}
            onChange={(v) => setRange(v)}
            allowEmpty={[false, false]}
            disabledDate={(d, info) => {
              const from = info.from;
              return !!from && Math.abs(d.diff(from, 'day')) >= QUERY_RANGE_MAX_DAYS;
            }}
            aria-label={t('logs.range')}
          />
          <Button type="primary" icon={<SearchOutlined />} onClick={search}>
            {t('common.search')}
          </Button>
        </Space>
        <Tooltip title={t('common.refresh')}>
          <Button icon={<ReloadOutlined />} onClick={() => void refetch()} aria-label={t('common.refresh')} />
        </Tooltip>
      </div>
      <Typography.Paragraph type="secondary" style={{ marginTop: -4, fontSize: 12 }}>
        {t('logs.rangeHint', { days: QUERY_RANGE_MAX_DAYS })}
      </Typography.Paragraph>
      <Table<OperationLog>
        rowKey="id"
        size="middle"
        data-testid="operation-log-table"
        loading={isFetching}
        columns={columns}
        dataSource={data?.records ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} /> }}
        expandable={{ expandedRowRender: (r) => <LogDetail log={r} />, rowExpandable: () => true }}
        scroll={{ x: 900 }}
        pagination={{
          current: query.pageNum,
          pageSize: query.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('common.total', { total }),
          onChange: (pageNum, pageSize) => setQuery((q) => ({ ...q, pageNum: pageSize !== q.pageSize ? 1 : pageNum, pageSize })),
        }}
      />
    </Card>
  );
}
