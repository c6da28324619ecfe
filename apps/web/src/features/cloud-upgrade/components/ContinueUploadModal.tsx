import { InboxOutlined } from '../../../components/icons';
import type { FirmwarePackage } from '@portal/contract';
import { Alert, App, Button, Descriptions, Flex, Modal, Progress, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, percentOf } from '../lib/display';
import { usePackageUpload } from '../lib/use-package-upload';
import { UploadProgressPanel } from './UploadProgressPanel';

/**
 * Continue the upload of a package left "upload incomplete" (a pause, a failure, a closed tab):
 * the user picks the same file again and only the chunks the store lacks are sent.
 */
export function ContinueUploadModal({ pkg, onClose }: { pkg: FirmwarePackage | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const upload = usePackageUpload();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const started = upload.phase !== 'idle';

  const pick = (f: File) => {
    if (!pkg) return false;
    if (f.size !== pkg.size) {
      setProblem(t('upgrade.continue.sizeMismatch', { name: f.name, size: formatBytes(f.size), expected: formatBytes(pkg.size) }));
      return false;
    }
    setProblem(null);
    setFile(f);
    void upload.start(pkg.pkgId, f);
    return false;
  };

  const close = () => {
    if (upload.busy) {
      modal.confirm({
        title: t('upgrade.upload.leaveTitle'),
        content: t('upgrade.upload.leaveContent'),
        okText: t('upgrade.upload.leaveOk'),
        cancelText: t('upgrade.cancel'),
        onOk: () => {
          upload.pause();
          onClose();
        },
      });
    } else onClose();
  };

  return (
    <Modal
      open={!!pkg}
      width={680}
      title={t('upgrade.continue.title', { version: pkg?.versionName ?? '' })}
      onCancel={close}
      mask={{ closable: false }}
      destroyOnHidden
      footer={<Button onClick={close}>{upload.phase === 'processing' ? t('upgrade.upload.done') : t('upgrade.close')}</Button>}
    >
      {pkg && (
        <Flex vertical gap={16}>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('upgrade.field.fileName')}>{pkg.fileName}</Descriptions.Item>
            <Descriptions.Item label={t('upgrade.field.size')}>{formatBytes(pkg.size)}</Descriptions.Item>
            <Descriptions.Item label={t('upgrade.field.md5')} span={2}>
              <Typography.Text code>{pkg.md5}</Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          {!started && (
            <>
              <div>
                <Typography.Text type="secondary">
                  {t('upgrade.continue.received', { done: formatBytes(pkg.uploadedBytes), total: formatBytes(pkg.size) })}
                </Typography.Text>
                <Progress percent={Math.floor(percentOf(pkg.uploadedBytes, pkg.size))} />
              </div>
              <Upload.Dragger multiple={false} showUploadList={false} beforeUpload={pick} data-testid="continue-file">
                <Flex vertical align="center" gap={2}>
                  <InboxOutlined style={{ fontSize: 28, color: '#1668dc' }} />
                  <Typography.Text>{t('upgrade.continue.pick', { name: pkg.fileName })}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('upgrade.continue.pickHint')}
                  </Typography.Text>
                </Flex>
              </Upload.Dragger>
              {problem && <Alert type="error" showIcon title={problem} />}
            </>
          )}
          {started && file && (
            <>
              {file.name !== pkg.fileName && (
                <Alert type="warning" showIcon title={t('upgrade.continue.nameDiffers', { name: file.name, expected: pkg.fileName })} />
              )}
              <UploadProgressPanel upload={upload} pkgId={pkg.pkgId} totalBytes={pkg.size} />
            </>
          )}
        </Flex>
      )}
    </Modal>
  );
}
