import {
  CaretRightOutlined,
  DeleteOutlined,
  ExclamationCircleFilled,
  MoreOutlined,
  PauseOutlined,
  RiseOutlined,
  StopOutlined,
  UndoOutlined,
} from '../../../components/icons';
import type { ReleaseTask } from '@portal/contract';
import { Button, Dropdown, Flex, Input, Modal, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { type TaskAction, useDeleteTask, useOperateTask } from '../api/upgrade-api';

export type TaskMenuAction = TaskAction | 'delete';

/** Actions asked for confirmation (with an optional reason where it is kept with the task). */
const CONFIRMED: readonly TaskMenuAction[] = ['end', 'revoke', 'promote', 'supplierSuspend', 'externalPause', 'delete'];
const WITH_REASON: readonly TaskMenuAction[] = ['pause', 'end', 'revoke', 'supplierSuspend', 'externalPause'];
const DANGER: readonly TaskMenuAction[] = ['end', 'revoke', 'supplierSuspend', 'delete'];

/** The order actions are offered in: what moves the task on first, what stops it last. */
const ORDER: readonly TaskMenuAction[] = [
  'continue',
  'promote',
  'pause',
  'supplierResume',
  'externalResume',
  'end',
  'supplierSuspend',
  'externalPause',
  'revoke',
  'delete',
];

const ICONS: Partial<Record<TaskMenuAction, ReactNode>> = {
  pause: <PauseOutlined />,
  continue: <CaretRightOutlined />,
  end: <StopOutlined />,
  revoke: <UndoOutlined />,
  promote: <RiseOutlined />,
  delete: <DeleteOutlined />,
};

/**
 * The actions a task offers now: exactly the abilities the server answered with it (`task.actions`,
 * its policy), in a fixed order. Nothing is re-derived here.
 */
export function useTaskActions() {
  const { t } = useTranslation();
  const operate = useOperateTask();
  const remove = useDeleteTask();
  const [pending, setPending] = useState<{ action: TaskMenuAction; task: ReleaseTask } | null>(null);
  const [reason, setReason] = useState('');

  const actionsFor = (task: Pick<ReleaseTask, 'actions'>): TaskMenuAction[] => ORDER.filter((a) => task.actions.includes(a));

  const perform = async (action: TaskMenuAction, task: ReleaseTask, why?: string): Promise<boolean> => {
    try {
      if (action === 'delete') await remove.mutateAsync(task.taskId);
      else await operate.mutateAsync({ taskId: task.taskId, action, ...(why?.trim() ? { reason: why.trim() } : {}) });
      notify('success', `task-${action}`, t(`upgrade.taskDone.${action}`, { id: task.taskId }));
      return true;
    } catch {
      return false;
    }
  };

  const request = (action: TaskMenuAction, task: ReleaseTask) => {
    if (CONFIRMED.includes(action)) {
      setReason('');
      setPending({ action, task });
    } else void perform(action, task);
  };

  const dialog = (
    <Modal
      open={!!pending}
      title={
        pending && (
          <Space>
            <ExclamationCircleFilled style={{ color: DANGER.includes(pending.action) ? '#ff4d4f' : '#faad14' }} />
            {t(`upgrade.taskConfirm.${pending.action}.title`, { id: pending.task.taskId })}
          </Space>
        )
      }
      okText={pending ? t(`upgrade.taskAction.${pending.action}`) : undefined}
      cancelText={t('upgrade.cancel')}
      okButtonProps={{ danger: !!pending && DANGER.includes(pending.action), 'data-testid': 'task-action-ok' } as never}
      confirmLoading={operate.isPending || remove.isPending}
      onCancel={() => setPending(null)}
      onOk={async () => {
        if (pending && (await perform(pending.action, pending.task, reason))) setPending(null);
      }}
      destroyOnHidden
    >
      {pending && (
        <Flex vertical gap={12} style={{ marginBottom: 16 }}>
          <Typography.Paragraph style={{ margin: 0 }}>
            {t(`upgrade.taskConfirm.${pending.action}.content`, { version: pending.task.versionName })}
          </Typography.Paragraph>
          {WITH_REASON.includes(pending.action) && (
            <Input.TextArea
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={200}
              showCount
              rows={3}
              placeholder={t('upgrade.taskConfirm.reasonPlaceholder')}
              aria-label={t('upgrade.taskConfirm.reason')}
            />
          )}
        </Flex>
      )}
    </Modal>
  );

  return { actionsFor, request, dialog, busy: operate.isPending || remove.isPending };
}

/** The actions of one task as buttons (detail header) or as a compact menu (table row). */
export function TaskActionButtons({
  task,
  actions,
  onAction,
  compact = false,
}: {
  task: ReleaseTask;
  actions: TaskMenuAction[];
  onAction: (a: TaskMenuAction, task: ReleaseTask) => void;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  if (actions.length === 0) return null;
  if (compact) {
    // The first action that moves the task on is a link; the others (and every destructive one) are in the menu.
    const first = actions.find((a) => !DANGER.includes(a));
    const rest = actions.filter((a) => a !== first);
    return (
      <Space size={0}>
        {first && (
          <Button
            type="link"
            size="small"
            icon={ICONS[first]}
            onClick={() => onAction(first, task)}
            data-testid={`task-${first}-${task.taskId}`}
          >
            {t(`upgrade.taskAction.${first}`)}
          </Button>
        )}
        {rest.length > 0 && (
          <Dropdown
            trigger={['click']}
            menu={{
              items: rest.map((a) => ({ key: a, label: t(`upgrade.taskAction.${a}`), icon: ICONS[a], danger: DANGER.includes(a) })),
              onClick: ({ key }) => onAction(key as TaskMenuAction, task),
            }}
          >
            <Button
              type="text"
              size="small"
              icon={<MoreOutlined />}
              aria-label={t('upgrade.more', { name: t('upgrade.detail.taskTitle', { id: task.taskId, version: task.versionName }) })}
              data-testid={`task-more-${task.taskId}`}
            />
          </Dropdown>
        )}
      </Space>
    );
  }
  return (
    <Space wrap>
      {actions.map((a) => (
        <Button
          key={a}
          icon={ICONS[a]}
          danger={DANGER.includes(a)}
          type={a === 'promote' || a === 'continue' ? 'primary' : 'default'}
          onClick={() => onAction(a, task)}
          data-testid={`task-${a}`}
        >
          {t(`upgrade.taskAction.${a}`)}
        </Button>
      ))}
    </Space>
  );
}
