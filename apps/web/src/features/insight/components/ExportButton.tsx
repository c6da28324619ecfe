/**
 * Export of a log or statistics table (issue 15 §5): a button opening a dialog with the range (at
 * most 90 days, where the table has one) and the format (xlsx or CSV); the export call answers a
 * signed link and the row count, the file streams with a progress bar (fetchWithProgress) and is
 * saved under the server's file name. Refusals (the range, 2 exports running) are the server's
 * catalogue messages, shown by the API client.
 */
import { EXPORT_RANGE_MAX_DAYS, dateRangeError, type ExportFormat, type InsightExportResult } from '@portal/contract';
import { Alert, Button, DatePicker, Flex, Form, Modal, Progress, Radio, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadOutlined } from '../../../components/icons';
import { rangeLimit } from '../../../components/range-limit';
import {
  DownloadError,
  type DownloadProgress,
  EST_XLSX_BYTES_PER_ROW,
  fetchWithProgress,
  progressPercent,
  saveBlob,
} from '../../../lib/download';
import { formatBytes } from '../../../lib/format';
import { translateValidation } from '../../../lib/i18n/validation';
import { notify } from '../../../lib/notify';

export type ExportRange = { from: number; to: number };

interface ExportForm {
  range?: [Dayjs | null, Dayjs | null] | null;
  format: ExportFormat;
}

export function ExportButton(props: {
  /** What is exported, for the button's and the dialog's names ("the operation log"). */
  what: string;
  /** The range the screen shows (the dialog starts with it); absent: the table has no range. */
  range?: [Dayjs, Dayjs];
  /** Calls the export: a signed link, the rows, the file name. */
  request: (d: { range?: ExportRange; format: ExportFormat }) => Promise<InsightExportResult>;
  testId?: string;
  /** The button's text (default "Export"). */
  label?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<ExportForm>();
  const [pending, setPending] = useState(false);
  const [progress, setProgress] = useState<{ rows: number; p: DownloadProgress | null } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const run = async () => {
    const v = await form.validateFields();
    const range =
      v.range?.[0] && v.range[1] ? { from: v.range[0].startOf('day').valueOf(), to: v.range[1].endOf('day').valueOf() } : undefined;
    setFailed(null);
    let answer: InsightExportResult;
    setPending(true);
    try {
      answer = await props.request({ ...(range ? { range } : {}), format: v.format });
    } catch {
      return; // the API client said why
    } finally {
      setPending(false);
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
      saveBlob(blob, answer.fileName);
      notify('success', 'insight-export', t('insight.export.done', { rows: answer.rows }));
      setProgress(null);
      setOpen(false);
    } catch (e) {
      setProgress(null);
      if (e instanceof DownloadError && e.kind === 'aborted') return;
      setFailed(t('insight.export.failed'));
    } finally {
      abort.current = null;
    }
  };

  const close = () => {
    abort.current?.abort();
    setProgress(null);
    setFailed(null);
    setOpen(false);
  };

  return (
    <>
      <Button icon={<DownloadOutlined />} onClick={() => setOpen(true)} data-testid={props.testId ?? 'export-open'}>
        {props.label ?? t('insight.export.button')}
      </Button>
      <Modal
        open={open}
        title={t('insight.export.title', { what: props.what })}
        okText={t('insight.export.submit')}
        okButtonProps={{ icon: <DownloadOutlined />, disabled: !!progress, 'data-testid': 'export-submit' } as never}
        confirmLoading={pending}
        cancelText={progress ? t('insight.export.stop') : t('insight.export.cancel')}
        onOk={() => void run().catch(() => undefined)}
        onCancel={close}
        destroyOnHidden
      >
        <Form<ExportForm>
          form={form}
          layout="vertical"
          initialValues={{ format: 'xlsx', ...(props.range ? { range: props.range } : {}) }}
          noValidate
        >
          {props.range && (
            <Form.Item
              name="range"
              label={t('insight.export.range')}
              required
              extra={t('insight.export.rangeHint', { days: EXPORT_RANGE_MAX_DAYS })}
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
                aria-label={t('insight.export.range')}
              />
            </Form.Item>
          )}
          {!props.range && (
            <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
              {t('insight.export.asOfHint')}
            </Typography.Paragraph>
          )}
          <Form.Item name="format" label={t('insight.export.format')}>
            <Radio.Group
              aria-label={t('insight.export.format')}
              options={[
                { value: 'xlsx', label: t('insight.export.xlsx') },
                { value: 'csv', label: t('insight.export.csv') },
              ]}
            />
          </Form.Item>
        </Form>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          {t('insight.export.fixedHint')}
        </Typography.Paragraph>
        {progress && (
          <Flex vertical gap={4} data-testid="export-progress">
            <Typography.Text>{t('insight.export.downloading', { rows: progress.rows })}</Typography.Text>
            <Progress percent={progressPercent(progress.p)} status="active" aria-label={t('insight.export.progress')} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('insight.export.received', { size: formatBytes(progress.p?.received ?? 0) })}
            </Typography.Text>
          </Flex>
        )}
        {failed && <Alert type="error" showIcon title={failed} />}
      </Modal>
    </>
  );
}
