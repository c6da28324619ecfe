import { CANARY_WAVES, type CanarySpeed, canaryWaveSizes } from '@portal/contract';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** How a gray release of `count` devices moves at `speed`: its waves, their sizes and pacing. */
export function GrayWaves({
  count,
  speed,
  successThreshold,
  canary = CANARY_WAVES,
}: {
  count: number;
  speed: CanarySpeed;
  successThreshold: number;
  canary?: Record<string, { shares: readonly number[]; paceMinutes: number }>;
}) {
  const { t } = useTranslation();
  const plan = canary[speed] ?? CANARY_WAVES[speed];
  const sizes = canaryWaveSizes(count, speed);
  const rows = sizes.map((size, i) => ({
    index: i + 1,
    size,
    share: Math.round((plan.shares[i] ?? 0) * 1000) / 10,
    pace: i === 0 ? 0 : plan.paceMinutes,
  }));
  return (
    <div data-testid="gray-waves">
      <Table
        size="small"
        rowKey="index"
        pagination={false}
        dataSource={rows}
        columns={[
          { key: 'index', title: t('upgrade.wave.wave'), render: (_, r) => t('upgrade.wave.nth', { n: r.index }) },
          { key: 'share', title: t('upgrade.wave.share'), render: (_, r) => `${r.share}%` },
          { key: 'size', title: t('upgrade.wave.devices'), dataIndex: 'size' },
          {
            key: 'start',
            title: t('upgrade.wave.startsWhen'),
            render: (_, r) =>
              r.index === 1
                ? t('upgrade.wave.atStart')
                : r.pace > 0
                  ? t('upgrade.wave.afterGateAndPace', { threshold: successThreshold, minutes: r.pace })
                  : t('upgrade.wave.afterGate', { threshold: successThreshold }),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8, marginBottom: 0 }}>
        {t('upgrade.wave.grayExplain')}
      </Typography.Paragraph>
    </div>
  );
}
