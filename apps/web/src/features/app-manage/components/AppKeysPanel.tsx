import type { AppKey } from '@portal/contract';
import { App, Button, Card, Flex, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusOutlined } from '../../../components/icons';
import { CellText, ListToolbar, PagedTable, savedListBindings, useListQuery, useTablePrefs } from '../../../components/list';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { type AppKeyListQuery, useAppKeyList, useAppManageAbilities, useMoveAppKey, useRotateAppKey } from '../api/app-manage-api';
import { CreateKeyModal } from './CreateKeyModal';
import { SecretModal } from './SecretModal';

type Filters = Omit<AppKeyListQuery, 'pageNum' | 'pageSize'>;
const OPTIONAL_COLUMNS = ['company', 'rotatedAt', 'createdAt'] as const;

/** The application keys of the caller's brands: create (secret shown once), rotate, disable, enable. */
export function AppKeysPanel() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const abilities = useAppManageAbilities();
  const prefs = useTablePrefs('appManage.keys', [], ['rotatedAt']);
  const list = useListQuery<Filters>({}, prefs.pageSize);
  const bind = savedListBindings(list, prefs);
  const [keyword, setKeyword] = useState('');
  const { data, isFetching, refetch } = useAppKeyList(list.query);
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ key: AppKey; secret: string } | null>(null);
  const rotate = useRotateAppKey();
  const move = useMoveAppKey();

  const confirmRotate = (k: AppKey) =>
    modal.confirm({
      title: t('appManage.rotate.title', { name: k.name }),
      content: t('appManage.rotate.content'),
      okText: t('appManage.action.rotate'),
      cancelText: t('appManage.cancel'),
      onOk: async () => setShown(await rotate.mutateAsync(k.id)),
    });
  const confirmMove = (k: AppKey, action: 'disable' | 'enable') =>
    modal.confirm({
      title: t(`appManage.${action}.title`, { name: k.name }),
      content: t(`appManage.${action}.content`),
      okText: t(`appManage.action.${action}`),
      okButtonProps: action === 'disable' ? { danger: true } : undefined,
      cancelText: t('appManage.cancel'),
      onOk: async () => {
        await move.mutateAsync({ id: k.id, action });
        notify('success', `app-key-${action}`, t(`appManage.${action}.done`, { name: k.name }));
      },
    });

  const columns: ColumnsType<AppKey> = [
    { key: 'name', title: t('appManage.field.name'), dataIndex: 'name', width: 180, render: (v: string) => <CellText text={v} /> },
    {
      key: 'appId',
      title: 'App ID',
      dataIndex: 'appId',
      width: 250,
      render: (v: string) => (
        <Typography.Text copyable={{ text: v }} ellipsis={{ tooltip: v }} style={{ maxWidth: '100%' }}>
          {v}
        </Typography.Text>
      ),
    },
    { key: 'secret', title: t('appManage.field.secret'), dataIndex: 'secretLast4', width: 120, render: (v: string) => `••••${v}` },
    {
      key: 'company',
      title: t('appManage.field.brand'),
      dataIndex: 'companyName',
      width: 160,
      render: (v: string) => <CellText text={v} />,
    },
    {
      key: 'status',
      title: t('appManage.field.status'),
      dataIndex: 'status',
      width: 100,
      render: (s: AppKey['status']) => <Tag color={s === 'enabled' ? 'green' : 'default'}>{t(`appManage.keyStatus.${s}`)}</Tag>,
    },
    { key: 'endUsers', title: t('appManage.field.endUsers'), dataIndex: 'endUserCount', width: 100 },
    {
      key: 'rotatedAt',
      title: t('appManage.field.rotatedAt'),
      dataIndex: 'rotatedAt',
      width: 170,
      render: (v: number | null) => formatDateTime(v),
    },
    {
      key: 'createdAt',
      title: t('appManage.field.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (v: number) => formatDateTime(v),
    },
    {
      key: 'actions',
      title: t('appManage.field.actions'),
      fixed: 'right',
      width: 200,
      render: (_: unknown, k) => (
        <Flex gap={4} wrap>
          {k.actions.includes('rotate') && (
            <Button type="link" size="small" onClick={() => confirmRotate(k)} data-testid={`rotate-${k.id}`}>
              {t('appManage.action.rotate')}
            </Button>
          )}
          {k.actions.includes('disable') && (
            <Button type="link" size="small" danger onClick={() => confirmMove(k, 'disable')} data-testid={`disable-${k.id}`}>
              {t('appManage.action.disable')}
            </Button>
          )}
          {k.actions.includes('enable') && (
            <Button type="link" size="small" onClick={() => confirmMove(k, 'enable')} data-testid={`enable-${k.id}`}>
              {t('appManage.action.enable')}
            </Button>
          )}
        </Flex>
      ),
    },
  ];
  const labels: Record<(typeof OPTIONAL_COLUMNS)[number], string> = {
    company: t('appManage.field.brand'),
    rotatedAt: t('appManage.field.rotatedAt'),
    createdAt: t('appManage.field.createdAt'),
  };

  return (
    <Card variant="borderless" className="portal-card">
      <ListToolbar
        search={{
          value: keyword,
          onChange: setKeyword,
          placeholder: t('appManage.keys.searchPlaceholder'),
          label: t('appManage.keys.search'),
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
            options={(['enabled', 'disabled'] as const).map((s) => ({ value: s, label: t(`appManage.keyStatus.${s}`) }))}
            style={{ width: 130 }}
            aria-label={t('appManage.field.status')}
          />
        }
        actions={
          abilities.can('createKey') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="create-app-key">
              {t('appManage.create.button')}
            </Button>
          )
        }
        columns={bind.columnChooser(OPTIONAL_COLUMNS.map((k) => ({ key: k, label: labels[k] })))}
        onRefresh={() => void refetch()}
      />
      <PagedTable<AppKey>
        rowKey="id"
        data-testid="app-keys-table"
        loading={isFetching && !data}
        columns={columns}
        hiddenColumns={prefs.hidden}
        page={data}
        {...bind.paging}
        emptyText={list.isFiltered ? t('common.emptyFiltered') : t('appManage.keys.empty')}
      />
      <CreateKeyModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(r) => {
          setCreating(false);
          setShown(r);
        }}
      />
      <SecretModal shown={shown} onClose={() => setShown(null)} />
    </Card>
  );
}
