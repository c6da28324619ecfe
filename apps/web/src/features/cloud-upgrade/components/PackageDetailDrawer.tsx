import type { FirmwarePackage } from '@portal/contract';
import { Badge, Descriptions, Drawer, Empty, Image, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { usePackage } from '../api/upgrade-api';
import { formatBytes, languageName, percentOf } from '../lib/display';
import { PackageStatusTag } from './StatusTags';

const SYNC_BADGE = { pending: 'processing', synced: 'success', failed: 'error' } as const;

/** Everything about one package: fields, hashes, upload and sync state per DC, signing sheet, notes. */
export function PackageDetailDrawer({
  pkgId,
  onClose,
  extra,
}: {
  pkgId: number | null;
  onClose: () => void;
  extra?: (pkg: FirmwarePackage) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const { data: pkg } = usePackage(pkgId);
  const locale = currentLocale();
  return (
    <Drawer
      open={pkgId !== null}
      onClose={onClose}
      size={640}
      title={pkg ? t('upgrade.detail.packageTitle', { version: pkg.versionName }) : t('upgrade.detail.packageTitle', { version: '' })}
      extra={pkg && extra?.(pkg)}
      destroyOnHidden
    >
      {pkg && (
        <Space orientation="vertical" size={20} style={{ width: '100%' }} data-testid="package-detail">
          <Descriptions column={1} size="small" bordered styles={{ label: { width: 170 } }}>
            <Descriptions.Item label={t('upgrade.field.status')}>
              <PackageStatusTag pkg={pkg} />
            </Descriptions.Item>
            <Descriptions.Item label={t('upgrade.field.productType')}>{t(`upgrade.productType.${pkg.productType}`)}</Descriptions.Item>
            <Descriptions.Item label={t('upgrade.field.models')}>
              {pkg.models.map((m) => (
                <Tag key={m}>{m}</Tag>
              ))}
            </Descriptions.Item>
            <Descriptions.Item label={t('upgrade.field.compatibleVersions')}>
              {pkg.compatibleVersions.map((m) => (
                <Tag key={m}>{m}</Tag>
              ))}
            </Descriptions.Item>
            <Descriptions.Item label={t('upgrade.field.isTest')}>
              {pkg.isTest ? <Tag color="gold">{t('upgrade.testPackage')}</Tag> : t('upgrade.no')}
            </Descriptions.Item>
            <Descriptions.Item label={t('upgrade.field.validityDays')}>
              {t('upgrade.daysCount', { count: pkg.validityDays })}
              {pkg.validUntil ? ` · ${t('upgrade.validUntil', { date: formatDateTime(pkg.validUntil) })}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('upgrade.field.fileName')}>{pkg.fileName}</Descriptions.Item>
            <Descriptions.Item label={t('upgrade.field.size')}>
              {formatBytes(pkg.size)}
              {pkg.status === 'upload_incomplete'
                ? ` · ${t('upgrade.detail.received', { percent: percentOf(pkg.uploadedBytes, pkg.size) })}`
                : ''}
            </Descriptions.Item>
            <Descriptions.Item label="MD5">
              <Typography.Text code copyable>
                {pkg.md5}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="SHA-256">
              {pkg.sha256 ? (
                <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                  {pkg.sha256}
                </Typography.Text>
              ) : (
                '-'
              )}
            </Descriptions.Item>
            {pkg.companyName && <Descriptions.Item label={t('upgrade.field.company')}>{pkg.companyName}</Descriptions.Item>}
            <Descriptions.Item label={t('upgrade.field.createdAt')}>{formatDateTime(pkg.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('upgrade.field.updatedAt')}>{formatDateTime(pkg.updatedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('upgrade.field.signSheet')}>
              {pkg.signSheetUrl ? <Image src={pkg.signSheetUrl} width={120} alt={t('upgrade.field.signSheet')} /> : '-'}
            </Descriptions.Item>
          </Descriptions>
          <div>
            <Typography.Title level={5}>{t('upgrade.detail.sync')}</Typography.Title>
            <Table
              size="small"
              rowKey="areaId"
              pagination={false}
              dataSource={pkg.sync}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('upgrade.detail.noSync')} /> }}
              columns={[
                { key: 'area', title: t('upgrade.field.area'), dataIndex: 'areaName' },
                {
                  key: 'state',
                  title: t('upgrade.field.status'),
                  dataIndex: 'state',
                  render: (s: keyof typeof SYNC_BADGE) => <Badge status={SYNC_BADGE[s]} text={t(`upgrade.syncState.${s}`)} />,
                },
                { key: 'at', title: t('upgrade.field.time'), dataIndex: 'at', render: (v: string | null) => formatDateTime(v) },
              ]}
            />
          </div>
          <div>
            <Typography.Title level={5}>{t('upgrade.field.descriptions')}</Typography.Title>
            {Object.entries(pkg.descriptions).map(([lang, text]) => (
              <div key={lang} style={{ marginBottom: 12 }}>
                <Typography.Text type="secondary">{languageName(lang, locale)}</Typography.Text>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{text}</Typography.Paragraph>
              </div>
            ))}
          </div>
        </Space>
      )}
    </Drawer>
  );
}
