/**
 * A device's logs on its page (issue 15 §4 "Request logs", §5 "Device log"): state, size, requester
 * and time, a download of an uploaded log (signed link), and "Request log" when the list answers
 * the `request` action (the device's next poll uploads it; the list looks again while one waits).
 * The brand's retention (7-180 days) is read by every reader and changed when the list answers
 * `setRetention` (insight/device/log/retention). Whether the section shows at all: insight/abilities.
 * Both from the server's policy (insight.policy.ts), never from the user's codes.
 */
import { Alert, Button, Flex, InputNumber, Table, Tag, Typography } from 'antd';
import { DEVICE_LOG_RETENTION_DAYS, type DeviceLog, type DeviceLogState } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadOutlined } from '../../../components/icons';
import { formatBytes, formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useDeviceLogLink, useDeviceLogs, useInsightAbilities, useRequestDeviceLog, useSetDeviceLogRetention } from '../api/insight-api';

const STATE_COLORS: Record<DeviceLogState, string> = { requested: 'processing', uploaded: 'success', expired: 'default' };

/** How long the device's brand keeps its logs; a brand's manager changes it in place. */
function Retention({ days, mayEdit }: { days: number; mayEdit: boolean }) {
  const { t } = useTranslation();
  const set = useSetDeviceLogRetention();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState<number | null>(days);
  const { min, max } = DEVICE_LOG_RETENTION_DAYS;
  const save = async () => {
    if (value === null) return;
    try {
      const r = await set.mutateAsync(value);
      notify('success', 'device-log-retention', t('insight.logs.retentionSaved', { days: r.retentionDays }));
      setEditing(false);
    } catch {
      /* shown by the API client */
    }
  };
  return (
    <Flex gap={8} align="center" wrap data-testid="device-log-retention" style={{ margin: '4px 0 8px' }}>
      {!editing ? (
        <>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="device-log-retention-days">
            {t('insight.logs.retention', { days })}
          </Typography.Text>
          {mayEdit && (
            <Button
              size="small"
              type="link"
              onClick={() => {
                setValue(days);
                setEditing(true);
              }}
              data-testid="device-log-retention-edit"
            >
              {t('insight.logs.retentionEdit')}
            </Button>
          )}
        </>
      ) : (
        <>
          <InputNumber
            size="small"
            min={min}
            max={max}
            precision={0}
            value={value}
            onChange={(v) => setValue(typeof v === 'number' ? v : null)}
            aria-label={t('insight.logs.retentionInput')}
            style={{ width: 90 }}
            data-testid="device-log-retention-input"
          />
          <Button
            size="small"
            type="primary"
            loading={set.isPending}
            disabled={value === null}
            onClick={() => void save()}
            data-testid="device-log-retention-save"
          >
            {t('insight.logs.retentionSave')}
          </Button>
          <Button size="small" onClick={() => setEditing(false)}>
            {t('insight.logs.retentionCancel')}
          </Button>
        </>
      )}
      {editing && (
        <Typography.Text type="secondary" style={{ fontSize: 12, flexBasis: '100%' }}>
          {t('insight.logs.retentionHint', { min, max })}
        </Typography.Text>
      )}
    </Flex>
  );
}

export function DeviceLogs({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const mayRead = useInsightAbilities().can('readDeviceLogs');
  const logs = useDeviceLogs(deviceId, mayRead);
  const mayRequest = !!logs.data?.actions.includes('request');
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
        <>
          {waiting && (
            <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '4px 0 0' }}>
              {t('insight.logs.waiting')}
            </Typography.Paragraph>
          )}
          {/* A brand sets its own retention (the server answers setRetention to a brand's manager only). */}
          <Retention days={logs.data.retentionDays} mayEdit={logs.data.actions.includes('setRetention')} />
        </>
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
