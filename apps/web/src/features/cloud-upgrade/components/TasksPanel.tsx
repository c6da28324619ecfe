import { CloseOutlined, RocketOutlined } from '../../../components/icons';
import { RELEASE_TYPES, type ReleaseTask, releaseTaskMachine } from '@portal/contract';
import { Button, Select, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CellText, ListToolbar, PagedTable, savedListBindings, useListQuery, useTablePrefs } from '../../../components/list';
import { useAreaName } from '../../../lib/areas';
import { formatDateTime } from '../../../lib/format';
import { type TaskListQuery, useTaskList, useUpgradeAbilities } from '../api/upgrade-api';
import { useUpgradeViewer } from '../lib/viewer';
import { CountsBar } from './CountsBar';
import { ReleaseTypeTag, TaskStatusTag } from './StatusTags';
import { TaskActionButtons, useTaskActions } from './TaskActions';

type Filters = Omit<TaskListQuery, 'pageNum' | 'pageSize'>;
/** A task in these states moves no more. */
export const FINISHED_STATES: readonly ReleaseTask['status'][] = ['ended', 'expired', 'revoked', 'completed'];
const OPTIONAL_COLUMNS = ['company', 'regions', 'quantities', 'window', 'createdAt'] as const;
const DEFAULT_HIDDEN = ['window', 'createdAt'];
/** The supplier's company column leaves no room for the quantities at 1366 px: shown by default from 1600 px. */
const SUPPLIER_WIDE_ONLY = ['quantities'];
const NONE: string[] = [];

export const TASK_DETAIL_PATH = '/layout/cloudUpgrade/cloudUpgradeDetail';
export const GRAY_DETAIL_PATH = '/layout/cloudUpgrade/grayDetail';
export const taskDetailPath = (task: Pick<ReleaseTask, 'taskId' | 'releaseType'>) =>
  `${task.releaseType === 'gray' ? GRAY_DETAIL_PATH : TASK_DETAIL_PATH}?taskId=${task.taskId}`;

/** Area names of a task's regions (in the language shown), from the session's area list. */
export function useAreaNames() {
  const { areas } = useUpgradeViewer();
  const areaName = useAreaName();
  return (ids: readonly number[]) =>
    ids.map((id) => {
      const area = areas.find((a) => a.id === id);
      return area ? areaName(area) : `#${id}`;
    });
}

