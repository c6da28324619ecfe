import { DownloadOutlined, FileExcelOutlined, InboxOutlined } from '../../../../components/icons';
import { DEVICE_IMPORT_COLUMNS, DEVICE_IMPORT_REQUIRED, IMPORT_MAX_ROWS, importFileError } from '@portal/contract';
import { Alert, Button, Col, Flex, Modal, Row, Statistic, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../../../../lib/api/upload';
import { translateValidation } from '../../../../lib/i18n/validation';
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

  const pick = (f: File) => {
    const bad = importFileError('device', { name: f.name, size: f.size, type: f.type });
    setProblem(bad ? translateValidation(bad) : null);
    setFile(bad ? null : f);
    setResult(null);
    return false;
  };

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
        <Flex vertical gap={12}>
          <Upload.Dragger accept=".xlsx" multiple={false} showUploadList={false} beforeUpload={pick} data-testid="import-file">
            <Flex vertical align="center" gap={2}>
              {file ? (
                <FileExcelOutlined style={{ fontSize: 28, color: '#389e0d' }} />
              ) : (
                <InboxOutlined style={{ fontSize: 28, color: '#1668dc' }} />
              )}
              <Typography.Text>{file ? file.name : t('upgrade.devices.import.drop')}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('upgrade.devices.import.limits', { rows: IMPORT_MAX_ROWS.toLocaleString() })}
              </Typography.Text>
            </Flex>
          </Upload.Dragger>
          {problem && <Alert type="error" showIcon title={problem} />}
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 0 }}>
            {t('upgrade.devices.import.columns', {
              columns: DEVICE_IMPORT_COLUMNS.join(', '),
              required: DEVICE_IMPORT_REQUIRED.join(', '),
            })}
          </Typography.Paragraph>
        </Flex>
      )}
    </Modal>
  );
}
