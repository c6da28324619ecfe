import type { PushSettings } from '@portal/contract';
import { Button, Card, Input, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageCenterTabs } from '../../../components/MessageCenterTabs';
import { CellText, PagedTable, useListQuery } from '../../../components/list';
import { formatDateTime } from '../../../lib/format';
import { usePushSettingsList } from '../api/message-api';
import { PushSettingsDrawer } from '../components/PushSettingsDrawer';
import { PushTestModal } from '../components/PushTestModal';

const PROVIDER_COLORS = { outbox: 'default', fcm: 'blue', apns: 'purple' } as const;

/**
 * Push settings (issue 13 §5): each brand app of the caller's subtree (its application key) with
 * the provider its pushes go through (the local outbox by default, FCM or APNs) and its stored
 * credentials, shown masked only; configure them, and try them with a test send to one device token.
 */
export default function MessagePushPage() {
  const { t } = useTranslation();
  const list = useListQuery<{ keyword?: string }>({});
  const [search, setSearch] = useState('');
  const { data, isFetching } = usePushSettingsList(list.query);
  const [editing, setEditing] = useState<PushSettings | null>(null);
  const [testing, setTesting] = useState<PushSettings | null>(null);

  const columns: ColumnsType<PushSettings> = [
    {
      key: 'app',
      title: t('messageCenter.push.field.app'),
      minWidth: 200,
      render: (_, a) => (
        <Space orientation="vertical" size={0}>
          <CellText text={a.appName} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }} copyable={{ text: a.appId }}>
            {a.appId}
          </Typography.Text>
        </Space>
      ),
    },
    { key: 'brand', title: t('messageCenter.push.field.brand'), width: 150, render: (_, a) => <CellText text={a.companyName} /> },
    {
      key: 'provider',
      title: t('messageCenter.push.field.provider'),
      width: 120,
      render: (_, a) => (
        <Tag color={PROVIDER_COLORS[a.provider]} data-testid={`push-provider-${a.appKeyId}`}>
          {t(`messageCenter.push.provider.${a.provider}`)}
        </Tag>
      ),
    },
    {
      key: 'credentials',
      title: t('messageCenter.push.field.credentials'),
      minWidth: 220,
      render: (_, a) => (
        <span data-testid={`push-credentials-${a.appKeyId}`}>
          {a.provider === 'outbox' ? (
            <Typography.Text type="secondary">{t('messageCenter.push.noCredentials')}</Typography.Text>
          ) : (
            <CellText text={t('messageCenter.push.configured', { mask: a.credentialsMask })} />
          )}
        </span>
      ),
    },
    {
      key: 'updated',
      title: t('messageCenter.push.field.updated'),
      width: 170,
      // Shown from 1600 px: the list fits 1366 px without it.
      responsive: ['xxl'],
      render: (_, a) => formatDateTime(a.updatedAt),
    },
    {
      key: 'actions',
      title: t('messageCenter.field.actions'),
      width: 180,
      render: (_, a) => (
        // What the server offers: configure is not offered to a remote-access session (7050).
        <Space size={4} wrap>
          {a.actions.includes('configure') && (
            <Button size="small" data-testid={`push-configure-${a.appKeyId}`} onClick={() => setEditing(a)}>
              {t('messageCenter.push.configure')}
            </Button>
          )}
          {a.actions.includes('test') && (
            <Button size="small" data-testid={`push-test-${a.appKeyId}`} onClick={() => setTesting(a)}>
              {t('messageCenter.push.testSend')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card variant="borderless" className="portal-card" styles={{ body: { paddingTop: 8 } }}>
      <MessageCenterTabs />
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        {t('messageCenter.push.intro')}
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          aria-label={t('messageCenter.push.search')}
          placeholder={t('messageCenter.push.search')}
          allowClear
          style={{ width: 280 }}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(v) => list.setFilters({ keyword: v || undefined })}
        />
      </Space>
      <PagedTable<PushSettings>
        rowKey="appKeyId"
        columns={columns}
        page={data}
        loading={isFetching && !data}
        pageNum={list.query.pageNum}
        pageSize={list.query.pageSize}
        onPageChange={list.setPage}
        emptyText={<Typography.Text type="secondary">{t('messageCenter.push.empty')}</Typography.Text>}
      />
      {editing && <PushSettingsDrawer app={editing} onClose={() => setEditing(null)} />}
      {testing && <PushTestModal app={testing} onClose={() => setTesting(null)} />}
    </Card>
  );
}
