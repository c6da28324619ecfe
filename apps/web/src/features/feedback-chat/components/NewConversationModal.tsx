import { CHAT_TOPIC_MAX, chatTextError, chatTopicSchema } from '@portal/contract';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateConversation } from '../api/feedback-api';
import { newClientId } from './labels';

/** Opens a conversation with the caller's desk: a topic and a first message. */
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
  const rule = (check: (v: string) => string | null) => ({
    validator: (_: unknown, v: string) => {
      const key = check(v ?? '');
      return key ? Promise.reject(new Error(t(key))) : Promise.resolve();
    },
  });
  return (
    <Modal
      open={open}
      title={t('feedbackChat.new.title')}
      okText={t('feedbackChat.new.submit')}
      cancelText={t('feedbackChat.new.cancel')}
      confirmLoading={create.isPending}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'new-conversation-submit' } as Record<`data-${string}`, string>}
      onOk={() =>
        void form.validateFields().then((v) =>
          create.mutate(
            { topic: v.topic, text: v.text, clientId },
            {
              onSuccess: (r) => {
                form.resetFields();
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
        <Form.Item name="text" label={t('feedbackChat.field.message')} rules={[rule((v) => chatTextError(v))]}>
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 8 }} data-testid="new-conversation-text" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
