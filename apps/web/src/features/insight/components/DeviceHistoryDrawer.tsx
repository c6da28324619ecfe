/**
 * A device's page (issue 15 §1, §4): its health now, the end user it is bound to (e-mail masked by
 * the server), its upgrade tasks, its events newest first (activation, online, offline, version
 * changes, upgrade results with their code, bindings, log uploads) as a timeline a screen reader
 * reads as a list, and its logs (DeviceLogs: request, list, download).
 */
import { Alert, Descriptions, Drawer, Empty, Skeleton, Table, Tag, Timeline, Typography } from 'antd';
import type { DeviceEvent, DeviceTask } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useDeviceHistory } from '../api/insight-api';
import { DeviceLogs } from './DeviceLogs';

const COLORS: Record<DeviceEvent['kind'], string> = {
  activation: 'blue',
  online: 'green',
  offline: 'gray',
  version_change: 'blue',
  upgrade_success: 'green',
  upgrade_failed: 'red',
  bound: 'blue',
  unbound: 'gray',
  log_uploaded: 'blue',
};

function EventText({ e }: { e: DeviceEvent }) {
  const { t } = useTranslation();
  switch (e.kind) {
    case 'version_change':
      return <>{t('insight.history.versionChange', { from: e.fromVersion || '-', to: e.version || '-' })}</>;
    case 'upgrade_failed':
      return <>{t('insight.history.upgradeFailed', { code: e.code || '-', version: e.version || '-' })}</>;
    default:
      return <>{t(`insight.history.kinds.${e.kind}`)}</>;
  }
}

function DeviceTasks({ tasks }: { tasks: DeviceTask[] }) {
  const { t } = useTranslation();
  if (tasks.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('insight.historyExtra.tasksEmpty')} />;
  return (
    <Table<DeviceTask>
      size="small"
      rowKey="taskId"
      data-testid="device-tasks"
      pagination={false}
      dataSource={tasks}
      scroll={{ x: 500 }}
      columns={[
        { key: 'task', title: t('insight.historyExtra.task'), width: 70, render: (_, r) => `#${r.taskId}` },
        {
          key: 'version',
          title: t('insight.historyExtra.taskVersion'),
          width: 150,
          render: (_, r) => t('insight.diag.versionPair', { from: r.fromVersion || '-', to: r.versionName || '-' }),
        },
        {
          key: 'state',
          title: t('insight.historyExtra.taskState'),
          width: 120,
          render: (_, r) => (
            <Tag color={r.state === 'success' ? 'green' : r.state === 'failed' ? 'red' : 'default'}>
              {t(`insight.historyExtra.states.${r.state}`, { defaultValue: r.state })}
            </Tag>
          ),
        },
        { key: 'code', title: t('insight.historyExtra.taskCode'), width: 120, render: (_, r) => r.errorCode || '-' },
        { key: 'at', title: t('insight.logs.time'), width: 160, render: (_, r) => (r.updatedAt ? formatDateTime(r.updatedAt) : '-') },
      ]}
    />
  );
}

export function DeviceHistoryDrawer({ deviceId, onClose }: { deviceId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const history = useDeviceHistory(deviceId);
  const d = history.data?.device;
  return (
    <Drawer open={deviceId !== null} onClose={onClose} size={560} title={t('insight.history.title')} destroyOnHidden>
      {history.isError ? (
        <Alert type="error" showIcon title={t('insight.history.failed')} />
      ) : !history.data || !d ? (
        <Skeleton active />
      ) : (
        <div data-testid="device-history">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('insight.sn')}>{d.sn}</Descriptions.Item>
            <Descriptions.Item label={t('insight.model')}>{d.model}</Descriptions.Item>
            <Descriptions.Item label={t('insight.version')}>{d.version || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('insight.customer')}>{d.customerName || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('insight.state')}>
              <Tag color={d.online ? 'green' : 'default'}>{d.online ? t('insight.online') : t('insight.offline')}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('insight.lastSeen')}>
              {d.lastSeenAt ? formatDateTime(d.lastSeenAt) : t('insight.never')}
            </Descriptions.Item>
            <Descriptions.Item label={t('insight.historyExtra.endUser')}>
              <span data-testid="device-end-user">
                {history.data.endUser ? (
                  <>
                    {history.data.endUser.account}
                    {history.data.endUser.boundAt ? (
                      <Typography.Text type="secondary">
                        {' · '}
                        {t('insight.historyExtra.boundSince', { time: formatDateTime(history.data.endUser.boundAt) })}
                      </Typography.Text>
                    ) : null}
                  </>
                ) : (
                  t('insight.historyExtra.unbound')
                )}
              </span>
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('insight.historyExtra.tasks')}
          </Typography.Title>
          <DeviceTasks tasks={history.data.tasks} />
          <DeviceLogs deviceId={d.id} />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('insight.history.events')}
          </Typography.Title>
          {history.data.events.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('insight.history.empty')} />
          ) : (
            <Timeline
              items={history.data.events.map((e) => ({
                key: e.id,
                color: COLORS[e.kind],
                content: (
                  <div data-testid={`device-event-${e.kind}`}>
                    <Typography.Text>
                      <EventText e={e} />
                    </Typography.Text>
                    <br />
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {formatDateTime(e.at)}
                    </Typography.Text>
                  </div>
                ),
              }))}
            />
          )}
        </div>
      )}
    </Drawer>
  );
}
