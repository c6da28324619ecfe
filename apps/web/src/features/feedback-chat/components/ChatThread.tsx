import { CHAT_FILES_MAX, CHAT_TEXT_MAX, chatTextError, type CannedReply, type ChatMessageItem } from '@portal/contract';
import { Button, Checkbox, Empty, Image, Input, Select, Space, Tag, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PaperClipOutlined, SendOutlined } from '../../../components/icons';
import { uploadFile } from '../../../lib/api/upload';
import { formatDateTime } from '../../../lib/format';
import { type ChatSide, useHistory, useMarkRead, useOtherTyping, useSend, useTypingNotice } from '../api/feedback-api';
import { newClientId } from './labels';

function Bubble({ m, mine }: { m: ChatMessageItem; mine: boolean }) {
  const { t } = useTranslation();
  const background = m.internal ? '#fff7e6' : mine ? '#e6f0ff' : '#f5f5f5';
  return (
    <div style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }} data-testid={`chat-message-${m.seq}`}>
      <div
        style={{ maxWidth: '80%', background, borderRadius: 8, padding: '8px 12px', border: m.internal ? '1px dashed #ad6800' : undefined }}
      >
        <Space size={6} wrap style={{ fontSize: 12, color: '#595959' }}>
          <span>{m.senderName}</span>
          <span>{formatDateTime(m.createdAt)}</span>
          {m.internal && <Tag color="orange">{t('feedbackChat.thread.note')}</Tag>}
          {mine && !m.internal && (
            <span data-testid={`chat-read-${m.seq}`}>{m.read ? t('feedbackChat.thread.read') : t('feedbackChat.thread.sent')}</span>
          )}
        </Space>
        {m.text && <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', marginTop: 4 }}>{m.text}</div>}
        {m.files.length > 0 && (
          <Space wrap style={{ marginTop: 6 }}>
            {m.files.map((f) =>
              f.image && f.url ? (
                <Image key={f.fileId} src={f.url} alt={f.name} width={96} height={72} style={{ objectFit: 'cover' }} />
              ) : (
                <a key={f.fileId} href={f.url || undefined} download={f.name}>
                  {f.name}
                </a>
              ),
            )}
          </Space>
        )}
      </div>
    </div>
  );
}

export interface ChatThreadProps {
  side: ChatSide;
  conversationId: number;
  /** Whether the caller may write here now (the conversation's answered abilities). */
  canSend: boolean;
  canNote?: boolean;
  cannedReplies?: CannedReply[];
}