/** Release tasks with their counts and progress; filters; the actions each task's state allows. */
export function TasksPanel({
  pkgFilter,
  onClearPkgFilter,
  initialStatus,
}: {
  pkgFilter?: { pkgId: number; versionName?: string } | null;
  onClearPkgFilter?: () => void;
  /** The state filter the page was opened with (a link's `status`). */
  initialStatus?: ReleaseTask['status'];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const viewer = useUpgradeViewer();
  const canRelease = useUpgradeAbilities().can('release');
  const prefs = useTablePrefs('cloudUpgrade.tasks', DEFAULT_HIDDEN, viewer.isSupplier ? SUPPLIER_WIDE_ONLY : NONE);
  const list = useListQuery<Filters>(initialStatus ? { status: initialStatus } : {}, prefs.pageSize);
  const bind = savedListBindings(list, prefs);
  const [searchText, setSearchText] = useState('');
  const query = pkgFilter ? { ...list.query, pkgId: pkgFilter.pkgId } : list.query;
  const { data, isFetching, refetch } = useTaskList(query);
  const actions = useTaskActions();
  const areaNames = useAreaNames();

  const columns: ColumnsType<ReleaseTask> = [
    {
      key: 'task',
      title: t('upgrade.field.task'),
      fixed: 'left',
      width: 170,
      render: (_, task) => (
        <Space orientation="vertical" size={2}>
          <Link to={taskDetailPath(task)} data-testid={`task-link-${task.taskId}`}>
            #{task.taskId} · {task.versionName}
          </Link>
          <Space size={4}>
            <ReleaseTypeTag task={task} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(`upgrade.productType.${task.productType}`)}
            </Typography.Text>
          </Space>
        </Space>
      ),
    },
    {
      key: 'status',
      title: t('upgrade.field.status'),
      width: 120,
      render: (_, task) => (
        <Space orientation="vertical" size={2}>
          <TaskStatusTag status={task.status} />
          {task.pauseReason && (task.status === 'paused' || task.status === 'external_paused' || task.status === 'supplier_suspended') && (
            <Tooltip title={task.pauseDetail}>
              <Typography.Text type="warning" style={{ fontSize: 12 }}>
                {t(`upgrade.pauseReason.${task.pauseReason}`)}
              </Typography.Text>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      key: 'company',
      title: t('upgrade.field.company'),
      dataIndex: 'companyName',
      width: 140,
      render: (v: string) => <CellText text={v} />,
    },
    {
      key: 'regions',
      title: t('upgrade.field.regions'),
      width: 130,
      render: (_, task) =>
        task.areaIds.length === 0 ? (
          <Typography.Text type="secondary">{task.releaseType === 'specified' ? t('upgrade.tasks.byDeviceList') : '-'}</Typography.Text>
        ) : (
          <Tooltip
            title={
              task.countries.length ? t('upgrade.tasks.countries', { list: task.countries.join(', ') }) : t('upgrade.tasks.allCountries')
            }
          >
            <div>
              {areaNames(task.areaIds).join(', ')}
              {task.countries.length > 0 && (
                <div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('upgrade.tasks.countryCount', { count: task.countries.length })}
                  </Typography.Text>
                </div>
              )}
            </div>
          </Tooltip>
        ),
    },
    {
      key: 'quantities',
      title: t('upgrade.field.quantities'),
      width: 130,
      render: (_, task) => (
        <div style={{ fontSize: 12, lineHeight: '18px' }}>
          <div>{t('upgrade.labelValue', { label: t('upgrade.counts.target'), value: task.counts.targetQuantity })}</div>
          <div>{t('upgrade.labelValue', { label: t('upgrade.counts.notice'), value: task.counts.noticeQuantity })}</div>
        </div>
      ),
    },
    {
      key: 'progress',
      title: t('upgrade.field.progress'),
      width: 200,
      render: (_, task) => (
        <div>
          <CountsBar counts={task.counts} finished={FINISHED_STATES.includes(task.status)} width="100%" />
          <div style={{ display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 12, fontSize: 12, lineHeight: '18px', marginTop: 2 }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('upgrade.labelValue', { label: t('upgrade.counts.toUpgrade'), value: task.counts.toUpgrade })}
            </Typography.Text>
            <Typography.Text style={{ fontSize: 12, color: '#1668dc' }}>
              {t('upgrade.labelValue', { label: t('upgrade.counts.notified'), value: task.counts.notified })}
            </Typography.Text>
            <Typography.Text type="success" style={{ fontSize: 12 }}>
              {t('upgrade.labelValue', { label: t('upgrade.counts.success'), value: task.counts.success })}
            </Typography.Text>
            <Typography.Text type={task.counts.failed ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
              {t('upgrade.labelValue', { label: t('upgrade.counts.failed'), value: task.counts.failed })}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    {
      key: 'window',
      title: t('upgrade.field.window'),
      width: 170,
      render: (_, task) => (
        <div style={{ fontSize: 12, lineHeight: '18px' }}>
          <div>{formatDateTime(task.startAt)}</div>
          <Typography.Text type={task.endAt < Date.now() ? 'secondary' : undefined} style={{ fontSize: 12 }}>
            {formatDateTime(task.endAt)}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'createdAt',
      title: t('upgrade.field.createdAt'),
      width: 170,
      render: (_, task) => (
        <div style={{ fontSize: 12, lineHeight: '18px' }}>
          <div>{formatDateTime(task.createdAt)}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {task.createdBy}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'right',
      width: 190,
      render: (_, task) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => void navigate(taskDetailPath(task))}>
            {t('upgrade.view')}
          </Button>
          <TaskActionButtons compact task={task} actions={actions.actionsFor(task)} onAction={actions.request} />
        </Space>
      ),
    },
  ];

  const optional = OPTIONAL_COLUMNS.filter((k) => k !== 'company' || viewer.isSupplier);
  const hidden = viewer.isSupplier ? prefs.hidden : new Set([...prefs.hidden, 'company']);
  const labels: Record<(typeof OPTIONAL_COLUMNS)[number], string> = {
    company: t('upgrade.field.company'),
    regions: t('upgrade.field.regions'),
    quantities: t('upgrade.field.quantities'),
    window: t('upgrade.field.window'),
    createdAt: t('upgrade.field.createdAt'),
  };

  return (
    <>
      <ListToolbar
        search={{
          value: searchText,
          onChange: setSearchText,
          placeholder: t('upgrade.tasks.searchPlaceholder'),
          label: t('upgrade.tasks.search'),
        }}
        onSearch={() => list.setFilters({ searchText: searchText.trim() || undefined })}
        onReset={() => {
          setSearchText('');
          list.reset();
          onClearPkgFilter?.();
        }}
        filters={
          <>
            <Select
              allowClear
              placeholder={t('upgrade.field.status')}
              value={list.filters.status}
              onChange={(status) => list.setFilters({ status })}
              options={releaseTaskMachine.states.map((s) => ({ value: s, label: t(`upgrade.taskStatus.${s}`) }))}
              style={{ width: 160 }}
              aria-label={t('upgrade.field.status')}
            />
            <Select
              allowClear
              placeholder={t('upgrade.field.releaseType')}
              value={list.filters.releaseType}
              onChange={(releaseType) => list.setFilters({ releaseType })}
              options={RELEASE_TYPES.map((r) => ({ value: r, label: t(`upgrade.releaseType.${r}`) }))}
              style={{ width: 160 }}
              aria-label={t('upgrade.field.releaseType')}
            />
            {pkgFilter && (
              <Tag closable closeIcon={<CloseOutlined />} onClose={onClearPkgFilter} color="blue" style={{ padding: '4px 8px' }}>
                {t('upgrade.tasks.ofPackage', { version: pkgFilter.versionName ?? `#${pkgFilter.pkgId}` })}
              </Tag>
            )}
          </>
        }
        actions={
          canRelease && (
            <Button
              type="primary"
              icon={<RocketOutlined />}
              onClick={() => void navigate(`/layout/cloudUpgrade/canaryRelease${pkgFilter ? `?pkgId=${pkgFilter.pkgId}` : ''}`)}
              data-testid="new-release"
            >
              {t('upgrade.tasks.newRelease')}
            </Button>
          )
        }
        columns={bind.columnChooser(
          optional.map((k) => ({ key: k, label: labels[k] })),
          hidden,
        )}
        onRefresh={() => void refetch()}
      />
      <PagedTable<ReleaseTask>
        rowKey="taskId"
        data-testid="tasks-table"
        loading={isFetching && !data}
        columns={columns}
        hiddenColumns={hidden}
        page={data}
        {...bind.paging}
        emptyText={list.isFiltered || pkgFilter ? t('common.emptyFiltered') : t('upgrade.tasks.empty')}
      />
      {actions.dialog}
    </>
  );
}
