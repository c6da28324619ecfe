import {
  ArrowLeftOutlined,
  DownloadOutlined,
  EditOutlined,
  FileTextOutlined,
  ReloadOutlined,
  RiseOutlined,
  SyncOutlined,
} from '../../../../components/icons';
import { type ReleaseTaskDetail, CANARY_WAVES } from '@portal/contract';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Result,
  Row,
  Skeleton,
  Space,
  Statistic,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../../lib/api/api-error';
import { formatDateTime } from '../../../../lib/format';
import { currentLocale } from '../../../../lib/i18n';
import { LIVE_REFRESH_MS, TASK_LIVE_STATES, useTask, taskStamp } from '../../api/upgrade-api';
import { countryName } from '../../lib/display';
import { useUpgradeViewer } from '../../lib/viewer';
import { CountsBar } from '../CountsBar';
import { ReleaseTypeTag, TaskStatusTag } from '../StatusTags';
import { TaskActionButtons, useTaskActions } from '../TaskActions';
import { FINISHED_STATES as FINISHED, GRAY_DETAIL_PATH, TASK_DETAIL_PATH, useAreaNames } from '../TasksPanel';
import { VersionNotesModal } from '../VersionNotesModal';
import { CountryResults } from './CountryResults';
import { ExportResultsModal } from './ExportResultsModal';
import { TaskDevicesTable } from './TaskDevicesTable';
import { TaskEditModal } from './TaskEditModal';
import { TaskHistory } from './TaskHistory';
import { WavesPanel } from './WavesPanel';

const INDEX_TASKS = '/layout/cloudUpgrade/cloudUpgradeIndex?tab=tasks';
const PAUSED: readonly ReleaseTaskDetail['status'][] = ['paused', 'external_paused', 'supplier_suspended'];

function Stats({ task }: { task: ReleaseTaskDetail }) {
  const { t } = useTranslation();
  const c = task.counts;
  const items = [
    { key: 'target', value: c.targetQuantity, color: '#1668dc' },
    { key: 'notice', value: c.noticeQuantity },
    { key: 'toUpgrade', value: c.toUpgrade },
    { key: 'notified', value: c.notified },
    { key: 'upgrading', value: c.upgrading },
    { key: 'success', value: c.success, color: '#389e0d' },
    { key: 'failed', value: c.failed, color: c.failed ? '#cf1322' : undefined },
  ];
  return (
    <Card variant="borderless" className="portal-card" data-testid="task-stats">
      <Row gutter={[16, 16]}>
        {items.map((i) => (
          <Col key={i.key} xs={12} md={6} xl={3}>
            <Statistic title={t(`upgrade.counts.${i.key}`)} value={i.value} styles={{ content: { color: i.color, fontSize: 22 } }} />
          </Col>
        ))}
        <Col xs={24} xl={3}>
          <Typography.Text type="secondary" style={{ fontSize: 14 }}>
            {t('upgrade.field.progress')}
          </Typography.Text>
          <div style={{ marginTop: 10 }}>
            <CountsBar counts={c} finished={FINISHED.includes(task.status)} width="100%" />
          </div>
        </Col>
      </Row>
    </Card>
  );
}

