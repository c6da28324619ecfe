import type { ReleaseTaskDetail } from '@portal/contract';
import { Empty, Flex, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format';

type Wave = ReleaseTaskDetail['waves'][number];

/** Progress of each wave against the success gate; the current wave and the gray promotion wave are marked. */
export function WavesPanel({ task }: { task: ReleaseTaskDetail }) {
  const { t } = useTranslation();
  const threshold = task.gates.successThreshold;
  return (
    <Table<Wave>
      size="small"
      rowKey="index"
      pagination={false}
      dataSource={task.waves}
      data-testid="waves-table"
      rowClassName={(w) => (w.index === task.currentWave ? 'upgrade-current-wave' : '')}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('upgrade.wave.none')} /> }}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          key: 'index',
          title: t('upgrade.wave.wave'),
          width: 170,
          render: (_, w) => (
            <span>
              {t('upgrade.wave.nth', { n: w.index })}
              {w.isPromotion && (
                <Tag color="purple" style={{ marginInlineStart: 6 }}>
                  {t('upgrade.wave.promotion')}
                </Tag>
              )}
              {w.index === task.currentWave && (
                <Tag color="processing" style={{ marginInlineStart: 6 }}>
                  {t('upgrade.wave.current')}
                </Tag>
              )}
            </span>
          ),
        },
        { key: 'size', title: t('upgrade.wave.size'), dataIndex: 'size', align: 'right', width: 90 },
        { key: 'notified', title: t('upgrade.counts.notified'), dataIndex: 'notified', align: 'right', width: 90 },
        {
          key: 'success',
          title: t('upgrade.counts.success'),
          dataIndex: 'success',
          align: 'right',
          width: 90,
          render: (v: number) => <Typography.Text type="success">{v}</Typography.Text>,
        },
        {
          key: 'failed',
          title: t('upgrade.counts.failed'),
          dataIndex: 'failed',
          align: 'right',
          width: 90,
          render: (v: number) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : v),
        },
        {
          key: 'rate',
          title: t('upgrade.wave.successRate', { threshold }),
          width: 260,
          render: (_, w) => {
            const reached = w.successRate >= threshold;
            return (
              <Tooltip title={t(reached ? 'upgrade.wave.gateReached' : 'upgrade.wave.gateNotReached', { rate: w.successRate, threshold })}>
                <Flex align="center" gap={8}>
                  <div style={{ position: 'relative', flex: 1, height: 8, borderRadius: 4, background: '#eef0f3' }}>
                    <div
                      style={{
                        width: `${Math.min(100, w.successRate)}%`,
                        height: '100%',
                        borderRadius: 4,
                        background: reached ? '#52c41a' : w.startedAt ? '#faad14' : '#d9d9d9',
                      }}
                    />
                    <div
                      aria-hidden
                      style={{ position: 'absolute', top: -3, bottom: -3, left: `${threshold}%`, borderLeft: '2px solid #595959' }}
                    />
                  </div>
                  <Typography.Text style={{ minWidth: 48, textAlign: 'right', fontSize: 12 }} type={reached ? 'success' : undefined}>
                    {w.successRate}%
                  </Typography.Text>
                </Flex>
              </Tooltip>
            );
          },
        },
        {
          key: 'startedAt',
          title: t('upgrade.wave.startedAt'),
          dataIndex: 'startedAt',
          width: 170,
          render: (v: string | null) =>
            v ? formatDateTime(v) : <Typography.Text type="secondary">{t('upgrade.wave.notStarted')}</Typography.Text>,
        },
      ]}
    />
  );
}
