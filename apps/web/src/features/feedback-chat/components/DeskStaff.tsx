import { DESK_ASSIGN_CAP_MAX, type DeskStaff } from '@portal/contract';
import { Button, InputNumber, Switch, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CellText, useFittedColumns } from '../../../components/list';
import { notify } from '../../../lib/notify';
import { useSaveStaff, useStaff } from '../api/feedback-api';

type Edit = Pick<DeskStaff, 'available' | 'cap'>;

/**
 * The desk's members (users of the company holding dealer_feedback_mgr): whether each takes new
 * conversations by round-robin and their cap of active (open or pending) ones. Desk admins
 * (`canManage`) change them, one member at a time; others only read.
 */
export function DeskStaffTable({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const { data, isFetching } = useStaff();
  const save = useSaveStaff();
  const [edits, setEdits] = useState<Record<number, Edit>>({});
  const valueOf = (s: DeskStaff): Edit => edits[s.userId] ?? { available: s.available, cap: s.cap };
  const edit = (s: DeskStaff, change: Partial<Edit>) => setEdits((e) => ({ ...e, [s.userId]: { ...valueOf(s), ...change } }));
  const changed = (s: DeskStaff) => {
    const v = edits[s.userId];
    return !!v && (v.available !== s.available || v.cap !== s.cap);
  };
  const columns: ColumnsType<DeskStaff> = [
    { key: 'name', title: t('feedbackChat.staff.name'), minWidth: 200, render: (_, s) => <CellText text={s.name} /> },
    {
      key: 'available',
      title: t('feedbackChat.staff.available'),
      width: 150,
      render: (_, s) => (
        <Switch
          checked={valueOf(s).available}
          disabled={!canManage}
          onChange={(available) => edit(s, { available })}
          aria-label={t('feedbackChat.staff.availableLabel', { name: s.name })}
          data-testid={`staff-available-${s.userId}`}
        />
      ),
    },
    {
      key: 'cap',
      title: t('feedbackChat.staff.cap'),
      width: 150,
      render: (_, s) => (
        <InputNumber
          min={0}
          max={DESK_ASSIGN_CAP_MAX}
          precision={0}
          value={valueOf(s).cap}
          disabled={!canManage}
          onChange={(cap) => typeof cap === 'number' && edit(s, { cap })}
          aria-label={t('feedbackChat.staff.capLabel', { name: s.name })}
          data-testid={`staff-cap-${s.userId}`}
        />
      ),
    },
    {
      key: 'active',
      title: t('feedbackChat.staff.active'),
      width: 170,
      render: (_, s) => (
        <Typography.Text type={s.active >= valueOf(s).cap ? 'warning' : undefined} data-testid={`staff-active-${s.userId}`}>
          {t('feedbackChat.staff.activeOfCap', { active: s.active, cap: valueOf(s).cap })}
        </Typography.Text>
      ),
    },
    ...(canManage
      ? [
          {
            key: 'save',
            title: t('feedbackChat.field.actions'),
            width: 120,
            render: (_: unknown, s: DeskStaff) => (
              <Button
                size="small"
                type="primary"
                disabled={!changed(s)}
                loading={save.isPending && save.variables?.userId === s.userId}
                onClick={() =>
                  save.mutate(
                    { userId: s.userId, ...valueOf(s) },
                    {
                      onSuccess: () => {
                        setEdits(({ [s.userId]: _done, ...rest }) => rest);
                        notify('success', `staff-save-${s.userId}`, t('feedbackChat.staff.saved', { name: s.name }));
                      },
                    },
                  )
                }
                data-testid={`staff-save-${s.userId}`}
              >
                {t('feedbackChat.staff.save')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  const fitted = useFittedColumns(columns);
  return (
    <div data-testid="desk-staff">
      <Typography.Paragraph type="secondary">{t('feedbackChat.staff.hint')}</Typography.Paragraph>
      <Table<DeskStaff>
        rowKey="userId"
        size="middle"
        {...fitted}
        dataSource={data ?? []}
        loading={isFetching && !data}
        pagination={false}
        locale={{ emptyText: t('feedbackChat.staff.empty') }}
      />
    </div>
  );
}
