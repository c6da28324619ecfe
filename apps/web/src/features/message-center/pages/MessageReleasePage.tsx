import { MESSAGE_TYPES, messageCalls, messageMachine, type Message, type MessageAbility, type MessageDetail } from '@portal/contract';
import { Button, Card, Input, Modal, Select, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusOutlined } from '../../../components/icons';
import { CellText, PagedTable, useListQuery } from '../../../components/list';
import { useAreaName } from '../../../lib/areas';
import { call } from '../../../lib/api/client';
import { formatCount, formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useSessionUser } from '../../../lib/session/session-store';
import {
  type MessageListQuery,
  type MessageMove,
  useMessageAbilities,
  useMessageList,
  useMessageMove,
  useScheduleMessage,
} from '../api/message-api';
import { ComposeDrawer } from '../components/ComposeDrawer';
import { audienceSummary } from '../components/labels';
import { MessageCenterTabs } from '../../../components/MessageCenterTabs';
import { ScheduleModal } from '../components/ScheduleModal';
import { StatsModal } from '../components/StatsModal';

type Filters = Omit<MessageListQuery, 'pageNum' | 'pageSize'>;
const STATE_COLORS = { to_be_released: 'gold', released: 'green', withdrawn: 'default' } as const;
const MOVES: readonly MessageMove[] = ['release', 'withdraw', 'revise', 'delete'];

