import { DownloadOutlined } from '../../../../components/icons';
import { EXPORT_RANGE_MAX_DAYS, type ReleaseTaskDetail, TASK_DEVICE_STATES, dateRangeError } from '@portal/contract';
import { Alert, DatePicker, Flex, Form, Modal, Progress, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rangeLimit } from '../../../../components/range-limit';
import { translateValidation } from '../../../../lib/i18n/validation';
import { notify } from '../../../../lib/notify';
import { useExportResults } from '../../api/upgrade-api';
import { formatBytes } from '../../lib/display';
import {
  DownloadError,
  type DownloadProgress,
  EST_XLSX_BYTES_PER_ROW,
  fetchWithProgress,
  progressPercent,
  saveBlob,
} from '../../../../lib/download';

interface ExportForm {
  range: [Dayjs | null, Dayjs | null] | null;
  state?: (typeof TASK_DEVICE_STATES)[number];
}

/**
 * Export the device results of a task as xlsx: a range of report times of at most 90 days and an
 * optional state; the file is streamed with a progress indicator, then saved.
 */
export function ExportResultsModal({ task, open, onClose }: { task: ReleaseTaskDetail; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ExportForm>();
  const request = useExportResults();
  const [progress, setProgress] = useState<{ rows: number; p: DownloadProgress | null } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  // From the task's creation, but no further back than the export limit allows.
  const earliest = dayjs().subtract(EXPORT_RANGE_MAX_DAYS - 1, 'day');
  const created = dayjs(task.createdAt);
  const start = created.isValid() && created.isAfter(earliest) ? created : earliest;

  const run = async () => {
    const v = await form.validateFields();
    const from = v.range![0]!.startOf('day').valueOf();
    const to = v.range![1]!.endOf('day').valueOf();
    setFailed(null);
    let answer: { url: string; rows: number };
    try {
      answer = await request.mutateAsync({ taskId: task.taskId, range: { from, to }, ...(v.state ? { state: v.state } : {}) });
    } catch {
      return;
    }
    const ctrl = new AbortController();
    abort.current = ctrl;
    setProgress({ rows: answer.rows, p: null });
    try {
      const blob = await fetchWithProgress(answer.url, {
        signal: ctrl.signal,
        estimatedBytes: Math.max(4096, answer.rows * EST_XLSX_BYTES_PER_ROW),
        onProgress: (p) => setProgress({ rows: answer.rows, p }),
      });
      saveBlob(blob, `task-${task.taskId}-results-${dayjs(from).format('YYYYMMDD')}-${dayjs(to).format('YYYYMMDD')}.xlsx`);
      notify('success', 'export-results', t('upgrade.export.done', { rows: answer.rows }));
      setProgress(null);
      onClose();
    } catch (e) {
      setProgress(null);
      if (e instanceof DownloadError && e.kind === 'aborted') return;
      setFailed(t('upgrade.export.failed'));
    } finally {
      abort.current = null;
    }
  };

  const cancel = () => {
    abort.current?.abort();
    setProgress(null);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('upgrade.export.title', { id: task.taskId })}
      okText={t('upgrade.export.submit')}
      okButtonProps={{ icon: <DownloadOutlined />, disabled: !!progress, 'data-testid': 'export-submit' } as never}
      confirmLoading={request.isPending}
      cancelText={progress ? t('upgrade.export.stop') : t('upgrade.cancel')}
      onOk={() => void run().catch(() => undefined)}
      onCancel={cancel}
      destroyOnHidden
    >
      <Form<ExportForm> form={form} layout="vertical" initialValues={{ range: [start, dayjs()] }} noValidate>
        <Form.Item
          name="range"
          label={t('upgrade.export.range')}
          required
          extra={t('upgrade.export.rangeHint', { days: EXPORT_RANGE_MAX_DAYS })}
          rules={[
            {
              validator: (_r, v: ExportForm['range']) => {
                const key = dateRangeError(
                  v?.[0]?.startOf('day').valueOf(),
                  v?.[1]?.endOf('day').valueOf(),
                  EXPORT_RANGE_MAX_DAYS,
                  'validation.exportRangeTooLong',
                );
                return key ? Promise.reject(new Error(translateValidation(key))) : Promise.resolve();
              },
            },
          ]}
        >
          <DatePicker.RangePicker
            {...rangeLimit(EXPORT_RANGE_MAX_DAYS, 'validation.exportRangeTooLong', { noFuture: true })}
            style={{ width: '100%' }}
            aria-label={t('upgrade.export.range')}
          />
        </Form.Item>
        <Form.Item name="state" label={t('upgrade.detail.deviceState')}>
          <Select
            allowClear
            placeholder={t('upgrade.export.allStates')}
            options={TASK_DEVICE_STATES.map((s) => ({ value: s, label: t(`upgrade.deviceState.${s}`) }))}
          />
        </Form.Item>
      </Form>
      {progress && (
        <Flex vertical gap={4} data-testid="export-progress">
          <Typography.Text>{t('upgrade.export.downloading', { rows: progress.rows })}</Typography.Text>
          <Progress percent={progressPercent(progress.p)} status="active" />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('upgrade.export.received', { size: formatBytes(progress.p?.received ?? 0) })}
          </Typography.Text>
        </Flex>
      )}
      {failed && <Alert type="error" showIcon title={failed} />}
    </Modal>
  );
}
