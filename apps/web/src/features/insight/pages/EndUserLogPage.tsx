import { SearchOutlined } from '../../../components/icons';
import {
  END_USER_LOG_ACTIONS,
  END_USER_LOG_PLATFORMS,
  END_USER_LOG_RESULTS,
  type EndUserLog,
  endUserLogActionLabel,
  errorMessage,
  type Locale,
  QUERY_RANGE_MAX_DAYS,
} from '@portal/contract';
import { Button, Card, DatePicker, Flex, Input, Select, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CellText, PagedTable } from '../../../components/list';
import { rangeLimit } from '../../../components/range-limit';
import { formatDateTime } from '../../../lib/format';
import { type EndUserLogQuery, insightExports, useEndUserLogSearch } from '../api/insight-api';
import { ExportButton } from '../components/ExportButton';

const PAGE_SIZE = 20;
const TEXT_FILTERS = ['account', 'appVersion', 'ip', 'sn'] as const;
type TextFilter = (typeof TEXT_FILTERS)[number];
type Filters = Omit<EndUserLogQuery, 'range' | 'cursor' | 'pageSize'>;

const localeOf = (language: string): Locale => (language === 'zh-CN' ? 'zh-CN' : 'en-US');

/**
 * End-user log (终端用户日志): what the end users of the caller's brands did through their apps (a
 * distributor: the end users of devices it sold), newest first, at most 31 days; search by account,
 * action, result, platform, app version, IP and SN; keyset pages (Newer/Older). E-mails come masked.
 */
