import {
  DeleteOutlined, EyeOutlined, MoreOutlined, ReloadOutlined, SearchOutlined, SettingOutlined, UserAddOutlined,
} from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, USER_STATUSES, USER_TYPES, type UserAction, type UserListQuery, type UserRecord } from '@portal/contract';
import { App, Button, Card, Checkbox, Dropdown, Empty, Flex, Input, Popover, Select, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useSessionUser } from '../../../lib/session/session-store';
import {
  useDeleteUser, useEnableUser, useReinviteUser, useResetUserPassword, useUnlockUser, useUserConfig, useUserList,
} from '../api/users-api';
import { InviteUserDrawer } from '../components/InviteUserDrawer';
import { UserDrawer } from '../components/UserDrawer';
import { UserStatusTag } from '../components/UserStatusTag';
import { useCompanyOptions } from '../hooks/use-company-options';

/** The table's saved preferences (user-configs). */
interface TablePrefs {
  hidden: string[];
  pageSize: number;
}
const PREFS_KEY = 'usersManage.table';
const OPTIONAL_COLUMNS = ['company', 'userType', 'phone', 'createdAt'] as const;

type MenuAction = Exclude<UserAction, 'edit'>;
const MENU_ACTIONS: MenuAction[] = ['reinvite', 'resetPassword', 'disable', 'enable', 'unlock', 'delete'];

