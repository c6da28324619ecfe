import { Button, Descriptions, Drawer, Rate, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { type ChatSide, useAssign, useCannedReplies, useConversation, useDeskState, useStaff } from '../api/feedback-api';
import { ChatThread } from './ChatThread';
import { StateTag } from './labels';
import { RateForm } from './RateForm';

/** One conversation: its facts, its thread and composer, and what the viewer may do with it (as answered). */
export function ConversationDrawer({
  side,
  conversationId,
  onClose,
}: {
  side: ChatSide;
  conversationId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { data: c } = useConversation(side, conversationId);
  const desk = side === 'desk';
  const canned = useCannedReplies(undefined, desk);
  const staff = useStaff(desk && !!c?.actions.includes('assign'));
  const move = useDeskState();
  const assign = useAssign();
  const can = (a: string) => !!c?.actions.includes(a as never);
  return (
    <Drawer open={conversationId !== null} onClose={onClose} width={640} title={c?.topic ?? ''} destroyOnHidden>
      {c && (
        <Space direction="vertical" style={{ width: '100%' }} size={12}>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('feedbackChat.field.state')}>
              <span data-testid="conversation-state" data-state={c.state}>
                <StateTag state={c.state} desk={desk} />
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={desk ? t('feedbackChat.field.requester') : t('feedbackChat.field.desk')}>
              {desk ? `${c.requesterName} · ${c.requesterOrigin}` : c.deskCompanyName}
            </Descriptions.Item>
            {c.device && (
              <Descriptions.Item label={t('feedbackChat.field.device')}>
                {c.device.model} · {c.device.sn}
              </Descriptions.Item>
            )}
            {desk && (
              <Descriptions.Item label={t('feedbackChat.field.assignee')}>
                {c.assigneeName || t('feedbackChat.desk.nobody')}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('feedbackChat.field.created')}>{formatDateTime(c.createdAt)}</Descriptions.Item>
            {c.csat && (
              <Descriptions.Item label={t('feedbackChat.field.csat')}>
                <Rate disabled value={c.csat.score} aria-label={t('feedbackChat.rate.given', { score: c.csat.score })} />
                {c.csat.comment && <div>{c.csat.comment}</div>}
              </Descriptions.Item>
            )}
          </Descriptions>
          {desk && (
            <Space wrap>
              {(['pend', 'resolve', 'reopen'] as const).filter(can).map((a) => (
                <Button
                  key={a}
                  data-testid={`conversation-${a}`}
                  loading={move.isPending}
                  onClick={() =>
                    move.mutate(
                      { conversationId: c.id, action: a },
                      { onSuccess: () => notify('success', `conversation-${a}`, t(`feedbackChat.desk.done.${a}`)) },
                    )
                  }
                >
                  {t(`feedbackChat.desk.action.${a}`)}
                </Button>
              ))}
              {can('assign') && (
                <Select
                  aria-label={t('feedbackChat.field.assignee')}
                  style={{ width: 220 }}
                  value={c.assigneeId ?? 0}
                  loading={assign.isPending}
                  onChange={(v) => assign.mutate({ conversationId: c.id, assigneeId: v === 0 ? null : v === -1 ? 'next' : v })}
                  options={[
                    { value: 0, label: t('feedbackChat.desk.nobody') },
                    { value: -1, label: t('feedbackChat.desk.roundRobin') },
                    ...(staff.data ?? []).map((s) => ({ value: s.userId, label: `${s.name} (${s.active}/${s.cap})` })),
                  ]}
                />
              )}
            </Space>
          )}
          <ChatThread
            side={side}
            conversationId={c.id}
            canSend={desk ? can('reply') : can('send')}
            canNote={desk && can('note')}
            cannedReplies={desk ? (canned.data ?? []).filter((r) => r.language === c.requesterLocale || r.language === 'en-US') : undefined}
          />
          {!desk && can('rate') && <RateForm conversationId={c.id} />}
          {!desk && c.state === 'resolved' && !can('send') && !c.csat && (
            <Typography.Text type="secondary">{t('feedbackChat.thread.reopenExpired')}</Typography.Text>
          )}
        </Space>
      )}
    </Drawer>
  );
}
