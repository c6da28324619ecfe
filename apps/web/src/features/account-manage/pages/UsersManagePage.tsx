import { DeleteOutlined, EyeOutlined, MoreOutlined, UserAddOutlined } from '../../../components/icons';
import { USER_STATUSES, USER_TYPES, type UserAction, type UserListQuery, type UserRecord } from '@portal/contract';
import { App, Button, Card, Dropdown, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CellText, ListToolbar, PagedTable, savedListBindings, useListQuery, useTablePrefs } from '../../../components/list';
import { formatDateTime, totalOptions } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useSessionUser } from '../../../lib/session/session-store';
import {
  useAccountManageAbilities,
  useDeleteUser,
  useEnableUser,
  useReinviteUser,
  useResetUserPassword,
  useUnlockUser,
  useUserList,
} from '../api/users-api';
import { InviteUserDrawer } from '../components/InviteUserDrawer';
import { UserDrawer } from '../components/UserDrawer';
import { UserStatusTag } from '../components/UserStatusTag';
import { useCompanyOptions } from '../hooks/use-company-options';

const PREFS_KEY = 'usersManage.table';
const OPTIONAL_COLUMNS = ['company', 'userType', 'phone', 'createdAt'] as const;
/** Shown by default from 1600 px: at 1366 px the other columns take the width. */
const WIDE_ONLY = ['phone', 'createdAt'];

type MenuAction = Exclude<UserAction, 'edit' | 'editPermissions'>;
const MENU_ACTIONS: MenuAction[] = ['reinvite', 'resetPassword', 'disable', 'enable', 'unlock', 'delete'];

