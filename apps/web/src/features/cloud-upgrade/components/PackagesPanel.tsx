import {
  CloudUploadOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  FileTextOutlined,
  MoreOutlined,
  RocketOutlined,
  UploadOutlined,
} from '../../../components/icons';
import { type FirmwarePackage, PRODUCT_TYPES, firmwarePackageMachine } from '@portal/contract';
import { App, Button, Dropdown, Select, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CellText, ListToolbar, PagedTable, savedListBindings, useListQuery, useTablePrefs } from '../../../components/list';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { type PackageAction, type PackageListQuery, useOperatePackage, usePackageList, useUpgradeAbilities } from '../api/upgrade-api';
import { formatBytes, formatDate, percentOf } from '../lib/display';
import { useUpgradeViewer } from '../lib/viewer';
import { ContinueUploadModal } from './ContinueUploadModal';
import { PackageDetailDrawer } from './PackageDetailDrawer';
import { PackageEditModal } from './PackageEditModal';
import { PackageUploadModal } from './PackageUploadModal';
import { PackageStatusTag } from './StatusTags';
import { VersionNotesModal } from './VersionNotesModal';

/** Operate actions (firmwarePackageMachine) offered in the row menu, in this order. */
const OPERATE_ACTIONS: PackageAction[] = ['retrySync', 'restartUpload', 'abandon', 'restore', 'delete'];
/** Actions that need a confirmation. */
const CONFIRMED: PackageAction[] = ['abandon', 'delete', 'restartUpload'];
const OPTIONAL_COLUMNS = ['company', 'models', 'compatibleVersions', 'size', 'validity', 'createdAt'] as const;
const DEFAULT_HIDDEN = ['compatibleVersions'];
/** Shown by default from 1600 px: at 1366 px the other columns take the width. */
const WIDE_ONLY = ['createdAt'];

type Filters = Omit<PackageListQuery, 'pageNum' | 'pageSize'>;

export const RELEASE_PATH = '/layout/cloudUpgrade/canaryRelease';

