import type { TaskCounts } from '@portal/contract';
import { Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { percentOf } from '../lib/display';

const COLORS = { success: '#52c41a', failed: '#ff4d4f', inProgress: '#1677ff', toUpgrade: '#e6e8eb' };

/**
 * A task's devices as one stacked bar (succeeded, failed, notified or upgrading, still to upgrade)
 * with the finished share as a number.
 */
export function CountsBar({ counts, finished = false, width = 180 }: { counts: TaskCounts; finished?: boolean; width?: number | string }) {
  const { t } = useTranslation();
  // `notified` counts every device ever notified; the ones still on their way are the rest of the
  // target once the pending and finished ones are taken out (none once the task has finished).
  const inProgress = finished ? 0 : Math.max(counts.upgrading, counts.targetQuantity - counts.toUpgrade - counts.success - counts.failed);
  const total = Math.max(counts.targetQuantity, counts.success + counts.failed + inProgress + counts.toUpgrade);
  const parts = [
    { key: 'success', value: counts.success, color: COLORS.success },
    { key: 'failed', value: counts.failed, color: COLORS.failed },
    { key: 'inProgress', value: inProgress, color: COLORS.inProgress },
  ];
  const done = percentOf(counts.success + counts.failed, total);
  const tip = (
    <div>
      <div>
        {t('upgrade.counts.success')}: {counts.success}
      </div>
      <div>
        {t('upgrade.counts.failed')}: {counts.failed}
      </div>
      <div>
        {t('upgrade.counts.inProgress')}: {inProgress}
      </div>
      <div>
        {t('upgrade.counts.toUpgrade')}: {counts.toUpgrade}
      </div>
    </div>
  );
  return (
    <Tooltip title={tip}>
      <Flex align="center" gap={8} style={{ width }} data-testid="counts-bar">
        <div
          role="progressbar"
          aria-label={t('upgrade.counts.finishedShare')}
          aria-valuenow={done}
          aria-valuemin={0}
          aria-valuemax={100}
          style={{ flex: 1, height: 8, borderRadius: 4, background: COLORS.toUpgrade, overflow: 'hidden', display: 'flex' }}
        >
          {parts.map((p) =>
            p.value > 0 ? <div key={p.key} style={{ width: `${percentOf(p.value, total)}%`, background: p.color }} /> : null,
          )}
        </div>
        <Typography.Text type="secondary" style={{ fontSize: 12, minWidth: 42, textAlign: 'right' }}>
          {done}%
        </Typography.Text>
      </Flex>
    </Tooltip>
  );
}
