import { MailOutlined, ShopOutlined } from '../../../components/icons';
import { INVITATION_TTL_DAYS, inviteeSchema } from '@portal/contract';
import { Alert, Form, Input, Modal, Segmented } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidateOnLocaleChange, zodRule } from '../../../lib/form/zod-rules';
import { notify } from '../../../lib/notify';
import { type InviteKind, useInviteCompany } from '../api/partner-api';

interface InviteForm {
  kind: InviteKind;
  name: string;
  email: string;
}

/**
 * Invite an installer, a dealer (partners only) or a sub-customer: name and e-mail required
 * (SPEC §5, the contract's inviteeSchema). The server e-mails the registration link.
 */
export function InviteCompanyModal({ open, kinds, onClose }: { open: boolean; kinds: InviteKind[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<InviteForm>();
  useRevalidateOnLocaleChange(form);
  const invite = useInviteCompany();
  const kind = Form.useWatch('kind', form);

  useEffect(() => {
    if (open) form.setFieldsValue({ kind: kinds[0], name: '', email: '' });
  }, [open, kinds, form]);

  const submit = async () => {
    const v = await form.validateFields();
    try {
      await invite.mutateAsync({ kind: v.kind ?? kinds[0], name: v.name.trim(), email: v.email.trim() });
      notify('success', 'partner-invite', t('partner.invite.sent', { email: v.email.trim() }));
      onClose();
    } catch {
      /* the API client has shown the message */
    }
  };

  return (
    <Modal
      open={open}
      title={t('partner.invite.title')}
      okText={t('partner.invite.submit')}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={invite.isPending}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'invite-submit' } as never}
    >
      <Form form={form} layout="vertical" initialValues={{ kind: kinds[0], name: '', email: '' }} noValidate data-testid="invite-form">
        {kinds.length > 1 && (
          <Form.Item name="kind" label={t('partner.invite.kind')}>
            <Segmented block options={kinds.map((k) => ({ value: k, label: t(`partner.kind.${k}`) }))} />
          </Form.Item>
        )}
        <Form.Item name="name" label={t('partner.invite.name')} rules={[zodRule(inviteeSchema, 'name')]} required>
          <Input prefix={<ShopOutlined />} maxLength={100} placeholder={t('partner.invite.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="email" label={t('partner.invite.email')} rules={[zodRule(inviteeSchema, 'email')]} required>
          <Input prefix={<MailOutlined />} maxLength={254} placeholder={t('partner.invite.emailPlaceholder')} />
        </Form.Item>
        <Alert
          type="info"
          showIcon
          title={t('partner.invite.hint', { days: INVITATION_TTL_DAYS })}
          description={(kind ?? kinds[0]) === 'customer' ? t('partner.invite.approvalHint') : undefined}
        />
      </Form>
    </Modal>
  );
}
