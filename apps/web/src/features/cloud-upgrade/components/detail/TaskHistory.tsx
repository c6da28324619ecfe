import type { ReleaseTaskDetail } from '@portal/contract';
import { Empty, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format';

/** What happened to the task, newest first: who moved it from which state to which, and why. */
export function TaskHistory({ task }: { task: ReleaseTaskDetail }) {
  const { t, i18n } = useTranslation();
  if (task.history.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('upgrade.detail.noHistory')} />;
  const stateLabel = (s: string) => (i18n.exists(`upgrade.taskStatus.${s}`) ? t(`upgrade.taskStatus.${s}`) : s);
  const actionLabel = (a: string) => (i18n.exists(`upgrade.historyAction.${a}`) ? t(`upgrade.historyAction.${a}`) : a);
  // The platform's own moves carry a pause-reason key as their reason, and 'system' as the actor.
  const reasonLabel = (r: string) => (i18n.exists(`upgrade.pauseReason.${r}`) ? t(`upgrade.pauseReason.${r}`) : r);
  const byLabel = (by: string) => (!by || by === 'system' ? t('upgrade.detail.system') : by);
  return (
    <Timeline
      data-testid="task-history"
      items={[...task.history].reverse().map((h, i) => ({
        key: i,
        color: h.to === 'in_release' || h.to === 'completed' ? 'green' : h.to === 'revoked' || h.to === 'ended' ? 'red' : 'blue',
        content: (
          <div>
            <Typography.Text strong>{actionLabel(h.action)}</Typography.Text>{' '}
            <Typography.Text type="secondary">{h.from ? `${stateLabel(h.from)} → ${stateLabel(h.to)}` : stateLabel(h.to)}</Typography.Text>
            <div style={{ fontSize: 12 }}>
              <Typography.Text type="secondary">
                {formatDateTime(h.at)} · {byLabel(h.by)}
              </Typography.Text>
            </div>
            {h.reason && <div style={{ fontSize: 12 }}>{t('upgrade.detail.reason', { reason: reasonLabel(h.reason) })}</div>}
          </div>
        ),
      }))}
    />
  );
}
