import { GOODS_ABILITIES, type GoodsAbility, type StorageGoods } from '@portal/contract';
import { App, Button, Input, InputNumber, Modal, Select, Space, Switch } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusOutlined } from '../../../components/icons';
import { CellText, PagedTable } from '../../../components/list';
import { call } from '../../../lib/api/client';
import { storageCalls } from '@portal/contract';
import { formatDateTime } from '../../../lib/format';
import { useGoodsList, useOperateGoods, usePriceStock, useReviewGoods, useStorageAbilities } from '../api/storage-api';
import { GoodsDetailDrawer } from './GoodsDetailDrawer';
import { GoodsFormModal } from './GoodsFormModal';
import { GoodsStatusTag } from './GoodsStatusTag';
import { formatMoney, toMajor, toMinor } from './money';

const STATES = ['pending_listing', 'pending_review', 'listed', 'removed', 'review_failed', 'supplier_delisted', 'sold_out'] as const;
const MOVES: GoodsAbility[] = ['submitReview', 'withdrawReview', 'delist', 'list', 'revise'];

/** Goods of the caller's subtree, by state; create, edit, prices and stock, and exactly the moves the server answers with each item. */
export function GoodsPanel({ reviewOnly = false }: { reviewOnly?: boolean }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const [status, setStatus] = useState<string | undefined>(reviewOnly ? 'pending_review' : undefined);
  const [searchText, setSearchText] = useState('');
  const { data, isFetching } = useGoodsList({ ...page, status: status as never, searchText: searchText || undefined });
  const canCreate = useStorageAbilities().can('createGoods');
  const operate = useOperateGoods();
  const review = useReviewGoods();
  const [editing, setEditing] = useState<Parameters<typeof GoodsFormModal>[0]['goods'] | 'new' | null>(null);
  const [detailOf, setDetailOf] = useState<number | null>(null);
  const [pricing, setPricing] = useState<StorageGoods | null>(null);

  const askReason = (g: StorageGoods, action: 'reject' | 'supplierDelist') => {
    let reason = '';
    modal.confirm({
      title: t(`storage.actions.${action}`),
      content: (
        <Input.TextArea
          aria-label={t('storage.review.reason')}
          rows={3}
          maxLength={500}
          onChange={(e) => (reason = e.target.value)}
          data-testid="reason-input"
        />
      ),
      okText: t('storage.confirm'),
      cancelText: t('storage.cancel'),
      onOk: () => review.mutateAsync({ goodsId: g.goodsId, action, reason }),
    });
  };

  const act = async (g: StorageGoods, a: GoodsAbility) => {
    if (a === 'edit') setEditing(await call(storageCalls.goodsGet, { goodsId: g.goodsId }));
    else if (a === 'editPriceStock') setPricing(g);
    else if (a === 'approve') await review.mutateAsync({ goodsId: g.goodsId, action: 'approve' });
    else if (a === 'reject' || a === 'supplierDelist') askReason(g, a);
    else if (MOVES.includes(a)) await operate.mutateAsync({ goodsId: g.goodsId, action: a as never });
  };

  const columns: ColumnsType<StorageGoods> = [
    { key: 'name', title: t('storage.goods.name'), minWidth: 180, render: (_v, g) => <CellText text={`${g.name} (${g.goodsCode})`} /> },
    {
      key: 'company',
      title: t('storage.goods.seller'),
      width: 140,
      responsive: ['xxl'],
      render: (_v, g) => <CellText text={g.companyName} />,
    },
    { key: 'plan', title: t('storage.goods.plan'), width: 150, responsive: ['xxl'], render: (_v, g) => <CellText text={g.planName} /> },
    {
      key: 'price',
      title: t('storage.goods.prices'),
      width: 150,
      render: (_v, g) => `${formatMoney(g.androidPrice)} / ${formatMoney(g.iosPrice)}`,
    },
    {
      key: 'stock',
      title: t('storage.goods.stock'),
      width: 90,
      render: (_v, g) => (g.stock === null ? t('storage.goods.unlimited') : g.stock),
    },
    { key: 'area', title: t('storage.goods.area'), width: 100, render: (_v, g) => <CellText text={g.areaName} /> },
    {
      key: 'status',
      title: t('storage.goods.status'),
      width: 130,
      render: (_v, g) => <GoodsStatusTag status={g.status} />,
    },
    {
      key: 'updatedAt',
      title: t('storage.goods.updatedAt'),
      width: 160,
      responsive: ['xxl'],
      render: (_v, g) => formatDateTime(g.updatedAt),
    },
    {
      key: 'actions',
      title: t('storage.actionsTitle'),
      width: 240,
      fixed: 'right',
      render: (_v, g) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setDetailOf(g.goodsId)}>
            {t('storage.view')}
          </Button>
          {GOODS_ABILITIES.filter((a) => g.actions.includes(a) && (!reviewOnly || ['approve', 'reject'].includes(a))).map((a) => (
            <Button key={a} type="link" size="small" data-testid={`goods-${a}`} onClick={() => void act(g, a)}>
              {t(`storage.actions.${a}`)}
            </Button>
          ))}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        {!reviewOnly && (
          <Select
            allowClear
            aria-label={t('storage.goods.status')}
            placeholder={t('storage.goods.status')}
            style={{ width: 180 }}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage((p) => ({ ...p, pageNum: 1 }));
            }}
            options={STATES.map((s) => ({ value: s, label: t(`storage.status.${s}`) }))}
          />
        )}
        <Input.Search
          aria-label={t('storage.search')}
          placeholder={t('storage.search')}
          allowClear
          onSearch={(v) => setSearchText(v.trim())}
          style={{ width: 240 }}
        />
        {!reviewOnly && canCreate && (
          <Button type="primary" icon={<PlusOutlined />} data-testid="goods-create" onClick={() => setEditing('new')}>
            {t('storage.goods.create')}
          </Button>
        )}
      </Space>
      <PagedTable<StorageGoods>
        rowKey="goodsId"
        data-testid={reviewOnly ? 'review-table' : 'goods-table'}
        loading={isFetching && !data}
        columns={columns}
        page={data}
        pageNum={page.pageNum}
        pageSize={page.pageSize}
        onPageChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })}
        emptyText={reviewOnly ? t('storage.review.empty') : t('storage.goods.empty')}
      />
      {editing && <GoodsFormModal goods={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <GoodsDetailDrawer goodsId={detailOf} onClose={() => setDetailOf(null)} />
      {pricing && <PriceStockModal goods={pricing} onClose={() => setPricing(null)} />}
    </>
  );
}

