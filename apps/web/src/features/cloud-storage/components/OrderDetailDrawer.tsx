import type { StorageOrderDetail } from '@portal/contract';
import { Button, Descriptions, Drawer, Input, Modal, Space, Table, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useOrderDetail, useRefundOrder } from '../api/storage-api';
import { newIdempotencyKey } from './idempotency';
import { formatMoney } from './money';
import { OrderStateTag } from './OrderStateTag';

/** One order: payment attempts, webhook events, refunds and the device's plan timeline; refund when the server offers it. */
export function OrderDetailDrawer({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: o } = useOrderDetail(orderId);
  const [refunding, setRefunding] = useState(false);
  const period = (s: number | null, e: number | null) => (s === null || e === null ? '—' : `${formatDateTime(s)} – ${formatDateTime(e)}`);
  return (
    <Drawer
      open={orderId !== null}
      onClose={onClose}
      width={720}
      title={o ? `${t('storage.order.detail')} ${o.orderNo}` : t('storage.order.detail')}
      extra={
        o?.actions.includes('refund') ? (
          <Button danger data-testid="order-refund" onClick={() => setRefunding(true)}>
            {t('storage.order.refund')}
          </Button>
        ) : null
      }
    >
      {o && (
        <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="order-detail">
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={t('storage.order.state')}>
              <OrderStateTag state={o.viewState} />
            </Descriptions.Item>
            <Descriptions.Item label={t('storage.order.amount')}>
              {formatMoney(o.amount)}
              {o.refundedAmount > 0 ? ` (${t('storage.order.refunded')} ${formatMoney(o.refundedAmount)})` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('storage.order.sn')}>{o.sn}</Descriptions.Item>
            <Descriptions.Item label={t('storage.order.email')}>{o.endUserEmail ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('storage.order.goods')}>{`${o.goodsName} (${o.goodsCode})`}</Descriptions.Item>
            <Descriptions.Item label={t('storage.order.seller')}>{o.companyName}</Descriptions.Item>
            <Descriptions.Item label={t('storage.order.platform')}>{t(`storage.platform.${o.platform}`)}</Descriptions.Item>
            <Descriptions.Item label={t('storage.order.provider')}>
              {o.provider ? t(`storage.provider.${o.provider}`) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('storage.order.orderNo')} span={2}>
              <Typography.Text copyable>{o.orderNo}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('storage.order.transactionId')} span={2}>
              {o.transactionId ? <Typography.Text copyable>{o.transactionId}</Typography.Text> : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('storage.order.period')} span={2}>
              {period(o.periodStart, o.periodEnd)}
            </Descriptions.Item>
            {o.costPrice !== null && <Descriptions.Item label={t('storage.costPrice')}>{formatMoney(o.costPrice)}</Descriptions.Item>}
            <Descriptions.Item label={t('storage.order.createdAt')}>{formatDateTime(o.createdAt)}</Descriptions.Item>
          </Descriptions>
          <section>
            <Typography.Title level={5}>{t('storage.order.attempts')}</Typography.Title>
            {o.attempts.length === 0 && <Typography.Paragraph>{t('storage.order.none')}</Typography.Paragraph>}
            <Table<StorageOrderDetail['attempts'][number]>
              style={o.attempts.length === 0 ? { display: 'none' } : undefined}
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={o.attempts}
              columns={[
                { key: 'at', title: t('storage.order.time'), render: (_v, a) => formatDateTime(a.createdAt) },
                { key: 'status', title: t('storage.order.state'), render: (_v, a) => t(`storage.attempt.${a.status}`) },
                { key: 'amount', title: t('storage.order.amount'), render: (_v, a) => formatMoney(a.amount) },
                { key: 'card', title: t('storage.order.card'), render: (_v, a) => (a.cardLast4 ? `•••• ${a.cardLast4}` : '—') },
              ]}
            />
          </section>
          <section>
            <Typography.Title level={5}>{t('storage.order.events')}</Typography.Title>
            {o.events.length === 0 && <Typography.Paragraph>{t('storage.order.none')}</Typography.Paragraph>}
            <Table<StorageOrderDetail['events'][number]>
              style={o.events.length === 0 ? { display: 'none' } : undefined}
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={o.events}
              columns={[
                { key: 'at', title: t('storage.order.time'), render: (_v, e) => formatDateTime(e.receivedAt) },
                { key: 'type', title: t('storage.order.eventType'), dataIndex: 'type' },
                { key: 'outcome', title: t('storage.order.outcome'), render: (_v, e) => t(`storage.outcome.${e.outcome}`, e.outcome) },
              ]}
            />
          </section>
          <section>
            <Typography.Title level={5}>{t('storage.order.refunds')}</Typography.Title>
            {o.refunds.length === 0 && <Typography.Paragraph>{t('storage.order.none')}</Typography.Paragraph>}
            <Table<StorageOrderDetail['refunds'][number]>
              style={o.refunds.length === 0 ? { display: 'none' } : undefined}
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={o.refunds}
              columns={[
                { key: 'at', title: t('storage.order.time'), render: (_v, r) => formatDateTime(r.createdAt) },
                { key: 'amount', title: t('storage.order.amount'), render: (_v, r) => formatMoney(r.amount) },
                {
                  key: 'kind',
                  title: t('storage.order.refundKind'),
                  render: (_v, r) => t(r.full ? 'storage.order.full' : 'storage.order.prorated'),
                },
                { key: 'by', title: t('storage.order.by'), dataIndex: 'byName' },
              ]}
            />
          </section>
          <section>
            <Typography.Title level={5}>{t('storage.order.timeline')}</Typography.Title>
            {o.timeline.length === 0 ? (
              <Typography.Paragraph>{t('storage.order.none')}</Typography.Paragraph>
            ) : (
              <Timeline
                data-testid="plan-timeline"
                items={o.timeline.map((p) => ({
                  color: p.orderId === o.orderId ? 'blue' : 'gray',
                  children: (
                    <span>
                      <OrderStateTag state={p.viewState} /> {p.goodsName} · {p.orderNo} · {period(p.periodStart, p.periodEnd)}
                    </span>
                  ),
                }))}
              />
            )}
          </section>
        </Space>
      )}
      {o && refunding && <RefundModal order={o} onClose={() => setRefunding(false)} />}
    </Drawer>
  );
}

function RefundModal({ order, onClose }: { order: StorageOrderDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const refund = useRefundOrder();
  const [reason, setReason] = useState('');
  const [key] = useState(newIdempotencyKey);
  return (
    <Modal
      open
      title={t('storage.order.refund')}
      okText={t('storage.confirm')}
      cancelText={t('storage.cancel')}
      okButtonProps={{ danger: true, 'data-testid': 'refund-ok' } as never}
      confirmLoading={refund.isPending}
      onCancel={onClose}
      onOk={async () => {
        await refund.mutateAsync({ orderId: order.orderId, reason, idempotencyKey: key });
        onClose();
      }}
    >
      <Typography.Paragraph>{t('storage.order.refundHint', { amount: formatMoney(order.refundable) })}</Typography.Paragraph>
      <Input.TextArea
        aria-label={t('storage.order.reason')}
        rows={3}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </Modal>
  );
}
