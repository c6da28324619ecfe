import { type OperationLog, QUERY_RANGE_MAX_DAYS } from '@portal/contract';
import { Alert, Button, Card, Col, DatePicker, Row, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CellText, ListToolbar, PagedTable, useListQuery } from '../../../components/list';
import { rangeLimit } from '../../../components/range-limit';
import { formatDateTime } from '../../../lib/format';
import { useSessionUser } from '../../../lib/session/session-store';
import { type OperationLogQuery, useAuditVerify, useOperationLogs } from '../api/system-api';

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
        {t('logs.requestId')}:{' '}
        <Typography.Text code copyable>
          {log.requestId}
        </Typography.Text>
      </Typography.Text>
    </div>
  );
}

/** The supplier's tamper check: walks the log's hash chain and says whether it holds or where it breaks. */
function VerifyChain() {
  const { t, i18n } = useTranslation();
  const verify = useAuditVerify();
  const r = verify.data;
  return (
    <div style={{ marginBottom: 12 }}>
      <Button onClick={() => verify.mutate()} loading={verify.isPending} data-testid="audit-verify">
        {t('logs.verify')}
      </Button>
      <div role="status" aria-live="polite" style={{ marginTop: r ? 8 : 0 }}>
        {r && (
          <Alert
            type={r.ok ? 'success' : 'error'}
            showIcon
            data-testid="audit-verify-result"
            title={
              r.ok
                ? t('logs.verifyOk', { rows: r.rows.toLocaleString(i18n.language) })
                : t('logs.verifyBroken', { seq: r.brokenSeq, rows: r.rows.toLocaleString(i18n.language) })
            }
          />
        )}
      </div>
    </div>
  );
}

/** Operation log of the caller's company subtree: who did what, on whose behalf, with before/after. */
export default function OperationLogPage() {
  const { t } = useTranslation();
  const list = useListQuery<Omit<OperationLogQuery, 'pageNum' | 'pageSize'>>({});
  const [action, setAction] = useState('');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const { data, isFetching, refetch } = useOperationLogs(list.query);
  const user = useSessionUser();
  const canVerify =
    user?.userType === 'supplier' && user.authResList.some((c) => c === 'supplier_system_qry' || c === 'supplier_system_mgr');

  const search = () =>
    list.setFilters({
      action: action.trim() || undefined,
      from: range?.[0]?.startOf('day').valueOf(),
      to: range?.[1]?.endOf('day').valueOf(),
    });

  const columns: ColumnsType<OperationLog> = [
    { key: 'at', title: t('logs.time'), dataIndex: 'at', width: 170, render: (v: string) => formatDateTime(v) },
    {
      key: 'actor',
      title: t('logs.actor'),
      dataIndex: 'actorName',
      width: 170,
      render: (v: string) => <CellText text={v || t('logs.system')} />,
    },
    {
      key: 'onBehalfOf',
      title: t('logs.onBehalfOf'),
      dataIndex: 'onBehalfOfUserId',
      width: 150,
      render: (v: number | null, row) =>
        v === null ? (
          <Typography.Text type="secondary">-</Typography.Text>
        ) : (
          <Tooltip title={t('logs.remoteAccessHint')}>
            <Tag color="orange">{row.onBehalfOfName || t('logs.userId', { id: v })}</Tag>
          </Tooltip>
        ),
    },
    {
      key: 'action',
      title: t('logs.action'),
      dataIndex: 'action',
      minWidth: 220,
      render: (v: string) => (
        <Typography.Text code ellipsis={{ tooltip: v }} style={{ maxWidth: '100%' }}>
          {v}
        </Typography.Text>
      ),
    },
    {
      key: 'target',
      title: t('logs.target'),
      width: 180,
      render: (_: unknown, r) => (
        <CellText
          text={r.targetType ? `${r.targetType}${r.targetId ? ` #${r.targetId}` : ''}` : ''}
          empty={<Typography.Text type="secondary">-</Typography.Text>}
        />
      ),
    },
  ];

  return (
    <Card variant="borderless" className="portal-card">
      {canVerify && <VerifyChain />}
      <ListToolbar
        search={{ value: action, onChange: setAction, placeholder: t('logs.actionPlaceholder'), label: t('logs.action'), width: 240 }}
        onSearch={search}
        filters={
          <DatePicker.RangePicker
            value={range}
            onChange={(v) => setRange(v)}
            allowEmpty={[false, false]}
            {...rangeLimit(QUERY_RANGE_MAX_DAYS, 'validation.queryRangeTooLong')}
            aria-label={t('logs.range')}
          />
        }
        onRefresh={() => void refetch()}
      >
        <Typography.Paragraph type="secondary" style={{ marginTop: -4, fontSize: 12 }}>
          {t('logs.rangeHint', { days: QUERY_RANGE_MAX_DAYS })}
        </Typography.Paragraph>
      </ListToolbar>
      <PagedTable<OperationLog>
        rowKey="id"
        data-testid="operation-log-table"
        loading={isFetching}
        columns={columns}
        page={data}
        emptyText={list.query.action || list.query.from ? t('common.emptyFiltered') : t('logs.empty')}
        pageNum={list.query.pageNum}
        pageSize={list.query.pageSize}
        onPageChange={list.setPage}
        expandable={{ expandedRowRender: (r) => <LogDetail log={r} />, rowExpandable: () => true }}
      />
    </Card>
  );
}