/** Messaging release: the messages of the caller's subtree, compose with preview, moves, schedule, stats. */
export default function MessageReleasePage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const areaNameOf = useAreaName();
  const areaName = (id: number) => {
    const a = user?.areaList.find((x) => x.id === id);
    return a ? areaNameOf(a) : `#${id}`;
  };
  const abilities = useMessageAbilities();
  const list = useListQuery<Filters>({});
  const [search, setSearch] = useState('');
  const { data, isFetching } = useMessageList(list.query);
  const move = useMessageMove();
  const schedule = useScheduleMessage();
  const [compose, setCompose] = useState<{ open: boolean; editing: MessageDetail | null }>({ open: false, editing: null });
  const [stats, setStats] = useState<Message | null>(null);
  const [scheduling, setScheduling] = useState<Message | null>(null);

  const doMove = (m: Message, mv: MessageMove) =>
    Modal.confirm({
      title: t(`messageCenter.release.confirm.${mv}`),
      okButtonProps: { danger: mv === 'withdraw' || mv === 'delete' },
      onOk: () =>
        move
          .mutateAsync({ move: mv, messageId: m.id })
          .then(() => notify('success', `message-${mv}`, t(`messageCenter.release.done.${mv}`))),
    });
  const edit = async (m: Message) => setCompose({ open: true, editing: await call(messageCalls.get, { messageId: m.id }) });

  const actionButton = (m: Message, a: MessageAbility) => {
    const label = t(`messageCenter.release.action.${a}`);
    const testid = `message-${a}-${m.id}`;
    if (a === 'edit')
      return (
        <Button key={a} size="small" data-testid={testid} onClick={() => void edit(m)}>
          {label}
        </Button>
      );
    if (a === 'schedule')
      return m.releaseAt ? (
        <Button key={a} size="small" data-testid={testid} onClick={() => schedule.mutate({ messageId: m.id, releaseAt: null })}>
          {t('messageCenter.release.unschedule')}
        </Button>
      ) : (
        <Button key={a} size="small" data-testid={testid} onClick={() => setScheduling(m)}>
          {label}
        </Button>
      );
    return (
      <Button
        key={a}
        size="small"
        data-testid={testid}
        type={a === 'release' ? 'primary' : 'default'}
        danger={a === 'withdraw' || a === 'delete'}
        onClick={() => doMove(m, a as MessageMove)}
      >
        {label}
      </Button>
    );
  };

  const columns: ColumnsType<Message> = [
    {
      key: 'title',
      title: t('messageCenter.field.title'),
      minWidth: 200,
      render: (_, m) => (
        <Space size={6}>
          {m.system && <Tag>{t('messageCenter.release.system')}</Tag>}
          <CellText text={m.title} />
        </Space>
      ),
    },
    { key: 'type', title: t('messageCenter.field.type'), width: 90, render: (_, m) => t(`messageCenter.type.${m.type}`) },
    {
      key: 'state',
      title: t('messageCenter.field.status'),
      width: 120,
      render: (_, m) => (
        <Space orientation="vertical" size={0}>
          <Tag color={STATE_COLORS[m.state]} data-testid={`message-state-${m.id}`}>
            {t(`messageCenter.state.${m.state}`)}
          </Tag>
          {m.state === 'to_be_released' && m.releaseAt && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('messageCenter.field.scheduled')}: {formatDateTime(m.releaseAt)}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'audience',
      title: t('messageCenter.field.audience'),
      width: 200,
      // Shown from 1600 px: the list fits 1366 px without it.
      responsive: ['xxl'],
      render: (_, m) => <CellText text={`${audienceSummary(m.audience, t, areaName)} · ${m.languages.join(', ')}`} />,
    },
    {
      key: 'recipients',
      title: t('messageCenter.field.recipients'),
      width: 100,
      render: (_, m) =>
        m.state === 'released' && !m.fanoutDone ? (
          <Tooltip title={t('messageCenter.release.fanout', { count: m.recipients })}>{formatCount(m.recipients)}…</Tooltip>
        ) : (
          formatCount(m.recipients)
        ),
    },
    {
      key: 'released',
      title: t('messageCenter.field.released'),
      width: 170,
      render: (_, m) => (m.releasedAt ? formatDateTime(m.releasedAt) : '-'),
    },
    {
      key: 'actions',
      title: t('messageCenter.field.actions'),
      width: 250,
      render: (_, m) => (
        <Space size={4} wrap>
          {(['edit', 'schedule', ...MOVES] as const).filter((a) => m.actions.includes(a)).map((a) => actionButton(m, a))}
          {m.state !== 'to_be_released' && (
            <Button size="small" type="link" data-testid={`message-stats-${m.id}`} onClick={() => setStats(m)}>
              {t('messageCenter.release.stats')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card variant="borderless" className="portal-card" styles={{ body: { paddingTop: 8 } }}>
      <MessageCenterTabs />
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input.Search
            aria-label={t('messageCenter.release.search')}
            placeholder={t('messageCenter.release.search')}
            allowClear
            style={{ width: 240 }}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onSearch={(v) => list.setFilters({ searchText: v || undefined })}
          />
          <Select
            aria-label={t('messageCenter.field.status')}
            allowClear
            placeholder={t('messageCenter.release.allStates')}
            style={{ width: 160 }}
            value={list.filters.state}
            onChange={(v) => list.setFilters({ state: v })}
            options={messageMachine.states.map((s) => ({ value: s, label: t(`messageCenter.state.${s}`) }))}
          />
          <Select
            aria-label={t('messageCenter.field.type')}
            allowClear
            placeholder={t('messageCenter.inbox.allTypes')}
            style={{ width: 150 }}
            value={list.filters.type}
            onChange={(v) => list.setFilters({ type: v })}
            options={MESSAGE_TYPES.map((x) => ({ value: x, label: t(`messageCenter.type.${x}`) }))}
          />
          <Select
            aria-label={t('messageCenter.release.origin')}
            style={{ width: 180 }}
            value={list.filters.origin ?? 'staff'}
            onChange={(v) => list.setFilters({ origin: v === 'staff' ? undefined : v })}
            options={(['staff', 'system'] as const).map((x) => ({ value: x, label: t(`messageCenter.release.origins.${x}`) }))}
            data-testid="message-origin"
          />
        </Space>
        {abilities.can('compose') && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="message-new"
            onClick={() => setCompose({ open: true, editing: null })}
          >
            {t('messageCenter.release.new')}
          </Button>
        )}
      </Space>
      <PagedTable<Message>
        rowKey="id"
        columns={columns}
        page={data}
        loading={isFetching && !data}
        pageNum={list.query.pageNum}
        pageSize={list.query.pageSize}
        onPageChange={list.setPage}
        emptyText={<Typography.Text type="secondary">{t('messageCenter.release.empty')}</Typography.Text>}
      />
      {compose.open && <ComposeDrawer open editing={compose.editing} onClose={() => setCompose({ open: false, editing: null })} />}
      <StatsModal message={stats} onClose={() => setStats(null)} />
      {scheduling && <ScheduleModal message={scheduling} onClose={() => setScheduling(null)} />}
    </Card>
  );
}
