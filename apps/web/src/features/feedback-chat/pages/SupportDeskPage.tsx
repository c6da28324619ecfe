import {
  CONVERSATION_STATES,
  DESK_EXPORT_RANGE_DAYS,
  DESK_QUEUES,
  DESK_STATS_RANGE_DAYS,
  MESSAGE_LANGUAGES,
  cannedTitleSchema,
  chatTextSchema,
  type CannedReply,
  type Conversation,
  type DeskStats,
} from '@portal/contract';
import { Badge, Button, Card, DatePicker, Form, Input, Modal, Popconfirm, Segmented, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined } from '../../../components/icons';
import { CellText, PagedTable, useListQuery } from '../../../components/list';
import { MessageCenterTabs } from '../../../components/MessageCenterTabs';
import {
  type DeskListQuery,
  useCannedReplies,
  useDeleteCanned,
  useDeskAbilities,
  useDeskConversations,
  useDeskExport,
  useDeskStats,
  useSaveCanned,
} from '../api/feedback-api';
import { ConversationDrawer } from '../components/ConversationDrawer';
import { DeskStaffTable } from '../components/DeskStaff';
import { StateTag, stateKey } from '../components/labels';

type Filters = Omit<DeskListQuery, 'pageNum' | 'pageSize'>;
const VIEWS = ['conversations', 'canned', 'stats', 'staff'] as const;

/** A form rule from a contract schema: its issue's message key, translated. */
function schemaRule(schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, t: TFunction) {
  return {
    validator: (_: unknown, v: unknown) => {
      const r = schema.safeParse(v ?? '');
      return r.success ? Promise.resolve() : Promise.reject(new Error(t(r.error!.issues[0]!.message)));
    },
  };
}

function waited(since: string | null, t: TFunction): string {
  if (!since) return '—';
  const minutes = Math.max(0, Math.round((Date.now() - new Date(since).getTime()) / 60_000));
  return minutes < 60
    ? t('feedbackChat.desk.minutes', { count: minutes })
    : t('feedbackChat.desk.hours', { count: Math.round(minutes / 60) });
}

function Conversations() {
  const { t } = useTranslation();
  const list = useListQuery<Filters>({ queue: 'all' });
  const { data, isFetching } = useDeskConversations(list.query);
  const [open, setOpen] = useState<number | null>(null);
  const columns: ColumnsType<Conversation> = [
    {
      key: 'topic',
      title: t('feedbackChat.field.topic'),
      minWidth: 240,
      render: (_, c) => (
        <Space size={8}>
          <Badge count={c.unread} size="small" />
          <Button type="link" style={{ padding: 0 }} onClick={() => setOpen(c.id)} data-testid={`desk-open-${c.id}`}>
            <CellText text={c.topic} />
          </Button>
        </Space>
      ),
    },
    { key: 'state', title: t('feedbackChat.field.state'), width: 120, render: (_, c) => <StateTag state={c.state} desk /> },
    {
      key: 'requester',
      title: t('feedbackChat.field.requester'),
      width: 200,
      render: (_, c) => <CellText text={`${c.requesterName} · ${c.requesterOrigin}`} />,
    },
    { key: 'device', title: t('feedbackChat.field.device'), width: 130, render: (_, c) => <CellText text={c.device?.sn ?? ''} /> },
    {
      key: 'assignee',
      title: t('feedbackChat.field.assignee'),
      width: 140,
      render: (_, c) => <CellText text={c.assigneeName || t('feedbackChat.desk.nobody')} />,
    },
    { key: 'waiting', title: t('feedbackChat.field.waiting'), width: 120, render: (_, c) => waited(c.waitingSince, t) },
  ];
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented
          value={list.filters.queue}
          onChange={(v) => list.setFilters({ queue: v as Filters['queue'] })}
          options={DESK_QUEUES.map((q) => ({ value: q, label: t(`feedbackChat.desk.queue.${q}`) }))}
          data-testid="desk-queue"
        />
        <Select
          aria-label={t('feedbackChat.field.state')}
          style={{ width: 180 }}
          allowClear
          placeholder={t('feedbackChat.allStates')}
          value={list.filters.state}
          onChange={(v) => list.setFilters({ state: v })}
          options={CONVERSATION_STATES.map((s) => ({ value: s, label: t(stateKey(s, true)) }))}
        />
      </Space>
      <PagedTable<Conversation>
        rowKey="id"
        columns={columns}
        page={data}
        loading={isFetching && !data}
        pageNum={list.query.pageNum}
        pageSize={list.query.pageSize}
        onPageChange={list.setPage}
        emptyText={<Typography.Text type="secondary">{t('feedbackChat.desk.empty')}</Typography.Text>}
      />
      <ConversationDrawer side="desk" conversationId={open} onClose={() => setOpen(null)} />
    </>
  );
}

