import { QUERY_RANGE_MAX_DAYS, STORAGE_ORDER_VIEW_STATES } from '@portal/contract';
import { Card, Col, Row, Statistic, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrderOverview } from '../api/storage-api';
import { formatMoney } from './money';
import { OrderStateTag } from './OrderStateTag';

/** Orders and revenue of the last 31 days, and the plans running and near expiry now. */
export function OverviewPanel() {
  const { t } = useTranslation();
  const [window] = useState(() => ({
    from: dayjs()
      .subtract(QUERY_RANGE_MAX_DAYS - 1, 'day')
      .startOf('day')
      .valueOf(),
    to: dayjs().endOf('day').valueOf(),
  }));
  const { data } = useOrderOverview(window.from, window.to);
  return (
    <div data-testid="storage-overview">
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={6}>
          <Card size="small">
            <Statistic title={t('storage.overview.orders', { days: QUERY_RANGE_MAX_DAYS })} value={data?.orders ?? 0} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small">
            <Statistic title={t('storage.overview.revenue', { days: QUERY_RANGE_MAX_DAYS })} value={formatMoney(data?.revenue ?? 0)} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small">
            <Statistic title={t('storage.overview.inUse')} value={data?.inUse ?? 0} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small">
            <Statistic title={t('storage.overview.nearExpiry')} value={data?.nearExpiry ?? 0} valueStyle={{ color: '#ad4e00' }} />
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={10}>
          <Table
            size="small"
            rowKey="state"
            pagination={false}
            title={() => t('storage.overview.byState')}
            dataSource={STORAGE_ORDER_VIEW_STATES.map((s) => ({ state: s, n: data?.counts[s] ?? 0 }))}
            columns={[
              { key: 'state', title: t('storage.order.state'), render: (_v, r) => <OrderStateTag state={r.state} /> },
              { key: 'n', title: t('storage.overview.count'), dataIndex: 'n' },
            ]}
          />
        </Col>
        <Col xs={24} lg={14}>
          <Table
            size="small"
            rowKey="day"
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            title={() => t('storage.overview.byDay')}
            dataSource={[...(data?.days ?? [])].reverse()}
            locale={{ emptyText: t('storage.order.none') }}
            columns={[
              { key: 'day', title: t('storage.overview.day'), dataIndex: 'day' },
              { key: 'orders', title: t('storage.overview.paidOrders'), dataIndex: 'orders' },
              { key: 'revenue', title: t('storage.overview.revenueCol'), render: (_v, r) => formatMoney(r.revenue) },
            ]}
          />
        </Col>
      </Row>
    </div>
  );
}