/** Users of the company and its downstream companies: search, filters, paging, invite, edit, state changes. */
export default function UsersManagePage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const me = useSessionUser();
  const prefs = useTablePrefs(PREFS_KEY, undefined, WIDE_ONLY);
  const list = useListQuery<Omit<UserListQuery, 'pageNum' | 'pageSize'>>({}, prefs.pageSize);
  const bind = savedListBindings(list, prefs);
  const { data, isFetching, refetch } = useUserList(list.query);
  const [searchText, setSearchText] = useState('');
  const [inviteOpen, setInviteOpen] = useState(false);
  const [drawer, setDrawer] = useState<{ id: number; mode: 'view' | 'edit' } | null>(null);
  const own = useMemo(() => (me ? { id: me.coId, name: me.coName } : null), [me]);
  const companies = useCompanyOptions(own);
  // The page's own actions are the server's answer (its policy), as each user's come with the user.
  const canInvite = useAccountManageAbilities().can('inviteUser');
  const hidden = prefs.hidden;

  const reinvite = useReinviteUser();
  const resetPassword = useResetUserPassword();
  const enable = useEnableUser();
  const unlock = useUnlockUser();
  const remove = useDeleteUser();

  const run = async (action: MenuAction, u: UserRecord) => {
    try {
      if (action === 'reinvite') await reinvite.mutateAsync(u.id);
      if (action === 'resetPassword') await resetPassword.mutateAsync(u.id);
      if (action === 'disable' || action === 'enable') await enable.mutateAsync({ userId: u.id, enable: action === 'enable' });
      if (action === 'unlock') await unlock.mutateAsync(u.id);
      if (action === 'delete') await remove.mutateAsync(u.id);
      notify('success', `user-${action}`, t(`users.done.${action}`, { email: u.email }));
    } catch {
      /* shown by the API client */
    }
  };

  const confirm = (action: MenuAction, u: UserRecord) => {
    modal.confirm({
      title: t(`users.confirm.${action}.title`),
      content: t(`users.confirm.${action}.content`, { name: u.nickName, email: u.email }),
      okText: t(`users.action.${action}`),
      cancelText: t('users.cancel'),
      okButtonProps: { danger: action === 'delete' || action === 'disable' },
      onOk: () => run(action, u),
    });
  };

  const search = () => list.setFilters({ searchText: searchText.trim() || undefined });
  const reset = () => {
    setSearchText('');
    list.reset();
  };

  const allColumns: ColumnsType<UserRecord> = [
    {
      key: 'nickName',
      title: t('users.field.nickName'),
      dataIndex: 'nickName',
      width: 150,
      render: (v: string, u) =>
        u.id === me?.userId ? (
          <CellText text={`${v} (${t('users.you')})`}>
            {v} <Typography.Text type="secondary">({t('users.you')})</Typography.Text>
          </CellText>
        ) : (
          <CellText text={v} />
        ),
    },
    { key: 'email', title: t('users.field.email'), dataIndex: 'email', width: 210, render: (v: string) => <CellText text={v} /> },
    { key: 'status', title: t('users.field.status'), width: 140, render: (_, u) => <UserStatusTag user={u} /> },
    { key: 'company', title: t('users.field.company'), dataIndex: 'companyName', width: 170, render: (v: string) => <CellText text={v} /> },
    {
      key: 'userType',
      title: t('users.field.userType'),
      width: 150,
      render: (_, u) => `${t(`userType.${u.userType}`)} · ${t(`userAuthType.${u.userAuthType}`)}`,
    },
    { key: 'phone', title: t('users.field.phone'), dataIndex: 'phone', width: 140, render: (v: string) => <CellText text={v} /> },
    { key: 'createdAt', title: t('users.field.createdAt'), dataIndex: 'createdAt', width: 160, render: (v: string) => formatDateTime(v) },
    {
      key: 'actions',
      title: t('users.field.actions'),
      fixed: 'right',
      width: 150,
      render: (_, u) => {
        const menu = MENU_ACTIONS.filter((a) => u.actions.includes(a));
        return (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              icon={<EyeOutlined />}
              onClick={() => setDrawer({ id: u.id, mode: 'view' })}
              aria-label={t('users.action.view')}
            >
              {t('users.action.view')}
            </Button>
            {u.actions.includes('edit') && (
              <Button type="link" size="small" onClick={() => setDrawer({ id: u.id, mode: 'edit' })}>
                {t('users.action.edit')}
              </Button>
            )}
            {menu.length > 0 && (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: menu.map((a) => ({
                    key: a,
                    label: t(`users.action.${a}`),
                    danger: a === 'delete',
                    icon: a === 'delete' ? <DeleteOutlined /> : undefined,
                  })),
                  onClick: ({ key }) => confirm(key as MenuAction, u),
                }}
              >
                <Button
                  type="text"
                  size="small"
                  icon={<MoreOutlined />}
                  aria-label={t('users.action.more', { name: u.email })}
                  data-testid={`user-more-${u.id}`}
                />
              </Dropdown>
            )}
          </Space>
        );
      },
    },
  ];
  return (
    <Card variant="borderless" className="portal-card">
      <ListToolbar
        search={{
          value: searchText,
          onChange: setSearchText,
          placeholder: t('users.filter.searchPlaceholder'),
          label: t('users.filter.search'),
        }}
        onSearch={search}
        onReset={reset}
        filters={
          <>
            <Select
              allowClear
              placeholder={t('users.filter.status')}
              value={list.filters.status}
              onChange={(status) => list.setFilters({ status })}
              options={USER_STATUSES.map((s) => ({ value: s, label: t(`users.status.${s}`) }))}
              style={{ width: 150 }}
              aria-label={t('users.filter.status')}
            />
            <Select
              allowClear
              showSearch={{ filterOption: false, onSearch: companies.setSearch }}
              placeholder={t('users.filter.company')}
              value={list.filters.companyId}
              onChange={(companyId) => list.setFilters({ companyId })}
              options={companies.options}
              style={{ width: 220 }}
              aria-label={t('users.filter.company')}
            />
            <Select
              allowClear
              placeholder={t('users.filter.userType')}
              value={list.filters.userType}
              onChange={(userType) => list.setFilters({ userType })}
              options={USER_TYPES.filter((u) => u !== 'supplier' || me?.userType === 'supplier').map((u) => ({
                value: u,
                label: t(`userType.${u}`),
              }))}
              style={{ width: 170 }}
              aria-label={t('users.filter.userType')}
            />
          </>
        }
        actions={
          canInvite &&
          own && (
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviteOpen(true)} data-testid="invite-user">
              {t('users.invite.button')}
            </Button>
          )
        }
        columns={bind.columnChooser(
          OPTIONAL_COLUMNS.map((k) => ({ key: k, label: t(`users.field.${k}`) })),
          hidden,
        )}
        onRefresh={() => void refetch()}
      />
      <PagedTable<UserRecord>
        rowKey="id"
        data-testid="users-table"
        loading={isFetching}
        columns={allColumns}
        hiddenColumns={hidden}
        page={data}
        {...bind.paging}
        emptyText={list.isFiltered ? t('users.emptyFiltered') : t('users.empty')}
        totalText={(total) => t('users.total', totalOptions(total))}
      />
      {own && <InviteUserDrawer open={inviteOpen} onClose={() => setInviteOpen(false)} ownCompany={own} />}
      <UserDrawer
        key={drawer ? `${drawer.id}-${drawer.mode}` : 'none'}
        userId={drawer?.id ?? null}
        mode={drawer?.mode ?? 'view'}
        onClose={() => setDrawer(null)}
        onEdit={() => setDrawer((d) => (d ? { ...d, mode: 'edit' } : d))}
      />
    </Card>
  );
}