/** Canned replies: "New" from the desk's abilities, edit and delete from each reply's (server policy). */
function CannedReplies() {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<string | undefined>();
  const { data, isFetching } = useCannedReplies(language);
  const desk = useDeskAbilities();
  const anyActions = !!data?.some((c) => c.actions.length > 0);
  const save = useSaveCanned();
  const remove = useDeleteCanned();
  const [editing, setEditing] = useState<Partial<CannedReply> | null>(null);
  const [form] = Form.useForm<{ language: string; title: string; text: string }>();
  const columns: ColumnsType<CannedReply> = [
    { key: 'title', title: t('feedbackChat.canned.title'), width: 200, render: (_, c) => <CellText text={c.title} /> },
    { key: 'language', title: t('feedbackChat.canned.language'), width: 110, dataIndex: 'language' },
    { key: 'text', title: t('feedbackChat.canned.text'), minWidth: 300, render: (_, c) => <CellText text={c.text} /> },
    ...(anyActions
      ? [
          {
            key: 'actions',
            title: t('feedbackChat.field.actions'),
            width: 190,
            render: (_: unknown, c: CannedReply) => (
              <Space>
                {c.actions.includes('edit') && (
                  <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(c)}>
                    {t('feedbackChat.canned.edit')}
                  </Button>
                )}
                {c.actions.includes('delete') && (
                  <Popconfirm title={t('feedbackChat.canned.confirmDelete')} onConfirm={() => remove.mutate(c.id)}>
                    <Button size="small" danger icon={<DeleteOutlined />}>
                      {t('feedbackChat.canned.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Select
          aria-label={t('feedbackChat.canned.language')}
          style={{ width: 180 }}
          allowClear
          placeholder={t('feedbackChat.canned.allLanguages')}
          value={language}
          onChange={setLanguage}
          options={MESSAGE_LANGUAGES.map((l) => ({ value: l, label: l }))}
        />
        {desk.can('createCannedReply') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ language: 'en-US' })} data-testid="canned-new">
            {t('feedbackChat.canned.new')}
          </Button>
        )}
      </Space>
      <Table<CannedReply>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data ?? []}
        loading={isFetching && !data}
        pagination={false}
      />
      <Modal
        open={editing !== null}
        title={editing?.id ? t('feedbackChat.canned.edit') : t('feedbackChat.canned.new')}
        okText={t('feedbackChat.canned.save')}
        cancelText={t('feedbackChat.new.cancel')}
        onCancel={() => setEditing(null)}
        confirmLoading={save.isPending}
        destroyOnHidden
        onOk={() =>
          void form.validateFields().then((v) =>
            save.mutate(
              {
                ...(editing?.id ? { cannedReplyId: editing.id } : {}),
                language: v.language as CannedReply['language'],
                title: v.title,
                text: v.text,
              },
              { onSuccess: () => setEditing(null) },
            ),
          )
        }
      >
        <Form form={form} layout="vertical" preserve={false} initialValues={editing ?? {}}>
          <Form.Item
            name="language"
            label={t('feedbackChat.canned.language')}
            rules={[{ required: true, message: t('feedbackChat.canned.languageRequired') }]}
          >
            <Select options={MESSAGE_LANGUAGES.map((l) => ({ value: l, label: l }))} />
          </Form.Item>
          <Form.Item name="title" label={t('feedbackChat.canned.title')} rules={[schemaRule(cannedTitleSchema, t)]}>
            <Input maxLength={100} data-testid="canned-title" />
          </Form.Item>
          <Form.Item name="text" label={t('feedbackChat.canned.text')} rules={[schemaRule(chatTextSchema, t)]}>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={1000} data-testid="canned-text" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

function Statistics() {
  const { t } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(6, 'day').startOf('day'), dayjs().endOf('day')]);
  const from = range[0].startOf('day').valueOf();
  const to = range[1].endOf('day').valueOf() + 1;
  const { data, isFetching } = useDeskStats(from, to);
  const exp = useDeskExport();
  const columns: ColumnsType<DeskStats['people'][number]> = [
    { key: 'name', title: t('feedbackChat.stats.person'), width: 200, render: (_, p) => <CellText text={p.name} /> },
    { key: 'replies', title: t('feedbackChat.stats.replies'), width: 110, dataIndex: 'replies' },
    { key: 'resolved', title: t('feedbackChat.stats.resolved'), width: 110, dataIndex: 'resolved' },
    {
      key: 'first',
      title: t('feedbackChat.stats.firstResponse'),
      width: 170,
      render: (_, p) =>
        p.avgFirstResponseSeconds === null ? '—' : t('feedbackChat.desk.minutes', { count: Math.round(p.avgFirstResponseSeconds / 60) }),
    },
    {
      key: 'csat',
      title: t('feedbackChat.stats.csat'),
      width: 140,
      render: (_, p) => (p.csatAverage === null ? '—' : `${p.csatAverage} (${p.csatCount})`),
    },
  ];
  return (
    <>
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <DatePicker.RangePicker
            aria-label={t('feedbackChat.stats.range')}
            value={range}
            allowClear={false}
            disabledDate={(d) => d.isAfter(dayjs().endOf('day'))}
            onChange={(r) => r?.[0] && r[1] && setRange([r[0], r[1]])}
          />
          <Typography.Text type="secondary">
            {t('feedbackChat.stats.limits', { query: DESK_STATS_RANGE_DAYS, export: DESK_EXPORT_RANGE_DAYS })}
          </Typography.Text>
        </Space>
        <Button
          icon={<DownloadOutlined />}
          loading={exp.isPending}
          onClick={() => exp.mutate({ from, to }, { onSuccess: (r) => window.open(r.url, '_blank', 'noopener') })}
          data-testid="desk-export"
        >
          {t('feedbackChat.stats.export')}
        </Button>
      </Space>
      {data && (
        <Space size={24} style={{ marginBottom: 12 }}>
          <span data-testid="stats-conversations">{t('feedbackChat.stats.conversations', { count: data.conversations })}</span>
          <span>{t('feedbackChat.stats.resolvedTotal', { count: data.resolved })}</span>
        </Space>
      )}
      <Table
        rowKey="userId"
        size="middle"
        columns={columns}
        dataSource={data?.people ?? []}
        loading={isFetching && !data}
        pagination={false}
      />
    </>
  );
}

/** The support desk: conversations addressed to the caller's company, canned replies, statistics, its members' availability and caps. */
export default function SupportDeskPage() {
  const { t } = useTranslation();
  const [view, setView] = useState<(typeof VIEWS)[number]>('conversations');
  const desk = useDeskAbilities();
  return (
    <Card variant="borderless" className="portal-card" styles={{ body: { paddingTop: 8 } }}>
      <MessageCenterTabs />
      <div style={{ marginBottom: 12 }}>
        <Segmented
          value={view}
          onChange={(v) => setView(v as typeof view)}
          options={VIEWS.map((v) => ({ value: v, label: t(`feedbackChat.desk.view.${v}`) }))}
          data-testid="desk-view"
        />
      </div>
      {view === 'conversations' && <Conversations />}
      {view === 'canned' && <CannedReplies />}
      {view === 'stats' && <Statistics />}
      {view === 'staff' && <DeskStaffTable canManage={desk.can('manageStaff')} />}
    </Card>
  );
}