export default function EndUserLogPage() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(6, 'day').startOf('day'), dayjs().endOf('day')]);
  const [draft, setDraft] = useState<Record<TextFilter, string>>({ account: '', appVersion: '', ip: '', sn: '' });
  const [action, setAction] = useState<string | undefined>();
  const [result, setResult] = useState<(typeof END_USER_LOG_RESULTS)[number] | undefined>();
  const [platform, setPlatform] = useState<(typeof END_USER_LOG_PLATFORMS)[number] | undefined>();
  const [filters, setFilters] = useState<Filters>({});
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const query: EndUserLogQuery = {
    range: { from: range[0].startOf('day').valueOf(), to: range[1].endOf('day').valueOf() },
    ...filters,
    ...(cursor ? { cursor } : {}),
    pageSize: PAGE_SIZE,
  };
  const { data, isFetching, refetch } = useEndUserLogSearch(query);

  const search = () => {
    const next: Filters = {};
    for (const k of TEXT_FILTERS) if (draft[k].trim()) next[k] = draft[k].trim();
    if (action) next.action = action;
    if (result) next.result = result;
    if (platform) next.platform = platform;
    setFilters(next);
    setCursors([]);
  };
  const filtered = Object.keys(filters).length > 0;
  const dash = <Typography.Text type="secondary">-</Typography.Text>;

  // Sized to fit 1366 px without a sideways scroll; the brand and device show from 1600 px.
  const columns: ColumnsType<EndUserLog> = [
    { key: 'at', title: t('insight.eul.time'), dataIndex: 'at', width: 150, render: (v: string) => formatDateTime(v) },
    {
      key: 'account',
      title: t('insight.eul.account'),
      dataIndex: 'account',
      width: 200,
      render: (v: string) => (
        <CellText text={v} empty={<Typography.Text type="secondary">{t('insight.eul.unknownUser')}</Typography.Text>} />
      ),
    },
    {
      key: 'action',
      title: t('insight.eul.action'),
      dataIndex: 'action',
      minWidth: 150,
      render: (v: string, r) => (
        <CellText text={r.detail ? `${endUserLogActionLabel(v, locale)} · ${r.detail}` : endUserLogActionLabel(v, locale)} />
      ),
    },
    {
      key: 'result',
      title: t('insight.eul.result'),
      dataIndex: 'code',
      width: 120,
      render: (code: number) =>
        code === 200 ? (
          <Tag color="green">{t('insight.eul.results.success')}</Tag>
        ) : (
          <Tooltip title={errorMessage(code, locale)}>
            <Tag color="red" tabIndex={0} data-testid="eul-failed">
              {t('insight.eul.failedCode', { code })}
            </Tag>
          </Tooltip>
        ),
    },
    {
      key: 'platform',
      title: t('insight.eul.platform'),
      dataIndex: 'platform',
      width: 90,
      render: (v: string) => (v ? t(`insight.eul.platforms.${v}`) : dash),
    },
    {
      key: 'appVersion',
      title: t('insight.eul.appVersion'),
      dataIndex: 'appVersion',
      width: 100,
      render: (v: string) => <CellText text={v} empty={dash} />,
    },
    { key: 'ip', title: t('insight.eul.ip'), dataIndex: 'ip', width: 120, render: (v: string) => <CellText text={v} empty={dash} /> },
    {
      key: 'sn',
      title: t('insight.eul.sn'),
      dataIndex: 'sn',
      width: 140,
      responsive: ['xxl'],
      render: (v: string) => <CellText text={v} empty={dash} />,
    },
    {
      key: 'brand',
      title: t('insight.eul.brand'),
      dataIndex: 'companyName',
      width: 140,
      responsive: ['xxl'],
      render: (v: string) => <CellText text={v} empty={dash} />,
    },
  ];

  const text = (k: TextFilter, width: number, maxLength = 64) => (
    <Input
      aria-label={t(`insight.eul.filter.${k}`)}
      placeholder={t(`insight.eul.filter.${k}`)}
      value={draft[k]}
      onChange={(e) => setDraft({ ...draft, [k]: e.target.value })}
      onPressEnter={search}
      style={{ width }}
      maxLength={maxLength}
      allowClear
      data-testid={`eul-${k}`}
    />
  );

  return (
    <Card variant="borderless" className="portal-card">
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
          aria-label={t('insight.eul.range')}
        />
        {text('account', 200, 254)}
        <Select
          aria-label={t('insight.eul.action')}
          placeholder={t('insight.eul.action')}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={action}
          onChange={(v: string | undefined) => setAction(v)}
          style={{ width: 180 }}
          popupMatchSelectWidth={260}
          options={Object.keys(END_USER_LOG_ACTIONS)
            .map((a) => ({ value: a, label: endUserLogActionLabel(a, locale) }))
            .sort((a, b) => a.label.localeCompare(b.label, locale))}
          data-testid="eul-action"
        />
        <Select
          aria-label={t('insight.eul.result')}
          placeholder={t('insight.eul.result')}
          allowClear
          value={result}
          onChange={(v) => setResult(v)}
          style={{ width: 110 }}
          options={END_USER_LOG_RESULTS.map((r) => ({ value: r, label: t(`insight.eul.results.${r}`) }))}
          data-testid="eul-result"
        />
        <Select
          aria-label={t('insight.eul.platform')}
          placeholder={t('insight.eul.platform')}
          allowClear
          value={platform}
          onChange={(v) => setPlatform(v)}
          style={{ width: 120 }}
          options={END_USER_LOG_PLATFORMS.map((p) => ({ value: p, label: t(`insight.eul.platforms.${p}`) }))}
          data-testid="eul-platform"
        />
        {text('appVersion', 120, 32)}
        {text('ip', 130, 45)}
        {text('sn', 140)}
        <Button type="primary" icon={<SearchOutlined />} onClick={search} data-testid="eul-search">
          {t('common.search')}
        </Button>
      </Flex>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('insight.eul.hint', { days: QUERY_RANGE_MAX_DAYS })}
        </Typography.Text>
        <Space>
          <Button onClick={() => void refetch()}>{t('common.refresh')}</Button>
          <ExportButton
            what={t('insight.export.what.endUserLog')}
            range={range}
            request={({ range: r, format }) => insightExports.endUserLog({ ...filters, range: r!, format })}
            testId="eul-export"
          />
        </Space>
      </Flex>
      <PagedTable<EndUserLog>
        rowKey="id"
        data-testid="end-user-log-table"
        tableLayout="fixed"
        loading={isFetching}
        columns={columns}
        page={data ? { records: data.records, total: data.records.length } : undefined}
        emptyText={filtered ? t('common.emptyFiltered') : t('insight.eul.empty')}
      />
      <Flex justify="end" style={{ marginTop: 12 }}>
        <Space>
          <Button disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))} data-testid="eul-newer">
            {t('insight.eul.newer')}
          </Button>
          <Button
            disabled={!data?.nextCursor}
            onClick={() => data?.nextCursor && setCursors([...cursors, data.nextCursor])}
            data-testid="eul-older"
          >
            {t('insight.eul.older')}
          </Button>
        </Space>
      </Flex>
    </Card>
  );
}