/** One conversation's messages in seq order, and the composer (text, up to 3 files; the desk: notes, canned replies). */
export function ChatThread({ side, conversationId, canSend, canNote, cannedReplies }: ChatThreadProps) {
  const { t } = useTranslation();
  const { data, isLoading } = useHistory(side, conversationId);
  const send = useSend(side);
  const markRead = useMarkRead(side);
  const otherTyping = useOtherTyping(side, conversationId);
  const tellTyping = useTypingNotice(side, conversationId);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<{ fileId: number; name: string }[]>([]);
  const [uploading, setUploading] = useState(false);
  const [internal, setInternal] = useState(false);
  const [clientId, setClientId] = useState(newClientId);
  const bottom = useRef<HTMLDivElement>(null);
  const lastSeq = data?.lastSeq ?? 0;
  const messages = data?.messages ?? [];

  useEffect(() => {
    if (lastSeq > 0) markRead.mutate({ conversationId, seq: lastSeq });
    bottom.current?.scrollIntoView?.({ block: 'end' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once per new last seq
  }, [conversationId, lastSeq]);

  const textError = chatTextError(text);
  const blocked = (textError !== null && files.length === 0) || textError === 'validation.chatMessageTooLong';
  const asNote = internal || !canSend;
  const submit = () =>
    send.mutate(
      { conversationId, text, files: files.map((f) => f.fileId), clientId, internal: asNote },
      {
        onSuccess: () => {
          setText('');
          setFiles([]);
          setInternal(false);
          setClientId(newClientId());
        },
      },
    );

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <div
        role="log"
        aria-label={t('feedbackChat.thread.label')}
        style={{ display: 'flex', flexDirection: 'column', gap: 8, maxHeight: 420, overflowY: 'auto', padding: 4 }}
        data-testid="chat-thread"
      >
        {!isLoading && messages.length === 0 && <Empty description={t('feedbackChat.thread.empty')} />}
        {messages.map((m) => (
          <Bubble key={m.seq} m={m} mine={m.side === side} />
        ))}
        <div ref={bottom} />
      </div>
      <Typography.Text type="secondary" aria-live="polite" data-testid="chat-typing" style={{ minHeight: 22 }}>
        {otherTyping ? t(side === 'desk' ? 'feedbackChat.thread.typingRequester' : 'feedbackChat.thread.typingDesk') : ''}
      </Typography.Text>
      {canSend || canNote ? (
        <div>
          {cannedReplies && cannedReplies.length > 0 && (
            <Select
              aria-label={t('feedbackChat.thread.canned')}
              placeholder={t('feedbackChat.thread.canned')}
              style={{ width: '100%', marginBottom: 8 }}
              value={null}
              onChange={(id) => setText(cannedReplies.find((c) => c.id === id)?.text ?? '')}
              options={cannedReplies.map((c) => ({ value: c.id, label: `${c.title} (${c.language})` }))}
              data-testid="canned-select"
            />
          )}
          <Input.TextArea
            aria-label={t('feedbackChat.thread.message')}
            placeholder={t('feedbackChat.thread.placeholder')}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              // An internal note is the desk's own: the requester is not told of it.
              if (e.target.value.trim() && !(internal || !canSend)) tellTyping();
            }}
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={CHAT_TEXT_MAX + 1}
            data-testid="chat-input"
          />
          {textError === 'validation.chatMessageTooLong' && <Typography.Text type="danger">{t(textError)}</Typography.Text>}
          <Space wrap style={{ marginTop: 8, width: '100%', justifyContent: 'space-between' }}>
            <Space wrap>
              <Upload
                showUploadList={false}
                multiple
                accept=".png,.jpg,.jpeg,.gif,.pdf,.txt,.log,.zip"
                disabled={files.length >= CHAT_FILES_MAX || uploading}
                beforeUpload={(file) => {
                  setUploading(true);
                  uploadFile('chatFile', file)
                    .then((f) => setFiles((fs) => (fs.length < CHAT_FILES_MAX ? [...fs, { fileId: f.fileId, name: f.name }] : fs)))
                    .catch(() => undefined)
                    .finally(() => setUploading(false));
                  return false;
                }}
              >
                <Button
                  icon={<PaperClipOutlined />}
                  loading={uploading}
                  disabled={files.length >= CHAT_FILES_MAX}
                  data-testid="chat-attach"
                >
                  {t('feedbackChat.thread.attach', { count: files.length, max: CHAT_FILES_MAX })}
                </Button>
              </Upload>
              {files.map((f) => (
                <Tag key={f.fileId} closable onClose={() => setFiles((fs) => fs.filter((x) => x.fileId !== f.fileId))}>
                  {f.name}
                </Tag>
              ))}
              {canNote && (
                <Checkbox checked={asNote} disabled={!canSend} onChange={(e) => setInternal(e.target.checked)} data-testid="chat-internal">
                  {t('feedbackChat.thread.internal')}
                </Checkbox>
              )}
            </Space>
            <Button
              type="primary"
              icon={<SendOutlined />}
              disabled={blocked}
              loading={send.isPending}
              onClick={submit}
              data-testid="chat-send"
            >
              {asNote ? t('feedbackChat.thread.addNote') : t('feedbackChat.thread.send')}
            </Button>
          </Space>
        </div>
      ) : (
        <Typography.Text type="secondary">{t('feedbackChat.thread.closed')}</Typography.Text>
      )}
    </div>
  );
}
