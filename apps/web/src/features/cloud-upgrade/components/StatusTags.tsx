import type { FirmwarePackage, ReleaseTask, TaskDeviceState } from '@portal/contract';
import { Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const PACKAGE_COLORS: Record<FirmwarePackage['status'], string> = {
  upload_incomplete: 'warning',
  verifying: 'processing',
  verification_failed: 'error',
  syncing: 'processing',
  sync_failed: 'error',
  synced: 'success',
  abandoned: 'default',
  deleted: 'default',
};

const TASK_COLORS: Record<ReleaseTask['status'], string> = {
  unreleased: 'default',
  in_release: 'processing',
  paused: 'warning',
  ended: 'default',
  expired: 'default',
  external_paused: 'orange',
  revoked: 'red',
  supplier_suspended: 'magenta',
  gray_complete: 'cyan',
  completed: 'success',
};

const DEVICE_COLORS: Record<TaskDeviceState, string> = {
  pending: 'default',
  notified: 'blue',
  downloading: 'processing',
  installing: 'processing',
  success: 'success',
  failed: 'error',
  cancelled: 'default',
};

/** A package's state; a failure shows the server's reason beside it (e.g. the md5 it computed). */
export function PackageStatusTag({
  pkg,
  showReason = true,
}: {
  pkg: Pick<FirmwarePackage, 'status' | 'statusReason'>;
  showReason?: boolean;
}) {
  const { t } = useTranslation();
  const tag = (
    <Tag color={PACKAGE_COLORS[pkg.status]} data-testid="package-status" style={{ marginInlineEnd: 0 }}>
      {t(`upgrade.packageStatus.${pkg.status}`)}
    </Tag>
  );
  if (!pkg.statusReason) return tag;
  const failed = pkg.status === 'verification_failed' || pkg.status === 'sync_failed';
  return (
    <div style={{ maxWidth: 260 }}>
      <Tooltip title={pkg.statusReason}>{tag}</Tooltip>
      {showReason && failed && (
        <Typography.Text type="danger" style={{ display: 'block', fontSize: 12, marginTop: 2 }} ellipsis={{ tooltip: pkg.statusReason }}>
          {pkg.statusReason}
        </Typography.Text>
      )}
    </div>
  );
}

export function TaskStatusTag({ status }: { status: ReleaseTask['status'] }) {
  const { t } = useTranslation();
  return (
    <Tag color={TASK_COLORS[status]} data-testid="task-status" style={{ marginInlineEnd: 0 }}>
      {t(`upgrade.taskStatus.${status}`)}
    </Tag>
  );
}

export function DeviceStateTag({ state }: { state: TaskDeviceState }) {
  const { t } = useTranslation();
  return <Tag color={DEVICE_COLORS[state]}>{t(`upgrade.deviceState.${state}`)}</Tag>;
}

export function ReleaseTypeTag({ task }: { task: Pick<ReleaseTask, 'releaseType' | 'speed' | 'grayCount'> }) {
  const { t } = useTranslation();
  const color = task.releaseType === 'gray' ? 'purple' : task.releaseType === 'specified' ? 'geekblue' : 'blue';
  return (
    <Tag color={color} style={{ marginInlineEnd: 0 }}>
      {t(`upgrade.releaseType.${task.releaseType}`)}
      {task.releaseType === 'gray' && task.speed ? ` · ${t(`upgrade.speed.${task.speed}`)}` : ''}
    </Tag>
  );
}
