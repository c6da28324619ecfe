import type { EndUser } from '@portal/contract';
import { App, Button, Card, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CellText, ListToolbar, PagedTable, savedListBindings, useListQuery, useTablePrefs } from '../../../components/list';
import { countryName, languageName } from '../../../lib/display-names';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { type EndUserListQuery, useEndUserList, useMoveEndUser } from '../api/app-manage-api';

type Filters = Omit<EndUserListQuery, 'pageNum' | 'pageSize'>;
const OPTIONAL_COLUMNS = ['company', 'locale', 'country', 'createdAt'] as const;
const STATUS_COLOR: Record<EndUser['status'], string> = { normal: 'green', frozen: 'blue', deleted: 'default' };

/** The end users of the caller's brands (the supplier: every brand's): search, filter, freeze and unfreeze. */
export function EndUsersPanel() {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const prefs = useTablePrefs('appManage.endUsers', ['locale'], ['country']);
  const list = useListQuery<Filters>({}, prefs.pageSize);
  const bind = savedListBindings(list, prefs);
  const [keyword, setKeyword] = useState('');
  const { data, isFetching, refetch } = useEndUserList(list.query);
  const move = useMoveEndUser();

  const confirmMove = (u: EndUser, action: 'freeze' | 'unfreeze') =>
    modal.confirm({
      title: t(`appManage.${action}.title`, { email: u.email }),
      content: t(`appManage.${action}.content`),
      okText: t(`appManage.action.${action}`),
      okButtonProps: action === 'freeze' ? { danger: true } : undefined,
      cancelText: t('appManage.cancel'),
      onOk: async () => {
        await move.mutateAsync({ id: u.id, action });
        notify('success', `end-user-${action}`, t(`appManage.${action}.done`, { email: u.email }));
      },
    });

  const columns: ColumnsType<EndUser> = [
    {
      key: 'email',
      title: t('appManage.field.email'),
      dataIndex: 'email',
      minWidth: 220,
      width: 240,
      render: (v: string) => <CellText text={v} />,
    },
    {
      key: 'nickname',
      title: t('appManage.field.nickname'),
      dataIndex: 'nickname',
      width: 150,
      render: (v: string) => <CellText text={v} />,
    },
    {
      key: 'company',
      title: t('appManage.field.brand'),
      dataIndex: 'companyName',
      width: 160,
      render: (v: string) => <CellText text={v} />,
    },
    {
      key: 'locale',
      title: t('appManage.field.locale'),
      dataIndex: 'locale',
      width: 150,
      render: (v: string) => <CellText text={languageName(v, i18n.language)} />,
    },
    {
      key: 'country',
      title: t('appManage.field.country'),
      dataIndex: 'country',
      width: 130,
      render: (v: string) => <CellText text={countryName(v, i18n.language)} />,
    },
    {
      key: 'status',
      title: t('appManage.field.status'),
      dataIndex: 'status',
      width: 100,
      render: (s: EndUser['status']) => <Tag color={STATUS_COLOR[s]}>{t(`appManage.userStatus.${s}`)}</Tag>,
    },
    { key: 'devices', title: t('appManage.field.devices'), dataIndex: 'deviceCount', width: 90 },
    {
      key: 'createdAt',
      title: t('appManage.field.registeredAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (v: number) => formatDateTime(v),
    },
    {
      key: 'actions',
      title: t('appManage.field.actions'),
      fixed: 'right',
      width: 120,
      render: (_: unknown, u) =>
        u.actions.map((a) => (
          <Button key={a} type="link" size="small" danger={a === 'freeze'} onClick={() => confirmMove(u, a)} data-testid={`${a}-${u.id}`}>
            {t(`appManage.action.${a}`)}
          </Button>
        )),
    },
  ];
  const labels: Record<(typeof OPTIONAL_COLUMNS)[number], string> = {
    company: t('appManage.field.brand'),
    locale: t('appManage.field.locale'),
    country: t('appManage.field.country'),
    createdAt: t('appManage.field.registeredAt'),
  };

  return (
    <Card variant="borderless" className="portal-card">
      <ListToolbar
        search={{
          value: keyword,
          onChange: setKeyword,
          placeholder: t('appManage.endUsers.searchPlaceholder'),
          label: t('appManage.endUsers.search'),
        }}
        onSearch={() => list.setFilters({ keyword: keyword.trim() || undefined })}
        onReset={() => {
          setKeyword('');
          list.reset();
        }}
        filters={
          <Select
            allowClear
            placeholder={t('appManage.field.status')}
            value={list.filters.status}
            onChange={(status) => list.setFilters({ status })}
            options={(['normal', 'frozen', 'deleted'] as const).map((s) => ({ value: s, label: t(`appManage.userStatus.${s}`) }))}
            style={{ width: 130 }}
            aria-label={t('appManage.field.status')}
          />
        }
        columns={bind.columnChooser(OPTIONAL_COLUMNS.map((k) => ({ key: k, label: labels[k] })))}
        onRefresh={() => void refetch()}
      />
      <PagedTable<EndUser>
        rowKey="id"
        data-testid="end-users-table"
        loading={isFetching && !data}
        columns={columns}
        hiddenColumns={prefs.hidden}
        page={data}
        {...bind.paging}
        emptyText={list.isFiltered ? t('common.emptyFiltered') : t('appManage.endUsers.empty')}
      />
    </Card>
  );
}
