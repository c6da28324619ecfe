/**
 * A device's logs on its page (issue 15 §4 "Request logs", §5 "Device log"): state, size, requester
 * and time, a download of an uploaded log (signed link), and "Request log" for a holder of
 * dealer_device_mgr (the device's next poll uploads it; the list looks again while one waits).
 */
import { Alert, Button, Table, Tag, Typography } from 'antd';
import type { DeviceLog, DeviceLogState } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { DownloadOutlined } from '../../../components/icons';
import { formatBytes, formatDateTime } from '../../../lib/format';
import { useSessionUser } from '../../../lib/session/session-store';
import { useDeviceLogLink, useDeviceLogs, useRequestDeviceLog } from '../api/insight-api';

const STATE_COLORS: Record<DeviceLogState, string> = { requested: 'processing', uploaded: 'success', expired: 'default' };

export function DeviceLogs({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const codes = user?.authResList ?? [];
  const mayRequest = codes.includes('dealer_device_mgr');
  const mayRead = mayRequest || codes.includes('rmr_qry');
  const logs = useDeviceLogs(deviceId, mayRead);
  const request = useRequestDeviceLog();
  const link = useDeviceLogLink();
  if (!mayRead) return null;

  const waiting = logs.data?.records.some((r) => r.state === 'requested') ?? false;
  const download = async (logId: number) => {
    try {
      const { url } = await link.mutateAsync(logId);
      window.open(url, '_blank', 'noopener');
    } catch {
      /* shown by the API client */
    }
  };

  return (
    <section aria-labelledby="device-logs-title" data-testid="device-logs" style={{ marginTop: 16 }}>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
        <Typography.Title level={5} id="device-logs-title" style={{ margin: 0 }}>
          {t('insight.logs.title')}
        </Typography.Title>
        {mayRequest && (
          <Button
            size="small"
            onClick={() => request.mutate(deviceId)}
            loading={request.isPending}
            disabled={waiting}
            data-testid="device-log-request"
          >
            {t('insight.logs.request')}
          </Button>
        )}
      </div>
      {logs.data && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '4px 0 8px' }}>
          {waiting ? t('insight.logs.waiting') : t('insight.logs.retention', { days: logs.data.retentionDays })}
        </Typography.Paragraph>
      )}
      {logs.isError ? (
        <Alert type="error" showIcon title={t('insight.logs.failed')} />
      ) : (
        <Table<DeviceLog>
          size="small"
          rowKey="id"
          loading={logs.isLoading}
          dataSource={logs.data?.records ?? []}
          pagination={false}
          locale={{ emptyText: t('insight.logs.empty') }}
          columns={[
            {
              title: t('insight.logs.state'),
              dataIndex: 'state',
              render: (s: DeviceLogState) => (
                <Tag color={STATE_COLORS[s]} data-testid={`device-log-state-${s}`}>
                  {t(`insight.logs.states.${s}`)}
                </Tag>
              ),
            },
            { title: t('insight.logs.size'), dataIndex: 'size', render: (v: number | null) => formatBytes(v) },
            {
              title: t('insight.logs.requester'),
              dataIndex: 'requesterName',
              render: (v: string | null) => v ?? t('insight.logs.unasked'),
            },
            {
              title: t('insight.logs.time'),
              key: 'time',
              render: (_: unknown, r) => formatDateTime(r.uploadedAt ?? r.requestedAt),
            },
            {
              title: t('insight.logs.file'),
              key: 'download',
              render: (_: unknown, r) =>
                r.state === 'uploaded' ? (
                  <Button
                    type="link"
                    size="small"
                    icon={<DownloadOutlined />}
                    onClick={() => void download(r.id)}
                    aria-label={t('insight.logs.downloadOf', { time: formatDateTime(r.uploadedAt) })}
                    data-testid={`device-log-download-${r.id}`}
                  >
                    {t('insight.logs.download')}
                  </Button>
                ) : (
                  '-'
                ),
            },
          ]}
        />
      )}
    </section>
  );
}
