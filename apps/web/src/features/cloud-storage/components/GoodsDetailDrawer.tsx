import { Descriptions, Drawer, Empty, Table, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useGoodsDetail } from '../api/storage-api';
import { AppPreview } from './AppPreview';
import { GoodsStatusTag } from './GoodsStatusTag';
import { formatMoney } from './money';

/** One goods item: facts, the supplier's reason, what changed since the last approval, the price history and the app view per language. */
export function GoodsDetailDrawer({ goodsId, onClose }: { goodsId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: g } = useGoodsDetail(goodsId);
  return (
    <Drawer open={goodsId !== null} onClose={onClose} width={760} title={g?.name ?? ''} destroyOnHidden>
      {g && (
        <>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('storage.goods.code')}>{g.goodsCode}</Descriptions.Item>
            <Descriptions.Item label={t('storage.goods.status')}>
              <GoodsStatusTag status={g.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('storage.goods.seller')}>{g.companyName}</Descriptions.Item>
            <Descriptions.Item label={t('storage.goods.plan')}>{g.planName}</Descriptions.Item>
            <Descriptions.Item label={t('storage.goods.androidPrice')}>{formatMoney(g.androidPrice)}</Descriptions.Item>
            <Descriptions.Item label={t('storage.goods.iosPrice')}>{formatMoney(g.iosPrice)}</Descriptions.Item>
            <Descriptions.Item label={t('storage.guidePrice')}>{formatMoney(g.guidePrice)}</Descriptions.Item>
            {g.costPrice !== null && <Descriptions.Item label={t('storage.costPrice')}>{formatMoney(g.costPrice)}</Descriptions.Item>}
            <Descriptions.Item label={t('storage.goods.stock')}>{g.stock ?? t('storage.goods.unlimited')}</Descriptions.Item>
            <Descriptions.Item label={t('storage.goods.area')}>{g.areaName}</Descriptions.Item>
            <Descriptions.Item label={t('storage.goods.saleUntil')}>{g.saleUntil ? formatDateTime(g.saleUntil) : '—'}</Descriptions.Item>
            {g.statusReason && (
              <Descriptions.Item label={t('storage.review.reason')} span={2}>
                <Typography.Text type="danger" data-testid="status-reason">
                  {g.statusReason}
                </Typography.Text>
              </Descriptions.Item>
            )}
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('storage.review.changes')}
          </Typography.Title>
          {!g.everApproved ? (
            <Typography.Text type="secondary">{t('storage.review.firstReview')}</Typography.Text>
          ) : g.changes.length === 0 ? (
            <Typography.Text type="secondary">{t('storage.review.noChanges')}</Typography.Text>
          ) : (
            <Table
              size="small"
              rowKey="field"
              pagination={false}
              data-testid="changes-table"
              dataSource={g.changes}
              columns={[
                { key: 'field', title: t('storage.review.field'), dataIndex: 'field', width: 160 },
                { key: 'before', title: t('storage.review.before'), dataIndex: 'before', ellipsis: true },
                { key: 'after', title: t('storage.review.after'), dataIndex: 'after', ellipsis: true },
              ]}
            />
          )}
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('storage.goods.priceHistory')}
          </Typography.Title>
          <Table
            size="small"
            rowKey="at"
            pagination={false}
            dataSource={g.priceHistory}
            columns={[
              { key: 'at', title: t('storage.goods.changedAt'), width: 170, render: (_v, h) => formatDateTime(h.at) },
              { key: 'a', title: t('storage.goods.androidPrice'), render: (_v, h) => formatMoney(h.androidPrice) },
              { key: 'i', title: t('storage.goods.iosPrice'), render: (_v, h) => formatMoney(h.iosPrice) },
              { key: 'by', title: t('storage.goods.changedBy'), dataIndex: 'by' },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('storage.goods.preview')}
          </Typography.Title>
          <Tabs
            items={(['en-US', 'zh-CN'] as const).map((l) => {
              const c = g.contents[l];
              return {
                key: l,
                label: t(`storage.lang.${l}`),
                children: c ? (
                  <AppPreview
                    name={g.name}
                    coverUrl={g.coverUrl}
                    price={g.androidPrice}
                    graphic={c.graphic}
                    terms={c.terms}
                    images={c.detailImages.map((i) => i.url)}
                    serviceDays={g.serviceDays}
                  />
                ) : (
                  <Empty description={t('storage.goods.noLanguage')} />
                ),
              };
            })}
          />
        </>
      )}
    </Drawer>
  );
}
