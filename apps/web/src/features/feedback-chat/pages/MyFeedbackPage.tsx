import { CONVERSATION_STATES, type Conversation } from '@portal/contract';
import { Badge, Button, Card, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusOutlined } from '../../../components/icons';
import { CellText, PagedTable, useListQuery } from '../../../components/list';
import { MessageCenterTabs } from '../../../components/MessageCenterTabs';
import { formatDateTime } from '../../../lib/format';
import { type OwnListQuery, useOwnConversations } from '../api/feedback-api';
import { ConversationDrawer } from '../components/ConversationDrawer';
import { StateTag } from '../components/labels';
import { NewConversationModal } from '../components/NewConversationModal';

type Filters = Omit<OwnListQuery, 'pageNum' | 'pageSize'>;

/** My feedback: the caller's conversations with their desk, a new one, and each conversation's thread. */
export default function MyFeedbackPage() {
  const { t } = useTranslation();
  const list = useListQuery<Filters>({});
  const { data, isFetching } = useOwnConversations(list.query);
  const [open, setOpen] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);

  const columns: ColumnsType<Conversation> = [
    {
      key: 'topic',
      title: t('feedbackChat.field.topic'),
      minWidth: 280,
      render: (_, c) => (
        <Space size={8}>
          <Badge count={c.unread} size="small" />
          <Button type="link" style={{ padding: 0 }} onClick={() => setOpen(c.id)} data-testid={`conversation-open-${c.id}`}>
            <CellText text={c.topic} />
          </Button>
        </Space>
      ),
    },
    { key: 'state', title: t('feedbackChat.field.state'), width: 130, render: (_, c) => <StateTag state={c.state} /> },
    { key: 'last', title: t('feedbackChat.field.lastMessage'), minWidth: 240, render: (_, c) => <CellText text={c.lastMessageText} /> },
    { key: 'desk', title: t('feedbackChat.field.desk'), width: 180, render: (_, c) => <CellText text={c.deskCompanyName} /> },
    { key: 'at', title: t('feedbackChat.field.updated'), width: 180, render: (_, c) => formatDateTime(c.lastMessageAt) },
  ];

  return (
    <Card variant="borderless" className="portal-card" styles={{ body: { paddingTop: 8 } }}>
      <MessageCenterTabs />
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Select
          aria-label={t('feedbackChat.field.state')}
          style={{ width: 180 }}
          allowClear
          placeholder={t('feedbackChat.allStates')}
          value={list.filters.state}
          onChange={(v) => list.setFilters({ state: v })}
          options={CONVERSATION_STATES.map((s) => ({ value: s, label: t(`feedbackChat.state.${s}`) }))}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="new-conversation">
          {t('feedbackChat.new.title')}
        </Button>
      </Space>
      <PagedTable<Conversation>
        rowKey="id"
        columns={columns}
        page={data}
        loading={isFetching && !data}
        pageNum={list.query.pageNum}
        pageSize={list.query.pageSize}
        onPageChange={list.setPage}
        emptyText={<Typography.Text type="secondary">{t('feedbackChat.emptyMine')}</Typography.Text>}
      />
      <NewConversationModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          setOpen(id);
        }}
      />
      <ConversationDrawer side="requester" conversationId={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
