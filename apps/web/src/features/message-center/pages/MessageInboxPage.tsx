import { MESSAGE_TYPES, type InboxItem } from '@portal/contract';
import { Badge, Button, Card, DatePicker, Segmented, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeInvisibleOutlined } from '../../../components/icons';
import { CellText, PagedTable, useListQuery } from '../../../components/list';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { type InboxListQuery, useInboxHide, useInboxList, useInboxReadAll } from '../api/message-api';
import { InboxDetailDrawer } from '../components/InboxDetailDrawer';
import { MessageCenterTabs } from '../../../components/MessageCenterTabs';

type Filters = Omit<InboxListQuery, 'pageNum' | 'pageSize'>;

/** The message centre's inbox: every signed-in user's messages by type, read state and date. */
export default function MessageInboxPage() {
  const { t } = useTranslation();
  const list = useListQuery<Filters>({ read: 'all' });
  const { data, isFetching } = useInboxList(list.query);
  const [open, setOpen] = useState<number | null>(null);
  const readAll = useInboxReadAll();
  const hide = useInboxHide();

  const columns: ColumnsType<InboxItem> = [
    {
      key: 'title',
      title: t('messageCenter.field.title'),
      minWidth: 320,
      render: (_, m) => (
        <Space size={8}>
          {!m.read && (
            <span role="img" aria-label={t('messageCenter.inbox.unreadDot')}>
              <Badge status="processing" />
            </span>
          )}
          <Button
            type="link"
            style={{ padding: 0, fontWeight: m.read ? 400 : 600 }}
            onClick={() => setOpen(m.messageId)}
            data-testid={`inbox-open-${m.messageId}`}
          >
            <CellText text={m.title} />
          </Button>
        </Space>
      ),
    },
    { key: 'type', title: t('messageCenter.field.type'), width: 120, render: (_, m) => <Tag>{t(`messageCenter.type.${m.type}`)}</Tag> },
    { key: 'sender', title: t('messageCenter.field.sender'), width: 220, render: (_, m) => <CellText text={m.sender} /> },
    { key: 'date', title: t('messageCenter.field.date'), width: 180, render: (_, m) => formatDateTime(m.releasedAt) },
    {
      key: 'actions',
      title: t('messageCenter.field.actions'),
      width: 110,
      render: (_, m) => (
        <Button
          size="small"
          icon={<EyeInvisibleOutlined />}
          onClick={() => hide.mutate([m.messageId], { onSuccess: () => notify('success', 'inbox-hide', t('messageCenter.inbox.hidden')) })}
        >
          {t('messageCenter.inbox.hide')}
        </Button>
      ),
    },
  ];

  return (
    <Card variant="borderless" className="portal-card" styles={{ body: { paddingTop: 8 } }}>
      <MessageCenterTabs />
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Select
            aria-label={t('messageCenter.field.type')}
            style={{ width: 160 }}
            allowClear
            placeholder={t('messageCenter.inbox.allTypes')}
            value={list.filters.type}
            onChange={(v) => list.setFilters({ type: v })}
            options={MESSAGE_TYPES.map((x) => ({ value: x, label: t(`messageCenter.type.${x}`) }))}
          />
          <Segmented
            value={list.filters.read}
            onChange={(v) => list.setFilters({ read: v as Filters['read'] })}
            options={(['all', 'unread', 'read'] as const).map((x) => ({ value: x, label: t(`messageCenter.readFilter.${x}`) }))}
          />
          <DatePicker.RangePicker
            aria-label={t('messageCenter.inbox.dateRange')}
            onChange={(r) =>
              list.setFilters({ from: r?.[0]?.startOf('day').valueOf(), to: r?.[1] ? r[1].endOf('day').valueOf() + 1 : undefined })
            }
          />
        </Space>
        <Button
          data-testid="inbox-read-all"
          loading={readAll.isPending}
          onClick={() =>
            readAll.mutate(list.filters.type, {
              onSuccess: (r) => notify('success', 'inbox-read-all', t('messageCenter.inbox.readAllDone', { count: r.updated })),
            })
          }
        >
          {t('messageCenter.inbox.readAll')}
        </Button>
      </Space>
      <PagedTable<InboxItem>
        rowKey="messageId"
        columns={columns}
        page={data}
        loading={isFetching && !data}
        pageNum={list.query.pageNum}
        pageSize={list.query.pageSize}
        onPageChange={list.setPage}
        emptyText={<Typography.Text type="secondary">{t('messageCenter.inbox.empty')}</Typography.Text>}
      />
      <InboxDetailDrawer messageId={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
