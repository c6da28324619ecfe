import {
  CheckCircleFilled,
  CloseCircleFilled,
  LoadingOutlined,
  PauseOutlined,
  CaretRightOutlined,
  RedoOutlined,
} from '../../../components/icons';
import type { FirmwarePackage } from '@portal/contract';
import { Alert, Button, Flex, Progress, Space, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePackage } from '../api/upgrade-api';
import { formatBytes, percentOf } from '../lib/display';
import type { usePackageUpload } from '../lib/use-package-upload';

type Upload = ReturnType<typeof usePackageUpload>;

/** Which step of upload -> verify -> sync a package is in (0-3), and whether that step failed. */
function pipelineOf(upload: Upload, pkg: FirmwarePackage | undefined): { current: number; failed: boolean } {
  if (upload.phase === 'uploading' || upload.phase === 'paused' || upload.phase === 'idle') return { current: 0, failed: false };
  if (upload.phase === 'failed') return { current: pkg?.status === 'verification_failed' ? 1 : 0, failed: true };
  switch (pkg?.status) {
    case 'verification_failed':
      return { current: 1, failed: true };
    case 'syncing':
      return { current: 2, failed: false };
    case 'sync_failed':
      return { current: 2, failed: true };
    case 'synced':
      return { current: 3, failed: false };
    default:
      return { current: 1, failed: false };
  }
}

/**
 * Progress of one package upload and of the server's work after it: bytes and speed, pause and
 * resume, then md5 verification and sync to the DCs (polled), ending in "ready" or the failure reason.
 */
export function UploadProgressPanel({ upload, pkgId, totalBytes }: { upload: Upload; pkgId: number; totalBytes: number }) {
  const { t } = useTranslation();
  const after = upload.phase === 'processing' || upload.phase === 'completing';
  const pkg = usePackage(after ? pkgId : null, { untilSettled: true }).data;
  const { current, failed } = pipelineOf(upload, pkg);
  const done = upload.progress?.uploadedBytes ?? 0;
  const percent = upload.phase === 'processing' || upload.phase === 'completing' ? 100 : Math.floor(percentOf(done, totalBytes));
  const remaining = upload.speed ? Math.max(0, (totalBytes - done) / upload.speed) : null;

  const stepStatus = (i: number) =>
    i < current ? 'finish' : i === current ? (failed ? 'error' : current === 3 ? 'finish' : 'process') : 'wait';
  return (
    <Flex vertical gap={16} data-testid="upload-progress">
      <Steps
        size="small"
        current={current}
        items={[
          {
            title: t('upgrade.upload.stepUpload'),
            status: stepStatus(0),
            icon: current === 0 && upload.phase === 'uploading' ? <LoadingOutlined /> : undefined,
          },
          {
            title: t('upgrade.upload.stepVerify'),
            status: stepStatus(1),
            icon: current === 1 && !failed ? <LoadingOutlined /> : undefined,
          },
          { title: t('upgrade.upload.stepSync'), status: stepStatus(2), icon: current === 2 && !failed ? <LoadingOutlined /> : undefined },
          { title: t('upgrade.upload.stepReady'), status: stepStatus(3) },
        ]}
      />
      <div>
        <Progress
          percent={percent}
          status={
            upload.phase === 'failed' ? 'exception' : upload.phase === 'uploading' ? 'active' : percent === 100 ? 'success' : 'normal'
          }
          data-testid="upload-percent"
        />
        <Flex justify="space-between" wrap gap={8}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('upgrade.upload.bytes', { done: formatBytes(done), total: formatBytes(totalBytes) })}
            {upload.progress && upload.progress.chunksTotal > 0
              ? ` · ${t('upgrade.upload.chunks', { done: upload.progress.chunksDone, total: upload.progress.chunksTotal })}`
              : ''}
          </Typography.Text>
          {upload.phase === 'uploading' && upload.speed && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('upgrade.upload.speed', { speed: formatBytes(upload.speed) })}
              {remaining !== null ? ` · ${t('upgrade.upload.remaining', { seconds: Math.ceil(remaining) })}` : ''}
            </Typography.Text>
          )}
        </Flex>
      </div>
      <Space wrap>
        {upload.phase === 'uploading' && (
          <Button icon={<PauseOutlined />} onClick={upload.pause} data-testid="upload-pause">
            {t('upgrade.upload.pause')}
          </Button>
        )}
        {upload.phase === 'paused' && (
          <Button type="primary" icon={<CaretRightOutlined />} onClick={() => void upload.start()} data-testid="upload-resume">
            {t('upgrade.upload.resume')}
          </Button>
        )}
        {upload.phase === 'failed' && pkg?.status !== 'verification_failed' && (
          <Button type="primary" icon={<RedoOutlined />} onClick={() => void upload.start()} data-testid="upload-retry">
            {t('upgrade.upload.retry')}
          </Button>
        )}
      </Space>
      {upload.phase === 'paused' && <Alert type="info" showIcon title={t('upgrade.upload.pausedHint')} />}
      {upload.phase === 'failed' && upload.error && (
        <Alert type="error" showIcon title={upload.error} description={t('upgrade.upload.failedHint')} />
      )}
      {after && pkg?.status === 'synced' && (
        <Alert
          type="success"
          showIcon
          icon={<CheckCircleFilled />}
          title={t('upgrade.upload.ready', { version: pkg.versionName })}
          data-testid="upload-ready"
        />
      )}
      {after && pkg && (pkg.status === 'verification_failed' || pkg.status === 'sync_failed') && (
        <Alert
          type="error"
          showIcon
          icon={<CloseCircleFilled />}
          title={t(`upgrade.upload.${pkg.status === 'verification_failed' ? 'verifyFailed' : 'syncFailed'}`)}
          description={pkg.statusReason ?? undefined}
        />
      )}
      {after && (!pkg || pkg.status === 'verifying' || pkg.status === 'syncing' || pkg.status === 'upload_incomplete') && (
        <Typography.Text type="secondary">{t('upgrade.upload.processingHint')}</Typography.Text>
      )}
    </Flex>
  );
}
