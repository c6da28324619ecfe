import { SearchOutlined } from '../../../components/icons';
import { type OperationLog, OPLOG_RESULTS, OPLOG_TOTAL_CAP, QUERY_RANGE_MAX_DAYS } from '@portal/contract';
import { Alert, Button, Card, Col, DatePicker, Flex, Input, Row, Select, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CellText, PagedTable } from '../../../components/list';
import { rangeLimit } from '../../../components/range-limit';
import { formatDateTime } from '../../../lib/format';
import { useSessionUser } from '../../../lib/session/session-store';
import { type OperationLogQuery, useAuditVerify, useOperationLogSearch } from '../api/insight-api';

const PAGE_SIZE = 20;

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

type Filters = Omit<OperationLogQuery, 'range' | 'cursor' | 'pageSize' | 'afterId'>;
const FILTER_KEYS = ['actor', 'module', 'action', 'target', 'ip'] as const;

/**
 * Operation log (运维日志): the rows of the caller's subtree (as target or as actor), newest first, at
 * most 31 days; search by actor, module, action, target, result and IP; keyset pages (Newer/Older);
 * totals exact to 10,000; Live follows new rows on the first page.
 */
export default function OperationLogPage() {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(6, 'day').startOf('day'), dayjs().endOf('day')]);
  const [draft, setDraft] = useState<Record<(typeof FILTER_KEYS)[number], string>>({
    actor: '',
    module: '',
    action: '',
    target: '',
    ip: '',
  });
  const [result, setResult] = useState<(typeof OPLOG_RESULTS)[number] | undefined>();
  const [filters, setFilters] = useState<Filters>({});
  // The cursors of the pages before the current one (Newer goes back one).
  const [cursors, setCursors] = useState<string[]>([]);
  const [live, setLive] = useState(false);
  const cursor = cursors.at(-1);
  const query: OperationLogQuery = {
    range: { from: range[0].startOf('day').valueOf(), to: range[1].endOf('day').valueOf() },
    ...filters,
    ...(cursor ? { cursor } : {}),
    pageSize: PAGE_SIZE,
  };
  const { data, isFetching, refetch } = useOperationLogSearch(query, live && !cursor);
  const user = useSessionUser();
  const canVerify =
    user?.userType === 'supplier' && user.authResList.some((c) => c === 'supplier_system_qry' || c === 'supplier_system_mgr');

  const search = () => {
    const next: Filters = {};
    for (const k of FILTER_KEYS) if (draft[k].trim()) next[k] = draft[k].trim();
    if (result) next.result = result;
    setFilters(next);
    setCursors([]);
  };
  const filtered = Object.keys(filters).length > 0;
  const totalText = data
    ? data.totalCapped
      ? t('logs.totalCapped', { total: OPLOG_TOTAL_CAP.toLocaleString(i18n.language) })
      : t('logs.total', { total: data.total.toLocaleString(i18n.language) })
    : '';

  const columns: ColumnsType<OperationLog> = [
    { key: 'at', title: t('logs.time'), dataIndex: 'at', width: 160, render: (v: string) => formatDateTime(v) },
    {
      key: 'actor',
      title: t('logs.actor'),
      dataIndex: 'actorName',
      width: 130,
      render: (v: string) => <CellText text={v || t('logs.system')} />,
    },
    {
      key: 'onBehalfOf',
      title: t('logs.onBehalfOf'),
      dataIndex: 'onBehalfOfUserId',
      width: 120,
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
      key: 'company',
      title: t('logs.company'),
      dataIndex: 'companyName',
      width: 140,
      render: (v: string | null) => <CellText text={v ?? ''} empty={<Typography.Text type="secondary">-</Typography.Text>} />,
    },
    {
      key: 'action',
      title: t('logs.action'),
      dataIndex: 'action',
      minWidth: 180,
      render: (v: string) => (
        <Typography.Text code ellipsis={{ tooltip: v }} style={{ maxWidth: '100%' }}>
          {v}
        </Typography.Text>
      ),
    },
    {
      key: 'target',
      title: t('logs.target'),
      width: 140,
      render: (_: unknown, r) => (
        <CellText
          text={r.targetType ? `${r.targetType}${r.targetId ? ` ${r.targetId}` : ''}` : ''}
          empty={<Typography.Text type="secondary">-</Typography.Text>}
        />
      ),
    },
    { key: 'ip', title: t('logs.ip'), dataIndex: 'ip', width: 120, render: (v: string) => <CellText text={v} empty="-" /> },
    {
      key: 'result',
      title: t('logs.result'),
      dataIndex: 'result',
      width: 100,
      render: (v: OperationLog['result']) => <Tag color={v === 'refused' ? 'red' : 'green'}>{t(`logs.results.${v}`)}</Tag>,
    },
  ];

  const text = (k: (typeof FILTER_KEYS)[number], width = 150) => (
    <Input
      aria-label={t(`logs.filter.${k}`)}
      placeholder={t(`logs.filter.${k}`)}
      value={draft[k]}
      onChange={(e) => setDraft({ ...draft, [k]: e.target.value })}
      onPressEnter={search}
      style={{ width }}
      maxLength={100}
      allowClear
    />
  );

  return (
    <Card variant="borderless" className="portal-card">
      {canVerify && <VerifyChain />}
      <Flex wrap gap={8} style={{ marginBottom: 8 }}>
        <DatePicker.RangePicker
          value={range}
          onChange={(v) => {
            if (v?.[0] && v[1]) {
              setRange([v[0], v[1]]);
              setCursors([]);
            }
          }}
          allowClear={false}
          {...rangeLimit(QUERY_RANGE_MAX_DAYS, 'validation.queryRangeTooLong')}
          aria-label={t('logs.range')}
        />
        {text('actor')}
        {text('module', 120)}
        {text('action', 180)}
        {text('target')}
        {text('ip', 130)}
        <Select
          aria-label={t('logs.result')}
          placeholder={t('logs.result')}
          allowClear
          value={result}
          onChange={(v) => setResult(v)}
          style={{ width: 120 }}
          options={OPLOG_RESULTS.map((r) => ({ value: r, label: t(`logs.results.${r}`) }))}
        />
        <Button type="primary" icon={<SearchOutlined />} onClick={search}>
          {t('common.search')}
        </Button>
      </Flex>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('logs.rangeHint', { days: QUERY_RANGE_MAX_DAYS })}
        </Typography.Text>
        <Space>
          <Switch
            checked={live}
            onChange={(v) => {
              setLive(v);
              if (v) setCursors([]);
            }}
            aria-label={t('logs.live')}
            data-testid="oplog-live"
          />
          <span aria-hidden>{t('logs.live')}</span>
          <Button onClick={() => void refetch()}>{t('common.refresh')}</Button>
        </Space>
      </Flex>
      <PagedTable<OperationLog>
        rowKey="id"
        data-testid="operation-log-table"
        loading={isFetching && !live}
        columns={columns}
        page={data}
        emptyText={filtered ? t('common.emptyFiltered') : t('logs.empty')}
        expandable={{ expandedRowRender: (r) => <LogDetail log={r} />, rowExpandable: () => true }}
      />
      <Flex justify="space-between" align="center" style={{ marginTop: 12 }}>
        <Typography.Text data-testid="oplog-total">{totalText}</Typography.Text>
        <Space>
          <Button disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
            {t('logs.newer')}
          </Button>
          <Button disabled={!data?.nextCursor} onClick={() => data?.nextCursor && setCursors([...cursors, data.nextCursor])}>
            {t('logs.older')}
          </Button>
        </Space>
      </Flex>
    </Card>
  );
}