/** Users of the company and its downstream companies: search, filters, paging, invite, edit, state changes. */
export default function UsersManagePage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const me = useSessionUser();
  const prefs = useUserConfig<TablePrefs>(PREFS_KEY);
  const [query, setQuery] = useState<Omit<UserListQuery, 'pageSize'> & { pageSize?: number }>({ pageNum: 1 });
  const pageSize = query.pageSize ?? prefs.value?.pageSize ?? DEFAULT_PAGE_SIZE;
  const listQuery: UserListQuery = { ...query, pageSize };
  const { data, isFetching, refetch } = useUserList(listQuery);
  const [searchText, setSearchText] = useState('');
  const [inviteOpen, setInviteOpen] = useState(false);
  const [drawer, setDrawer] = useState<{ id: number; mode: 'view' | 'edit' } | null>(null);
  const own = useMemo(() => (me ? { id: me.coId, name: me.coName } : null), [me]);
  const companies = useCompanyOptions(own);
  const canManage = !!me?.authResList.includes('dealer_account_mgr');
  const hidden = new Set(prefs.value?.hidden ?? []);

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

  const search = () => setQuery((q) => ({ ...q, pageNum: 1, searchText: searchText.trim() || undefined }));
  const reset = () => {
    setSearchText('');
    setQuery({ pageNum: 1, pageSize: query.pageSize });
  };
  const savePrefs = (next: Partial<TablePrefs>) => prefs.save({ hidden: [...hidden], pageSize, ...next });

  const allColumns: ColumnsType<UserRecord> = [
    {
      key: 'nickName',
      title: t('users.field.nickName'),
      dataIndex: 'nickName',
      width: 160,
      ellipsis: true,
      render: (v: string, u) => (
        <Space size={4}>
          <Typography.Text ellipsis>{v}</Typography.Text>
          {u.id === me?.userId && <Typography.Text type="secondary">({t('users.you')})</Typography.Text>}
        </Space>
      ),
    },
    { key: 'email', title: t('users.field.email'), dataIndex: 'email', width: 230, ellipsis: true },
    { key: 'status', title: t('users.field.status'), width: 170, render: (_, u) => <UserStatusTag user={u} /> },
    { key: 'company', title: t('users.field.company'), dataIndex: 'companyName', width: 200, ellipsis: true },
    {
      key: 'userType',
      title: t('users.field.userType'),
      width: 170,
      render: (_, u) => `${t(`userType.${u.userType}`)} · ${t(`userAuthType.${u.userAuthType}`)}`,
    },
    { key: 'phone', title: t('users.field.phone'), dataIndex: 'phone', width: 140, render: (v: string) => v || '-' },
    { key: 'createdAt', title: t('users.field.createdAt'), dataIndex: 'createdAt', width: 180, render: (v: string) => formatDateTime(v) },
    {
      key: 'actions',
      title: t('users.field.actions'),
      fixed: 'right',
      width: 150,
      render: (_, u) => {
        const menu = MENU_ACTIONS.filter((a) => u.actions.includes(a));
        return (
          <Space size={0}>
            <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setDrawer({ id: u.id, mode: 'view' })} aria-label={t('users.action.view')}>
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
                  items: menu.map((a) => ({ key: a, label: t(`users.action.${a}`), danger: a === 'delete', icon: a === 'delete' ? <DeleteOutlined /> : undefined })),
                  onClick: ({ key }) => confirm(key as MenuAction, u),
                }}
              >
                <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('users.action.more', { name: u.email })} data-testid={`user-more-${u.id}`} />
              </Dropdown>
            )}
          </Space>
        );
      },
    },
  ];
  const columns = allColumns.filter((c) => !hidden.has(String(c.key)));

  const columnSettings = (
    <Flex vertical gap={6} data-testid="column-settings">
      {OPTIONAL_COLUMNS.map((k) => (
        <Checkbox
          key={k}
          checked={!hidden.has(k)}
          onChange={(e) => {
            const next = new Set(hidden);
            if (e.target.checked) next.delete(k);
            else next.add(k);
            savePrefs({ hidden: [...next] });
          }}
        >
          {t(k === 'company' ? 'users.field.company' : `users.field.${k}`)}
        </Checkbox>
      ))}
      <Button size="small" type="link" style={{ padding: 0, alignSelf: 'flex-start' }} onClick={() => prefs.reset()}>
        {t('users.columns.reset')}
      </Button>
    </Flex>
  );

  return (
    <Card variant="borderless" className="portal-card">
      <div className="portal-toolbar">
        <Space wrap>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('users.filter.searchPlaceholder')}
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            onPressEnter={search}
            style={{ width: 260 }}
            maxLength={100}
            aria-label={t('users.filter.search')}
          />
          <Select
            allowClear
            placeholder={t('users.filter.status')}
            value={query.status}
            onChange={(status) => setQuery((q) => ({ ...q, pageNum: 1, status }))}
            options={USER_STATUSES.map((s) => ({ value: s, label: t(`users.status.${s}`) }))}
            style={{ width: 150 }}
            aria-label={t('users.filter.status')}
          />
          <Select
            allowClear
            showSearch={{ filterOption: false, onSearch: companies.setSearch }}
            placeholder={t('users.filter.company')}
            value={query.companyId}
            onChange={(companyId) => setQuery((q) => ({ ...q, pageNum: 1, companyId }))}
            options={companies.options}
            style={{ width: 220 }}
            aria-label={t('users.filter.company')}
          />
          <Select
            allowClear
            placeholder={t('users.filter.userType')}
            value={query.userType}
            onChange={(userType) => setQuery((q) => ({ ...q, pageNum: 1, userType }))}
            options={USER_TYPES.filter((u) => u !== 'supplier' || me?.userType === 'supplier').map((u) => ({ value: u, label: t(`userType.${u}`) }))}
            style={{ width: 170 }}
            aria-label={t('users.filter.userType')}
          />
          <Button type="primary" icon={<SearchOutlined />} onClick={search}>
            {t('users.filter.searchButton')}
          </Button>
          <Button onClick={reset}>{t('users.filter.reset')}</Button>
        </Space>
        <Space>
          {canManage && own && (
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviteOpen(true)} data-testid="invite-user">
              {t('users.invite.button')}
            </Button>
          )}
          <Popover trigger="click" placement="bottomRight" title={t('users.columns.title')} content={columnSettings}>
            <Tooltip title={t('users.columns.title')}>
              <Button icon={<SettingOutlined />} aria-label={t('users.columns.title')} />
            </Tooltip>
          </Popover>
          <Tooltip title={t('users.refresh')}>
            <Button icon={<ReloadOutlined />} onClick={() => void refetch()} aria-label={t('users.refresh')} />
          </Tooltip>
        </Space>
      </div>
      <Table<UserRecord>
        rowKey="id"
        size="middle"
        data-testid="users-table"
        loading={isFetching}
        columns={columns}
        dataSource={data?.records ?? []}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={query.searchText || query.status || query.companyId || query.userType ? t('users.emptyFiltered') : t('users.empty')} />
          ),
        }}
        pagination={{
          current: query.pageNum,
          pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t('users.total', { total }),
          onChange: (pageNum, size) => {
            if (size !== pageSize) savePrefs({ pageSize: size });
            setQuery((q) => ({ ...q, pageNum: size !== pageSize ? 1 : pageNum, pageSize: size }));
          },
        }}
      />
      {own && <InviteUserDrawer open={inviteOpen} onClose={() => setInviteOpen(false)} ownCompany={own} />}
      <UserDrawer
        key={drawer ? `${drawer.id}-${drawer.mode}` : 'none'}
        userId={drawer?.id ?? null}
        mode={drawer?.mode ?? 'view'}
        onClose={() => setDrawer(null)}
        onEdit={() => setDrawer((d) => (d ? { ...d, mode: 'edit' } : d))}
        selfId={me?.userId ?? 0}
      />
    </Card>
  );
}