/** Task detail and gray detail: state and actions, pause reason, gates, counts, waves, results by country, devices, history. */
export function TaskDetailView({ taskId, variant }: { taskId: number | null; variant: 'task' | 'gray' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const viewer = useUpgradeViewer();
  const { data: task, isLoading, error, refetch, isFetching, dataUpdatedAt } = useTask(taskId);
  const actions = useTaskActions();
  const areaNames = useAreaNames();
  const [exportOpen, setExportOpen] = useState(false);
  const [editOpen, setEditOpen] = useState(false);
  const [notesOf, setNotesOf] = useState<number | null>(null);
  const locale = currentLocale();

  if (taskId === null || (error && isApiError(error) && error.kind === 'server')) {
    return (
      <Card variant="borderless" className="portal-card">
        <Result
          status="404"
          title={t('upgrade.detail.notFound')}
          subTitle={error?.message}
          extra={<Button onClick={() => void navigate(INDEX_TASKS)}>{t('upgrade.backToList')}</Button>}
        />
      </Card>
    );
  }
  if (error) {
    return (
      <Card variant="borderless" className="portal-card">
        <Result
          status="error"
          title={t('upgrade.loadFailed')}
          subTitle={error.message}
          extra={<Button onClick={() => void refetch()}>{t('common.retry')}</Button>}
        />
      </Card>
    );
  }
  if (isLoading || !task) {
    return (
      <Card variant="borderless" className="portal-card">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }

  const live = TASK_LIVE_STATES.includes(task.status);
  const gray = task.releaseType === 'gray';
  const otherPath = gray ? GRAY_DETAIL_PATH : TASK_DETAIL_PATH;
  const mismatch = (variant === 'gray') !== gray;
  const canEdit = task.actions.includes('update');
  const g = task.gates;

  return (
    <Flex vertical gap={16} data-testid="task-detail">
      {mismatch && (
        <Alert
          type="info"
          showIcon
          title={t(gray ? 'upgrade.detail.isGray' : 'upgrade.detail.notGray')}
          action={
            <Button size="small" onClick={() => void navigate(`${otherPath}?taskId=${task.taskId}`, { replace: true })}>
              {t('upgrade.detail.open')}
            </Button>
          }
        />
      )}
      <Card variant="borderless" className="portal-card">
        <Flex justify="space-between" align="flex-start" wrap gap={12}>
          <Space orientation="vertical" size={4}>
            <Space wrap>
              <Button
                type="text"
                icon={<ArrowLeftOutlined />}
                onClick={() => void navigate(INDEX_TASKS)}
                aria-label={t('upgrade.backToList')}
              />
              <Typography.Title level={4} style={{ margin: 0 }} data-testid="task-title">
                {t('upgrade.detail.taskTitle', { id: task.taskId, version: task.versionName })}
              </Typography.Title>
              <TaskStatusTag status={task.status} />
              <ReleaseTypeTag task={task} />
            </Space>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {live ? (
                <Tooltip title={t('upgrade.detail.liveHint', { seconds: LIVE_REFRESH_MS / 1000 })}>
                  <SyncOutlined spin={isFetching} /> {t('upgrade.detail.live', { time: formatDateTime(dataUpdatedAt) })}
                </Tooltip>
              ) : (
                t('upgrade.detail.updated', { time: formatDateTime(dataUpdatedAt) })
              )}
            </Typography.Text>
          </Space>
          <Space wrap>
            <TaskActionButtons task={task} actions={actions.actionsFor(task)} onAction={actions.request} />
            {canEdit && (
              <Button icon={<EditOutlined />} onClick={() => setEditOpen(true)} data-testid="task-edit">
                {t('upgrade.taskEdit.button')}
              </Button>
            )}
            <Button icon={<DownloadOutlined />} onClick={() => setExportOpen(true)} data-testid="task-export">
              {t('upgrade.export.button')}
            </Button>
            <Button icon={<FileTextOutlined />} onClick={() => setNotesOf(task.pkgId)}>
              {t('upgrade.packageAction.notes')}
            </Button>
            <Tooltip title={t('common.refresh')}>
              <Button icon={<ReloadOutlined />} onClick={() => void refetch()} aria-label={t('common.refresh')} />
            </Tooltip>
          </Space>
        </Flex>
        {task.pauseReason && PAUSED.includes(task.status) && (
          <Alert
            style={{ marginTop: 16 }}
            type={task.pauseReason === 'manual' ? 'info' : 'warning'}
            showIcon
            data-testid="pause-reason"
            title={t('upgrade.detail.pausedBecause', { reason: t(`upgrade.pauseReason.${task.pauseReason}`) })}
            description={task.pauseDetail ?? undefined}
          />
        )}
        {task.status === 'gray_complete' && (
          <Alert
            style={{ marginTop: 16 }}
            type="success"
            showIcon
            title={t('upgrade.detail.grayComplete')}
            description={t('upgrade.detail.grayCompleteHint')}
            action={
              actions.actionsFor(task).includes('promote') ? (
                <Button type="primary" icon={<RiseOutlined />} onClick={() => actions.request('promote', task)}>
                  {t('upgrade.taskAction.promote')}
                </Button>
              ) : undefined
            }
          />
        )}
        <Descriptions style={{ marginTop: 16 }} size="small" column={{ xs: 1, md: 2, xl: 3 }} data-testid="task-info">
          <Descriptions.Item label={t('upgrade.field.versionName')}>
            <Typography.Link onClick={() => setNotesOf(task.pkgId)}>{task.versionName}</Typography.Link>
            <span style={{ margin: '0 6px' }}>·</span>
            {t(`upgrade.productType.${task.productType}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('upgrade.field.releaseType')}>
            {t(`upgrade.releaseType.${task.releaseType}`)}
            {gray && task.grayCount
              ? ` · ${t('upgrade.detail.grayOf', { count: task.grayCount, speed: task.speed ? t(`upgrade.speed.${task.speed}`) : '-' })}`
              : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('upgrade.field.regions')}>
            {task.areaIds.length ? areaNames(task.areaIds).join(', ') : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('upgrade.wizard.countries')}>
            {task.countries.length ? task.countries.map((c) => countryName(c, locale)).join(', ') : t('upgrade.wizard.allCountries')}
          </Descriptions.Item>
          <Descriptions.Item label={t('upgrade.field.window')}>
            {formatDateTime(task.startAt)} – {formatDateTime(task.endAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('upgrade.field.createdAt')}>
            {formatDateTime(task.createdAt)} · {task.createdBy}
          </Descriptions.Item>
          {viewer.isSupplier && <Descriptions.Item label={t('upgrade.field.company')}>{task.companyName}</Descriptions.Item>}
          <Descriptions.Item label={t('upgrade.gates.title')} span={2}>
            <Space size={4} wrap>
              <Tag>{t('upgrade.gates.successShort', { value: g.successThreshold })}</Tag>
              <Tag>{t('upgrade.gates.errorShort', { value: g.errorThreshold, min: g.minDevices })}</Tag>
              <Tag>{t('upgrade.gates.timeoutShort', { value: g.reportTimeoutMinutes })}</Tag>
            </Space>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Stats task={task} />
      <Card
        variant="borderless"
        className="portal-card"
        title={gray ? t('upgrade.detail.grayWaves') : t('upgrade.detail.waves')}
        extra={
          gray && task.speed ? (
            <Typography.Text type="secondary">
              {CANARY_WAVES[task.speed].paceMinutes > 0
                ? t('upgrade.detail.pacing', { speed: t(`upgrade.speed.${task.speed}`), minutes: CANARY_WAVES[task.speed].paceMinutes })
                : t('upgrade.detail.pacingNone', { speed: t(`upgrade.speed.${task.speed}`) })}
            </Typography.Text>
          ) : undefined
        }
      >
        {gray && variant === 'gray' && <Typography.Paragraph type="secondary">{t('upgrade.wave.grayExplain')}</Typography.Paragraph>}
        <WavesPanel task={task} />
      </Card>
      <Card variant="borderless" className="portal-card" styles={{ body: { paddingTop: 8 } }}>
        <Tabs
          items={[
            {
              key: 'countries',
              label: t('upgrade.detail.byCountry'),
              children: <CountryResults taskId={task.taskId} live={live} stamp={taskStamp(task)} />,
            },
            { key: 'devices', label: t('upgrade.detail.devices'), children: <TaskDevicesTable task={task} live={live} /> },
            { key: 'history', label: t('upgrade.detail.history'), children: <TaskHistory task={task} /> },
          ]}
        />
      </Card>
      {actions.dialog}
      <ExportResultsModal task={task} open={exportOpen} onClose={() => setExportOpen(false)} />
      {editOpen && <TaskEditModal task={task} open onClose={() => setEditOpen(false)} />}
      <VersionNotesModal pkgId={notesOf} onClose={() => setNotesOf(null)} />
    </Flex>
  );
}