/** Firmware packages: filter by product type, text and state; upload; exactly the actions the server answers with each package. */
export function PackagesPanel({ onShowTasks }: { onShowTasks?: (pkgId: number) => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const viewer = useUpgradeViewer();
  const abilities = useUpgradeAbilities();
  const canUpload = abilities.can('uploadPackage');
  const prefs = useTablePrefs('cloudUpgrade.packages', DEFAULT_HIDDEN, WIDE_ONLY);
  const list = useListQuery<Filters>({}, prefs.pageSize);
  const bind = savedListBindings(list, prefs);
  const [searchText, setSearchText] = useState('');
  const { data, isFetching, refetch } = usePackageList(list.query);
  const operate = useOperatePackage();
  const [uploadOpen, setUploadOpen] = useState(false);
  const [continuing, setContinuing] = useState<FirmwarePackage | null>(null);
  const [editing, setEditing] = useState<FirmwarePackage | null>(null);
  const [notesOf, setNotesOf] = useState<number | null>(null);
  const [detailOf, setDetailOf] = useState<number | null>(null);

  const run = async (action: PackageAction, pkg: FirmwarePackage) => {
    try {
      const next = await operate.mutateAsync({ pkgId: pkg.pkgId, action });
      notify('success', `package-${action}`, t(`upgrade.packageDone.${action}`, { version: pkg.versionName }));
      if (action === 'restartUpload') setContinuing(next);
    } catch {
      /* shown by the API client */
    }
  };

  const act = (action: PackageAction, pkg: FirmwarePackage) => {
    if (!CONFIRMED.includes(action)) return void run(action, pkg);
    modal.confirm({
      title: t(`upgrade.packageConfirm.${action}.title`, { version: pkg.versionName }),
      content: t(`upgrade.packageConfirm.${action}.content`),
      okText: t(`upgrade.packageAction.${action}`),
      cancelText: t('upgrade.cancel'),
      okButtonProps: { danger: action !== 'restartUpload' },
      onOk: () => run(action, pkg),
    });
  };

  const release = (pkg: FirmwarePackage) => void navigate(`${RELEASE_PATH}?pkgId=${pkg.pkgId}`);

  const columns: ColumnsType<FirmwarePackage> = [
    {
      key: 'versionName',
      title: t('upgrade.field.versionName'),
      fixed: 'left',
      width: 150,
      render: (_, p) => (
        <Space orientation="vertical" size={2}>
          <Typography.Link onClick={() => setDetailOf(p.pkgId)} data-testid={`package-${p.pkgId}`}>
            {p.versionName}
          </Typography.Link>
          <Space size={4}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(`upgrade.productType.${p.productType}`)}
            </Typography.Text>
            {p.isTest && <Tag color="gold">{t('upgrade.testPackage')}</Tag>}
          </Space>
        </Space>
      ),
    },
    { key: 'status', title: t('upgrade.field.status'), width: 150, render: (_, p) => <PackageStatusTag pkg={p} /> },
    { key: 'models', title: t('upgrade.field.models'), width: 120, render: (_, p) => <CellText text={p.models.join(', ')} /> },
    {
      key: 'compatibleVersions',
      title: t('upgrade.field.compatibleVersions'),
      width: 160,
      render: (_, p) => <CellText text={p.compatibleVersions.join(', ')} />,
    },
    {
      key: 'company',
      title: t('upgrade.field.company'),
      dataIndex: 'companyName',
      width: 150,
      render: (v: string) => <CellText text={v} />,
    },
    {
      key: 'size',
      title: t('upgrade.field.size'),
      width: 90,
      align: 'right',
      render: (_, p) =>
        p.status === 'upload_incomplete' ? (
          <Tooltip title={t('upgrade.detail.received', { percent: percentOf(p.uploadedBytes, p.size) })}>
            <span>
              {formatBytes(p.uploadedBytes)} / {formatBytes(p.size)}
            </span>
          </Tooltip>
        ) : (
          formatBytes(p.size)
        ),
    },
    {
      key: 'validity',
      title: t('upgrade.field.validity'),
      width: 150,
      render: (_, p) => (
        <div>
          <div>{t('upgrade.daysCount', { count: p.validityDays })}</div>
          {p.validUntil && (
            <Typography.Text type={p.validUntil < Date.now() ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
              {t('upgrade.validUntil', { date: formatDate(p.validUntil) })}
            </Typography.Text>
          )}
        </div>
      ),
    },
    { key: 'createdAt', title: t('upgrade.field.createdAt'), dataIndex: 'createdAt', width: 160, render: (v: string) => formatDateTime(v) },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'right',
      width: 160,
      render: (_, p) => {
        const operateActions = OPERATE_ACTIONS.filter((a) => p.actions.includes(a));
        const canEdit = p.actions.includes('edit');
        const menu = [
          { key: 'detail', label: t('upgrade.view'), icon: <EyeOutlined /> },
          { key: 'notes', label: t('upgrade.packageAction.notes'), icon: <FileTextOutlined /> },
          ...(onShowTasks ? [{ key: 'tasks', label: t('upgrade.packageAction.tasks'), icon: <RocketOutlined /> }] : []),
          ...(canEdit ? [{ key: 'edit', label: t('upgrade.packageAction.edit'), icon: <EditOutlined /> }] : []),
          ...(operateActions.length ? [{ type: 'divider' as const }] : []),
          ...operateActions.map((a) => ({
            key: a,
            label: t(`upgrade.packageAction.${a}`),
            danger: a === 'delete' || a === 'abandon',
            icon: a === 'delete' ? <DeleteOutlined /> : undefined,
          })),
        ];
        return (
          <Space size={0}>
            {p.actions.includes('release') && (
              <Button type="link" size="small" icon={<RocketOutlined />} onClick={() => release(p)} data-testid={`release-${p.pkgId}`}>
                {t('upgrade.packageAction.release')}
              </Button>
            )}
            {p.actions.includes('continueUpload') && (
              <Button
                type="link"
                size="small"
                icon={<UploadOutlined />}
                onClick={() => setContinuing(p)}
                data-testid={`continue-${p.pkgId}`}
              >
                {t('upgrade.packageAction.continueUpload')}
              </Button>
            )}
            <Dropdown
              trigger={['click']}
              menu={{
                items: menu,
                onClick: ({ key }) => {
                  if (key === 'detail') setDetailOf(p.pkgId);
                  else if (key === 'notes') setNotesOf(p.pkgId);
                  else if (key === 'tasks') onShowTasks?.(p.pkgId);
                  else if (key === 'edit') setEditing(p);
                  else act(key as PackageAction, p);
                },
              }}
            >
              <Button
                type="text"
                size="small"
                icon={<MoreOutlined />}
                aria-label={t('upgrade.more', { name: p.versionName })}
                data-testid={`package-more-${p.pkgId}`}
              />
            </Dropdown>
          </Space>
        );
      },
    },
  ];

  const optionalLabels: Record<(typeof OPTIONAL_COLUMNS)[number], string> = {
    company: t('upgrade.field.company'),
    models: t('upgrade.field.models'),
    compatibleVersions: t('upgrade.field.compatibleVersions'),
    size: t('upgrade.field.size'),
    validity: t('upgrade.field.validity'),
    createdAt: t('upgrade.field.createdAt'),
  };
  // The company column matters only to the supplier, who sees every brand's packages.
  const optional = OPTIONAL_COLUMNS.filter((k) => k !== 'company' || viewer.isSupplier);
  const hidden = viewer.isSupplier ? prefs.hidden : new Set([...prefs.hidden, 'company']);

  // Until the caller's abilities are known the list is not drawn: the Upload button arriving later
  // would wrap the toolbar and push the table down under the pointer (a layout shift, issue 16).
  if (abilities.isPending) return <Skeleton active title={false} paragraph={{ rows: 6 }} data-testid="packages-loading" />;

  return (
    <>
      <ListToolbar
        search={{
          value: searchText,
          onChange: setSearchText,
          placeholder: t('upgrade.packages.searchPlaceholder'),
          label: t('upgrade.packages.search'),
        }}
        onSearch={() => list.setFilters({ searchText: searchText.trim() || undefined })}
        onReset={() => {
          setSearchText('');
          list.reset();
        }}
        filters={
          <>
            <Select
              allowClear
              placeholder={t('upgrade.field.productType')}
              value={list.filters.productType}
              onChange={(productType) => list.setFilters({ productType })}
              options={PRODUCT_TYPES.map((p) => ({ value: p, label: t(`upgrade.productType.${p}`) }))}
              style={{ width: 140 }}
              aria-label={t('upgrade.field.productType')}
            />
            <Select
              allowClear
              placeholder={t('upgrade.field.status')}
              value={list.filters.status}
              onChange={(status) => list.setFilters({ status })}
              options={firmwarePackageMachine.states.map((s) => ({ value: s, label: t(`upgrade.packageStatus.${s}`) }))}
              style={{ width: 170 }}
              aria-label={t('upgrade.field.status')}
            />
          </>
        }
        actions={
          canUpload && (
            <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setUploadOpen(true)} data-testid="upload-package">
              {t('upgrade.packages.upload')}
            </Button>
          )
        }
        columns={bind.columnChooser(
          optional.map((k) => ({ key: k, label: optionalLabels[k] })),
          hidden,
        )}
        onRefresh={() => void refetch()}
      />
      <PagedTable<FirmwarePackage>
        rowKey="pkgId"
        data-testid="packages-table"
        loading={isFetching && !data}
        columns={columns}
        hiddenColumns={hidden}
        page={data}
        {...bind.paging}
        emptyText={
          list.isFiltered ? t('common.emptyFiltered') : canUpload ? t('upgrade.packages.emptyManage') : t('upgrade.packages.empty')
        }
      />
      {uploadOpen && <PackageUploadModal open onClose={() => setUploadOpen(false)} />}
      <ContinueUploadModal key={continuing?.pkgId ?? 'none'} pkg={continuing} onClose={() => setContinuing(null)} />
      {editing && <PackageEditModal key={editing.pkgId} pkg={editing} onClose={() => setEditing(null)} />}
      <VersionNotesModal pkgId={notesOf} onClose={() => setNotesOf(null)} />
      <PackageDetailDrawer
        pkgId={detailOf}
        onClose={() => setDetailOf(null)}
        extra={(p) =>
          p.actions.includes('release') ? (
            <Button type="primary" icon={<RocketOutlined />} onClick={() => release(p)}>
              {t('upgrade.packageAction.release')}
            </Button>
          ) : null
        }
      />
    </>
  );
}
