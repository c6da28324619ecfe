import { ORDER_PLATFORMS, PAYMENT_PROVIDERS, QUERY_RANGE_MAX_DAYS, STORAGE_ORDER_VIEW_STATES, type StorageOrder } from '@portal/contract';
import { Button, DatePicker, Input, Select, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadOutlined, PlusOutlined } from '../../../components/icons';
import { CellText, PagedTable } from '../../../components/list';
import { rangeLimit } from '../../../components/range-limit';
import { formatDateTime } from '../../../lib/format';
import { orderExportLink, statementLink, useOrderList, useStorageAbilities } from '../api/storage-api';
import { formatMoney } from './money';
import { InternalPurchaseModal } from './InternalPurchaseModal';
import { OrderDetailDrawer } from './OrderDetailDrawer';
import { OrderStateTag } from './OrderStateTag';

type Range = [Dayjs, Dayjs];
const defaultRange = (): Range => [
  dayjs()
    .subtract(QUERY_RANGE_MAX_DAYS - 1, 'day')
    .startOf('day'),
  dayjs().endOf('day'),
];

/** Orders of goods sold in the caller's subtree: filters (31-day window, checked by the server too), detail, internal purchase. */
export function OrdersPanel() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const [range, setRange] = useState<Range>(defaultRange);
  const [viewState, setViewState] = useState<string>();
  const [platform, setPlatform] = useState<string>();
  const [provider, setProvider] = useState<string>();
  const [text, setText] = useState<{ sn?: string; email?: string; orderNo?: string }>({});
  const [detailOf, setDetailOf] = useState<number | null>(null);
  const [buying, setBuying] = useState(false);
  const canBuy = useStorageAbilities().can('internalPurchase');
  const { data, isFetching } = useOrderList({
    ...page,
    from: range[0].valueOf(),
    to: range[1].valueOf(),
    viewState: viewState as never,
    platform: platform as never,
    provider: provider as never,
    ...text,
  });
  const [month, setMonth] = useState<Dayjs>(() => dayjs().startOf('month'));
  const [busy, setBusy] = useState(false);
  const download = async (get: () => Promise<{ url: string }>) => {
    setBusy(true);
    try {
      window.location.assign((await get()).url);
    } finally {
      setBusy(false);
    }
  };
  const filter = {
    from: range[0].valueOf(),
    to: range[1].valueOf(),
    viewState: viewState as never,
    platform: platform as never,
    provider: provider as never,
    ...text,
  };
  const first = () => setPage((p) => ({ ...p, pageNum: 1 }));
  const search = (key: 'sn' | 'email' | 'orderNo') => (v: string) => {
    setText((x) => ({ ...x, [key]: v.trim() || undefined }));
    first();
  };

  const columns: ColumnsType<StorageOrder> = [
    { key: 'orderNo', title: t('storage.order.orderNo'), width: 190, render: (_v, o) => <CellText text={o.orderNo} /> },
    { key: 'sn', title: t('storage.order.sn'), width: 140, render: (_v, o) => <CellText text={o.sn} /> },
    {
      key: 'email',
      title: t('storage.order.email'),
      width: 180,
      responsive: ['xxl'],
      render: (_v, o) => <CellText text={o.endUserEmail ?? '—'} />,
    },
    { key: 'goods', title: t('storage.order.goods'), minWidth: 160, render: (_v, o) => <CellText text={o.goodsName} /> },
    { key: 'platform', title: t('storage.order.platform'), width: 100, render: (_v, o) => t(`storage.platform.${o.platform}`) },
    { key: 'amount', title: t('storage.order.amount'), width: 100, render: (_v, o) => formatMoney(o.amount) },
    { key: 'state', title: t('storage.order.state'), width: 120, render: (_v, o) => <OrderStateTag state={o.viewState} /> },
    {
      key: 'createdAt',
      title: t('storage.order.createdAt'),
      width: 160,
      responsive: ['xxl'],
      render: (_v, o) => formatDateTime(o.createdAt),
    },
    {
      key: 'actions',
      title: t('storage.actionsTitle'),
      width: 90,
      fixed: 'right',
      render: (_v, o) => (
        <Button type="link" size="small" data-testid="order-view" onClick={() => setDetailOf(o.orderId)}>
          {t('storage.view')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <DatePicker.RangePicker
          aria-label={t('storage.order.range')}
          allowClear={false}
          value={range}
          onChange={(v) => {
            if (v?.[0] && v[1]) {
              setRange([v[0].startOf('day'), v[1].endOf('day')]);
              first();
            }
          }}
          {...rangeLimit(QUERY_RANGE_MAX_DAYS, 'validation.queryRangeTooLong')}
        />
        <Select
          allowClear
          aria-label={t('storage.order.state')}
          placeholder={t('storage.order.state')}
          style={{ width: 140 }}
          value={viewState}
          onChange={(v) => (setViewState(v), first())}
          options={STORAGE_ORDER_VIEW_STATES.map((s) => ({ value: s, label: t(`storage.orderState.${s}`) }))}
        />
        <Select
          allowClear
          aria-label={t('storage.order.platform')}
          placeholder={t('storage.order.platform')}
          style={{ width: 120 }}
          value={platform}
          onChange={(v) => (setPlatform(v), first())}
          options={ORDER_PLATFORMS.map((s) => ({ value: s, label: t(`storage.platform.${s}`) }))}
        />
        <Select
          allowClear
          aria-label={t('storage.order.provider')}
          placeholder={t('storage.order.provider')}
          style={{ width: 130 }}
          value={provider}
          onChange={(v) => (setProvider(v), first())}
          options={PAYMENT_PROVIDERS.map((s) => ({ value: s, label: t(`storage.provider.${s}`) }))}
        />
        <Input.Search
          aria-label={t('storage.order.sn')}
          placeholder={t('storage.order.sn')}
          allowClear
          onSearch={search('sn')}
          style={{ width: 160 }}
        />
        <Input.Search
          aria-label={t('storage.order.email')}
          placeholder={t('storage.order.email')}
          allowClear
          onSearch={search('email')}
          style={{ width: 200 }}
        />
        <Input.Search
          aria-label={t('storage.order.orderNoOrTx')}
          placeholder={t('storage.order.orderNoOrTx')}
          allowClear
          onSearch={search('orderNo')}
          style={{ width: 220 }}
        />
        <Button
          icon={<DownloadOutlined />}
          loading={busy}
          data-testid="orders-export"
          onClick={() => void download(() => orderExportLink(filter))}
        >
          {t('storage.order.export')}
        </Button>
        {canBuy && (
          <Button type="primary" icon={<PlusOutlined />} data-testid="internal-purchase" onClick={() => setBuying(true)}>
            {t('storage.internal.title')}
          </Button>
        )}
        {canBuy && (
          <Space.Compact>
            <DatePicker
              picker="month"
              allowClear={false}
              aria-label={t('storage.internal.statementMonth')}
              value={month}
              onChange={(v) => v && setMonth(v)}
            />
            <Button
              icon={<DownloadOutlined />}
              loading={busy}
              data-testid="statement-download"
              onClick={() => void download(() => statementLink(month.format('YYYY-MM')))}
            >
              {t('storage.internal.statement')}
            </Button>
          </Space.Compact>
        )}
      </Space>
      <PagedTable<StorageOrder>
        rowKey="orderId"
        data-testid="orders-table"
        loading={isFetching && !data}
        columns={columns}
        page={data}
        pageNum={page.pageNum}
        pageSize={page.pageSize}
        onPageChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })}
        // Counted exactly up to the server's cap: past it, the total says there are more.
        totalText={
          data?.totalCapped ? (total) => t('storage.order.totalCapped', { total: total.toLocaleString(i18n.language) }) : undefined
        }
        emptyText={t('storage.order.empty')}
      />
      <OrderDetailDrawer orderId={detailOf} onClose={() => setDetailOf(null)} />
      {buying && <InternalPurchaseModal onClose={() => setBuying(false)} />}
    </>
  );
}
