import { CHAT_FILES_MAX, CHAT_TOPIC_MAX, chatTextError, chatTopicSchema } from '@portal/contract';
import { Button, Form, Input, Modal, Space, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PaperClipOutlined } from '../../../components/icons';
import { uploadFile } from '../../../lib/api/upload';
import { useCreateConversation } from '../api/feedback-api';
import { newClientId } from './labels';

/** The accepted attachments (the server checks each by content: SPEC §9, 1009/1010). */
export const CHAT_ACCEPT = '.png,.jpg,.jpeg,.gif,.pdf,.txt,.log,.zip';

/** Opens a conversation with the caller's desk: a topic, a first message and up to 3 attachments. */
export function NewConversationModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ topic: string; text: string }>();
  const create = useCreateConversation();
  const [clientId, setClientId] = useState(newClientId);
  const [files, setFiles] = useState<{ fileId: number; name: string }[]>([]);
  // Uploads in flight (several files may be picked at once).
  const [uploading, setUploading] = useState(0);
  const rule = (check: (v: string) => string | null) => ({
    validator: (_: unknown, v: string) => {
      const key = check(v ?? '');
      return key ? Promise.reject(new Error(t(key))) : Promise.resolve();
    },
  });
  const close = () => {
    setFiles([]);
    onClose();
  };
  return (
    <Modal
      open={open}
      title={t('feedbackChat.new.title')}
      okText={t('feedbackChat.new.submit')}
      cancelText={t('feedbackChat.new.cancel')}
      confirmLoading={create.isPending}
      onCancel={close}
      okButtonProps={{ disabled: uploading > 0, ...({ 'data-testid': 'new-conversation-submit' } as Record<`data-${string}`, string>) }}
      onOk={() =>
        void form.validateFields().then((v) =>
          create.mutate(
            { topic: v.topic, text: v.text ?? '', files: files.map((f) => f.fileId), clientId },
            {
              onSuccess: (r) => {
                form.resetFields();
                setFiles([]);
                setClientId(newClientId());
                onCreated(r.conversation.id);
              },
            },
          ),
        )
      }
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="topic"
          label={t('feedbackChat.field.topic')}
          rules={[
            rule((v) => {
              const r = chatTopicSchema.safeParse(v);
              return r.success ? null : r.error.issues[0]!.message;
            }),
          ]}
        >
          <Input maxLength={CHAT_TOPIC_MAX} data-testid="new-conversation-topic" />
        </Form.Item>
        <Form.Item
          name="text"
          label={t('feedbackChat.field.message')}
          // A message of attachments alone needs no text; a text is never over the limit.
          rules={[rule((v) => (files.length > 0 && !v.trim() ? null : chatTextError(v)))]}
        >
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 8 }} data-testid="new-conversation-text" />
        </Form.Item>
        <Space wrap>
          <Upload
            showUploadList={false}
            multiple
            accept={CHAT_ACCEPT}
            disabled={files.length >= CHAT_FILES_MAX}
            beforeUpload={(file) => {
              setUploading((n) => n + 1);
              uploadFile('chatFile', file)
                .then((f) => setFiles((fs) => (fs.length < CHAT_FILES_MAX ? [...fs, { fileId: f.fileId, name: f.name }] : fs)))
                .catch(() => undefined)
                .finally(() => setUploading((n) => n - 1));
              return false;
            }}
          >
            <Button
              icon={<PaperClipOutlined />}
              loading={uploading > 0}
              disabled={files.length >= CHAT_FILES_MAX}
              data-testid="new-conversation-attach"
            >
              {t('feedbackChat.thread.attach', { count: files.length, max: CHAT_FILES_MAX })}
            </Button>
          </Upload>
          {files.map((f) => (
            <Tag
              key={f.fileId}
              closable
              onClose={() => setFiles((fs) => fs.filter((x) => x.fileId !== f.fileId))}
              data-testid="new-conversation-file"
            >
              {f.name}
            </Tag>
          ))}
        </Space>
      </Form>
    </Modal>
  );
}
