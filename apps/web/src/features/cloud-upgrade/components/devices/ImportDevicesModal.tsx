import { DownloadOutlined } from '../../../../components/icons';
import { XlsxFilePicker } from '../../../../components/XlsxFilePicker';
import { DEVICE_IMPORT_COLUMNS, DEVICE_IMPORT_REQUIRED, IMPORT_MAX_ROWS } from '@portal/contract';
import { Alert, Button, Col, Flex, Modal, Row, Statistic } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../../../../lib/api/upload';
import { useImportDevices } from '../../api/upgrade-api';
import { TemplateDownloadButton } from '../TemplateDownloadButton';

type ImportResult = { total: number; created: number; updated: number; failed: number; errorFileUrl: string | null };

/** Import devices from an xlsx (file/upload purpose import, then device/import); shows what happened per row. */
export function ImportDevicesModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const importDevices = useImportDevices();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);

  const run = async () => {
    if (!file) return setProblem(t('upgrade.devices.import.fileRequired'));
    setUploading(true);
    try {
      const stored = await uploadFile('import', file);
      setResult(await importDevices.mutateAsync(stored.fileId));
    } catch {
      /* shown by the API client */
    } finally {
      setUploading(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('upgrade.devices.import.title')}
      onCancel={onClose}
      width={620}
      destroyOnHidden
      footer={
        result ? (
          <Button type="primary" onClick={onClose}>
            {t('upgrade.close')}
          </Button>
        ) : (
          <Flex justify="space-between">
            <TemplateDownloadButton kind="devices" />
            <span>
              <Button onClick={onClose} style={{ marginInlineEnd: 8 }}>
                {t('upgrade.cancel')}
              </Button>
              <Button type="primary" onClick={() => void run()} loading={uploading} disabled={!file} data-testid="import-submit">
                {t('upgrade.devices.import.submit')}
              </Button>
            </span>
          </Flex>
        )
      }
    >
      {result ? (
        <Flex vertical gap={16} data-testid="import-result">
          <Row gutter={16}>
            <Col span={6}>
              <Statistic title={t('upgrade.devices.import.total')} value={result.total} />
            </Col>
            <Col span={6}>
              <Statistic title={t('upgrade.devices.import.created')} value={result.created} styles={{ content: { color: '#389e0d' } }} />
            </Col>
            <Col span={6}>
              <Statistic title={t('upgrade.devices.import.updated')} value={result.updated} styles={{ content: { color: '#1668dc' } }} />
            </Col>
            <Col span={6}>
              <Statistic
                title={t('upgrade.devices.import.failed')}
                value={result.failed}
                styles={{ content: { color: result.failed ? '#cf1322' : undefined } }}
              />
            </Col>
          </Row>
          {result.failed > 0 ? (
            <Alert
              type="warning"
              showIcon
              title={t('upgrade.devices.import.someFailed', { count: result.failed })}
              description={t('upgrade.devices.import.errorFileHint')}
              action={
                result.errorFileUrl ? (
                  <Button
                    size="small"
                    icon={<DownloadOutlined />}
                    href={result.errorFileUrl}
                    target="_blank"
                    rel="noopener"
                    data-testid="import-error-file"
                  >
                    {t('upgrade.devices.import.errorFile')}
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <Alert type="success" showIcon title={t('upgrade.devices.import.allOk')} />
          )}
        </Flex>
      ) : (
        <XlsxFilePicker
          file={file}
          problem={problem}
          prompt={t('upgrade.devices.import.drop')}
          limits={t('upgrade.devices.import.limits', { rows: IMPORT_MAX_ROWS.toLocaleString() })}
          note={t('upgrade.devices.import.columns', {
            columns: DEVICE_IMPORT_COLUMNS.join(', '),
            required: DEVICE_IMPORT_REQUIRED.join(', '),
          })}
          onPick={(f, why) => {
            setFile(f);
            setProblem(why);
            setResult(null);
          }}
        />
      )}
    </Modal>
  );
}