function PriceStockModal({ goods, onClose }: { goods: StorageGoods; onClose: () => void }) {
  const { t } = useTranslation();
  const save = usePriceStock();
  const [android, setAndroid] = useState(toMajor(goods.androidPrice));
  const [ios, setIos] = useState(toMajor(goods.iosPrice));
  const [unlimited, setUnlimited] = useState(goods.stock === null);
  const [stock, setStock] = useState(goods.stock ?? 0);
  return (
    <Modal
      open
      title={t('storage.actions.editPriceStock')}
      okText={t('storage.save')}
      cancelText={t('storage.cancel')}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={async () => {
        await save.mutateAsync({
          goodsId: goods.goodsId,
          androidPrice: toMinor(android),
          iosPrice: toMinor(ios),
          stock: unlimited ? null : stock,
        });
        onClose();
      }}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <span>{t('storage.goods.noReviewHint', { guide: formatMoney(goods.guidePrice) })}</span>
        <label>
          {t('storage.goods.androidPrice')} (USD) <InputNumber min={0} precision={2} value={android} onChange={(v) => setAndroid(v ?? 0)} />
        </label>
        <label>
          {t('storage.goods.iosPrice')} (USD) <InputNumber min={0} precision={2} value={ios} onChange={(v) => setIos(v ?? 0)} />
        </label>
        <label>
          {t('storage.goods.unlimited')} <Switch checked={unlimited} onChange={setUnlimited} />
        </label>
        {!unlimited && (
          <label>
            {t('storage.goods.stock')} <InputNumber min={0} precision={0} value={stock} onChange={(v) => setStock(v ?? 0)} />
          </label>
        )}
      </Space>
    </Modal>
  );
}
