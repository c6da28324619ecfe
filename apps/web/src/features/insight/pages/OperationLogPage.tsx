import { SearchOutlined } from '../../../components/icons';
import {
  AUDIT_ACTIONS,
  AUDIT_MODULE_LABELS,
  AUDIT_MODULES,
  AUDIT_SECRET_TEXT,
  auditActionByCode,
  auditActionLabel,
  type AuditFieldChange,
  auditFieldLabel,
  auditFieldValue,
  type AuditModule,
  type Locale,
  type OperationLog,
  OPLOG_RESULTS,
  OPLOG_TOTAL_CAP,
  QUERY_RANGE_MAX_DAYS,
  renderAuditSentence,
} from '@portal/contract';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Drawer,
  Flex,
  Input,
  Row,
  Select,
  Space,
  Switch,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CellText, PagedTable } from '../../../components/list';
import { rangeLimit } from '../../../components/range-limit';
import { formatDateTime } from '../../../lib/format';
import { insightExports, type OperationLogQuery, useAuditVerify, useInsightAbilities, useOperationLogSearch } from '../api/insight-api';
import { ExportButton } from '../components/ExportButton';

const PAGE_SIZE = 20;

function Json({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (value === null || value === undefined) return <Typography.Text type="secondary">{t('logs.none')}</Typography.Text>;
  return <pre className="portal-json">{JSON.stringify(value, null, 2)}</pre>;
}

function localeOf(language: string): Locale {
  return language === 'zh-CN' ? 'zh-CN' : 'en-US';
}

/** A value in a diff: lists joined, nothing as "-", objects as JSON. */
function DiffValue({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return <Typography.Text type="secondary">-</Typography.Text>;
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object')) return <>{value.length ? value.join(', ') : '-'}</>;
  if (typeof value === 'object') return <pre className="portal-json">{JSON.stringify(value, null, 2)}</pre>;
  return <>{String(value)}</>;
}

/** The changed fields: label, before, after (a state by its GLOSSARY name); a secret only as changed. */
function DiffTable({ diff, targetType }: { diff: AuditFieldChange[]; targetType: string | null }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const secret = locale === 'zh-CN' ? AUDIT_SECRET_TEXT.zh : AUDIT_SECRET_TEXT.en;
  return (
    <table className="portal-diff" data-testid="log-diff" aria-label={t('logs.changes')}>
      <thead>
        <tr>
          <th scope="col">{t('logs.field')}</th>
          <th scope="col">{t('logs.before')}</th>
          <th scope="col">{t('logs.after')}</th>
        </tr>
      </thead>
      <tbody>
        {diff.map((d) => (
          <tr key={d.field}>
            <th scope="row">{auditFieldLabel(d.field, locale)}</th>
            {d.secret ? (
              <td colSpan={2}>
                <Tag>{secret}</Tag>
              </td>
            ) : (
              <>
                <td>
                  <DiffValue value={auditFieldValue(targetType, d.field, d.before, locale)} />
                </td>
                <td>
                  <DiffValue value={auditFieldValue(targetType, d.field, d.after, locale)} />
                </td>
              </>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One entry: its sentence, who and where, the changed fields, and the raw request data. */
function LogDrawer({ log, onClose }: { log: OperationLog | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  return (
    <Drawer open={!!log} onClose={onClose} size={560} title={t('logs.detail')} destroyOnHidden>
      {log && (
        <div data-testid={`log-detail-${log.id}`}>
          <Typography.Paragraph strong data-testid="log-sentence">
            {renderAuditSentence(log, locale)}
          </Typography.Paragraph>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('logs.time')}>{formatDateTime(log.at)}</Descriptions.Item>
            <Descriptions.Item label={t('logs.actor')}>{log.actorName || t('logs.system')}</Descriptions.Item>
            {log.onBehalfOfUserId !== null && (
              <Descriptions.Item label={t('logs.onBehalfOf')}>
                {log.onBehalfOfName || t('logs.userId', { id: log.onBehalfOfUserId })}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('logs.company')}>{log.companyName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('logs.module')}>{moduleLabel(log.module, locale)}</Descriptions.Item>
            <Descriptions.Item label={t('logs.result')}>
              <Tag color={log.result === 'refused' ? 'red' : 'green'}>{t(`logs.results.${log.result}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('logs.ip')}>{log.ip || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('logs.requestId')}>
              <Typography.Text code copyable>
                {log.requestId}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('logs.changes')}
          </Typography.Title>
          {log.diff?.length ? (
            <DiffTable diff={log.diff} targetType={log.targetType} />
          ) : (
            <Typography.Text type="secondary">{t('logs.noChanges')}</Typography.Text>
          )}
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('logs.request')}
          </Typography.Title>
          <Json value={log.request} />
          {(log.before !== null || log.after !== null) && (
            <>
              <Typography.Title level={5} style={{ marginTop: 16 }}>
                {t('logs.recorded')}
              </Typography.Title>
              <Row gutter={16}>
                <Col span={12}>
                  <Typography.Text strong style={{ display: 'block' }}>
                    {t('logs.before')}
                  </Typography.Text>
                  <Json value={log.before} />
                </Col>
                <Col span={12}>
                  <Typography.Text strong style={{ display: 'block' }}>
                    {t('logs.after')}
                  </Typography.Text>
                  <Json value={log.after} />
                </Col>
              </Row>
            </>
          )}
        </div>
      )}
    </Drawer>
  );
}

function moduleLabel(module: string, locale: Locale): string {
  const l = AUDIT_MODULE_LABELS[module as AuditModule];
  return l ? (locale === 'zh-CN' ? l.zh : l.en) : module;
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
const FILTER_KEYS = ['actor', 'target', 'ip'] as const;

/** The registry's actions (deduplicated by code), optionally of one module, as filter options. */
function actionOptions(module: AuditModule | undefined, locale: Locale) {
  const seen = new Set<string>();
  const out: { value: string; label: string }[] = [];
  for (const def of Object.values(AUDIT_ACTIONS)) {
    if (seen.has(def.code) || (module && def.module !== module)) continue;
    seen.add(def.code);
    out.push({ value: def.code, label: auditActionLabel(def, locale) });
  }
  return out.sort((a, b) => a.label.localeCompare(b.label, locale));
}

/**
 * Operation log (运维日志): the rows of the caller's subtree (as target or as actor), newest first, at
 * most 31 days; search by actor, module, action, target, result and IP; keyset pages (Newer/Older);
 * totals exact to 10,000; Live follows new rows on the first page.
 */
export default function OperationLogPage() {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(6, 'day').startOf('day'), dayjs().endOf('day')]);
  const [draft, setDraft] = useState<Record<(typeof FILTER_KEYS)[number], string>>({ actor: '', target: '', ip: '' });
  const [module, setModule] = useState<AuditModule | undefined>();
  const [code, setCode] = useState<string | undefined>();
  const [opened, setOpened] = useState<OperationLog | null>(null);
  const locale = localeOf(i18n.language);
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
  // Verify integrity: offered when the server's policy answers it (insight/abilities).
  const canVerify = useInsightAbilities().can('verifyAuditChain');

  const search = () => {
    const next: Filters = {};
    for (const k of FILTER_KEYS) if (draft[k].trim()) next[k] = draft[k].trim();
    if (module) next.module = module;
    if (code) next.code = code;
    if (result) next.result = result;
    setFilters(next);
    setCursors([]);
  };
  const filtered = Object.keys(filters).length > 0;
  // The server counts with the first page only; the pages after it show the figure kept from it.
  const totalKey = JSON.stringify({ range: query.range, filters });
  const [counted, setCounted] = useState<{ key: string; total: number; capped: boolean } | null>(null);
  if (data && data.total !== null && !cursor && (counted?.key !== totalKey || counted.total !== data.total)) {
    setCounted({ key: totalKey, total: data.total, capped: data.totalCapped === true });
  }
  const shown =
    data && data.total !== null ? { total: data.total, capped: data.totalCapped === true } : counted?.key === totalKey ? counted : null;
  const totalText = shown
    ? shown.capped
      ? t('logs.totalCapped', { total: OPLOG_TOTAL_CAP.toLocaleString(i18n.language) })
      : t('logs.total', { total: shown.total.toLocaleString(i18n.language) })
    : '';

  // Sized to fit 1366 px without a sideways scroll: the sentence takes the rest of the row.
  const columns: ColumnsType<OperationLog> = [
    { key: 'at', title: t('logs.time'), dataIndex: 'at', width: 150, render: (v: string) => formatDateTime(v) },
    {
      key: 'actor',
      title: t('logs.actor'),
      dataIndex: 'actorName',
      width: 120,
      render: (v: string) => <CellText text={v || t('logs.system')} />,
    },
    {
      key: 'onBehalfOf',
      title: t('logs.onBehalfOf'),
      dataIndex: 'onBehalfOfUserId',
      width: 110,
      render: (v: number | null, row) =>
        v === null ? (
          <Typography.Text type="secondary">-</Typography.Text>
        ) : (
          <Tooltip title={t('logs.remoteAccessHint')}>
            <Tag color="orange" style={{ maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {row.onBehalfOfName || t('logs.userId', { id: v })}
            </Tag>
          </Tooltip>
        ),
    },
    {
      key: 'action',
      title: t('logs.action'),
      minWidth: 230,
      render: (_: unknown, r) => {
        const text = renderAuditSentence(r, locale);
        return (
          <Typography.Link onClick={() => setOpened(r)} ellipsis style={{ maxWidth: '100%' }} title={text} data-testid={`log-open-${r.id}`}>
            {text}
          </Typography.Link>
        );
      },
    },
    {
      key: 'company',
      title: t('logs.company'),
      dataIndex: 'companyName',
      width: 130,
      render: (v: string | null) => <CellText text={v ?? ''} empty={<Typography.Text type="secondary">-</Typography.Text>} />,
    },
    { key: 'ip', title: t('logs.ip'), dataIndex: 'ip', width: 120, render: (v: string) => <CellText text={v} empty="-" /> },
    {
      key: 'result',
      title: t('logs.result'),
      dataIndex: 'result',
      width: 90,
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
        <Select
          aria-label={t('logs.filter.module')}
          placeholder={t('logs.filter.module')}
          allowClear
          value={module}
          onChange={(v: AuditModule | undefined) => {
            setModule(v);
            if (v && code && auditActionByCode(code)?.module !== v) setCode(undefined);
          }}
          style={{ width: 130 }}
          options={AUDIT_MODULES.map((m) => ({ value: m, label: moduleLabel(m, locale) }))}
          data-testid="oplog-module"
        />
        <Select
          aria-label={t('logs.filter.action')}
          placeholder={t('logs.filter.action')}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={code}
          onChange={(v: string | undefined) => setCode(v)}
          style={{ width: 240 }}
          popupMatchSelectWidth={360}
          options={actionOptions(module, locale)}
          data-testid="oplog-action"
        />
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
          <ExportButton
            what={t('insight.export.what.operationLog')}
            range={range}
            request={({ range: r, format }) => insightExports.operationLog({ ...filters, range: r!, format })}
            testId="oplog-export"
          />
        </Space>
      </Flex>
      <PagedTable<OperationLog>
        rowKey="id"
        data-testid="operation-log-table"
        // Fixed: long names and sentences are cut (whole in a tooltip) instead of widening the table.
        tableLayout="fixed"
        loading={isFetching && !live}
        columns={columns}
        page={data ? { records: data.records, total: shown?.total ?? data.records.length } : undefined}
        emptyText={filtered ? t('common.emptyFiltered') : t('logs.empty')}
      />
      <LogDrawer log={opened} onClose={() => setOpened(null)} />
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
